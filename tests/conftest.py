"""Options of the test suite, and the one place that knows which tests need the C search."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.cache import CACHE_DIR, DIR_VARIABLE
from generator.patience.solver import NO_C_SEARCH_ENV, NO_FAST_SEARCH, has_fast_search

REQUIRE_C_SEARCH_ENV = "GOLF_REQUIRE_C_SEARCH"
"""Set (CI sets it), a missing C search stops the run instead of skipping what needs it."""

NEEDS_C_SEARCH = (
    # the C search against the Python search, or the C search alone
    "tests/patience/test_solver.py::test_c_and_python_searches_give_the_same_line",
    "tests/patience/test_solver.py::test_c_and_python_searches_give_the_same_line_with_nothing_on_king",
    "tests/patience/test_solver.py::test_best_result_of_classic_deals_replays[c]",
    "tests/patience/test_solver.py::test_joker_and_empty_waste_lines_win_in_the_game_and_c_agrees_with_python",
    "tests/patience/test_solver_search.py::test_a_bad_table_is_refused",
    "tests/test_cli.py::test_with_the_c_search_the_tests_that_need_it_run",
    "tests/patience/test_solver_search.py::test_c_and_python_find_the_same_line_in_the_same_positions",
    "tests/patience/test_solver_search.py::test_the_best_value_alone_is_the_census_and_the_same_in_c_and_python",
    "tests/test_cli.py::test_solve_is_quiet_about_the_c_search_when_it_is_built",
    "tests/test_examples.py::test_the_claims_hold",
    # over 45 s each in pure Python (a tenth of a second to 20 s with the C search)
    "tests/patience/test_solver.py::test_the_solver_reproduces_a_sample_of_its_recorded_verdicts",
    "tests/patience/test_solver.py::test_joker_and_empty_waste_deals_agree_with_a_naive_search",
    "tests/patience/test_solver_search.py::test_a_card_that_fits_nothing_leaves_the_cards_under_it",
    "tests/census/test_census.py::test_a_falsified_shard_with_a_matching_summary_is_caught_by_the_sample",
    "tests/test_approval.py::test_approve_then_check_passes_again",
    "tests/test_check.py::test_build_refuses_an_attack_and_leaves_the_site",
    "tests/test_packaging.py::test_an_installed_wheel_works_on_a_project_of_its_own",
    "tests/test_jsonlines_fuzz.py::test_solve_answers_or_refuses_every_hostile_line",
)
"""The tests that need the C search, by node id (a prefix of one: every parameter of a test,
every test of a folder ending in ``/``). They compare the C search with the Python one or time
it, or they take over 45 s each in pure Python (a full run with ``GOLF_NO_C_SEARCH=1`` and a
45-second limit found them). Without the C search they are skipped, saying why; every other
test passes without it."""


SLOW_TESTS = Path(__file__).resolve().parent / "data" / "slow_tests.txt"
"""The tests the quick run leaves out (``-m "not slow and not browser"``), by node id: written
by ``scripts/slow_tests.py`` from a whole run's durations."""

SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-screenshots"
"""The browser tests' screenshot folder (``tests/browser/conftest.py``'s ``screenshots``)."""


def pytest_configure(config: pytest.Config) -> None:
    """Empty the screenshot folder once per run, in the process that starts it: under xdist each
    worker has a session of its own, and two workers emptying and making it at once raced (one's
    ``mkdir`` met the other's folder: CI's run of 2026-12-01)."""
    if not hasattr(config, "workerinput"):
        shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    # The copies of the project the tests make share this checkout's cache (what check and the
    # build work out is filed under the checksum of its inputs: a copy with the same bytes finds
    # it, a copy a test changed works its changed parts out again). A test of the cache itself
    # sets its own folder.
    os.environ.setdefault(DIR_VARIABLE, str(CACHE_DIR))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--approve-screenshots",
        action="store_true",
        help="write the approved screenshots (docs_src/approved-screenshots/) anew from the "
        "pages as they look now, instead of comparing with them; review the diff",
    )


def _named(nodeid: str, name: str) -> bool:
    """Whether ``name`` of :data:`NEEDS_C_SEARCH` names the test ``nodeid`` (its parameters and
    an xdist group's suffix aside)."""
    nodeid = nodeid.split("@", 1)[0]
    if name.endswith("/"):
        return nodeid.startswith(name)
    return nodeid == name or nodeid.startswith(name + "[")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`SLOW_TESTS` ``slow``, and those of :data:`NEEDS_C_SEARCH`
    ``c_search``; skip the latter, saying so, when the C
    search is not built (or ``GOLF_NO_C_SEARCH`` is set), unless CI requires it."""
    slow = (
        set(SLOW_TESTS.read_text(encoding="utf-8").splitlines()) if SLOW_TESTS.exists() else set()
    )
    for item in items:
        if any(_named(item.nodeid, name) for name in NEEDS_C_SEARCH):
            item.add_marker(pytest.mark.c_search)
        node = item.nodeid.split("@", 1)[0]
        if node in slow or node.split("::", 1)[0] in slow:
            item.add_marker(pytest.mark.slow)
    if has_fast_search():
        return
    if os.environ.get(REQUIRE_C_SEARCH_ENV):
        raise pytest.UsageError(f"{REQUIRE_C_SEARCH_ENV} is set, but {NO_FAST_SEARCH}")
    why = "needs the C search"
    why += (
        f" ({NO_C_SEARCH_ENV} is set)" if os.environ.get(NO_C_SEARCH_ENV) else f": {NO_FAST_SEARCH}"
    )
    skip = pytest.mark.skip(reason=why)
    for item in items:
        if item.get_closest_marker("c_search"):
            item.add_marker(skip)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository's files, made once per test module."""
    from tests.test_check import repository_copy

    return repository_copy(tmp_path_factory.mktemp("pristine"))


@pytest.fixture
def copy(pristine: Path, tmp_path: Path) -> Path:
    """A fresh copy of the repository for one test to change."""
    target = tmp_path / "repo"
    shutil.copytree(pristine, target, symlinks=True)
    return target

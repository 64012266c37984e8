"""The catalog, safety and word checks run under a time limit, as the claims and the second
path do (issue 46, point 3): a check that does not finish costs one problem line naming it and
the file it reads, not a hang. The limit is made small here and the check made endless. (The
safety part runs under the same limit; its case hung in CI's run under xdist: the stop, an
exception raised in the thread, landed in pytest's garbage-collection callback and was lost.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from generator import timelimit
from generator.check import catalogs, pages
from generator.i18n.catalogs import languages


def endless(*args: object, **kwargs: object) -> Iterator[str]:
    while True:  # a pattern that never ends, a loop gone wrong
        pass
    yield ""  # a generator, as the checks are


@pytest.mark.parametrize(
    ("module", "name", "run", "where"),
    [
        (catalogs, "check_catalog", lambda: catalogs.check_catalogs(languages()), "locales/"),
        (pages, "check_texts", lambda: pages.word_problems(languages()), "docs_src/approved:1: "),
    ],
    ids=["catalogs", "word rules"],
)
def test_a_check_that_does_not_finish_is_one_problem(
    monkeypatch: pytest.MonkeyPatch, module: object, name: str, run: object, where: str
) -> None:
    monkeypatch.setattr(timelimit, "CHECK_SECONDS", 0.2)
    monkeypatch.setattr(module, name, endless)
    problems = list(run())  # type: ignore[operator]
    stopped = [p for p in problems if "did not finish within 0.2 s" in p]
    assert stopped and all(p.startswith(where) for p in stopped), problems

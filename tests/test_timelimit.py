"""Nothing hangs: a claim or a second-path check that never returns is one line naming it."""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

import generator.check.claims as check
import generator.twopath as twopath
from generator.i18n.catalogs import languages
from generator.pages.claims import Claims
from generator.pages.patience_claims import CLAIMS as PATIENCE
from generator.site.build import render_all
from generator.timelimit import TimeLimitExceeded, time_limit

pytestmark = pytest.mark.timeout(60)


def spin() -> None:
    """A loop that never ends, catching every Exception as a careless claim might."""
    while True:
        with contextlib.suppress(Exception):  # the limit must get through this
            sum(range(1000))


def test_a_loop_past_its_limit_is_stopped_with_its_name() -> None:
    stopped = pytest.raises(TimeLimitExceeded, match=r"^claim 'x' did not finish within 0\.2 s$")
    with stopped, time_limit(0.2, "claim 'x'"):
        spin()


def test_a_block_that_waits_is_stopped_by_the_wall_clock_ceiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("generator.timelimit.WALL_FACTOR", 2.0)
    stopped = pytest.raises(TimeLimitExceeded, match="a wait did not finish")
    with stopped, time_limit(0.1, "a wait"):
        while True:
            time.sleep(0.01)  # no CPU: only the wall-clock ceiling stops it


def test_a_block_in_another_thread_is_stopped_there() -> None:
    stopped: list[str] = []

    def run() -> None:
        try:
            with time_limit(0.2, "a worker's claim"):
                spin()
        except TimeLimitExceeded as error:
            stopped.append(str(error))

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=60)
    assert stopped == ["a worker's claim did not finish within 0.2 s"]


def test_a_block_that_returns_in_time_leaves_nothing_behind() -> None:
    for _ in range(200):
        with time_limit(0.001 if _ % 2 else 30, "a quick block"):
            pass
    done = threading.Event()
    timer = threading.Timer(0.3, done.set)
    timer.start()
    while not done.is_set():  # a stray exception from an old watchdog would land here
        sum(range(100))


def looping_claims() -> Claims:
    claims = Claims(lambda: {})
    claims["patience-stock"] = replace(PATIENCE["stock"], play=lambda facts: spin() or [])
    return claims


def test_a_claim_that_never_returns_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(check, "CLAIM_SECONDS", 0.3)
    played = list(check.played_claims([looping_claims()]))
    assert played == [("patience-stock", "claim 'patience-stock' did not finish within 0.3 s")]


def test_page_facts_that_never_return_are_one_line_at_their_function(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def facts() -> dict[str, Any]:
        spin()
        return {}

    monkeypatch.setattr(check, "CLAIM_SECONDS", 0.3)
    played = list(check.played_claims([Claims(facts)]))
    assert len(played) == 1 and played[0][0] is None
    assert played[0][1].startswith("tests/test_timelimit.py:")
    assert played[0][1].endswith(f"{__name__}.{facts.__qualname__} did not finish within 0.3 s")


def test_check_stops_on_a_looping_claim_at_its_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """check's claims part: the claim's sentence in the template, then the limit."""
    looping = Claims(PATIENCE.facts)
    looping.update(PATIENCE)
    looping["stock"] = replace(PATIENCE["stock"], play=lambda facts: spin() or [])
    monkeypatch.setattr(check, "claim_sets", lambda: [looping])
    monkeypatch.setattr(check, "CLAIM_SECONDS", 0.3)
    # (on a busy machine another claim may outlast 0.3 s too: the looping one is asked for)
    problems = [p for p in check.check_claims() if "claim 'stock' did not finish" in p]
    assert len(problems) == 1
    assert problems[0].startswith("docs_src/templates/rules.md.j2:")
    assert problems[0].endswith("claim 'stock' did not finish within 0.3 s")


def test_a_two_path_check_that_never_returns_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = [language for language in languages() if language.code == "en"]
    rendered = render_all(shipped)
    real = twopath.checks()
    looping = {"rules-boards": ("rules", lambda page: spin() or [])}
    monkeypatch.setattr(twopath, "checks", lambda: looping)
    monkeypatch.setattr(twopath, "CHECK_SECONDS", 0.3)
    problems = twopath.run(rendered, shipped).problems
    assert problems == [
        "docs_src/approved/en/rules.txt:1: the two-path check rules-boards of the rules page "
        "did not finish within 0.3 s"
    ]
    assert real["rules-boards"][0] == "rules"  # the name stands for a real check

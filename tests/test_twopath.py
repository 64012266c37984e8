"""generator/twopath: every value a page shows read back and derived again.

Each check is shown to agree with today's pages in every language, and to fail when
the page (or the facts under it) says something false: the rendered page is broken
on purpose the way a careless change would break it, and the problem must name the
page's line and the true value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

from generator import twopath
from generator.i18n.catalogs import shipped_languages
from generator.site.build import render_all
from generator.twopath import sources as quotes
from generator.twopath.reader import Page

Rendered = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def rendered() -> Rendered:
    return render_all(shipped_languages())


@pytest.fixture(scope="module")
def today(rendered: Rendered) -> twopath.Result:
    return twopath.run(rendered, shipped_languages())


def problems_after(
    rendered: Rendered, code: str, page: str, change: Callable[[str], str]
) -> list[str]:
    """The two-path problems once ``change`` has been made to one language's page."""
    broken = {c: dict(pages) for c, pages in rendered.items()}
    before = broken[code][f"{page}.md"]
    broken[code][f"{page}.md"] = change(before)
    assert broken[code][f"{page}.md"] != before, "the change did not apply"
    language = [lang for lang in shipped_languages() if lang.code == code]
    return twopath.run(broken, language, pages={page}).problems


def test_today_every_page_agrees_in_every_language(today: twopath.Result) -> None:
    assert today.problems == []
    # every check compared values, in each of the three languages
    for name, count in today.counts.items():
        assert count >= 3 * 3, (name, count)
    verified_pages = {(code, page) for code, page, _line in today.verified}
    for code in ("en", "nl", "de"):
        for page in ("examples", "won-game", "rules", "statistics", "six-card-golf", "sources"):
            assert (code, page) in verified_pages


BREAKS = yaml.safe_load(
    (Path(__file__).parent / "data" / "twopath_breaks.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", BREAKS, ids=[case["name"] for case in BREAKS])
def test_a_page_broken_is_caught(rendered: Rendered, case: dict[str, object]) -> None:
    old, new = str(case["old"]), str(case["new"])
    found = problems_after(
        rendered, str(case["lang"]), str(case["page"]), lambda t: t.replace(old, new, 1)
    )
    expect = [str(e) for e in case["expect"]]  # type: ignore[attr-defined]
    assert any(all(e in p for e in expect) for p in found), found


def swapped(a: str, b: str) -> Callable[[str], str]:
    """A change that trades the first ``a`` and the first ``b`` of a page."""

    def swap(text: str) -> str:
        return text.replace(a, "\x00", 1).replace(b, a, 1).replace("\x00", b, 1)

    return swap


def test_a_board_that_is_not_the_deal(rendered: Rendered) -> None:
    # two cards of the first deal board trade places
    found = problems_after(rendered, "en", "examples", swapped("card-7S black", "card-8C black"))
    assert any("column 1 is 7S 8C JC 6S 3C in the engine" in p for p in found), found


def test_the_won_game_with_a_move_the_engine_refuses(rendered: Rendered) -> None:
    # move 2's removal said as move 1: 9♣ does not fit the deal's waste card, A♣
    heading = "<h2>Move 1: you draw 8♠</h2>"
    refused = "<h2>Move 1: you remove 9♣ from column 5 (one rank higher than 8♠)</h2>"
    found = problems_after(rendered, "en", "won-game", lambda text: text.replace(heading, refused))
    assert any("move 1" in p and "refuses" in p for p in found), found


def test_grid_scores_in_reverse(rendered: Rendered) -> None:
    # the scored grid's first and last column scores trade places
    found = problems_after(rendered, "nl", "six-card-golf", swapped(">0</text>", ">−2</text>"))
    assert any("columns score 0, 6, -2 in the engine" in p for p in found), found


def test_a_figure_is_read_from_its_quote(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = quotes.SOURCES.read_text(encoding="utf-8").replace(
        "    percent: 45\n", "    percent: 44\n"
    )
    changed = tmp_path / "sources.yaml"
    changed.write_text(text, encoding="utf-8")
    monkeypatch.setattr(quotes, "SOURCES", changed)
    quotes._data.cache_clear()
    try:
        _figures, found = quotes.quoted_figures()
    finally:
        quotes._data.cache_clear()
    assert any(
        re.match(
            r"generator/data/sources.yaml:\d+: the figure of classic is 44, its source's words say 45",
            p,
        )
        for p in found
    ), found
    assert quotes.figure_in('Game is nine "holes" (deals)') == 9
    with pytest.raises(quotes.QuoteError):
        quotes.figure_in("to 45% and to 93%")


def test_the_traditional_scoring_against_its_quotes(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.patience import rules

    assert quotes.data_problems() == []
    monkeypatch.setattr(rules, "TRADITIONAL_SCORING", rules.TraditionalScoring(par=40))
    assert any("par = 40" in p and "its source says 45" in p for p in quotes.data_problems())


def test_reader_numbers_and_cards() -> None:
    by_code = {language.code: language for language in shipped_languages()}
    de = Page.of(by_code["de"], "rules", "# x\n")
    assert de.number("100.000") == 100000
    assert de.number("25,9\u00a0%") == Decimal("25.9")
    assert str(de.card("D♥")) == "QH" and str(de.card("R♣")) == "KC" and str(de.card("10♠")) == "TS"
    en = Page.of(by_code["en"], "rules", "# x\n")
    assert en.number("100,000") == 100000 and en.number("−10") == -10


def test_a_forged_simulation_figure(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.twopath import simulation

    assert list(simulation.sample_problems(seed=3, holes=10)) == []
    text = simulation.DATA.read_text(encoding="utf-8")
    mean = json.loads(text)["face_down_value_pooled"]["with_jokers"]["mean"]
    pooled = text.replace(f'"mean": {mean}', f'"mean": {mean + 0.2:.4f}', 1)  # the pooled figure
    assert pooled != text
    forged = tmp_path / "sixcard_simulation.json"
    forged.write_text(pooled, encoding="utf-8")
    monkeypatch.setattr(simulation, "DATA", forged)
    found = list(simulation.sample_problems(seed=3, holes=10))
    assert any(f"the pooled face-down value with_jokers is {mean + 0.2:.4f}" in p for p in found), (
        found
    )
    # a configuration's own figure forged: 40 of its holes played again disagree (they see
    # a hole score about 3.6 points off: 6 of their standard errors)
    everywhere = text.replace(
        '"hole_score": {\n     "mean": 10.986', '"hole_score": {\n     "mean": 18.986', 1
    )
    assert everywhere != text
    forged.write_text(everywhere, encoding="utf-8")
    found = list(simulation.sample_problems(seed=3))
    assert any("6-card played by greedy: the file's hole_score 18.986" in p for p in found), found


def test_census_rows_dropped_with_the_header_fixed(
    rendered: Rendered, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gzip
    import shutil

    from generator.twopath import statistics

    copy = tmp_path / "census"
    shutil.copytree(statistics.CENSUS, copy)
    path = copy / "classic" / "1-100000.csv.gz"
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    assert text.endswith("100000,GO1-C-AAAFRYE,unwinnable,33\n")
    text = text.removesuffix("100000,GO1-C-AAAFRYE,unwinnable,33\n")
    path.write_bytes(gzip.compress(text.encode("utf-8")))
    monkeypatch.setattr(statistics, "CENSUS", copy)
    statistics.census_rows.cache_clear()
    try:
        found = twopath.run(rendered, shipped_languages()).problems
    finally:
        statistics.census_rows.cache_clear()
    # the page says what the full file said: the rows no longer back it
    assert any("en/statistics.txt:" in p and "99999 deals" in p for p in found), found[:5]

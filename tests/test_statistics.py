"""The statistics and sources pages: figures from census files, claims that check them."""

from __future__ import annotations

import dataclasses
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from generator.census.format import BEST_NONE
from generator.census.runner import write_census as write_census_folder
from generator.check import check_claims
from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import Words
from generator.pages import statistics_claims
from generator.pages.claims import ClaimError
from generator.pages.patience import rules_page_facts
from generator.pages.recorded import DataFileError
from generator.pages.statistics import (
    SOURCES,
    Z95,
    load_sources,
    rounds_to,
    statistics_page_facts,
    wilson,
)
from generator.patience import SCORING, GolfError, Rules, RuleSet, Variant
from generator.site.charts import Bar, Column, bar_chart, column_chart, statistics_helpers
from generator.site.numbers import Numbers
from generator.site.render import render

EASY = RuleSet.of(Rules.EASY)
CLASSIC = RuleSet.of(Rules.CLASSIC)
NOTHING_ON_KING = RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING])
STRICT = RuleSet.of(Rules.STRICT)


def write_census(folder: Path, rule_set: RuleSet, best: list[int | None]) -> None:
    """A census of deals 1..len(best): 35 removals is a win, ``None`` no best result."""
    write_census_folder(
        folder,
        rule_set,
        1,
        bytes(removed == 35 for removed in best),
        bytes(BEST_NONE if removed is None else removed for removed in best),
        {
            "command": f"python -m generator census --from 1 --to {len(best)} --rules {rule_set}",
            "best": "on",
            "solver": "C search",
            "executor": "local",
            "workers": "2",
            "made": "2026-11-30",
        },
    )


CENSUS = {
    STRICT: [35, 30, 30, 20, 17, 34, 34, 10, 25, 33],
    NOTHING_ON_KING: [35, 35, 30, 20, 17, 34, 34, 10, 25, 33],
    CLASSIC: [35, 35, 35, 35, 17, 34, 34, 10, 25, 33],
    EASY: [35, 35, 35, 35, 35, 35, 35, 35, 35, 34],
}
"""The best results of the ``census`` fixture's deals 1-10 (35: won)."""


@pytest.fixture
def census(tmp_path: Path) -> Path:
    """Ten deals; each rule set wins a superset of the stricter one's deals."""
    folder = tmp_path / "census"
    for rule_set, best in CENSUS.items():
        write_census(folder, rule_set, best)
    return folder


def stuck_score(removed: int) -> int:
    """The app's score of a game stuck after ``removed`` removals: the engine's scoring (the
    figures below follow a change of its values, as the page does)."""
    return SCORING.stuck_score(removed)


def lost(rule_set: RuleSet) -> list[int]:
    """The removals of the ``census`` fixture's deals ``rule_set`` cannot win."""
    return [removed for removed in CENSUS[rule_set] if removed != 35]


# -- the figures -------------------------------------------------------------


@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (45, 100), (26_000, 100_000), (7, 7)])
def test_wilson_bounds_solve_the_score_equation(k: int, n: int) -> None:
    low, high = wilson(k, n)
    p = k / n
    assert low <= p <= high
    for bound in (low, high):
        if bound not in (0.0, 1.0):
            assert math.isclose((p - bound) ** 2, Z95**2 * bound * (1 - bound) / n, abs_tol=1e-12)
    mirrored = wilson(n - k, n)
    assert math.isclose(low, 1 - mirrored[1], abs_tol=1e-12)
    assert math.isclose(high, 1 - mirrored[0], abs_tol=1e-12)


def test_a_published_whole_percent_agrees_when_the_interval_reaches_its_rounding_range() -> None:
    assert rounds_to(0.2551, 0.2560, 26)  # 25.51% rounds to 26%
    assert not rounds_to(0.2540, 0.2549, 26)
    assert rounds_to(0.2640, 0.2700, 26)  # 26.40% rounds to 26%
    assert not rounds_to(0.2650, 0.2700, 26)


def test_shares_count_the_census_rows(census: Path) -> None:
    facts = statistics_page_facts(census)
    shares = {s.name: s for s in facts["shares"]}
    assert [s.name for s in facts["shares"]] == [
        "strict",
        "classic+nothing-on-king",
        "classic",
        "easy",
    ]
    assert (shares["strict"].winnable, shares["strict"].deals) == (1, 10)
    assert (shares["classic"].winnable, shares["easy"].winnable) == (4, 9)
    assert (shares["classic"].first, shares["classic"].last) == (1, 10)
    assert facts["largest_step"].stricter.name == "classic"
    assert facts["largest_step"].relaxed.name == "easy"


def test_published_figures_are_compared_with_the_census_of_their_rules(census: Path) -> None:
    facts = statistics_page_facts(census)
    compared = {s.name: s for s in facts["compared"]}
    assert sorted(compared) == ["classic", "classic+nothing-on-king", "easy"]
    assert compared["easy"].published.percent == 93
    # Ten deals give wide intervals: 9 of 10 (90%) reaches 93%, 2 of 10 reaches 26%.
    assert compared["easy"].agrees and compared["classic+nothing-on-king"].agrees
    assert "strict" not in compared


def test_best_scores_count_the_unwinnable_deals_by_score(census: Path) -> None:
    facts = statistics_page_facts(census)
    strict = next(b for b in facts["best"] if b.name == "strict")
    rows = lost(STRICT)
    assert strict.unwinnable == len(rows) == 9
    # the best result is the most removals (34, twice); the lowest score row gathers every
    # deal stuck at that score (the floor: 10 and 17 removals with today's values)
    best = max(rows)
    assert (strict.best.score, strict.best.removed, strict.best.deals) == (
        stuck_score(best),
        best,
        rows.count(best),
    )
    lowest = min(map(stuck_score, rows))
    low = next(c for c in strict.scores if c.score == lowest)
    at_lowest = [removed for removed in rows if stuck_score(removed) == lowest]
    assert (low.deals, low.removed) == (len(at_lowest), min(at_lowest))
    assert math.isclose(sum(c.share for c in strict.scores), 1.0)
    assert facts["best_score_rows"][0] == stuck_score(best)
    assert facts["best_score_rows"][-1] == lowest


def test_the_summary_names_the_most_common_best_score_and_the_halfway_mark(
    census: Path,
) -> None:
    summary = statistics_page_facts(census)["best_summary"]
    assert [b.name for b in summary.main] == [
        "strict",
        "classic+nothing-on-king",
        "classic",
        "easy",
    ]
    # Classic cannot win deals 5-10: 17, 34, 34, 10, 25, 33 cards removed. With today's
    # values two stop at 34 (330 points), two at 17 and 10 (0 points): of two as common, the
    # higher.
    rows = lost(CLASSIC)
    counted = Counter(map(stuck_score, rows))
    most = max(counted.values())
    score = max(score for score, deals in counted.items() if deals == most)
    removed = min(r for r in rows if stuck_score(r) == score)
    common = summary.classic.most_common
    assert (common.score, common.removed, common.deals) == (score, removed, most)
    assert math.isclose(common.share, most / len(rows))
    # sorted: 10 17 25 33 34 34; 3 of 6 remove 33 or more, 2 of 6 remove 34
    assert summary.classic.half_removed == 33
    # Easy's one deal removes 34 (all of them: 100%); Strict has 2 of 9 at 330
    assert (summary.common_high.name, summary.common_low.name) == ("easy", "strict")
    # Strict: 10 17 20 25 30 30 33 34 34 -> 5 of 9 remove 30 or more, 4 of 9 remove 33
    assert (summary.half_low.name, summary.half_low.half_removed) == ("strict", 30)
    assert (summary.half_high.name, summary.half_high.half_removed) == ("easy", 34)


def test_the_tables_put_the_variants_of_each_rule_set_together(tmp_path: Path) -> None:
    folder = tmp_path / "census"
    for rule_set in (STRICT, CLASSIC, NOTHING_ON_KING, EASY):
        write_census(folder, rule_set, [35, 34, 20])
    for rules in (Rules.STRICT, Rules.CLASSIC):
        for variant in ("jokers=1", "empty-waste"):
            write_census(folder, RuleSet.of(rules, [Variant(variant)]), [35, 34, 20])
    tables = statistics_page_facts(folder)["best_tables"]
    names = [[b.name for b in table] for table in tables]
    assert names[0] == ["strict", "classic+nothing-on-king", "classic", "easy"]
    assert sorted(map(sorted, names[1:])) == [
        ["classic+empty-waste", "classic+jokers=1"],
        ["strict+empty-waste", "strict+jokers=1"],
    ]
    assert all(len(table) <= 4 for table in tables)


def test_a_census_without_best_results_names_the_claim(census: Path) -> None:
    write_census(census, CLASSIC, [35, None, 35, 35, 35, 35, 35, 35, 35, 35])
    with pytest.raises(ClaimError) as error:
        statistics_page_facts(census)
    assert error.value.claim == "best-scores"
    assert "classic" in str(error.value) and "deal 2" in str(error.value)


def test_no_census_at_all_names_the_claim(tmp_path: Path) -> None:
    with pytest.raises(ClaimError) as error:
        statistics_page_facts(tmp_path / "nothing")
    assert error.value.claim == "census-shares"


# -- the claims --------------------------------------------------------------


def test_every_statistics_claim_holds_on_a_consistent_census(census: Path) -> None:
    facts = statistics_page_facts(census)
    for name, claim in statistics_claims.CLAIMS.items():
        assert claim.play(facts) == [], name


def test_a_deal_lost_when_the_rules_relax_fails_the_claim(census: Path) -> None:
    write_census(census, CLASSIC, [30, 35, 35, 35, 17, 34, 34, 10, 25, 33])  # deal 1 lost
    failures = statistics_claims.CLAIMS["relaxing"].play(statistics_page_facts(census))
    assert failures and "deal 1" in failures[0]


def test_a_wrong_agreement_fails_the_claim(census: Path) -> None:
    facts = statistics_page_facts(census)
    facts["compared"][0] = type(facts["compared"][0])(
        **{**facts["compared"][0].__dict__, "agrees": not facts["compared"][0].agrees}
    )
    failures = statistics_claims.CLAIMS["published-figures"].play(facts)
    assert failures and facts["compared"][0].name in failures[0]


def _with_classic(facts: dict, **changes: object) -> dict:
    """``facts`` with Classic's best scores changed in the page's summary."""
    summary = facts["best_summary"]
    classic = dataclasses.replace(summary.classic, **changes)
    main = tuple(classic if b.name == "classic" else b for b in summary.main)
    return {**facts, "best_summary": dataclasses.replace(summary, classic=classic, main=main)}


def test_a_wrong_halfway_mark_fails_the_claim(census: Path) -> None:
    facts = statistics_page_facts(census)
    assert statistics_claims.CLAIMS["best-half"].play(facts) == []
    for wrong in (32, 34):  # 33 is right: 3 of Classic's 6 deals remove 33 or more
        failures = statistics_claims.CLAIMS["best-half"].play(
            _with_classic(facts, half_removed=wrong)
        )
        assert failures and "classic" in failures[0], wrong


def test_a_wrong_most_common_best_score_fails_the_claim(census: Path) -> None:
    facts = statistics_page_facts(census)
    classic = facts["best_summary"].classic
    # one deal moved off the most common score: the page would say it for one deal fewer
    top = classic.most_common.score
    scores = tuple(
        dataclasses.replace(c, deals=c.deals - 1, share=(c.deals - 1) / 6) if c.score == top else c
        for c in classic.scores
    )
    failures = statistics_claims.CLAIMS["best-common"].play(_with_classic(facts, scores=scores))
    assert failures and "classic" in failures[0]


def test_a_rule_set_with_another_most_common_best_score_fails_the_claim(census: Path) -> None:
    write_census(census, EASY, [35, 35, 35, 35, 35, 35, 35, 35, 35, 31])
    failures = statistics_claims.CLAIMS["best-common"].play(statistics_page_facts(census))
    said = f"easy: the most common best score is {stuck_score(31)}"
    assert any(f.startswith(said) for f in failures)


def test_check_names_the_sentence_when_best_results_are_missing(
    census: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_census(census, EASY, [35, 35, 35, 35, 35, 35, 35, 35, 35, None])
    monkeypatch.setattr(statistics_claims.CLAIMS, "facts", lambda: statistics_page_facts(census))
    problems = [p for p in check_claims() if "statistics" in p]
    assert problems
    assert problems[0].startswith("docs_src/templates/statistics.md.j2:")
    assert "best result" in problems[0] and "deal 10" in problems[0]


# -- sources -----------------------------------------------------------------


def test_the_published_figures_come_from_confirmed_sources() -> None:
    literature = load_sources()
    assert {f.rules for f in literature.figures} == {"easy", "classic", "classic+nothing-on-king"}
    for figure in literature.figures:
        assert figure.source.checked and figure.source.confirmed_by
    assert all(not s.checked for s in literature.unchecked)


def test_a_malformed_sources_file_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "sources.yaml"
    text = SOURCES.read_text(encoding="utf-8").replace(
        "    game: sixcard\n", "    game: chess\n", 1
    )
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=r"sources\.yaml:\d+: .*game must be one of"):
        load_sources(bad)


# -- words, numbers and the chart ----------------------------------------------


def test_rule_sets_are_named_with_their_variants() -> None:
    nl = next(lang for lang in shipped_languages() if lang.code == "nl")
    words = Words(translations(nl))
    assert words.rule_set(NOTHING_ON_KING) == "Klassiek, niets op een heer"
    assert words.rule_set(STRICT) == "Strikt"
    assert Words().rule_set(EASY) == "Easy"


def test_numbers_follow_the_language() -> None:
    assert Numbers("en").percent(0.93012) == "93.0%"
    assert Numbers("nl").percent(0.93012) == "93,0%"
    assert Numbers("de").percent(0.93012) == "93,0\xa0%"
    assert Numbers("de").points(0.194) == "19,4"
    with pytest.raises(GolfError):
        Numbers("xx-nowhere")


def test_the_chart_draws_a_bar_per_share_with_its_interval_and_the_published_figure() -> None:
    svg = bar_chart(
        [Bar("A", 0.5, 0.4, 0.6), Bar("B", 0.25, 0.2, 0.3, 0.26)],
        title="Shares <&>",
        desc="A: 50%",
        value_label=lambda v: f"{v:.0%}",
        marker_label="published",
        ident="c",
    )
    assert svg.count('class="bar"') == 2 and svg.count('class="interval"') == 2
    assert svg.count('class="published"') == 2  # the marker and its legend
    assert "Shares &lt;&amp;&gt;" in svg and 'aria-labelledby="c-title"' in svg
    assert 'aria-describedby="c-desc"' in svg
    bars = ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}rect")
    widths = [float(bar.get("width", "0")) for bar in bars if bar.get("class") == "bar"]
    assert math.isclose(widths[0] / widths[1], 2.0)


SVG = "{http://www.w3.org/2000/svg}"


def _bars(svg: ET.Element) -> list[ET.Element]:
    return [r for r in svg.iter(f"{SVG}rect") if "bar" in r.get("class", "").split()]


def test_the_column_chart_draws_a_column_per_share_on_a_common_scale() -> None:
    columns = [Column("0", 0.1), Column("10", 0.0, tick=False), Column("330", 0.4)]
    svg = ET.fromstring(
        column_chart(
            columns,
            heading="Classic <&>",
            subheading="6 deals",
            title="T",
            desc="D",
            axis_label="Best score",
            value_label=lambda v: f"{v:.0%}",
            top=0.5,
            ident="c",
        )
    )
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "c-title"
    assert svg.get("aria-describedby") == "c-desc"
    assert svg.find(f"{SVG}title").text == "T" and svg.find(f"{SVG}desc").text == "D"  # type: ignore[union-attr]
    bars = _bars(svg)
    heights = [float(bar.get("height", "nan")) for bar in bars]
    assert len(bars) == 3 and heights[1] == 0 and math.isclose(heights[2] / heights[0], 4.0)
    # the columns stand on one baseline, left to right in the given order
    assert len({float(b.get("y", 0)) + h for b, h in zip(bars, heights, strict=True)}) == 1
    xs = [float(bar.get("x", "nan")) for bar in bars]
    assert xs == sorted(xs)
    assert [b.get("class") for b in bars] == ["bar", "bar", "bar highest"]
    texts = {t.get("class"): [] for t in svg.iter(f"{SVG}text")}
    for t in svg.iter(f"{SVG}text"):
        texts[t.get("class")].append(t.text)
    assert texts["heading"] == ["Classic <&>"] and texts["subheading"] == ["6 deals"]
    assert texts["value"] == ["40%"]  # the highest column's value, over it
    assert texts["axis-label"] == ["Best score"]
    assert {"0", "330"} <= set(texts["tick"]) and "10" not in texts["tick"]
    # grid lines at 0, 25% and 50% of the scale
    assert sorted(t for t in texts["tick"] if t.endswith("%")) == ["0%", "25%", "50%"]
    classes = {e.get("class") for e in svg.iter()}
    assert {"baseline", "grid", "axis"} <= classes


def test_the_column_chart_refuses_a_share_above_its_scale() -> None:
    with pytest.raises(ValueError):
        column_chart(
            [Column("a", 0.6)],
            heading="",
            subheading="",
            title="",
            desc="",
            axis_label="",
            value_label=str,
            top=0.5,
        )


def test_the_best_score_charts_show_each_rule_sets_census(census: Path) -> None:
    facts = statistics_page_facts(census)
    helpers = statistics_helpers(Words(), "en")
    html = str(helpers["best_charts"](facts["best_summary"].main, "best"))
    svgs = [ET.fromstring(svg) for svg in re.findall(r"<svg\b.*?</svg>", html, re.S)]
    assert len(svgs) == 4 and html.startswith('<div class="golf-chart-grid">')
    # the fixture's rows, the unwinnable ones only, by the rule sets' English names
    removals = {
        Words().rule_set(rule_set): [r for r in best if r != 35]
        for rule_set, best in CENSUS.items()
    }
    scores = sorted({stuck_score(r) for rows in removals.values() for r in rows})
    for svg, name in zip(
        svgs, ["Strict", "Classic, nothing on a King", "Classic", "Easy"], strict=True
    ):
        title = svg.find(f"{SVG}title").text  # type: ignore[union-attr]
        desc = svg.find(f"{SVG}desc").text  # type: ignore[union-attr]
        assert title == f"Best scores of the deals that cannot be won: {name}"
        rows = removals[name]
        at = Counter(stuck_score(r) for r in rows)
        parts = [f"{at[s] / len(rows):.1%} at {s} points" for s in sorted(at, reverse=True)]
        deals = "deal" if len(rows) == 1 else "deals"
        start = "Of" if len(rows) == 1 else "Of the"
        assert desc == f"{start} {len(rows)} {deals} that cannot be won: {'; '.join(parts)}."
        # every chart has a column for each score of all four, from 0 points up
        bars = _bars(svg)
        heights = [float(bar.get("height", "nan")) for bar in bars]
        assert len(bars) == len(scores)
        tallest = max(heights)
        for score, height in zip(scores, heights, strict=True):
            assert math.isclose(height / tallest, at[score] / max(at.values()), abs_tol=0.01)
    # one scale for all: a quarter above the highest share (Easy's one deal: 100%)
    ticks = [t.text for t in svgs[0].iter(f"{SVG}text") if t.get("class") == "tick"]
    assert "100%" in ticks and "125%" not in ticks


# -- the pages ---------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "nl", "de"])
def test_the_pages_render_from_the_census(census: Path, code: str) -> None:
    language = next(lang for lang in shipped_languages() if lang.code == code)
    facts = statistics_page_facts(census)
    games = {"patience": rules_page_facts(), "statistics": facts}
    out = render("statistics.md.j2", translations(language), {**facts, "games": games})
    shares = re.search(r'<svg[^>]*id="winnable-shares".*?</svg>', out, re.S)
    assert shares and shares.group(0).count('class="bar"') == 4 and "<title" in out
    assert Numbers(code).percent(0.9) in out  # easy: 9 of 10
    assert out.count("golf-column-chart") == 4  # one best-score chart per main rule set
    # the best-score tables and the census files' commands are folded, the commands last
    folds = re.findall(r'<details class="golf-line">.*?</details>', out, re.S)
    assert len(folds) == 2 and out.rstrip().endswith(folds[1])
    assert "<table>" in folds[0] and "<table>" not in out.replace(folds[0], "").split("## ", 4)[-1]
    assert folds[1].count("python -m generator census") == len(facts["methods"]) == 4
    assert out.count("python -m generator census") == 4
    assert "\\" not in folds[1]  # no Markdown escapes inside the HTML block
    sources = render("sources.md.j2", translations(language), {**facts, "games": games})
    assert "https://en.wikipedia.org/wiki/Golf_(patience)" in sources


def test_the_rules_page_links_its_sources() -> None:
    facts = rules_page_facts()
    for language in shipped_languages():
        out = render("rules.md.j2", translations(language), {**facts, "games": {}})
        sentence = translations(language).gettext("See the sources.")
        assert f"[{sentence}](sources.md)" in out

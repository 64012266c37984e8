"""The statistics and sources pages: figures from census files, claims that check them."""

from __future__ import annotations

import gzip
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.check import check_claims
from generator.i18n.catalogs import languages, translations
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
from generator.patience import GolfError, Rules, RuleSet, Variant
from generator.patience.census import code_for, file_name
from generator.site.charts import Bar, Column, bar_chart, column_chart
from generator.site.numbers import Numbers
from generator.site.render import render

EASY = RuleSet.of(Rules.EASY)
CLASSIC = RuleSet.of(Rules.CLASSIC)
NOTHING_ON_KING = RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING])
STRICT = RuleSet.of(Rules.STRICT)


def write_census(folder: Path, rule_set: RuleSet, best: list[int | None]) -> None:
    """A census file of deals 1..len(best): 35 removals is a win, ``None`` no best result."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        f"# command: python -m generator census --from 1 --to {len(best)} --rules {rule_set}",
        f"# rules: {rule_set}",
        f"# deals: 1-{len(best)}",
        "# solver: C search",
        "# workers: 2",
        "# made: 2026-11-30",
        "number,code,verdict,best_removals,cpu_ms,nodes",
    ]
    for number, removed in enumerate(best, start=1):
        verdict = "winnable" if removed == 35 else "unwinnable"
        shown = "" if removed is None else removed
        lines.append(f"{number},{code_for(number, rule_set)},{verdict},{shown},0.5,7")
    with gzip.open(folder / file_name(rule_set), "wt", encoding="utf-8") as stream:
        stream.write("\n".join(lines) + "\n")


@pytest.fixture
def census(tmp_path: Path) -> Path:
    """Ten deals; each rule set wins a superset of the stricter one's deals."""
    folder = tmp_path / "census"
    write_census(folder, STRICT, [35, 30, 30, 20, 17, 34, 34, 10, 25, 33])
    write_census(folder, NOTHING_ON_KING, [35, 35, 30, 20, 17, 34, 34, 10, 25, 33])
    write_census(folder, CLASSIC, [35, 35, 35, 35, 17, 34, 34, 10, 25, 33])
    write_census(folder, EASY, [35, 35, 35, 35, 35, 35, 35, 35, 35, 31])
    return folder


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
    assert strict.unwinnable == 9
    # 34 removals score 20*34-350 = 330, 33 score 310; 17 and 10 removals score 0.
    assert strict.best.score == 330 and strict.best.removed == 34 and strict.best.deals == 2
    zero = next(c for c in strict.scores if c.score == 0)
    assert zero.deals == 2 and zero.removed == 10
    assert math.isclose(sum(c.share for c in strict.scores), 1.0)
    assert facts["best_score_rows"][0] == 330 and facts["best_score_rows"][-1] == 0


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
    nl = next(lang for lang in languages() if lang.code == "nl")
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
    assert "Shares &lt;&amp;&gt;" in svg and 'aria-labelledby="c-title c-desc"' in svg
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
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "c-title c-desc"
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


# -- the pages ---------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "nl", "de"])
def test_the_pages_render_from_the_census(census: Path, code: str) -> None:
    language = next(lang for lang in languages() if lang.code == code)
    facts = statistics_page_facts(census)
    games = {"patience": rules_page_facts(), "statistics": facts}
    out = render("statistics.md.j2", translations(language), {**facts, "games": games})
    assert out.count('class="bar"') == 4 and "<title" in out
    assert Numbers(code).percent(0.9) in out  # easy: 9 of 10
    sources = render("sources.md.j2", translations(language), {**facts, "games": games})
    assert "https://en.wikipedia.org/wiki/Golf_(patience)" in sources


def test_the_rules_page_links_its_sources() -> None:
    facts = rules_page_facts()
    for language in languages():
        out = render("rules.md.j2", translations(language), {**facts, "games": {}})
        sentence = translations(language).gettext("See the sources.")
        assert f"[{sentence}](sources.md)" in out

"""Every sentence holding a fact is claimed or says why not; the new claims fail when the
engine breaks the rule they state; approve refuses a changed fact nothing backs."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from generator.check import Sentence, coverage, coverage_problems, holds_a_fact, template_sentences
from generator.check import guard as check
from generator.i18n.catalogs import ROOT, Language, shipped_languages
from generator.pages import patience_claims, sixcard_claims
from generator.pages.patience_claims import scoring as patience_scoring
from generator.pages.sixcard_claims import dealing as six_dealing
from generator.pages.sixcard_claims import variants as six_variants
from generator.site import approval
from generator.site.numbers import Numbers
from generator.site.othertexts import SOURCE_ONLY


@pytest.mark.parametrize(
    ("msgid", "holds"),
    [
        ("The stock", ""),
        ("Deal %(code)s cannot be won under any of the four rule sets.", "a verdict ('won')"),
        ("You may draw whenever you like.", "a rule word ('may')"),
        ("Queen on a King", "a card ('queen')"),
        ("Every 7 counts", "a number (7)"),
        ("%(rules)s (%(count)s)", "a value (%(rules)s)"),
    ],
)
def test_what_asks_for_a_claim(msgid: str, holds: str) -> None:
    assert holds_a_fact(msgid) == holds


def test_every_sentence_of_the_templates_is_claimed_or_says_why_not() -> None:
    sentences = template_sentences()
    assert list(coverage_problems(sentences)) == []
    listed = coverage(sentences)
    reasons = [how for _s, how in listed if how.startswith("NO-CLAIM")]
    assert len(reasons) >= 40 and all(len(how) > len("NO-CLAIM: ") + 5 for how in reasons)
    assert all(how != "nothing" for _s, how in listed)


def test_a_sentence_without_claim_or_reason_is_listed() -> None:
    where = ROOT / "docs_src" / "templates" / "rules.md.j2"
    bare = Sentence(where, 7, "You may draw only once.", ())
    excused = Sentence(where, 8, "You may draw only once.", (), "history")
    wrong = Sentence(where, 9, "Winnable", (), "two-path no-such-check: here")
    found = list(coverage_problems([bare, excused, wrong]))
    assert found[0].startswith(
        "docs_src/templates/rules.md.j2:7: the sentence 'You may draw only once.' holds a rule word ('may')"
    )
    assert "NO-CLAIM names no two-path check 'no-such-check'" in found[1]
    assert len(found) == 2


# -- the claims the issue asked for, failing on a broken engine -------------------------


def test_the_cut_claim_reads_its_side(monkeypatch: pytest.MonkeyPatch) -> None:
    facts = sixcard_claims.CLAIMS.facts()
    assert six_dealing.cut(facts) == []

    class LeftCuts(six_dealing.Hole):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            self.cutter = (self.dealer + 1) % self.players

    monkeypatch.setattr(six_dealing, "Hole", LeftCuts)
    said = sixcard_claims.CLAIMS["six-cut"].misstated(facts)
    assert [str(f) for f in said] == [
        "the sentence states the side of the dealer as 'right'; the engine gives 'left': "
        'the claim renders "The player to the dealer\'s left cuts"'
    ]


def test_the_knock_claim_plays_both_endings(monkeypatch: pytest.MonkeyPatch) -> None:
    facts = sixcard_claims.CLAIMS.facts()
    assert six_variants.knock(facts) == []
    real = six_variants.Hole.scores

    def only_knockers(self: six_variants.Hole) -> tuple[int, ...]:
        if self.ended_by == "knock":
            return real(self)
        return tuple(g.score for g in self.grid_scores())

    monkeypatch.setattr(six_variants.Hole, "scores", only_knockers)
    assert any("by going out" in f for f in six_variants.knock(facts))


def test_the_layouts_claim_scores_a_nine_card_column_by_three_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from generator.sixcard.rules import ColumnMatch, Options

    facts = sixcard_claims.CLAIMS.facts()
    assert six_variants.layouts(facts) == []
    # An engine whose 9-card columns cancel pairs (the older reading) breaks the claim.
    monkeypatch.setattr(Options, "column_rule", property(lambda self: ColumnMatch.PAIRS))
    assert any("two 7s and a 9 score 9" in f for f in six_variants.layouts(facts))


def test_the_traditional_scoring_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.patience.rules import TraditionalScoring

    facts = patience_claims.CLAIMS.facts()
    assert patience_scoring.traditional_scoring(facts) == []
    two = {**facts, "traditional": TraditionalScoring(points_per_card_left=2)}
    said = patience_claims.CLAIMS["traditional-scoring"].misstated(two)
    assert any("as 'one' (1); the engine gives 2" in f for f in said), said


# -- approve's guard --------------------------------------------------------------------


@pytest.fixture
def approved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the approved texts that approve writes into."""
    copy = tmp_path / "approved"
    shutil.copytree(approval.APPROVED, copy)
    monkeypatch.setattr(approval, "APPROVED", copy)
    return copy


def test_approve_refuses_a_share_truncated(approved: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def truncated(self: Numbers, share: float) -> str:
        from babel.numbers import format_percent

        return format_percent(
            int(share * 1000) / 1000, format=self.percent_pattern, locale=self.locale
        )

    monkeypatch.setattr(Numbers, "percent", truncated)
    before = {p: p.read_bytes() for p in approved.rglob("*.txt")}
    shipped = shipped_languages()
    with pytest.raises(check.ApprovalRefused) as refused:
        approval.approve(shipped, guard=check.approval_guard(shipped))
    assert any(
        "statistics.txt:" in line and "no claim and no two-path check backs it" in line
        for line in refused.value.refused
    ), refused.value.refused[:3]
    assert {p: p.read_bytes() for p in approved.rglob("*.txt")} == before  # nothing written


def test_approve_names_what_backs_a_changed_fact(approved: Path) -> None:
    stale = approved / "en" / "statistics.txt"
    stale.write_text(
        stale.read_text(encoding="utf-8").replace("| 13.4% |", "| 13.5% |"), encoding="utf-8"
    )
    # the undo limit was 90 when both languages were last approved: the engine changed it
    for code in ("en", "nl"):
        rules = approved / code / "rules.txt"
        text = rules.read_text(encoding="utf-8")
        assert "100" in text
        rules.write_text(text.replace("100", "90", 1), encoding="utf-8")
    shipped = shipped_languages()
    guard = check.approval_guard(shipped)
    results = approval.approve(shipped, guard=guard)
    notes = guard.notes  # type: ignore[attr-defined]
    assert any(
        "en/statistics.txt:" in n and "backed by two-path census-figures" in n for n in notes
    ), notes
    assert any("nl/rules.txt:" in n and "backed by claim" in n for n in notes), notes
    assert {r.status for r in results} <= {"updated", "unchanged"}
    assert "| 13.4% |" in stale.read_text(encoding="utf-8")


def test_a_language_approved_from_scratch_has_every_fact_backed(approved: Path) -> None:
    """A translator's first approve of a language: every line with a number, card or verdict
    is verified by a two-path check or stands in a claimed sentence, so nothing is refused."""
    shutil.rmtree(approved / "de")
    shipped = shipped_languages()
    guard = check.approval_guard(shipped)
    results = approval.approve(shipped, guard=guard)
    created = sorted(r.path.stem for r in results if r.status == "created")
    assert created == sorted(set(approval.text_names()) - set(SOURCE_ONLY))
    notes = guard.notes  # type: ignore[attr-defined]
    assert any("de/sources.txt:" in n and "two-path published-quotes" in n for n in notes)
    assert any("de/six-card-golf.txt:" in n and "claim six-layouts" in n for n in notes)


# -- a translation alone cannot change a fact ---------------------------------------------

SWAPPED = (
    'msgstr "Zet %(number)s: je verwijdert %(card)s uit kolom %(column)s (%(how)s)"',
    'msgstr "Zet %(column)s: je verwijdert %(card)s uit kolom %(number)s (%(how)s)"',
)


def _translated(tmp_path: Path, old: str, new: str) -> list[Language]:
    """The languages, Dutch with one line of its catalog edited (a copy)."""
    shipped = []
    for language in shipped_languages():
        if language.code == "nl":
            copy = dataclasses.replace(language, locales=tmp_path / "locales")
            copy.po_file.parent.mkdir(parents=True)
            text = language.po_file.read_text(encoding="utf-8")
            assert old in text
            copy.po_file.write_text(text.replace(old, new, 1), encoding="utf-8")
            language = copy
        shipped.append(language)
    return shipped


def test_approve_refuses_a_translation_that_swaps_two_numbers(
    approved: Path, tmp_path: Path
) -> None:
    """The move's number and the column's trade places in Dutch only: every value is still a
    true value of the game, but the sentence now says the wrong thing, and the English page's
    line does not change. Refused, nothing written; the message names the line and the hint."""
    shipped = _translated(tmp_path, *SWAPPED)
    before = {p: p.read_bytes() for p in approved.rglob("*.txt")}
    with pytest.raises(check.ApprovalRefused) as refused:
        approval.approve(shipped, "nl", "won-game", guard=check.approval_guard(shipped))
    # the glossary's lines name the catalog (test_approve_reordered_refuses_a_placeholder...)
    lines = [line for line in refused.value.refused if "messages.po:" not in line]
    assert lines and all("nl/won-game.txt:" in line for line in lines), lines[:3]
    assert all("a translation alone cannot change a number or a card" in line for line in lines)
    assert any(
        "approve with --reordered" in line and "English page's line" in line for line in lines
    )
    assert {p: p.read_bytes() for p in approved.rglob("*.txt")} == before


REORDERED = (
    SWAPPED[0],
    'msgstr "Zet %(number)s: uit kolom %(column)s verwijder je %(card)s (%(how)s)"',
)


def test_approve_reordered_lets_a_reviewed_order_through(approved: Path, tmp_path: Path) -> None:
    """The card and the column trade places in the sentence, each placeholder beside its
    glossary term still ("Zet %(number)s", "kolom %(column)s"): a reviewed order passes."""
    shipped = _translated(tmp_path, *REORDERED)
    guard = check.approval_guard(shipped, reordered=True)
    results = approval.approve(shipped, "nl", "won-game", guard=guard)
    assert [r.status for r in results] == ["updated"]
    notes = guard.notes  # type: ignore[attr-defined]
    assert any("nl/won-game.txt:" in n and "reordered (--reordered)" in n for n in notes), notes[:3]


def test_approve_reordered_refuses_a_placeholder_that_leaves_its_term(
    approved: Path, tmp_path: Path
) -> None:
    """The move's number and the column's swapped (issue 30: "Zet 7: ... uit kolom 1" where the
    English says "Move 1: ... from column 7"): each placeholder stands beside another term than
    its English one, so --reordered does not let it through."""
    shipped = _translated(tmp_path, *SWAPPED)
    before = {p: p.read_bytes() for p in approved.rglob("*.txt")}
    with pytest.raises(check.ApprovalRefused) as refused:
        approval.approve(
            shipped, "nl", "won-game", guard=check.approval_guard(shipped, reordered=True)
        )
    assert any(
        "messages.po:" in line
        and "%(number)s stands beside 'Move' in the English and beside 'kolom' here" in line
        for line in refused.value.refused
    ), refused.value.refused[-3:]
    assert {p: p.read_bytes() for p in approved.rglob("*.txt")} == before


def test_approve_refuses_a_translation_that_adds_a_number_even_reordered(
    approved: Path, tmp_path: Path
) -> None:
    """A placeholder said twice: the set of placeholders is the msgid's, but the line now
    holds one more number than the English line. Not an order: refused even with --reordered."""
    shipped = _translated(
        tmp_path,
        'msgstr "Zet %(number)s: %(card)s getrokken"',
        'msgstr "Zet %(number)s: %(card)s getrokken (zet %(number)s)"',
    )
    with pytest.raises(check.ApprovalRefused) as refused:
        approval.approve(
            shipped, "nl", "won-game", guard=check.approval_guard(shipped, reordered=True)
        )
    assert any(
        "a translation alone cannot change a number or a card" in line and "--reordered" not in line
        for line in refused.value.refused
    ), refused.value.refused[:3]


def test_deleting_the_approved_text_does_not_switch_the_rule_off(
    approved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The swapped translation, approved after deleting its approved text: the rule compares
    with the committed text instead (git; here the repository's approved texts stand in)."""
    committed = {
        p.relative_to(approved): p.read_text(encoding="utf-8") for p in approved.rglob("*.txt")
    }
    monkeypatch.setattr(
        check, "committed_text", lambda path: committed.get(path.relative_to(approved))
    )
    (approved / "nl" / "won-game.txt").unlink()
    shipped = _translated(tmp_path, *SWAPPED)
    with pytest.raises(check.ApprovalRefused) as refused:
        approval.approve(shipped, "nl", "won-game", guard=check.approval_guard(shipped))
    assert any("a translation alone cannot change" in line for line in refused.value.refused)
    assert not (approved / "nl" / "won-game.txt").exists()

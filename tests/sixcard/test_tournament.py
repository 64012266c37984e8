"""The tournament: its committed table, its command (resuming, refusing), its second path, and
the tips' verdicts and claims."""

from __future__ import annotations

import gzip
import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generator.pages import sixcard_claims
from generator.pages.sixcard import page_data
from generator.pages.sixcard_claims import tips as six_tips
from generator.sixcard import evidence
from generator.sixcard.evidence import TOURNAMENT, judge_tips, load
from generator.sixcard.players import ALL_PLAYERS
from generator.sixcard.tournament import TIPS, deals_path, figures_of, matches
from generator.twopath import tournament as second_path


def committed() -> dict[str, Any]:
    return load(TOURNAMENT)


def test_the_committed_table_ranks_the_strong_player_first_beyond_its_intervals() -> None:
    data = committed()
    assert data["command"].startswith("python -m generator six-card tournament")
    assert set(data["matches"]) == {m.name for m in matches()}
    assert data["deals_per_match"] >= 3000
    for match in matches():
        if match.second == "strong" and match.first != "strong":
            low, high = data["matches"][match.name]["margin"]["ci95"]
            # margin: the second player's points less the first's; the strong one is second
            assert high < 0, (match.name, low, high)
    # the players are listed weakest first: each beats every one before it
    names = list(ALL_PLAYERS)
    for weaker, stronger in itertools.pairwise(names):
        low, high = data["matches"][f"{weaker}-vs-{stronger}"]["margin"]["ci95"]
        assert high < 0, (weaker, stronger, low, high)


def test_every_tip_of_the_page_is_measured_or_marked_untestable() -> None:
    data = committed()
    claims = [tip["claim"] for tip in data["tips"]]
    assert claims == [tip.name for tip in TIPS]
    untestable = {tip["claim"]: tip["reversed"] for tip in data["tips"] if tip["habit"] is None}
    assert set(untestable) == {"tip-unknown", "tip-anti-stall"}
    verdicts = {v.claim: v.verdict for v in judge_tips(data)}
    assert verdicts["tip-unknown"] == verdicts["tip-anti-stall"] == "untestable"
    assert {v for k, v in verdicts.items() if k not in untestable} <= {
        "backed",
        "contradicted",
        "undecided",
    }


def figure(low: float, high: float) -> dict[str, Any]:
    return {"mean": (low + high) / 2, "ci95": [low, high]}


def test_a_tip_is_backed_only_when_following_it_wins_points_clear_of_zero() -> None:
    data = {
        "tips": [
            {"claim": "a", "habit": "x", "reversed": "r"},
            {"claim": "b", "habit": "y", "reversed": "r"},
            {"claim": "c", "habit": "z", "reversed": "r"},
            {"claim": "d", "habit": None, "reversed": "a rule"},
        ],
        "matches": {
            "a": {"margin": figure(0.1, 0.5)},
            "b": {"margin": figure(-0.1, 0.5)},
            "c": {"margin": figure(-0.6, -0.2)},
        },
    }
    assert [(v.claim, v.verdict) for v in judge_tips(data)] == [
        ("a", "backed"),
        ("b", "undecided"),
        ("c", "contradicted"),
        ("d", "untestable"),
    ]


def test_a_tips_claim_holds_on_the_data_or_on_its_exact_acknowledgement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    facts = sixcard_claims.CLAIMS.facts()
    verdicts = {v.claim: v for v in evidence.judge()}
    for name in ("six-tip-jokers", "six-tip-pairs", "six-tip-end"):
        tip = name.removeprefix("six-")
        play = sixcard_claims.CLAIMS[name].play
        acknowledged = page_data().get("acknowledged", {}).get(tip)
        # the committed data: backed, or acknowledged at exactly its figure
        assert play(facts) == [], name
        assert (verdicts[tip].verdict == "backed") != bool(acknowledged)
    flipped = evidence.Verdict("tip-jokers", "contradicted", "following it loses 1 point")
    real = evidence.judge
    monkeypatch.setattr(
        evidence,
        "judge",
        lambda *a, **k: [flipped if v.claim == "tip-jokers" else v for v in real(*a, **k)],
    )
    found = sixcard_claims.CLAIMS["six-tip-jokers"].play(facts)
    assert found == ["contradicted: following it loses 1 point"]


def test_the_second_path_passes_on_the_committed_figures_and_catches_a_forged_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert list(second_path.sample_problems(seed=5, deals=2)) == []
    rows_file = deals_path(second_path.DATA)
    data = json.loads(second_path.DATA.read_text(encoding="utf-8"))
    forged = tmp_path / "sixcard_tournament.json"
    shutil.copy(rows_file, deals_path(forged))
    monkeypatch.setattr(second_path, "DATA", forged)
    # a figure forged: it is not its rows' figure
    fig = data["matches"]["greedy-vs-strong"]["margin"]
    fig["mean"] = round(fig["mean"] - 0.5, 4)
    forged.write_text(json.dumps(data, indent=1), encoding="utf-8")
    found = list(second_path.sample_problems(seed=5, deals=2))
    assert len(found) == 1 and "greedy-vs-strong: the figures are not those" in found[0], found
    # the rows forged with the figures to match: the deals played again disagree
    stored = json.loads(gzip.decompress(rows_file.read_bytes()))
    stored["matches"]["tip-jokers"] = [
        [r[0], r[1] + 2, *r[2:]] for r in stored["matches"]["tip-jokers"]
    ]
    deals_path(forged).write_bytes(gzip.compress(json.dumps(stored).encode()))
    rows = {n: [[r[0] / 2, r[1] / 2, *r[2:]] for r in m] for n, m in stored["matches"].items()}
    data["matches"], data["strong_face_down"] = figures_of(rows)
    forged.write_text(json.dumps(data, indent=1), encoding="utf-8")
    found = list(second_path.sample_problems(seed=5, deals=2))
    assert len(found) == 2 and all("tip-jokers, deal" in p for p in found), found


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generator", "six-card", "tournament", *args]
    return subprocess.run(command, capture_output=True, text=True)


def test_the_command_resumes_and_gives_the_same_figures(tmp_path: Path) -> None:
    out, work = tmp_path / "t.json", tmp_path / "work"
    args = ["--deals", "2", "--jobs", "2", "--out", str(out), "--work", str(work)]
    first = run(*args)
    assert first.returncode == 0, first.stderr
    total = 2 * len(matches())
    assert (
        f"0/{total} deals already saved" in first.stderr
        and f"{total}/{total} deals" in first.stderr
    )
    data = json.loads(out.read_text())
    assert data["command"] == "python -m generator six-card tournament " + " ".join(args)
    chunks = sorted(work.iterdir())
    assert len(chunks) == len(matches())
    chunks[0].unlink()
    second = run(*args)
    assert second.returncode == 0 and f"{total - 2}/{total} deals already saved" in second.stderr
    assert json.loads(out.read_text())["matches"] == data["matches"]
    chunks[1].write_text('{"task": ["x", 0, 2], "deals": []}')
    bad = run(*args)
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert f"{chunks[1]}: not a chunk this command wrote" in bad.stderr


def test_the_command_never_writes_over_the_committed_figures_with_fewer_deals() -> None:
    before = TOURNAMENT.read_bytes()
    refused = run("--deals", "2", "--update-data")
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "would replace it with fewer" in refused.stderr
    inside = run("--deals", "2", "--out", str(TOURNAMENT))
    assert inside.returncode != 0 and "inside the package" in inside.stderr
    assert TOURNAMENT.read_bytes() == before


def test_each_tip_but_kings_has_a_neutral_match_and_the_file_says_what_it_plays() -> None:
    data = committed()
    neutral = {m.name: m for m in matches() if m.name.endswith("-neutral")}
    assert set(neutral) == {
        f"{tip.name}-neutral" for tip in TIPS if tip.habit not in (None, "kings")
    }
    for match in neutral.values():
        assert (match.first, match.second[: len("strong-neutral-")]) == (
            "strong",
            "strong-neutral-",
        )
        assert data["matches"][match.name]["margin"]["n"] == data["deals_per_match"]
    for tip in data["tips"]:
        if tip["habit"] is None:
            assert tip["neutral"] is tip["neutral_match"] is None
        else:
            name = tip["claim"] + "-neutral"
            assert tip["neutral"]
            assert tip["neutral_match"] == (name if name in neutral else None)


def _play_worth(
    monkeypatch: pytest.MonkeyPatch, claim: str, match: str, low: float, high: float
) -> list[str]:
    """Claim ``claim`` played with ``match``'s committed margin replaced by ``[low, high]``."""
    real = six_tips._margin

    def margin(name: str) -> dict[str, Any]:
        if name != match:
            return real(name)
        return {"mean": round((low + high) / 2, 4), "se": 0.1, "ci95": [low, high]}

    monkeypatch.setattr(six_tips, "_margin", margin)
    found = sixcard_claims.CLAIMS[claim].play(sixcard_claims.CLAIMS.facts())
    monkeypatch.setattr(six_tips, "_margin", real)
    return found


def test_a_tips_measured_sentence_holds_its_figure_in_the_measured_interval(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    facts = sixcard_claims.CLAIMS.facts()
    for name in (
        "six-tips-measured",
        "six-tip-pairs-worth",
        "six-tip-kings-worth",
        "six-tip-jokers-worth",
        "six-tip-high-worth",
        "six-face-down",
        "six-tip-watch",
        "six-tip-watch-worth",
        "six-tip-end-worth",
    ):
        assert sixcard_claims.CLAIMS[name].play(facts) == [], name
    # the page's 2.9 against the neutral player: an interval that leaves it, or holds zero
    high = "six-tip-high-worth"
    assert _play_worth(monkeypatch, high, "tip-high-neutral", 2.7, 3.1) == []
    (left,) = _play_worth(monkeypatch, high, "tip-high-neutral", 3.1, 3.5)
    assert "about 2.9 points a hole" in left and "state its mean to a tenth" in left
    zero = _play_worth(monkeypatch, high, "tip-high-neutral", -0.1, 5.9)
    assert len(zero) == 1 and "say it makes no measurable difference" in zero[0]
    # the reversed figure (7.1) is held as well
    (rev,) = _play_worth(monkeypatch, high, "tip-high", 6.0, 6.5)
    assert "about 7.1 points a hole against its reversal" in rev
    # "no measurable difference" fails when the interval leaves zero
    (clear,) = _play_worth(monkeypatch, "six-tip-pairs-worth", "tip-pairs-neutral", 0.1, 0.4)
    assert "makes no measurable difference" in clear and "state what it is worth" in clear
    (watch,) = _play_worth(monkeypatch, "six-tip-watch-worth", "tip-watch", 0.05, 0.2)
    assert "counts only its own cards" in watch
    # "scored exactly the same in every deal": any spread fails
    (jokers,) = _play_worth(monkeypatch, "six-tip-jokers-worth", "tip-jokers-neutral", 0, 0)
    assert "scored the same in every deal" in jokers
    # the face-down figure the page states (5.4) is held by the tournament's
    monkeypatch.setitem(facts, "face_down_about", 6)
    (six,) = sixcard_claims.CLAIMS["six-face-down"].play(facts)
    assert "about 6 points for a face-down card" in six


def test_the_measured_sentences_are_left_out_of_the_dutch_page_only() -> None:
    import re

    from generator.i18n.catalogs import shipped_languages, translations
    from generator.site.render import render_language

    for language in shipped_languages():
        page = render_language(language)["six-card-golf.md"]
        tied = "six-card-golf" in language.seed_pages
        # "Measured:" as the language writes it: the word before the colon of the translated
        # sentence that opens the measurement
        opening = "Measured: the face-down cards a strong computer player chose to turn up, "
        opening += "%(cards)s of them, were worth %(about)s points on average."
        word = translations(language).gettext(opening).split(":")[0].strip()
        measured = len(re.findall(rf"{re.escape(word)}\s*:", page))
        assert (measured == 0) == tied, language.code
        if not tied:
            assert measured == 7, language.code


def test_the_second_path_refuses_a_file_whose_tips_name_other_neutral_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(second_path.DATA.read_text(encoding="utf-8"))
    forged = tmp_path / "sixcard_tournament.json"
    shutil.copy(deals_path(second_path.DATA), deals_path(forged))
    monkeypatch.setattr(second_path, "DATA", forged)
    data["tips"][0]["neutral_match"] = None  # tip-pairs: its neutral match unnamed
    forged.write_text(json.dumps(data, indent=1), encoding="utf-8")
    found = list(second_path.sample_problems(seed=5, deals=1))
    assert len(found) == 1 and "its tips are not the tournament's" in found[0], found

"""The simulation: players, the figures, resuming, and the claims' verdicts."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.sixcard import Action, ColumnMatch, Hole, Layout, Options, RowRule
from generator.sixcard.evidence import DATA, compare, judge, load
from generator.sixcard.players import GreedyPlayer, RandomPlayer, estimate, play_hole
from generator.sixcard.simulate import (
    CONFIGURATIONS,
    configurations,
    mean_figure,
    play_one,
    ratio_figure,
)
from generator.sixcard.tournament import TIPS

from .helpers import cards, grid, hole_with


def test_players_play_legal_holes_to_the_end() -> None:
    for player in (GreedyPlayer(), RandomPlayer()):
        for seed in range(5):
            hole = play_hole(Hole(4, seed=seed), player, random.Random(seed))
            assert hole.over and hole.ended_by in ("out", "limit")


def test_greedy_takes_a_discard_that_pairs_and_puts_it_under_its_mate() -> None:
    grids = [
        grid("AS 2S 3S", "4S 6S 7S"),
        grid("9S QC 3D", "TC 8D 5H"),
        grid("AH 2H 3H", "4H 6H 7H"),
    ]
    hole = hole_with(grids, discard="9H")  # seat 1 sees 9S and QC, turned up
    greedy = GreedyPlayer()
    assert greedy.choose(hole, random.Random(0)) == Action.draw_discard(1)
    hole.play(Action.draw_discard(1))
    assert greedy.choose(hole, random.Random(0)) == Action.replace(1, 2, 1)  # below the 9S


def test_greedy_values_a_grid_by_the_scoring_rule() -> None:
    # Unseen cards are worth the deck mean and never pair; a pair counts 0.
    mean = float(Options().deck_mean())
    g = cards("9S", "KS", "QD", "9H", "3C", "5D")
    assert estimate(g, 2, 3, Options(), mean) == 0 + 3 + 15
    assert estimate([*g[:3], None, None, None], 2, 3, Options(), mean) == 19 + 3 * mean
    # A 3x3 grid by its column rule: two 7s and a 9 score 23, or 9 when pairs cancel.
    nine = [c for row in grid("7S KS AC", "7H KH AD", "9D KC AH") for c in row]
    assert estimate(nine, 3, 3, Options(layout=Layout.NINE), mean) == 23
    pairs = Options(layout=Layout.NINE, column_match=ColumnMatch.PAIRS)
    assert estimate(nine, 3, 3, pairs, mean) == 9
    unknown = [*nine[:6], None, *nine[7:]]
    assert estimate(unknown, 3, 3, pairs, mean) == mean
    assert estimate(unknown, 3, 3, Options(layout=Layout.NINE), mean) == 14 + mean


def test_the_greedy_player_beats_the_random_one() -> None:
    greedy = [
        sum(play_hole(Hole(4, seed=s), GreedyPlayer(), random.Random(s)).scores())
        for s in range(30)
    ]
    rand = [
        sum(play_hole(Hole(4, seed=s), RandomPlayer(), random.Random(s)).scores())
        for s in range(30)
    ]
    assert sum(greedy) < sum(rand)


def test_figures() -> None:
    fig = mean_figure([1.0, 2.0, 3.0, 4.0])
    assert fig["mean"] == 2.5 and fig["n"] == 4
    assert abs(fig["se"] - (1.6667 / 4) ** 0.5) < 1e-3
    assert fig["ci95"] == [round(2.5 - 1.96 * fig["se"], 4), round(2.5 + 1.96 * fig["se"], 4)]
    # Identical holes: the ratio is exact, its error zero.
    assert (
        ratio_figure([(6.0, 2.0)] * 5)["mean"] == 3.0 and ratio_figure([(6.0, 2.0)] * 5)["se"] == 0
    )


def fig(low: float, high: float) -> dict[str, Any]:
    return {"mean": (low + high) / 2, "ci95": [low, high]}


def fake(face_down: dict[str, Any], smaller: bool) -> dict[str, Any]:
    lo, hi = (fig(1, 2), fig(3, 4)) if smaller else (fig(3, 4), fig(1, 2))
    measures = {"hole_score": lo, "pairs_per_grid": lo, "paired_column_share": lo}
    bigger = {"hole_score": hi, "pairs_per_grid": hi, "paired_column_share": hi}
    return {
        "players": ["greedy"],
        "configurations": {c.name: {"deck_mean": 5.5} for c in CONFIGURATIONS},
        "face_down_value_pooled": {"with_jokers": face_down, "without_jokers": face_down},
        "figures": {
            "6-card": {"greedy": measures},
            "6-card-no-jokers": {"greedy": bigger},
            "4-card": {"greedy": {**measures, "pairs_per_grid": fig(0.1, 0.2)}},
            "6-card-double-deck": {"greedy": bigger},
        },
    }


def fake_tournament(turned: dict[str, Any]) -> dict[str, Any]:
    return {"strong_face_down": {"turned_up": turned}, "tips": [], "matches": {}}


def test_verdicts_follow_the_intervals() -> None:
    assert compare(fig(1, 2), fig(3, 4)) == "backed"
    assert compare(fig(3, 4), fig(1, 2)) == "contradicted"
    assert compare(fig(1, 3), fig(2, 4)) == "undecided"
    tournament = fake_tournament(fig(5.9, 6.1))
    verdicts = {v.claim: v.verdict for v in judge(fake(fig(1, 2), smaller=True), tournament)}
    assert verdicts == {
        "face-down-about-6": "backed",
        "no-jokers-higher": "backed",
        "four-card-fewer-cancelling": "backed",
        "double-deck-more-pairs": "backed",
        "two-jacks": "backed",
    }
    flipped = {
        v.claim: v.verdict
        for v in judge(fake(fig(5.9, 6.1), smaller=False), fake_tournament(fig(5.2, 5.4)))
    }
    assert flipped["face-down-about-6"] == "contradicted"
    assert flipped["no-jokers-higher"] == "contradicted"
    assert flipped["double-deck-more-pairs"] == "contradicted"
    assert flipped["four-card-fewer-cancelling"] == "backed"
    undecided = judge(fake(fig(5.9, 6.1), True), fake_tournament(fig(5.4, 5.6)))
    assert undecided[0].verdict == "undecided"


def test_the_committed_data_covers_every_configuration_and_claim() -> None:
    data = load(DATA)
    assert data["command"].startswith("python -m generator six-card simulate")
    assert set(data["figures"]) == {c.name for c in CONFIGURATIONS}
    assert all(set(f) == {"greedy", "random"} for f in data["figures"].values())
    assert [v.claim for v in judge(data)] == [
        "face-down-about-6",
        "no-jokers-higher",
        "four-card-fewer-cancelling",
        "double-deck-more-pairs",
        "two-jacks",
        *(tip.name for tip in TIPS),
        *(tip.name + "-neutral" for tip in TIPS if tip.habit is not None and tip.neutral_match),
    ]


def test_the_command_resumes_and_gives_the_same_figures(tmp_path: Path) -> None:
    out, work = tmp_path / "sim.json", tmp_path / "work"
    args = [
        sys.executable,
        "-m",
        "generator",
        "six-card",
        "simulate",
        "--holes",
        "3",
        "--jobs",
        "2",
    ]
    args += ["--out", str(out), "--work", str(work)]
    first = subprocess.run(args, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert "0/30 holes already saved" in first.stderr and "30/30 holes" in first.stderr
    data = json.loads(out.read_text())
    assert data["command"] == "python -m generator " + " ".join(args[3:])
    chunks = sorted(work.iterdir())
    assert len(chunks) == 10
    chunks[0].unlink()
    second = subprocess.run(args, capture_output=True, text=True)
    assert second.returncode == 0 and "27/30 holes already saved" in second.stderr
    assert json.loads(out.read_text())["figures"] == data["figures"]


def test_variant_options_apply_to_every_configuration(tmp_path: Path) -> None:
    out, work = tmp_path / "sim.json", tmp_path / "work"
    args = [sys.executable, "-m", "generator", "six-card", "simulate", "--holes", "2"]
    args += ["--jobs", "1", "--out", str(out), "--work", str(work)]
    flags = ["--row-rule", "--knock", "--decks", "1", "--column-match", "pairs"]
    flags += ["--face-up-at-start", "1"]
    done = subprocess.run([*args, *flags], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())
    assert data["options"] == {
        "column_match": "pairs",
        "decks": 1,
        "face_up_at_start": 1,
        "knock": True,
        "row_rule": "pairs",
    }
    assert data["command"].endswith(" ".join(flags))
    assert {c["decks"] for c in data["configurations"].values()} == {1}
    assert [p.name for p in work.iterdir()] == [
        "column_match=pairs,decks=1,face_up_at_start=1,knock=True,row_rule=pairs"
    ]
    variant = configurations({"knock": True, "decks": 1})
    assert all(c.options.knock and c.options.decks_for(c.players) == 1 for c in variant)
    # The figures are those of the variant: its holes played again give them.
    played = configurations(
        {
            "row_rule": RowRule.PAIRS,
            "knock": True,
            "decks": 1,
            "column_match": ColumnMatch.PAIRS,
            "face_up_at_start": 1,
        }
    )
    assert all(c.options.start_cards == 1 for c in played)
    for config in played:
        scores = [play_one(config, "greedy", i) for i in (0, 1)]
        mean = sum(r[0] / r[1] for r in scores) / 2
        assert data["figures"][config.name]["greedy"]["hole_score"]["mean"] == round(mean, 4)


def test_variant_options_are_refused_for_the_committed_data(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "generator", "six-card", "simulate", "--holes", "2"]
    for flags, message in [
        (["--update-data", "--knock"], "leave out --knock"),
        (
            ["--wild-twos", "--out", str(tmp_path / "o.json"), "--row-rule", "rows"],
            "invalid choice",
        ),
        (["--decks", "3", "--out", str(tmp_path / "o.json")], "invalid choice"),
        (
            ["--face-up-at-start", "5", "--out", str(tmp_path / "o.json")],
            "4-card golf turns up 0 to 3 cards at the start, not 5",
        ),
    ]:
        result = subprocess.run([*args, *flags], capture_output=True, text=True)
        assert result.returncode != 0 and message in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "o.json").exists()

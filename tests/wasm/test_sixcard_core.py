"""The 6-Card Golf engine's C core (generator/sixcard/sixcore.c), the page's WebAssembly module,
run outside the browser (wasmtime) beside the Python engine, the reference (issue 49, point 2).

- The differential run: 2,000 seeded holes through both (every option the page describes that
  changes play, 2 to 4 players, the strong player with its habits and the greedy one), held to
  the same deal, legal actions, cards, scores and moves; where the strong player's moves differ,
  a tie in its own reckoning (within 1e-9), counted.
- The tournament's margin: the committed tournament's greedy-against-strong match replayed in the
  module, 4,000 deals: its margin inside the tournament's committed 95% interval.
- Each seen failing: a rule changed on the C side (a pair not cancelling, the last turn skipped, a
  Joker worth -1) compiled into another module, which the differential run refuses.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generator.check.sixcore import replay_deal, tournament_rows
from generator.sixcard.ccore import Core, CoreHole, seed_key
from generator.sixcard.cvalues import MAX_SIZE, SIXCARD_WASM, SOURCE
from generator.sixcard.differential import Counts, DifferentialError, play_both, run_holes
from generator.sixcard.hole import Action, Hole
from generator.sixcard.rules import Layout, Options
from generator.sixcard.strong import REVERSED, hint
from generator.sixcard.tournament import OUTPUT, TIPS
from generator.wasmbuild import WasmSpec, build

DIFFERENTIAL_HOLES = 2000
CHUNKS = 8
TOURNAMENT_DEALS = 4000


def test_the_module_is_within_its_budget() -> None:
    assert len(build(SIXCARD_WASM)) <= MAX_SIZE


@pytest.mark.parametrize(
    "seed",
    [
        0,
        1,
        7,
        2**32 - 1,
        2**32,
        2**70 + 5,
        -7,
        "",
        "a",
        "é/3",
        "x" * 200,
        "sixcard-tournament/a/17",
    ],
)
@pytest.mark.parametrize("layout", list(Layout))
def test_a_seed_deals_the_cards_python_deals(seed: int | str, layout: Layout) -> None:
    """Python's random.Random, seeded from an int or a str (its SHA-512), shuffled and sampled:
    the same grids, face-up cards, discard and stock in the C core."""
    options = Options(layout=layout)
    players = layout.players[1]
    reference = Hole(players, options, seed, dealer=1)
    state = CoreHole(players, options, seed, dealer=1).state()
    assert [list(grid) for grid in state.grids] == reference.grids
    assert [list(up) for up in state.face_up] == reference.face_up
    assert (state.top_discard, state.stock) == (reference.top_discard, len(reference.stock))


def test_an_int_seed_is_its_words_low_first() -> None:
    assert seed_key(0) == [0]
    assert seed_key(2**32 + 3) == [3, 1]


def test_every_refusal_is_the_engines() -> None:
    """Every action, legal or not (a slot off the grid too), at every point of a few holes: the
    C core refuses it for the reason the Python engine gives, or plays it."""
    rng = random.Random(5)
    for index in range(6):
        options = Options(
            knock=index % 2 == 1, layout=(Layout.SIX, Layout.FOUR, Layout.NINE)[index % 3]
        )
        players = options.layout.players[0]
        reference = Hole(players, options, index)
        hole = CoreHole(players, options, index)
        while not reference.over:
            seat = reference.current
            for player in {seat, (seat + 1) % players}:
                for kind in ("draw-stock", "draw-discard", "knock"):
                    action = Action(player, kind)  # type: ignore[arg-type]
                    assert hole.refusal(action) == reference.refusal(action), action
                for kind in ("replace", "discard"):
                    for row in range(0, options.layout.rows + 2):
                        for column in range(0, options.layout.columns + 2):
                            action = Action(player, kind, row, column)  # type: ignore[arg-type]
                            assert hole.refusal(action) == reference.refusal(action), action
            action = rng.choice(reference.legal_actions())
            reference.play(action)
            assert hole.play(action) is None
        after = Action.draw_stock(0)
        assert hole.refusal(after) == reference.refusal(after) is not None


def test_a_sample_of_holes_plays_alike() -> None:
    counts = run_holes(range(24))
    assert counts.holes == 24 and counts.actions > 0


FORKED_AFTER_A_COMPILE = """
import multiprocessing, wasmtime
from generator.check.sixcore import check_sixcard_core
from generator.sixcard.cvalues import SIXCARD_WASM
from generator.wasmbuild import build

def part(_):
    return list(check_sixcard_core())

wasmtime.Module(wasmtime.Engine(), build(SIXCARD_WASM))  # as tests/wasm/module.py compiles
with multiprocessing.get_context("fork").Pool(1) as pool:
    print(pool.apply_async(part, (0,)).get(timeout=60))
"""


def test_a_worker_forked_after_a_compile_plays_the_core() -> None:
    """check runs this part in the build's forked workers. A worker forked from a process that
    had compiled a module with wasmtime's parallel compiler (a pytest worker after tests/wasm)
    waited for ever in its own compile (CI); the core compiles serially."""
    done = subprocess.run(
        [sys.executable, "-c", FORKED_AFTER_A_COMPILE],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[2],
    )
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr[-3000:]


def hint_tips() -> list[tuple[str, str]]:
    """The page's tips that play can test, each with its reversal: a move follows a tip when the
    player who does the tip's opposite moves otherwise."""
    return [(tip.habit, REVERSED) for tip in TIPS if tip.habit is not None]


def test_the_hint_names_the_first_tip_whose_player_moves_otherwise() -> None:
    """The C core's hint is the Python engine's (:func:`generator.sixcard.strong.hint`): the
    strong player's action, and the first tip whose player with the tip reversed acts otherwise,
    decided by play; in 30 holes of two players, with and without knocking."""
    tips = hint_tips()
    named = set()
    for index in range(30):
        options = Options(knock=index % 3 == 0)
        reference = Hole(2, options, f"hint/{index}")
        hole = CoreHole(2, options, f"hint/{index}")
        while not reference.over:
            action, tip = hole.hint(tips)
            wanted, wanted_tip = hint(reference, [habit for habit, _ in tips])
            assert (action, None if tip is None else tips[tip][0]) == (wanted, wanted_tip)
            if wanted_tip is not None:
                named.add(wanted_tip)
            reference.play(action)
            hole.play(action)
    # the example, and most of the list: a later tip's moves are often an earlier one's
    assert "jokers" in named and len(named) >= 4, named


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_two_thousand_holes_play_alike_in_c_and_python(chunk: int) -> None:
    size = DIFFERENTIAL_HOLES // CHUNKS
    counts = run_holes(range(chunk * size, (chunk + 1) * size))
    assert counts.holes == size
    print(f"chunk {chunk}: {counts.holes} holes, {counts.actions} actions, {counts.ties} ties")


def test_the_holes_cover_every_option_and_player_count() -> None:
    from generator.sixcard.differential import _describe, hole_setup

    found: set[str] = set()
    players: set[int] = set()
    for index in range(DIFFERENTIAL_HOLES):
        options, count, _dealer, _seed, _seats = hole_setup(index)
        found |= _describe(options)
        players.add(count)
    expected = {"6-card", "4-card", "9-card", "jokers=True", "jokers=False", "knock=True"}
    expected |= {"joker-pair=minus-four", "peek=True", "wild_twos=True", "row=pairs"}
    expected |= {"row=whole-row", "column=pairs", "column=three-alike"}
    assert expected <= found
    assert players == {2, 3, 4}


def test_the_tournaments_margin_holds_in_the_module() -> None:
    """The committed tournament's greedy-against-strong match, 4,000 deals, each twice with the
    seats swapped, replayed in the module: the strong player's margin falls inside the
    tournament's committed 95% interval (and the deals are the committed rows)."""
    figures = json.loads(OUTPUT.read_text(encoding="utf-8"))
    assert figures["deals_per_match"] >= TOURNAMENT_DEALS
    interval = figures["matches"]["greedy-vs-strong"]["margin"]["ci95"]
    rows = tournament_rows()
    core = Core()
    margins, same = [], 0
    for index in range(TOURNAMENT_DEALS):
        greedy, strong = replay_deal(index, core)
        margins.append((strong - greedy) / 2)
        same += [greedy, strong] == rows[index][:2]
    margin = sum(margins) / len(margins)
    print(f"margin {margin:.4f} in {interval}; {same} of {TOURNAMENT_DEALS} deals as committed")
    assert interval[0] <= margin <= interval[1]
    assert same == TOURNAMENT_DEALS


MUTATIONS = {
    "a-pair-does-not-cancel": (
        "            if (count >= alike && cancels(rank, flags)) gone[r * cols + c] = 1;\n        }\n    if (row_rule",
        "            if (count > alike && cancels(rank, flags)) gone[r * cols + c] = 1;\n        }\n    if (row_rule",
    ),
    "the-last-turn-is-skipped": (
        "    if (!ending(h) && all_up) start_ending(h, seat, ENDED_OUT);\n",
        "    if (!ending(h) && all_up) {\n        start_ending(h, seat, ENDED_OUT);\n"
        "        finish(h);\n        return 0;\n    }\n",
    ),
    "a-joker-is-worth-minus-one": (
        "    int rank = rank_of(card);\n    if ((flags & OPT_WILD_TWOS)",
        "    int rank = rank_of(card);\n    if (rank == 0) return -1;\n    if ((flags & OPT_WILD_TWOS)",
    ),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_rule_changed_in_c_is_caught(name: str, tmp_path: Path) -> None:
    """The C core compiled with one rule changed: the differential run parts from the Python
    engine within its first holes, naming the hole, and the tournament's deals replayed in it
    score otherwise than the committed rows (the margin test's assertion)."""
    old, new = MUTATIONS[name]
    text = SOURCE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    source = tmp_path / "sixcore.c"
    source.write_text(text.replace(old, new), encoding="utf-8")
    spec = WasmSpec(
        f"sixcard-mutant-{name}",
        (source,),
        (),
        SIXCARD_WASM.defines,
        SIXCARD_WASM.max_size,
        SIXCARD_WASM.extra,
    )
    core = Core(spec)
    with pytest.raises(DifferentialError, match=r"^hole \d+"):
        for index in range(100):
            play_both(index, core)
    # and the tournament replayed in it is not the committed one
    rows = tournament_rows()
    replayed = [replay_deal(index, core) for index in range(200)]
    assert any(got != row[:2] for got, row in zip(replayed, rows, strict=False))


def test_counts_add_up() -> None:
    total = Counts()
    total.add(Counts(holes=1, actions=2, decisions=2, ties=1, options={"a"}))
    total.add(Counts(holes=2, actions=3, decisions=3, ties=0, options={"b"}))
    assert (total.holes, total.actions, total.ties, total.options) == (3, 5, 1, {"a", "b"})

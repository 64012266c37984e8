"""The players' round-robin tournament, and what each of the page's tips is worth in play.

``python -m generator six-card tournament [--deals N] [--jobs J] [--out PATH | --update-data] [--work DIR]``

**The matches.** Every pair of players of :data:`~generator.sixcard.players.ALL_PLAYERS`
meets heads-up (2 players, the page's 6-Card Golf: :data:`OPTIONS`), and for each tip of
:data:`TIPS` the strong player meets the same player with that one habit reversed
(:class:`~generator.sixcard.strong.Habits`), then the same player with that habit neutral
(``<tip>-neutral``: a player who ignores the tip rather than one who does its opposite; not
for Kings, whose neutral player is the strong player itself). A match is ``--deals`` deals (default
:data:`DEFAULT_DEALS`), each played twice with the seats swapped (duplicate: both players get
the same cards, so the luck of the deal cancels). Deal ``i`` of match ``m`` comes from the seed
``"sixcard-tournament/<m>/<i>"``, seat ``i % 2`` deals; each seat's own choices come from
``random.Random(<seed>/<seat's player>/<seating>)``.

**The figures.** A deal's margin is the second player's mean hole score over its two seatings
less the first player's: the points per hole by which the first beats the second. Each match's
figure is the mean margin over its deals with its standard error and 95% interval (deals are the
units). For a tip, the margin is the reversed player's points less the player's who follows the
tip: a tip "wins points" when the interval lies wholly above zero (against its reversal and,
in the neutral match, against a player who ignores it). The tournament also records,
for the strong player (every tip followed), the mean value of the face-down cards it turns up
(discarding a stock card to turn one) and of those it replaces unseen: the value of a face-down
card when a player decides to turn it, as the page's tip "on average about 6" means it.

The work is done in chunks of :data:`CHUNK` deals saved in ``--work`` (default
``_build/sixcard_tournament/``) as soon as each is done, on ``--jobs`` processes (default: every
core), with a progress line on stderr; a rerun after an interruption goes on where it stopped.
``--update-data`` writes the committed :data:`OUTPUT` (and refuses fewer deals than it holds);
``check`` judges the page's tips on it (:mod:`generator.sixcard.evidence`).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator import bounded
from generator.atomic import write_bytes_atomic, write_text_atomic
from generator.sixcard.chunked import committed_count, outside_package, play_chunks
from generator.sixcard.hole import Hole
from generator.sixcard.players import ALL_PLAYERS, Player
from generator.sixcard.rules import Options
from generator.sixcard.simulate import mean_figure, ratio_figure
from generator.sixcard.strong import (
    FOLLOWS_EVERY_TIP,
    NEUTRAL,
    REVERSED,
    Setting,
    StrongPlayer,
)

OUTPUT = Path(__file__).resolve().parents[1] / "data" / "sixcard_tournament.json"
"""The committed figures: written only with ``--update-data``."""
DEALS_SUFFIX = ".deals.json.gz"
"""Beside the figures, every deal's row (``sixcard_tournament.deals.json.gz``): the figures are
worked out again from them, and a sample of them played again, by ``check``
(:mod:`generator.twopath.tournament`)."""
DEFAULT_OUT = Path("_build") / "sixcard_tournament.json"
WORK = Path("_build") / "sixcard_tournament"
DEFAULT_DEALS = 3000
"""Deals per match (each played twice)."""
CHUNK = 100
"""Deals per saved chunk."""
OPTIONS = Options()
"""The game of every match: the page's 6-Card Golf."""
PLAYERS_PER_DEAL = 2


@dataclass(frozen=True)
class Tip:
    """A tip of the page's list: the claim's name, the habit reversed to measure it (``None``:
    play cannot test it), what the reversal does, or why it cannot be tested, and what the
    neutral player does (a player who ignores the tip; ``neutral_match``: whether it plays
    differently from the player that follows the tip, so that a match measures it)."""

    name: str
    habit: str | None
    reversed: str
    neutral: str | None = None
    neutral_match: bool = True


TIPS: tuple[Tip, ...] = (
    Tip(
        "tip-pairs",
        "pairs",
        "reckons a column pair as its two cards' points",
        "knows the pair rule but does not play for pairs: a column with unknown cards is its "
        "known cards' points and the unknown cards' mean, with no chance of a pair; it turns "
        "up face-down cards in slot order",
    ),
    Tip(
        "tip-kings",
        "kings",
        "reckons a King as a picture card (10), so replaces Kings",
        "judges a King by its points (0), which is keeping it: the player that follows the "
        "tip, so no match",
        neutral_match=False,
    ),
    Tip(
        "tip-jokers",
        "jokers",
        "never takes a Joker from the discard pile",
        "judges a Joker on the discard pile by the expected change of its grid, as any card",
    ),
    Tip(
        "tip-high",
        "high_first",
        "puts a card where it helps least, not where it helps most",
        "puts a card in the first place (row by row) where it helps, whatever it replaces",
    ),
    Tip(
        "tip-watch",
        "watch",
        "reckons unseen cards from the decks less its own cards only",
        "reckons unseen cards from the decks less what lies face up now (every grid's face-up "
        "cards, the top discard), not the discards buried under it",
    ),
    Tip(
        "tip-end",
        "end_when_ahead",
        "ends the hole whenever a move allows",
        "ends the hole when its expected score is below every opponent's as their grids "
        "stand, without reckoning their last turn",
    ),
    Tip(
        "tip-unknown",
        None,
        "a warning, not a habit: its figure ('about 5.4', the seed's 'about 6') is the value of "
        "the face-down cards the strong player turns up",
    ),
    Tip(
        "tip-anti-stall", None, "a rule, not a habit: the engine refuses the move (claim six-turn)"
    ),
)
"""The page's tips, in its order."""


@dataclass(frozen=True)
class Match:
    """Two players: names in :data:`ALL_PLAYERS`, or ``strong`` and ``strong-no-<habit>`` (the
    habit reversed) or ``strong-neutral-<habit>`` (the habit neutral)."""

    name: str
    first: str
    second: str


NEUTRAL_SUFFIX = "-neutral"
"""A tip's neutral match is named after it: ``tip-pairs-neutral``."""


def matches() -> list[Match]:
    """The round robin, then one match per tip that play can test (against its reversal), then
    one per tip whose neutral player plays differently (against the neutral player)."""
    result = [Match(f"{a}-vs-{b}", a, b) for a, b in itertools.combinations(ALL_PLAYERS, 2)]
    for tip in TIPS:
        if tip.habit is not None:
            result.append(Match(tip.name, "strong", f"strong-no-{tip.habit}"))
    for tip in TIPS:
        if tip.habit is not None and tip.neutral_match:
            name = tip.name + NEUTRAL_SUFFIX
            result.append(Match(name, "strong", f"strong-neutral-{tip.habit}"))
    return result


def make_player(name: str) -> Player:
    settings: tuple[tuple[str, Setting], ...] = (
        ("strong-no-", REVERSED),
        ("strong-neutral-", NEUTRAL),
    )
    for prefix, setting in settings:
        if name.startswith(prefix):
            habit = name.removeprefix(prefix)
            return StrongPlayer(replace(FOLLOWS_EVERY_TIP, **{habit: setting}))
    return ALL_PLAYERS[name]()


Task = tuple[str, int, int]
"""(match, first deal, deals)."""


def play_deal(match: Match, index: int) -> list[float]:
    """Play deal ``index`` twice; return ``[first's mean, second's mean, strong's turned-up
    points, cards, replaced-unseen points, cards]`` (the last four over both seatings, for the
    seat played by the strong player that follows every tip, when there is one)."""
    seed = f"sixcard-tournament/{match.name}/{index}"
    names = (match.first, match.second)
    totals = [0.0, 0.0]
    turned = [0, 0, 0, 0]
    for seating in range(2):
        seats = names if seating == 0 else names[::-1]
        players = [make_player(name) for name in seats]
        rngs = [random.Random(f"{seed}/{name}/{seating}") for name in seats]
        hole = Hole(PLAYERS_PER_DEAL, OPTIONS, seed=seed, dealer=index % PLAYERS_PER_DEAL)
        while not hole.over:
            seat = hole.current
            action = players[seat].choose(hole, rngs[seat])
            if seats[seat] == "strong" and action.kind in ("discard", "replace"):
                slot = (action.row - 1) * hole.columns + action.column - 1
                if not hole.face_up[seat][slot] and slot not in hole.known[seat]:
                    card = hole.grids[seat][slot]
                    at = 0 if action.kind == "discard" else 2
                    turned[at] += OPTIONS.value(card)
                    turned[at + 1] += 1
            hole.play(action)
        scores = hole.scores()
        for seat, name in enumerate(seats):
            totals[names.index(name) if names[0] != names[1] else seat] += scores[seat]
    return [totals[0] / 2, totals[1] / 2, *turned]


def chunk_path(work: Path, task: Task) -> Path:
    name, start, count = task
    return work / f"{name}__{start:07d}_{count}.json"


def run_chunk(job: tuple[Path, Task]) -> int:
    work, task = job
    name, start, count = task
    match = next(m for m in matches() if m.name == name)
    deals = [play_deal(match, index) for index in range(start, start + count)]
    write_text_atomic(chunk_path(work, task), json.dumps({"task": list(task), "deals": deals}))
    return count


def tasks(deals: int) -> list[Task]:
    return [
        (match.name, start, min(CHUNK, deals - start))
        for match in matches()
        for start in range(0, deals, CHUNK)
    ]


def run(deals: int, jobs: int, work: Path, err: Any = sys.stderr) -> None:
    """Play every chunk not saved yet in ``work``, with a progress line on ``err``."""
    work.mkdir(parents=True, exist_ok=True)
    todo = [task for task in tasks(deals) if not chunk_path(work, task).exists()]
    total = len(matches()) * deals
    done = total - sum(task[2] for task in todo)
    print(f"tournament: {done}/{total} deals already saved in {work}", file=err)
    # the slowest matches (the strong player's) first, so that no worker is left alone at the end
    todo.sort(key=lambda task: (not _strong(task[0]), task))
    if todo:
        jobs_list = [(work, task) for task in todo]
        play_chunks("tournament", "deals", run_chunk, jobs_list, total, done, jobs, err)


def _strong(name: str) -> bool:
    match = next(m for m in matches() if m.name == name)
    return "strong" in (match.first + match.second)


def load_deals(work: Path, deals: int) -> dict[str, list[list[float]]]:
    """Every saved chunk's deals; :class:`OptionsError` naming a chunk this command did not write."""
    from generator.sixcard.errors import OptionsError

    result: dict[str, list[list[float]]] = {}
    for task in tasks(deals):
        path = chunk_path(work, task)
        try:
            data = json.loads(bounded.read_text(path))
            rows = data["deals"]
            if data["task"] != list(task) or not (
                isinstance(rows, list)
                and len(rows) == task[2]
                and all(
                    isinstance(row, list)
                    and len(row) == 6
                    and all(isinstance(v, int | float) and not isinstance(v, bool) for v in row)
                    for row in rows
                )
            ):
                raise ValueError(f"expected {task[2]} deals of 6 numbers")
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise OptionsError(
                f"{path}: not a chunk this command wrote ({error}); delete it and run again"
            ) from None
        result.setdefault(task[0], []).extend(rows)
    return result


def deals_path(path: Path) -> Path:
    """Where the deals' rows go beside the figures at ``path``."""
    return path.with_name(path.name.removesuffix(".json") + DEALS_SUFFIX)


def deal_rows(rows: dict[str, list[list[float]]], deals: int, command: str) -> bytes:
    """Every deal's row, gzipped (reproducibly): both players' points over the deal's two
    seatings (whole numbers), then the strong player's face-down counts (see :func:`play_deal`)."""
    import gzip

    data = {
        "command": command,
        "deals_per_match": deals,
        "rows": "first's points, second's points (both seatings), strong's turned-up points, "
        "cards, replaced-unseen points, cards",
        "matches": {
            name: [[round(2 * r[0]), round(2 * r[1]), *map(int, r[2:])] for r in match_rows]
            for name, match_rows in rows.items()
        },
    }
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def figures_of(rows: dict[str, list[list[float]]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each match's figures, and the strong player's face-down figures, from the deals' rows
    (each player's points per hole: a row's first two numbers)."""
    figures: dict[str, Any] = {}
    turned: list[tuple[float, float]] = []
    replaced: list[tuple[float, float]] = []
    for match in matches():
        deal_rows = rows[match.name]
        figures[match.name] = {
            "first": match.first,
            "second": match.second,
            "first_hole_score": mean_figure([r[0] for r in deal_rows]),
            "second_hole_score": mean_figure([r[1] for r in deal_rows]),
            "margin": mean_figure([r[1] - r[0] for r in deal_rows]),
        }
        turned += [(r[2], r[3]) for r in deal_rows if r[3]]
        replaced += [(r[4], r[5]) for r in deal_rows if r[5]]
    face_down = {"turned_up": ratio_figure(turned), "replaced_unseen": ratio_figure(replaced)}
    return figures, face_down


def report(deals: int, rows: dict[str, list[list[float]]], command: str) -> dict[str, Any]:
    figures, face_down = figures_of(rows)
    return {
        "command": command,
        "about": (
            "6-Card Golf tournament: see generator/sixcard/tournament.py; 'margin' is the "
            "second player's mean points per hole less the first's (deals are the units, each "
            "played twice with the seats swapped); figures are mean, standard error, n and the "
            "95% interval mean +- 1.96 se"
        ),
        "deals_per_match": deals,
        "players": list(ALL_PLAYERS),
        "tips": [
            {
                "claim": tip.name,
                "habit": tip.habit,
                "reversed": tip.reversed,
                "neutral": tip.neutral,
                "neutral_match": (
                    tip.name + NEUTRAL_SUFFIX
                    if tip.habit is not None and tip.neutral_match
                    else None
                ),
            }
            for tip in TIPS
        ],
        "matches": figures,
        "strong_face_down": face_down,
    }


def output_path(out: str | None, update_data: bool, deals: int) -> Path:
    """Where the figures go: ``--out`` (never the package's data), or with ``--update-data``
    the committed file, if this run holds at least as many deals."""
    from generator.sixcard.errors import OptionsError

    if update_data:
        if out is not None:
            raise OptionsError("--update-data writes the committed figures; leave out --out")
        held = committed_deals()
        if held is not None and deals < held:
            raise OptionsError(
                f"generator/data/sixcard_tournament.json holds {held} deals per match; "
                f"--deals {deals} would replace it with fewer: give --deals {held} or more, or "
                "write elsewhere with --out PATH (and without --update-data)"
            )
        return OUTPUT
    return outside_package(out, DEFAULT_OUT)


def committed_deals(path: Path = OUTPUT) -> int | None:
    """The deals per match the figures at ``path`` hold (None: no file)."""
    return committed_count(path, "deals_per_match")


def main(
    deals: int | None,
    jobs: int | None,
    out: str | None,
    work: str | None,
    command: str,
    update_data: bool = False,
) -> int:
    """Run (or continue) the tournament and write its figures; see the module."""
    from generator.paths import in_package
    from generator.sixcard.errors import OptionsError

    deals = DEFAULT_DEALS if deals is None else deals
    if deals < 2:
        raise OptionsError(f"--deals must be 2 or more, not {deals}")
    path = output_path(out, update_data, deals)
    if work and in_package(Path(work)):
        raise OptionsError(f"--work {work}: that is inside the package; give another folder")
    jobs = jobs or os.cpu_count() or 1
    if jobs < 1:
        raise OptionsError(f"--jobs must be 1 or more, not {jobs}")
    started = time.monotonic()
    work_dir = Path(work) if work else WORK
    run(deals, jobs, work_dir)
    rows = load_deals(work_dir, deals)
    data = report(deals, rows, command)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(deals_path(path), deal_rows(rows, deals, command))
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")
    for name, fig in data["matches"].items():
        margin = fig["margin"]
        print(f"{name}: {margin['mean']:+.2f} points per hole {margin['ci95']}")
    print(f"wrote {path} in {time.monotonic() - started:.1f} s")
    return 0

"""Simulated holes: the figures behind the rules page's claims that only play can back.

``python -m generator six-card simulate [--holes N] [--jobs J] [--out PATH | --update-data] [--work DIR]``
plays :data:`DEFAULT_HOLES` holes (``--holes``) of each configuration in
:data:`CONFIGURATIONS` with each player of :data:`PLAYERS` in every seat, on
``--jobs`` processes (default: every core), and writes the figures to ``--out``
(default :data:`DEFAULT_OUT`), whose ``command`` records the command that made it.
``--update-data`` writes the committed :data:`OUTPUT` instead, and refuses a run of
fewer holes than it holds.

Variant options (``--row-rule [pairs|whole-row]``, ``--column-match``,
``--wild-twos``, ``--joker-pair``, ``--knock``, ``--peek``, ``--decks 1|2``) are
played on top of every configuration (:func:`configurations`; ``--decks`` sets
the double-deck configuration's decks too) and recorded in the output's
``options``; their chunks are kept in a folder of their own under ``--work``.
The committed figures are those of the configurations as they are:
``--update-data`` with a variant option is refused.

Hole ``i`` of a configuration and player is dealt from the seed
``"sixcard-sim/<configuration>/<player>/<i>"`` by seat ``i % players``; the
player's own choices come from ``random.Random(<that seed> + "/play")``. So the
figures depend on nothing but the number of holes.

The work is done in chunks of :data:`CHUNK` holes, each saved as soon as it is
done in ``--work`` (default ``_build/sixcard_simulation/``); an interrupted run
(Ctrl-C) loses no finished chunk and a rerun continues where it stopped. The
progress (holes done of all, rate, time left) goes to stderr.

Each figure is ``{"mean", "se", "n", "ci95": [low, high]}`` with the 95% interval
``mean ± 1.96 se``. A hole is the unit of sampling: per-card and per-column
figures are ratios over holes (their standard error by the delta method, so
cards of one hole are not counted as independent).
"""

from __future__ import annotations

import enum
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator import bounded
from generator.atomic import write_text_atomic
from generator.sixcard.chunked import committed_count, outside_package, play_chunks
from generator.sixcard.hole import Hole
from generator.sixcard.players import PLAYERS, play_hole
from generator.sixcard.rules import Layout, Options
from generator.sixcard.scoring import paired_columns

OUTPUT = Path(__file__).resolve().parents[1] / "data" / "sixcard_simulation.json"
"""The committed figures: written only with ``--update-data``."""
DEFAULT_OUT = Path("_build") / "sixcard_simulation.json"
"""Where the figures go without ``--out`` (under the current folder)."""
WORK = Path("_build") / "sixcard_simulation"
DEFAULT_HOLES = 20_000
"""Holes per configuration and player: enough for every claim's direction to be beyond
doubt, and about two to four minutes on two cores."""
CHUNK = 500
"""Holes per saved chunk."""
Z95 = 1.96


@dataclass(frozen=True)
class Configuration:
    name: str
    options: Options
    players: int


CONFIGURATIONS: tuple[Configuration, ...] = (
    Configuration("6-card", Options(), 4),
    Configuration("6-card-no-jokers", Options(jokers=False), 4),
    Configuration("4-card", Options(layout=Layout.FOUR), 4),
    Configuration("6-card-double-deck", Options(double_deck=True), 4),
    Configuration("9-card", Options(layout=Layout.NINE), 4),
)
"""What is simulated; every seat is played by the same player."""

Task = tuple[str, str, int, int]
"""(configuration, player, first hole, holes)."""
Variants = dict[str, Any]
"""Options fields played on top of every configuration (``{"knock": True}``)."""


def configurations(variants: Variants | None = None) -> tuple[Configuration, ...]:
    """:data:`CONFIGURATIONS` with ``variants`` on top (``decks`` replaces ``double_deck``);
    :class:`OptionsError` if a configuration cannot be played so.

    >>> [c.options.decks_for(c.players) for c in configurations({"decks": 1})]
    [1, 1, 1, 1, 1]
    >>> from generator.sixcard.rules import RowRule
    >>> configurations({"row_rule": RowRule.WHOLE_ROW})[0].options.row_rule
    <RowRule.WHOLE_ROW: 'whole-row'>
    """
    if not variants:
        return CONFIGURATIONS
    fields = dict(variants)
    if "decks" in fields:
        fields["double_deck"] = False
    result = tuple(replace(c, options=replace(c.options, **fields)) for c in CONFIGURATIONS)
    for config in result:
        config.options.check_players(config.players)
    return result


def recorded(variants: Variants | None) -> dict[str, Any]:
    """``variants`` as the output records them (enums by their values)."""
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in sorted((variants or {}).items())
    }


def variant_folder(work: Path, variants: Variants | None) -> Path:
    """Where the chunks of ``variants`` are kept: ``work`` itself for none."""
    if not variants:
        return work
    return work / ",".join(f"{name}={value}" for name, value in recorded(variants).items())


def play_one(config: Configuration, player: str, index: int) -> list[int]:
    """Play hole ``index``; return ``[score sum, seats, face-down points, face-down cards,
    paired columns, columns, ended by the turn limit, turns]``."""
    seed = f"sixcard-sim/{config.name}/{player}/{index}"
    hole = Hole(config.players, config.options, seed=seed, dealer=index % config.players)
    play_hole(hole, PLAYERS[player](), random.Random(seed + "/play"))
    grids = [hole.grid(seat) for seat in range(hole.players)]
    return [
        sum(hole.scores()),
        hole.players,
        sum(config.options.value(card) for card in hole.revealed),
        len(hole.revealed),
        sum(paired_columns(grid) for grid in grids),
        hole.players * config.options.layout.columns,
        int(hole.ended_by == "limit"),
        sum(hole.turns),
    ]


def chunk_path(work: Path, task: Task) -> Path:
    name, player, start, count = task
    return work / f"{name}__{player}__{start:07d}_{count}.json"


def run_chunk(job: tuple[Path, Task, Variants | None]) -> int:
    """Play one chunk and save it (atomically); return its number of holes."""
    work, task, variants = job
    name, player, start, count = task
    config = next(c for c in configurations(variants) if c.name == name)
    holes = [play_one(config, player, index) for index in range(start, start + count)]
    path = chunk_path(work, task)
    write_text_atomic(path, json.dumps({"task": list(task), "holes": holes}))
    return count


def tasks(holes: int) -> list[Task]:
    return [
        (config.name, player, start, min(CHUNK, holes - start))
        for config in CONFIGURATIONS
        for player in PLAYERS
        for start in range(0, holes, CHUNK)
    ]


def run(
    holes: int, jobs: int, work: Path, err: Any = sys.stderr, variants: Variants | None = None
) -> None:
    """Play every chunk not saved yet in ``work``, with a progress line on ``err``."""
    work.mkdir(parents=True, exist_ok=True)
    todo = [task for task in tasks(holes) if not chunk_path(work, task).exists()]
    total = len(CONFIGURATIONS) * len(PLAYERS) * holes
    done = total - sum(task[3] for task in todo)
    print(f"simulate: {done}/{total} holes already saved in {work}", file=err)
    if todo:
        jobs_list = [(work, task, variants) for task in todo]
        play_chunks("simulate", "holes", run_chunk, jobs_list, total, done, jobs, err)


# -- figures ---------------------------------------------------------------


def figure(mean: float, se: float, n: int) -> dict[str, Any]:
    return {
        "mean": round(mean, 4),
        "se": round(se, 4),
        "n": n,
        "ci95": [round(mean - Z95 * se, 4), round(mean + Z95 * se, 4)],
    }


def mean_figure(values: list[float]) -> dict[str, Any]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return figure(mean, math.sqrt(var / n), n)


def ratio_figure(pairs: Iterable[tuple[float, float]]) -> dict[str, Any]:
    """Σx / Σy over holes; its standard error by the delta method (holes are the units)."""
    rows = list(pairs)
    n = len(rows)
    sx, sy = sum(x for x, _ in rows), sum(y for _, y in rows)
    ratio = sx / sy
    ybar = sy / n
    var = sum((x - ratio * y) ** 2 for x, y in rows) / (n - 1)
    return {**figure(ratio, math.sqrt(var / n) / ybar, n), "units": int(sy)}


def load_holes(work: Path, holes: int) -> dict[tuple[str, str], list[list[int]]]:
    """Every saved chunk's holes; :class:`OptionsError` naming a chunk this command did not write."""
    from generator.sixcard.errors import OptionsError

    result: dict[tuple[str, str], list[list[int]]] = {}
    for task in tasks(holes):
        path = chunk_path(work, task)
        try:
            data = json.loads(bounded.read_text(path))
            rows = data["holes"]
            if (
                not isinstance(rows, list)
                or len(rows) != task[3]
                or not all(
                    isinstance(row, list)
                    and len(row) == 8
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in row)
                    for row in rows
                )
            ):
                raise ValueError(f"expected {task[3]} holes of 8 whole numbers")
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise OptionsError(
                f"{path}: not a chunk this command wrote ({error}); delete it and run again"
            ) from None
        result.setdefault((task[0], task[1]), []).extend(rows)
    return result


def figures(all_holes: dict[tuple[str, str], list[list[int]]]) -> dict[str, Any]:
    """The figures per configuration and player, and the pooled face-down card figure."""
    result: dict[str, Any] = {}
    for (name, player), rows in all_holes.items():
        result.setdefault(name, {})[player] = {
            "hole_score": mean_figure([r[0] / r[1] for r in rows]),
            "face_down_value": ratio_figure((r[2], r[3]) for r in rows),
            "paired_column_share": ratio_figure((r[4], r[5]) for r in rows),
            "pairs_per_grid": mean_figure([r[4] / r[1] for r in rows]),
            "turns_per_hole": mean_figure([float(r[7]) for r in rows]),
            "holes_ended_by_turn_limit": sum(r[6] for r in rows),
        }
    return result


def pooled_face_down(all_holes: dict[tuple[str, str], list[list[int]]], jokers: bool) -> Any:
    rows = [
        (r[2], r[3])
        for (name, _), holes in all_holes.items()
        for r in holes
        if next(c for c in CONFIGURATIONS if c.name == name).options.jokers == jokers
    ]
    return ratio_figure(rows)


def report(
    holes: int, work: Path, command: str, variants: Variants | None = None
) -> dict[str, Any]:
    all_holes = load_holes(work, holes)
    result: dict[str, Any] = {
        "command": command,
        "about": (
            "6-Card Golf simulation: see generator/sixcard/simulate.py; figures are "
            "mean, standard error, n (holes) and the 95% interval mean +- 1.96 se"
        ),
        "holes_per_configuration_and_player": holes,
        "configurations": {
            c.name: {
                "layout": c.options.layout.value,
                "players": c.players,
                "jokers": c.options.jokers,
                "decks": c.options.decks_for(c.players),
                "deck_mean": round(float(c.options.deck_mean(c.players)), 4),
            }
            for c in configurations(variants)
        },
        "players": list(PLAYERS),
        "face_down_value_pooled": {
            "with_jokers": pooled_face_down(all_holes, True),
            "without_jokers": pooled_face_down(all_holes, False),
        },
        "figures": figures(all_holes),
    }
    if variants:  # the committed figures (no variants) keep their shape
        result["options"] = recorded(variants)
    return result


def committed_holes(path: Path = OUTPUT) -> int | None:
    """The holes per configuration and player the figures at ``path`` hold (None: no file)."""
    return committed_count(path, "holes_per_configuration_and_player")


def output_path(
    out: str | None, update_data: bool, holes: int, variants: Variants | None = None
) -> Path:
    """Where the figures go: ``--out`` (never the package's data), or with ``--update-data`` the
    committed file, if this run holds at least as many holes."""
    from generator.sixcard.errors import OptionsError

    if update_data:
        if out is not None:
            raise OptionsError("--update-data writes the committed figures; leave out --out")
        if variants:
            flags = " ".join(f"--{name.replace('_', '-')}" for name in recorded(variants))
            raise OptionsError(
                f"--update-data writes the committed figures of the configurations as they "
                f"are; leave out {flags}, or write elsewhere with --out PATH"
            )
        held = committed_holes()
        if held is not None and holes < held:
            raise OptionsError(
                f"generator/data/sixcard_simulation.json holds {held} holes per configuration "
                f"and player; --holes {holes} would replace it with fewer: give --holes {held} "
                "or more, or write elsewhere with --out PATH (and without --update-data)"
            )
        return OUTPUT
    return outside_package(out, DEFAULT_OUT)


def main(
    holes: int | None,
    jobs: int | None,
    out: str | None,
    work: str | None,
    command: str,
    update_data: bool = False,
    variants: Variants | None = None,
) -> int:
    """Run (or continue) the simulation and write the figures; see the module."""
    from generator.sixcard.errors import OptionsError

    holes = DEFAULT_HOLES if holes is None else holes
    if holes < 2:
        raise OptionsError(f"--holes must be 2 or more, not {holes}")
    path = output_path(out, update_data, holes, variants)
    configurations(variants)  # refused before any work if a configuration cannot be played
    from generator.paths import in_package

    if work and in_package(Path(work)):
        raise OptionsError(f"--work {work}: that is inside the package; give another folder")
    jobs = jobs or os.cpu_count() or 1
    if jobs < 1:
        raise OptionsError(f"--jobs must be 1 or more, not {jobs}")
    work_dir = variant_folder(Path(work) if work else WORK, variants)
    started = time.monotonic()
    run(holes, jobs, work_dir, variants=variants)
    data = report(holes, work_dir, command, variants)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")
    from generator.sixcard.evidence import TOURNAMENT, judge

    # the page's claims are of the plain rules; the tips and "about 6" need the tournament's
    if not variants and TOURNAMENT.exists():
        for verdict in judge(data):
            print(f"{verdict.claim}: {verdict.verdict}: {verdict.detail}")
    print(f"wrote {path} in {time.monotonic() - started:.1f} s")
    return 0

"""Two paths for the 6-Card Golf simulation's figures: a random sample of its holes played
again, and each deck's mean worked out from the engine's card values.

``generator/data/sixcard_simulation.json`` holds aggregates of 20,000 holes per
configuration and player. Every hole is dealt from a seed made of its index, so any
hole can be played again (:func:`generator.sixcard.simulate.play_one`). ``check``
plays a random sample of them (the seed of the sample is printed with a failure) and
compares each committed mean with the sample's, allowing :data:`TOLERANCE` standard
errors of the sample: a forged figure further off than that stops the build. A
deck's mean is exact, so it must match exactly (to the four decimals kept).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from fractions import Fraction

from generator import bounded
from generator.paths import PACKAGE
from generator.sixcard.cards import JOKER, JOKERS_PER_DECK, parse_card
from generator.sixcard.simulate import CONFIGURATIONS, play_one

DATA = PACKAGE / "data" / "sixcard_simulation.json"
WHERE = "generator/data/sixcard_simulation.json"
HOLES = 40
"""Holes played again per configuration and player."""
TOLERANCE = 6.0
"""How many of the sample's standard errors a committed mean may be off: a true figure is
that far off about once in two million comparisons (Student's t, 39 degrees of freedom), and
``check`` makes about thirty of them."""


def _line(text: str, needle: str) -> int:
    return next((n for n, line in enumerate(text.splitlines(), 1) if needle in line), 1)


def deck_mean(options: object) -> Fraction:
    """The mean value of a card of one deck under ``options`` (Jokers or not)."""
    deck = [parse_card(f"{r}{s}") for r in "A23456789TJQK" for s in "CDHS"]
    if getattr(options, "jokers", True):
        deck += [JOKER] * JOKERS_PER_DECK
    values = [options.value(card) for card in deck]  # type: ignore[attr-defined]
    return Fraction(sum(values), len(values))


def _ratio(rows: list[tuple[float, float]]) -> tuple[float, float]:
    n = len(rows)
    sx, sy = sum(x for x, _ in rows), sum(y for _, y in rows)
    ratio = sx / sy
    var = sum((x - ratio * y) ** 2 for x, y in rows) / max(1, n - 1)
    return ratio, math.sqrt(var / n) / (sy / n)


def _mean(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def sample_problems(seed: int | None = None, holes: int = HOLES) -> Iterator[str]:
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    replay = f"sample seed {seed}: GOLF_CENSUS_SEED={seed} python -m generator check --only census"
    try:
        text = bounded.read_text(DATA)
        data = json.loads(text)
    except bounded.InputError as error:
        yield str(error)
        return
    except json.JSONDecodeError as error:
        yield f"{WHERE}:{error.lineno}: not JSON: {error.msg} (column {error.colno})"
        return
    try:
        committed_holes = int(data["holes_per_configuration_and_player"])
        configurations = data["configurations"]
        figures = data["figures"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        yield f"{WHERE}:1: cannot read the simulation's figures: {error}"
        return
    chooser = random.Random(seed)
    for config in CONFIGURATIONS:
        needle = '"' + config.name + '": {'
        where = f"{WHERE}:{_line(text, needle)}"
        recorded = configurations.get(config.name, {})
        exact = deck_mean(config.options)
        if round(float(exact), 4) != recorded.get("deck_mean"):
            yield (
                f"{where}: the deck mean of {config.name} is {float(exact):.4f} from the "
                f"engine's card values, the file says {recorded.get('deck_mean')}"
            )
        for player, shown in figures.get(config.name, {}).items():
            indices = chooser.sample(range(committed_holes), holes)
            rows = [play_one(config, player, index) for index in indices]
            checks = {
                "hole_score": _mean([r[0] / r[1] for r in rows]),
                "face_down_value": _ratio([(r[2], r[3]) for r in rows]),
                "paired_column_share": _ratio([(r[4], r[5]) for r in rows]),
            }
            for measure, (mean, se) in checks.items():
                committed = shown.get(measure, {}).get("mean")
                if committed is None:
                    yield f"{where}: no {measure} of {config.name} played by {player}"
                    continue
                off = abs(committed - mean)
                if off > TOLERANCE * max(se, 1e-9) + 1e-3:
                    yield (
                        f"{where}: {config.name} played by {player}: the file's {measure} "
                        f"{committed} is {off / max(se, 1e-9):.1f} standard errors from "
                        f"{holes} of its holes played again ({mean:.4f} ± {se:.4f}; {replay})"
                    )
    pooled = data.get("face_down_value_pooled", {})
    for key, jokers in (("with_jokers", True), ("without_jokers", False)):
        parts = [
            (f["face_down_value"]["mean"], f["face_down_value"].get("units", 0))
            for c in CONFIGURATIONS
            if c.options.jokers == jokers
            for f in figures.get(c.name, {}).values()
            if "face_down_value" in f
        ]
        units = sum(u for _, u in parts)
        fig = pooled.get(key, {})
        if not units or "mean" not in fig:
            yield f"{WHERE}:{_line(text, key)}: no pooled face-down figure {key}"
            continue
        weighted = sum(m * u for m, u in parts) / units
        if abs(weighted - fig["mean"]) > 0.002 or fig.get("units") != units:
            yield (
                f"{WHERE}:{_line(text, key)}: the pooled face-down value {key} is {fig['mean']} "
                f"over {fig.get('units')} cards; its configurations' figures give "
                f"{weighted:.4f} over {units}"
            )

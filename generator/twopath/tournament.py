"""A second path for the 6-Card Golf tournament's figures: worked out again from every deal's
row, and a random sample of the deals played again.

``generator/data/sixcard_tournament.json`` holds each match's figures over thousands of
deals, and ``sixcard_tournament.deals.json.gz`` beside it every deal's row. ``check`` works
every figure out again from the rows (they must agree exactly), and plays a random sample of
each match's deals again, the tips' neutral matches too
(:func:`generator.sixcard.tournament.play_deal`: every deal comes from a seed made of its match
and index), whose rows must be the file's exactly; the seed of the sample is printed with a
failure.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator

from generator import bounded
from generator.paths import PACKAGE
from generator.sixcard.tournament import (
    NEUTRAL_SUFFIX,
    TIPS,
    deals_path,
    figures_of,
    matches,
    play_deal,
)

DATA = PACKAGE / "data" / "sixcard_tournament.json"
WHERE = "generator/data/sixcard_tournament.json"
DEALS = 6
"""Deals played again per match (each twice: about a quarter of a second a match)."""
TIPS_KEY = '"tips"'


def _line(text: str, needle: str) -> int:
    return next((n for n, line in enumerate(text.splitlines(), 1) if needle in line), 1)


def sample_problems(seed: int | None = None, deals: int = DEALS) -> Iterator[str]:
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    replay = f"sample seed {seed}: GOLF_CENSUS_SEED={seed} python -m generator check --only census"
    rows_file = deals_path(DATA)
    rows_where = f"{WHERE.removesuffix('.json')}.deals.json.gz"
    try:
        text = bounded.read_text(DATA)
        data = json.loads(text)
    except bounded.InputError as error:
        yield str(error)
        return
    except json.JSONDecodeError as error:
        yield f"{WHERE}:{error.lineno}: not JSON: {error.msg} (column {error.colno})"
        return
    except OSError as error:
        yield f"{WHERE}:1: cannot read the tournament's figures: {error}"
        return
    try:
        # bounded: a bomb (a few MB of gzip, a GB of JSON) is one line, not the machine's memory
        stored = json.loads(bounded.read_gzip(rows_file))
        rows = {
            name: [[r[0] / 2, r[1] / 2, *r[2:]] for r in match_rows]
            for name, match_rows in stored["matches"].items()
        }
    except bounded.InputError as error:
        yield str(error)
        return
    except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError, IndexError) as error:
        yield f"{rows_where}:1: cannot read the deals' rows: {error}"
        return
    try:
        committed = int(data["deals_per_match"])
        figures = data["matches"]
        tips = [(t["claim"], t["habit"], t.get("neutral_match")) for t in data["tips"]]
    except (ValueError, KeyError, TypeError) as error:
        yield f"{WHERE}:1: cannot read the tournament's figures: {error}"
        return
    if (stored.get("command"), stored.get("deals_per_match")) != (data.get("command"), committed):
        yield f"{rows_where}:1: its command or deal count is not the figures' ({WHERE})"
        return
    neutral = {m.name for m in matches()}
    want = [
        (
            tip.name,
            tip.habit,
            tip.name + NEUTRAL_SUFFIX if tip.name + NEUTRAL_SUFFIX in neutral else None,
        )
        for tip in TIPS
    ]
    if tips != want:
        yield f"{WHERE}:{_line(text, TIPS_KEY)}: its tips are not the tournament's: {tips}"
    names = [match.name for match in matches()]
    if sorted(rows) != sorted(names) or any(len(rows[n]) != committed for n in names):
        yield f"{rows_where}:1: it does not hold {committed} deals of each match ({', '.join(names)})"
        return
    again, face_down = figures_of(rows)
    for match in matches():
        needle = '"' + match.name + '": {'
        where = f"{WHERE}:{_line(text, needle)}"
        if figures.get(match.name) != again[match.name]:
            yield (
                f"{where}: {match.name}: the figures are not those of its {committed} deals' rows "
                f"({rows_where}): {json.dumps(again[match.name]['margin'])} for the margin"
            )
    if data.get("strong_face_down") != face_down:
        yield (
            f"{WHERE}:{_line(text, 'strong_face_down')}: the strong player's face-down figures "
            f"are not those of the deals' rows ({rows_where})"
        )
    chooser = random.Random(seed)
    for match in matches():
        for index in chooser.sample(range(committed), deals):
            played = play_deal(match, index)
            if played != rows[match.name][index]:
                yield (
                    f"{rows_where}:1: {match.name}, deal {index}: the row says "
                    f"{rows[match.name][index]}, the deal played again gives {played} ({replay})"
                )

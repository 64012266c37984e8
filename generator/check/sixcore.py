"""Part ``sixcard-core``: the 6-Card Golf engine's C core, which plays the game in the page, held
to the Python engine: a sample of the differential test's holes played through both (the deal,
every legal action, the cards, the scores, the players' moves; see
:mod:`generator.sixcard.differential`), and the committed tournament's match of the greedy and
the strong player replayed in the C core deal by deal."""

from __future__ import annotations

import json
from pathlib import Path

from generator import bounded
from generator.check.common import Problems
from generator.paths import PACKAGE

SAMPLE_HOLES = 40
"""Holes of the differential run that check plays (the tests play 2,000)."""
SAMPLE_DEALS = 200
"""Deals of the tournament's greedy-against-strong match that check replays (the tests 4,000)."""
MATCH = "greedy-vs-strong"


def tournament_rows(match: str = MATCH) -> list[list[int]]:
    """The committed tournament's rows of ``match``: each deal's points of both players."""
    from generator.sixcard.tournament import OUTPUT, deals_path

    # bounded: a bomb (a few MB of gzip, a GB of JSON) is one line, not the machine's memory
    data = json.loads(bounded.read_gzip(deals_path(OUTPUT)))
    rows: list[list[int]] = data["matches"][match]
    return rows


def replay_deal(index: int, core: object, match: str = MATCH) -> list[int]:
    """Deal ``index`` of the tournament's ``match`` (greedy against strong) played twice in the
    C core, the seats swapped: each player's points over both seatings, as a committed row."""
    from generator.sixcard.ccore import Core, CoreHole
    from generator.sixcard.tournament import OPTIONS, PLAYERS_PER_DEAL, matches

    assert isinstance(core, Core)
    found = next(m for m in matches() if m.name == match)
    names = (found.first, found.second)
    seed = f"sixcard-tournament/{match}/{index}"
    totals = [0, 0]
    for seating in range(2):
        seats = names if seating == 0 else names[::-1]
        hole = CoreHole(PLAYERS_PER_DEAL, OPTIONS, seed, index % PLAYERS_PER_DEAL, core=core)
        hole.play_out(seats)
        for seat, score in enumerate(hole.state().scores):
            totals[names.index(seats[seat])] += score
    return totals


def check_sixcard_core() -> Problems:
    from generator.sixcard.ccore import Core
    from generator.sixcard.cvalues import SOURCE
    from generator.sixcard.differential import DifferentialError, play_both

    where = Path(SOURCE).relative_to(PACKAGE.parent).as_posix()
    core = Core()
    for index in range(SAMPLE_HOLES):
        try:
            play_both(index, core)
        except DifferentialError as error:
            yield f"{where}: the C core and the Python engine part: {error}"
            return
    rows = tournament_rows()
    for index in range(SAMPLE_DEALS):
        got = replay_deal(index, core)
        if got != rows[index][:2]:
            yield (
                f"{where}: deal {index} of the tournament's {MATCH} match scores {got} in the C "
                f"core, {rows[index][:2]} in the committed tournament"
            )
            return

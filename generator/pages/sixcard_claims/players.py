"""The page's "Players": how many play each layout, the direction of play, the cut for the
first dealer and the deal passing from hole to hole."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words, one_value
from generator.pages.sixcard_claims.dealing import cut_deals
from generator.pages.sixcard_claims.play import turn_direction
from generator.pages.sixcard_claims.sentences import INDEX, S
from generator.pages.sixcard_claims.situations import TURNS, Facts, claim, direction
from generator.sixcard.errors import OptionsError
from generator.sixcard.hole import Hole
from generator.sixcard.match import Match
from generator.sixcard.rules import Layout, Options

CUT_DEALS = Words(
    "card of the cut that deals", {"lowest": "lowest", "highest": "highest"}, reads="extreme"
)


def deal_direction(facts: Facts) -> Any:
    """Where the deal goes from hole to hole of a match."""
    return one_value(
        {
            direction(players, Match(players).dealer_of(k), Match(players).dealer_of(k + 1))
            for players in range(3, 7)
            for k in range(6)
        }
    )


@claim(
    "six-players",
    S["summary"],
    S["players"],
    S["four_card"],
    S["nine_card"],
    INDEX,
    says=[
        Says(S["players"], "Play goes {};", TURNS, turn_direction),
        Says(S["players"], "chosen by cutting ({} card deals)", CUT_DEALS, cut_deals),
        Says(S["players"], "the deal passes {} after each hole", TURNS, deal_direction),
    ],
)
def players(facts: Facts) -> list[str]:
    found = []
    for layout in Layout:
        low, high = facts[f"{layout.name.lower()}_min"], facts[f"{layout.name.lower()}_max"]
        for count in range(1, 9):
            try:
                Hole(count, Options(layout=layout), seed=0)
                allowed = True
            except OptionsError:
                allowed = False
            if allowed != (low <= count <= high):
                found.append(
                    f"{layout.value} with {count} players is {'' if allowed else 'not '}dealt"
                )
    return found

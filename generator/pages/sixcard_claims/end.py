"""The page's "The end of a hole": the hole ends when a grid is all face up, the others get one
last turn, no bonus or penalty for the player who ended it."""

from __future__ import annotations

import random
from typing import Any

from generator.pages.claims import Says, Words, one_value
from generator.pages.sixcard_claims.play import turn_direction
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import MORE_TURNS, TURNS, Facts, claim, seeded_holes
from generator.sixcard.hole import Hole
from generator.sixcard.players import RandomPlayer
from generator.sixcard.rules import Options

LAST_TURNS = Words(
    "last turns per player", {1: "ONE LAST TURN", 2: "TWO LAST TURNS"}, reads="count"
)


def last_turns_each(facts: Facts) -> Any:
    """How many last turns each other player gets once a player ended the hole."""
    counts = set()
    for hole in seeded_holes(Options(), 4, count=12):
        if hole.ended_by == "out" and hole.ender is not None:
            others = [s for s in range(hole.players) if s != hole.ender]
            counts |= {hole.last_turns_taken.count(seat) for seat in others}
    return one_value(counts)


def ender_bonus(facts: Facts) -> Any:
    """What the player who went out gets on top of their grid's score, by default."""
    return one_value(
        {
            hole.scores()[hole.ender] - hole.grid_scores()[hole.ender].score
            for hole in seeded_holes(Options(), 4, count=12)
            if hole.ended_by == "out" and hole.ender is not None
        }
    )


def turned_up_when(facts: Facts) -> Any:
    """When the face-down cards left in the grids are turned up: ``after`` the last turns
    (face-down cards remain until the last turn is played, none once the hole is over)."""
    sides = set()
    for seed in range(8):
        hole = Hole(4, Options(), seed=seed, dealer=seed % 4)
        rng, player = random.Random(seed), RandomPlayer()
        down_at_last = False
        while not hole.over:
            down_at_last = not all(all(up) for up in hole.face_up)
            hole.play(player.choose(hole, rng))
        if hole.ended_by != "out":
            continue
        up_at_end = all(all(up) for up in hole.face_up)
        sides.add("after" if up_at_end and down_at_last else "neither")
    return one_value(sides)


@claim(
    "six-end",
    S["summary"],
    S["hole_ends"],
    S["last_turns"],
    S["scored"],
    S["ender"],
    says=[
        Says(S["summary"], "every other player gets {} and", MORE_TURNS, last_turns_each),
        Says(
            S["ender"],
            "the player who ended the hole gets {};",
            Words(
                "ender's bonus",
                {0: "no bonus or penalty", 10: "a penalty", -10: "a bonus"},
                reads="sign",
            ),
            ender_bonus,
        ),
        Says(S["last_turns"], "Play goes on {};", TURNS, turn_direction),
        Says(S["last_turns"], "every other player gets {} to respond", LAST_TURNS, last_turns_each),
        Says(
            S["scored"],
            "{} the last turns every player turns up the remaining face-down cards",
            Words(
                "when the last cards are turned up",
                {"after": "After", "before": "Before"},
                reads="order",
            ),
            turned_up_when,
        ),
    ],
)
def end(facts: Facts) -> list[str]:
    found = []
    for hole in seeded_holes(Options(), 4):
        if hole.ended_by != "out":
            continue
        ender = hole.ender
        assert ender is not None
        others = sorted(s for s in range(4) if s != ender)
        if sorted(hole.last_turns_taken) != others:
            found.append(
                f"after seat {ender} went out, the last turns were {hole.last_turns_taken}"
            )
        if hole.scores() != tuple(g.score for g in hole.grid_scores()):
            found.append("the player who ended the hole gets a bonus or a penalty by default")
        if not all(all(up) for up in hole.face_up):
            found.append("not every card is turned up for the score")
    return found[:3]

"""The page's "Winning" (and "Object", the home page's sentence): the lowest total over the
holes of a match wins."""

from __future__ import annotations

import random
from typing import Any

from generator.pages.claims import Says, Words, one_value
from generator.pages.sixcard_claims.sentences import INDEX, S
from generator.pages.sixcard_claims.situations import WINS, Facts, claim, grid
from generator.sixcard.match import Match
from generator.sixcard.players import RandomPlayer, play_hole
from generator.sixcard.scoring import score_grid


def winner_order(facts: Facts) -> Any:
    """Which total wins a match: the winners' totals against the others', matches of random
    players."""
    orders = set()
    for seed in range(4):
        match = Match(3, holes=2, seed=seed)
        for number in range(2):
            play_hole(match.start_hole(), RandomPlayer(), random.Random(seed * 10 + number))
        totals = match.totals()
        won = {totals[seat] for seat in match.winners()}
        lost = [t for seat, t in enumerate(totals) if seat not in match.winners()]
        orders.add(
            "lowest"
            if all(w < t for w in won for t in lost)
            else "highest"
            if all(w > t for w in won for t in lost)
            else "neither"
        )
    return one_value(orders)


def lower_card_change(facts: Facts) -> Any:
    """What replacing a high card of a grid with a lower one does to its total: ``lower`` it
    (a Queen, a Ten and a Nine each replaced by a Three, in grids without pairs)."""
    changes = set()
    for high in ("QS", "TS", "9S"):
        before = score_grid(grid(f"{high} 8C 5D", "7H 2D 4S")).score
        after = score_grid(grid("3S 8C 5D", "7H 2D 4S")).score
        changes.add("lower" if after < before else "higher" if after > before else "same")
    return one_value(changes)


def better_cards(facts: Facts) -> Any:
    """Which cards a player replaces high ones with to win: ``lower`` ones when replacing a
    high card with a lower one lowers the total and the lowest total wins."""
    change, wins = lower_card_change(facts), winner_order(facts)
    if change not in ("lower", "higher") or wins not in ("lowest", "highest"):
        return "neither"
    return "lower" if (change == "lower") == (wins == "lowest") else "higher"


def totals_when(facts: Facts) -> str:
    """When a match's totals decide it: ``after`` the agreed number of holes (the match is
    over once its last hole is played, not before)."""
    match = Match(3, holes=facts["holes"], seed=2)
    over_early = False
    for number in range(facts["holes"]):
        over_early |= match.is_over()
        play_hole(match.start_hole(), RandomPlayer(), random.Random(number))
        match.finish_hole()
    return "after" if match.is_over() and not over_early else "neither"


REPLACED_WITH = Words(
    "cards a player replaces high ones with",
    {"lower": "lower", "higher": "higher"},
    reads="comparison",
)


@claim(
    "six-match",
    S["intro"],
    S["summary"],
    S["object"],
    S["scoreboard"],
    S["winning"],
    S["glossary_hole"],
    INDEX,
    says=[
        Says(S["intro"], "in which the {} score wins", WINS, winner_order),
        Says(
            S["summary"],
            "the {} the score, the better",
            Words("score that wins", {"lowest": "lower", "highest": "higher"}, reads="extreme"),
            winner_order,
        ),
        Says(S["summary"], "the player with the {} cumulative score wins", WINS, winner_order),
        Says(S["object"], "Get the {} total score", WINS, winner_order),
        Says(
            S["winning"],
            "{} the agreed number of holes",
            Words(
                "when the hole scores are added up",
                {"after": "After", "before": "Before"},
                reads="order",
            ),
            totals_when,
        ),
        Says(S["intro"], "tries to replace high cards with {} ones", REPLACED_WITH, better_cards),
        Says(S["object"], "by replacing high cards with {} ones", REPLACED_WITH, better_cards),
        Says(
            S["object"],
            "In each hole you {} the total of your",
            Words(
                "what replacing a high card with a lower one does to the total",
                {"lower": "lower", "higher": "raise"},
                reads="comparison",
            ),
            lower_card_change,
        ),
        Says(S["winning"], "The {} cumulative score wins the match", WINS, winner_order),
        Says(INDEX, "the {} score over %(holes)s holes wins", WINS, winner_order),
    ],
)
def match(facts: Facts) -> list[str]:
    found = []
    if Match(3).holes != facts["holes"]:
        found.append(f"a match has {Match(3).holes} holes by default")
    long = Match(3, holes=facts["long_holes"], seed=1)
    dealers = [long.dealer_of(k) for k in range(4)]
    if dealers != [0, 1, 2, 0]:
        found.append(f"the deal goes to seats {dealers}, not clockwise")
    scores = []
    for number in range(facts["long_holes"]):
        hole = long.start_hole()
        play_hole(hole, RandomPlayer(), random.Random(number))
        scores.append(hole.scores())
        long.finish_hole()
    totals = [sum(hole[seat] for hole in scores) for seat in range(3)]
    if long.winners() != [s for s, t in enumerate(totals) if t == min(totals)]:
        found.append(f"with totals {totals} the winners are {long.winners()}")
    return found

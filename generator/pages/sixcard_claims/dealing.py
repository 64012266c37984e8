"""The page's "Setting up and dealing": the cut, the deal one card at a time, the grid laid
out, the stock and the discard pile, the cards turned up and who plays first."""

from __future__ import annotations

import itertools
from typing import Any

from generator.pages.claims import Says, Words, counted, one_value
from generator.pages.sixcard_claims.cards import decks_used
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import TURNS, Facts, claim, direction
from generator.sixcard.hole import Hole
from generator.sixcard.match import cut_for_dealer
from generator.sixcard.rules import Layout, Options

SIDES = Words("side of the dealer", {"right": "right", "left": "left"}, reads="side")


def _side(players: int, dealer: int, seat: int) -> str:
    """The side of the dealer ``seat`` sits on (seats go clockwise: the player to a seat's
    left is the next seat); ``"neither"`` for a seat next to the dealer on neither side."""
    if seat == (dealer + 1) % players:
        return "left"
    if seat == (dealer - 1) % players:
        return "right"
    return "neither"


def cutter_side(facts: Facts) -> Any:
    """The side of the dealer the seat that cuts sits on, at tables of 3 to 6 (with two
    players the other player is on both sides)."""
    return one_value(
        {
            _side(players, dealer, Hole(players, Options(), seed=players, dealer=dealer).cutter)
            for players in range(3, 7)
            for dealer in range(players)
        }
    )


def first_turn_side(facts: Facts) -> Any:
    """The side of the dealer the player who takes the first turn sits on."""
    return one_value(
        {
            _side(players, dealer, Hole(players, Options(), seed=dealer, dealer=dealer).current)
            for players in range(3, 7)
            for dealer in range(players)
        }
    )


def cut_deals(facts: Facts) -> Any:
    """Which card of the cut for the first dealer deals: the dealer's card against the
    others of the last round of cutting, over many cuts."""
    orders = set()
    for seed in range(200):
        cut = cut_for_dealer(2 + seed % 5, seed)
        ranks = {seat: card.rank for seat, card in cut.rounds[-1]}
        mine = ranks.pop(cut.dealer)
        orders.add(
            "lowest"
            if all(mine < r for r in ranks.values())
            else "highest"
            if all(mine > r for r in ranks.values())
            else "neither"
        )
    return one_value(orders)


def deal_order_direction(facts: Facts) -> Any:
    """Where each card of the deal goes after the one before: holes of 3 to 6."""
    seen = set()
    for players in range(3, 7):
        order = Hole(players, Options(), seed=players, dealer=1).deal_order
        seen |= {direction(players, a, b) for a, b in itertools.pairwise(order)}
    return one_value(seen)


def turned_at_start(facts: Facts) -> Any:
    """How many cards each player has face up at the start of a 6-card hole."""
    return one_value({sum(Hole(4, Options(), seed=seed).face_up[0]) for seed in range(5)})


@claim(
    "six-deal",
    S["summary"],
    S["deal"],
    S["lay_out"],
    S["stock"],
    S["turn_up"],
    S["first_turn"],
    says=[
        Says(S["deal"], "one at a time, {}", TURNS, lambda facts: deal_order_direction(facts)),
        Says(
            S["turn_up"], "the {} turned cards", counted("cards up at the start"), turned_at_start
        ),
        Says(S["first_turn"], "the dealer's {} takes the first turn", SIDES, first_turn_side),
    ],
)
def deal(facts: Facts) -> list[str]:
    found = []
    players, dealer = 4, 2
    hole = Hole(players, Options(), seed=11, dealer=dealer)
    six: Layout = facts["six"]
    order = [(dealer + 1 + k) % players for k in range(players)] * six.size
    if hole.deal_order != order:
        found.append(
            f"the cards are dealt to seats {hole.deal_order[:8]}..., not one at a time "
            "clockwise from the dealer's left"
        )
    for seat in range(players):
        shape = hole.grid(seat)
        if (len(shape), len(shape[0])) != (six.rows, six.columns):
            found.append(f"a grid is {len(shape)}x{len(shape[0])}")
        up = sum(hole.face_up[seat])
        if up != facts["face_up"]:
            found.append(f"a player starts with {up} cards up, the page says {facts['face_up']}")
    if len(hole.discard) != 1 or len(hole.stock) + 1 + players * six.size != len(hole.deck):
        found.append("the cards left over are not the stock and one card face up beside it")
    if hole.current != (dealer + 1) % players:
        found.append(f"seat {hole.current} starts, not the player left of the dealer")
    return found


@claim(
    "six-cut",
    S["cut"],
    says=[
        Says(S["cut"], "The player to the dealer's {} cuts", SIDES, cutter_side),
        Says(
            S["cut"],
            "(or {} decks)",
            counted("decks a hole is dealt from at most", {2: "both", 3: "all three"}),
            lambda facts: max(decks_used(facts)),
        ),
    ],
)
def cut(facts: Facts) -> list[str]:
    """Another player than the dealer cuts; the side the sentence names is measured by
    :func:`cutter_side` (seats go clockwise, so the player to a seat's left is the next seat)."""
    found = []
    for players in range(2, 7):
        for dealer in range(players):
            hole = Hole(players, Options(), seed=players, dealer=dealer)
            if hole.cutter == dealer or not 0 <= hole.cutter < players:
                found.append(f"with {players} players and dealer {dealer}, seat {hole.cutter} cuts")
    return found[:3]

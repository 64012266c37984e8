"""The page's "Play": a turn (draw, then replace or discard and turn up), the anti-stall rule,
the turn passing clockwise, the stock rebuilt when it runs out."""

from __future__ import annotations

import copy
import random
from typing import Any

from generator.pages.claims import Says, Words, can, one_value
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import MAY, TURNS, Facts, claim, direction, slot
from generator.sixcard.cards import JOKER
from generator.sixcard.errors import Reason
from generator.sixcard.hole import Action, Hole
from generator.sixcard.rules import DEFAULT_OPTIONS, Options

MUST = Words("obligation", {True: "must", False: "may"}, reads="obligation")
CAN = can("permission")


def turn_direction(facts: Facts) -> Any:
    """Where the turn goes after a turn: holes of 3 to 5 played by random legal players."""
    seen = set()
    for players in range(3, 6):
        hole = Hole(players, Options(), seed=players, dealer=0)
        rng = random.Random(players)
        for _ in range(3 * players):
            seat = hole.current
            hole.play(hole.legal_actions()[0])  # a draw
            finishing = [a for a in hole.legal_actions()]
            hole.play(rng.choice(finishing))
            if hole.over or hole.ending:
                break
            seen.add(direction(players, seat, hole.current))
    return one_value(seen)


def _after_draw_from(pile: str, seed: int = 4) -> tuple[Hole, int]:
    """A hole of 3 whose first player has drawn from ``pile`` (``stock`` or ``discard``)."""
    hole = Hole(3, Options(), seed=seed, dealer=0)
    seat = hole.current
    hole.play(Action.draw_stock(seat) if pile == "stock" else Action.draw_discard(seat))
    return hole, seat


def _discard_allowed(pile: str) -> bool:
    hole, seat = _after_draw_from(pile)
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    return hole.refusal(Action.discard(seat, *slot(hole, down[0]))) is None


def put_back_discard(facts: Facts) -> bool:
    """Whether a card taken from the discard pile may be discarded again."""
    return _discard_allowed("discard")


def discard_from_stock(facts: Facts) -> bool:
    """Whether a card drawn from the stock may be discarded (to turn a card up)."""
    return _discard_allowed("stock")


def must_draw_first(facts: Facts) -> bool:
    """Whether a player must draw before anything else: a replacement before drawing."""
    hole = Hole(3, Options(), seed=4, dealer=0)
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    return hole.refusal(Action.replace(seat, *slot(hole, down[0]))) is Reason.DRAW_FIRST


def must_place_or_discard(facts: Facts) -> Any:
    """Whether a player who has drawn must replace a grid card or discard (and turn one up):
    nothing else is legal then, from the stock or the discard pile."""
    kinds = set()
    for pile in ("stock", "discard"):
        hole, _seat = _after_draw_from(pile)
        kinds |= {action.kind for action in hole.legal_actions()}
    return kinds <= {"replace", "discard"} and "replace" in kinds


def turn_up_when(facts: Facts) -> str:
    """When a player may turn a grid card up: ``after`` drawing a card from the stock (and
    discarding it, in one action), not before drawing and not after taking the top discard."""
    hole = Hole(3, Options(), seed=4, dealer=0)
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    before = hole.refusal(Action.discard(seat, *slot(hole, down[0]))) is None
    after, from_pile = discard_from_stock(facts), put_back_discard(facts)
    if after and not before and not from_pile:
        return "after"
    return "before" if before and not after else "neither"


@claim(
    "six-turn",
    S["summary"],
    S["draw"],
    S["decide"],
    S["replace"],
    S["discard_and_turn"],
    S["clockwise"],
    S["tip_anti_stall"],
    S["glossary_replace"],
    S["glossary_turn_up"],
    says=[
        Says(S["draw"], "You {} draw before any other action", MUST, must_draw_first),
        Says(S["decide"], "you {} now either REPLACE", MUST, must_place_or_discard),
        Says(
            S["tip_anti_stall"],
            "discard pile {} go into your grid",
            Words("obligation", {True: "MUST", False: "may"}, reads="obligation"),
            lambda facts: not put_back_discard(facts),
        ),
        Says(S["discard_and_turn"], "you {} choose to discard that card", MAY, discard_from_stock),
        Says(
            S["discard_and_turn"],
            "You {} put a card taken from the discard pile straight back",
            MAY,
            put_back_discard,
        ),
        Says(S["clockwise"], "The turn passes {}.", TURNS, turn_direction),
        Says(S["tip_anti_stall"], "you {} put it straight back", CAN, put_back_discard),
        Says(
            S["glossary_turn_up"],
            "(only {} discarding a card drawn from the stock)",
            Words(
                "when a card may be turned up",
                {"after": "after", "before": "before"},
                reads="order",
            ),
            turn_up_when,
        ),
    ],
)
def turn(facts: Facts) -> list[str]:
    found = []
    hole = Hole(3, Options(), seed=4, dealer=0)
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    row, column = slot(hole, down[0])
    if hole.refusal(Action.replace(seat, row, column)) is not Reason.DRAW_FIRST:
        found.append("a player may replace a card before drawing")
    top = hole.discard[-1]
    hole.play(Action.draw_discard(seat))
    if hole.refusal(Action.discard(seat, row, column)) is not Reason.ANTI_STALL:
        found.append("a card taken from the discard pile may be discarded again")
    old = hole.grid(seat)[row - 1][column - 1]
    hole.play(Action.replace(seat, row, column))
    if hole.grid(seat)[row - 1][column - 1] != top or not hole.face_up[seat][down[0]]:
        found.append("the card taken does not lie face up in the grid")
    if hole.discard[-1] != old:
        found.append("the replaced card does not go onto the discard pile")
    if hole.current != (seat + 1) % 3:
        found.append("the turn does not pass clockwise")
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    row, column = slot(hole, down[0])
    hole.play(Action.draw_stock(seat))
    drawn = hole.hand
    if hole.refusal(Action.discard(seat, row, column)) is not None:
        found.append("a card drawn from the stock may not be discarded to turn a card up")
    hole.play(Action.discard(seat, row, column))
    if hole.discard[-1] != drawn or not hole.face_up[seat][down[0]]:
        found.append("discarding the card drawn does not turn the face-down card up")
    return found


@claim("six-stock-out", S["stock_out"])
def stock_out(facts: Facts) -> list[str]:
    """Holes played until their stock runs out: at the end of that turn
    the discard pile but its top card is the new stock (every card of it, shuffled) and the top
    card stays. Each turn's end is also played on a copy whose stock holds one more card, so
    that the pile as it lay before the rebuild is seen."""
    found: list[str] = []
    rebuilds = 0
    for seed in range(20):
        hole = Hole(2, DEFAULT_OPTIONS, seed=seed, dealer=0)
        rng = random.Random(seed)
        while not hole.over and rebuilds < 12:
            # a player who draws from the stock and lays the card on a face-up place: the
            # hole goes on until the stock runs out
            actions = hole.legal_actions()
            draws = [a for a in actions if a.kind == "draw-stock"]
            onto_up = [
                a
                for a in actions
                if a.kind == "replace" and hole.face_up[a.player][hole._index(a.row, a.column)]
            ]
            action = draws[0] if draws else rng.choice(onto_up or actions)
            if hole.stock:  # only a turn that ends on an empty stock rebuilds it
                hole.play(action)
                continue
            before = copy.deepcopy(hole)
            before.stock.insert(0, JOKER)  # a card more at the bottom: no rebuild there
            hole.play(action)
            if hole.rebuilds == before.rebuilds:
                continue
            before.play(action)
            rebuilds += 1
            pile = before.discard
            if hole.discard != pile[-1:]:
                found.append(f"after a rebuild the discard pile is {hole.discard}, not {pile[-1:]}")
            if sorted(map(str, hole.stock)) != sorted(map(str, pile[:-1])):
                found.append(
                    f"the new stock is not the discard pile but its top card: {hole.stock}"
                )
    if rebuilds < 3:
        found.append(f"only {rebuilds} stocks ran out in the holes played: play more")
    return found[:3]

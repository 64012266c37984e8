"""The rules page's "The stock": drawing, once through the stock, at any time in the app (and
the strict rules' drawing, which "The app's choices and the traditional rules" compares)."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words, can, one_value
from generator.pages.patience_claims.situations import (
    APP_RULES,
    MAY,
    card,
    claim,
    situation,
    stuck_game,
)
from generator.patience import STOCK_SIZE, Card, IllegalMoveError, Move, Reason, Rules

PASSES = Words(
    "number of passes through the stock",
    {1: "only once: there is no redeal", 2: "twice", 3: "three times"},
    reads="count",
)
CAN = can("permission")
STRICT_DRAW = Words(
    "strict rules' drawing",
    {False: "only when no move is possible", True: "at any time"},
    reads="any-time",
)
DRAW_POINTS = Words(
    "points of a draw",
    {0: "no points", 1: "one point", 5: "five points", 10: "ten points"},
    reads="count",
)


def passes(facts: dict[str, Any]) -> int:
    """How often a player goes through the stock: a game in which nothing fits, drawn from
    as long as the engine lets it (a redeal would turn the waste pile over again)."""
    game = situation(card(8, "C"), rules=Rules.EASY)
    draws = 0
    while draws <= 4 * STOCK_SIZE:
        draw = next((m for m in game.legal_moves() if m.action == "draw"), None)
        if draw is None:
            break
        game.play(draw)
        draws += 1
    return -(-draws // STOCK_SIZE)


def draws_while_a_card_fits(rules: Rules) -> bool:
    """Whether ``rules`` let a player draw while a free card fits the waste card."""
    game = situation(card(8, "C"), [card(9, "H")], rules=rules)
    return game.refusal(Move.draw(game.stock[0])) is None


def app_draws_any_time(facts: dict[str, Any]) -> Any:
    """Whether the app's rule sets let a player draw while a card fits."""
    return one_value({draws_while_a_card_fits(rules) for rules in APP_RULES})


def strict_draws_any_time(facts: dict[str, Any]) -> bool:
    return draws_while_a_card_fits(Rules.STRICT)


def draw_points(facts: dict[str, Any]) -> Any:
    """The points a draw scores, in games where it is drawn at different scores."""
    changes = set()
    for rules in APP_RULES:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        game.play(Move.remove(1, card(9, "H")))
        for _ in range(3):
            before = game.score
            game.play(Move.draw(game.stock[0]))
            changes.add(game.score - before)
    return one_value(changes)


STOCK = (
    "Tapping the stock turns its top card over onto the waste pile, where it replaces the "
    "waste card. In the app you can draw at any time, even when a move is still possible. "
    "You go through the stock only once: there is no redeal. Drawing a card counts as a "
    "move and scores no points."
)


@claim(
    "stock",
    STOCK,
    says=[
        Says(STOCK, "In the app you {} draw at any time", CAN, app_draws_any_time),
        Says(STOCK, "You go through the stock {}", PASSES, passes),
        Says(STOCK, "counts as a move and scores {}.", DRAW_POINTS, draw_points),
    ],
)
def stock(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in APP_RULES:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        top = game.stock[0]
        score, moves = game.score, game.move_count
        try:
            game.play(Move.draw(top))
        except IllegalMoveError as error:
            found.append(f"on {rules.value} a draw while a card fits is refused: {error.reason}")
            continue
        if game.waste_card != top:
            found.append(f"the drawn card {top} is not the new waste card")
        if game.move_count != moves + 1:
            found.append(f"a draw moves the move counter from {moves} to {game.move_count}")
        if game.score != score:
            found.append(f"a draw changes the score from {score} to {game.score}")
    game = situation(card(8, "C"), rules=Rules.EASY)
    drawn: list[Card] = []
    while game.stock and len(drawn) <= STOCK_SIZE:
        drawn.append(game.stock[0])
        game.play(Move.draw(game.stock[0]))
    if len(drawn) != facts["stock"] or len(set(drawn)) != len(drawn):
        found.append(f"the stock gives {len(drawn)} cards, the page says {facts['stock']}")
    if not game.is_over():
        if any(m.action == "draw" for m in game.legal_moves()):
            found.append("after the last stock card the stock can be drawn from again")
        reason = game.refusal(Move.draw(drawn[0]))
        if reason is None:
            found.append("the stock is turned over again")
    return found


STRICT_DRAWING = (
    "Drawing at any time: under the strict rules you draw only when no move is possible; in "
    "the app you may draw whenever you like."
)


@claim(
    "strict-drawing",
    STRICT_DRAWING,
    says=[
        Says(
            STRICT_DRAWING,
            "under the strict rules you draw {};",
            STRICT_DRAW,
            strict_draws_any_time,
        ),
        Says(STRICT_DRAWING, "in the app you {} draw whenever you like", MAY, app_draws_any_time),
    ],
)
def strict_drawing(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in Rules:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        reason = game.refusal(Move.draw(game.stock[0]))
        if rules is Rules.STRICT and reason is not Reason.MUST_REMOVE:
            found.append(f"strict: a draw while a card fits is {reason or 'accepted'}")
        if rules is not Rules.STRICT and reason is not None:
            found.append(f"{rules.value}: a draw while a card fits is refused: {reason.value}")
        blocked = stuck_game(rules)
        reason = blocked.refusal(Move.draw(blocked.stock[0]))
        if reason is not None:
            found.append(f"{rules.value}: a draw when nothing fits is refused: {reason.value}")
    return found

"""The rules page's "At a glance" and "The layout": the deal as the app lays it out."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words, counted, one_value
from generator.pages.patience_claims.situations import claim
from generator.patience import COLUMNS, FULL_DECK, Game, Rules, deal_for_number

AT_A_GLANCE = (
    "%(columns)s columns of %(height)s face-up cards, a waste pile and %(stock)s cards in "
    "the stock. The last card of each column can be removed when its rank is one higher or "
    "lower than the waste card's, whatever its suit. When nothing fits, you draw a card. You "
    "win by clearing all %(tableau)s cards from the tableau."
)


LAYOUT = (
    "You play with a %(deck)s-card deck, without jokers. The app deals %(tableau)s cards into "
    "%(columns)s columns of %(height)s cards, all face up. It turns one card face up onto the "
    "waste pile and puts the remaining %(stock)s cards face down in the stock."
)


def waste_at_start(facts: dict[str, Any]) -> Any:
    """How many cards lie on the waste pile of a newly dealt game."""
    return one_value({len(Game(deal_for_number(n)).waste) for n in range(1, 6)})


def free_card_dealt(facts: dict[str, Any]) -> Any:
    """Which card of a column as dealt is free: the first dealt or the last."""
    places = set()
    for number in range(1, 6):
        game = Game(deal_for_number(number))
        for column in range(1, COLUMNS + 1):
            dealt = game.deal.columns[column - 1]
            free = game.free_card(column)
            places.add("last" if free == dealt[-1] else "first" if free == dealt[0] else "neither")
    return one_value(places)


FREE = Words("free card of a column", {"last": "last", "first": "first"}, reads="position")


@claim(
    "layout",
    AT_A_GLANCE,
    LAYOUT,
    says=[
        Says(
            LAYOUT,
            "It turns {} card face up onto the waste",
            counted("cards on the waste pile at the start"),
            waste_at_start,
        ),
        Says(AT_A_GLANCE, "The {} card of each column can be removed", FREE, free_card_dealt),
    ],
)
def layout(facts: dict[str, Any]) -> list[str]:
    found = []
    game = Game(deal_for_number(facts["number"]), Rules.EASY)
    start = game.position()
    cards = [*(c for column in start.columns for c in column), start.waste, *start.stock]
    dealt = {
        "columns": len(start.columns),
        "height": max(len(column) for column in start.columns),
        "stock": start.stock_count,
        "tableau": start.tableau_count,
        "deck": len(cards),
    }
    for key, value in dealt.items():
        if facts[key] != value:
            found.append(f"the page says {key} {facts[key]}, a dealt game has {value}")
    if any(len(column) != facts["height"] for column in start.columns):
        found.append("the columns of a dealt game are not all of one height")
    if len(set(cards)) != len(cards) or set(cards) != set(FULL_DECK):
        found.append("a dealt game is not one deck of distinct cards without jokers")
    return found

"""The rules page's "The end of the game" (and the won game page's last sentence): won when the
tableau is cleared, stuck when the stock is empty and nothing fits."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, counted, one_value
from generator.pages.patience_claims.situations import claim, fits, played_games
from generator.pages.recorded import load_reference_game
from generator.patience import COLUMNS, Game, Move, Reason

END = (
    "The game is won as soon as the %(tableau)s tableau cards are removed, even if cards are "
    "left in the stock. The game is stuck when the stock is empty and no free card fits the "
    "waste card: the app shows “%(message)s” and offers to undo moves or to start a new game."
)


def fitting_when_stuck(facts: dict[str, Any]) -> Any:
    """How many free cards fit the waste card when a played game is stuck."""
    return one_value(
        {
            sum(
                fits(played.rules, played.waste[-1].rank, c.rank)
                for c in map(played.free_card, range(1, COLUMNS + 1))
                if c is not None
            )
            for played in played_games()
            if played.is_stuck()
        }
    )


@claim(
    "end",
    END,
    "The game is won: all %(tableau)s tableau cards are removed, with %(count)s cards left in "
    "the stock.",
    says=[
        Says(
            END,
            "the stock is empty and {} free card fits the waste card",
            counted("free cards that fit in a stuck game", {0: "no", 1: "one"}),
            fitting_when_stuck,
        )
    ],
)
def end(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves:
        if game.is_won():
            found.append("the game is won before the last recorded move")
        game.play(move)
    if not game.is_won():
        found.append("clearing the tableau does not win the game")
    if len(game.stock) != facts["stock_left"] or not game.stock:
        found.append(f"the won game ends with {len(game.stock)} stock cards")
    if game.stock and game.refusal(Move.draw(game.stock[0])) is not Reason.GAME_OVER:
        found.append("a won game with cards in the stock goes on")
    for played in played_games():
        independent = (
            not played.stock
            and bool(sum(played.heights))
            and not any(
                fits(played.rules, played.waste[-1].rank, c.rank)
                for c in map(played.free_card, range(1, COLUMNS + 1))
                if c is not None
            )
        )
        if played.is_stuck() != independent:
            found.append(f"a game of {played.deal.stock[0]}... is stuck={played.is_stuck()}")
        if not played.is_won() and not independent:
            found.append("a game ends while the stock has cards or a card fits")
        if played.is_stuck():
            played.undo()
            if played.is_over():
                found.append("a stuck game cannot be undone")
    return found

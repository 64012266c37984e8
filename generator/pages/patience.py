"""What the rules page shows, asked of the engine.

:func:`rules_page_facts` replays the recorded reference game and collects every
position, card, number and example the page shows. Where the page's prose
states a rule in words (a queen may go on a king on Classic, drawing scores
nothing, ...), the fact it rests on is checked here with :func:`claim`: if the
engine changed, the build stops with a :class:`ClaimError` naming the claim,
instead of publishing a sentence that is no longer true.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.bounded import load_yaml
from generator.pages.claims import ClaimError, first_of
from generator.pages.recorded import load_reference_game
from generator.patience import (
    ACE_RANK,
    COLUMN_HEIGHT,
    COLUMNS,
    FULL_DECK,
    KING_RANK,
    SCORING,
    STOCK_SIZE,
    TABLEAU_SIZE,
    TRADITIONAL_SCORING,
    UNDO_LIMIT,
    Card,
    DealCode,
    Game,
    Move,
    Position,
    Reason,
    Rules,
)
from generator.patience.deal import LEGACY_RULES_LETTERS, RULES_LETTERS

PAGE_EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "page_examples.yaml"


@dataclass(frozen=True)
class Step:
    """One move of the recorded game: the move, the waste card it went onto, how
    its rank relates to that card's ("higher", "lower", "wrap" for king-ace),
    and the position and score after it."""

    number: int
    move: Move
    onto: Card
    direction: str
    position: Position
    score: int

    @property
    def card(self) -> Card:
        return self.move.card

    @property
    def column(self) -> int | None:
        return self.move.column


def _direction(onto: Card, card: Card) -> str:
    if card.rank == onto.rank + 1:
        return "higher"
    if card.rank == onto.rank - 1:
        return "lower"
    return "wrap"


def rules_page_facts() -> dict[str, Any]:
    """Everything the rules page shows, as engine values.

    Nothing here is checked: what the sentences say about these values is
    played in the engine by :mod:`generator.pages.patience_claims`. Where a value cannot be
    found (the engine changed so that an example no longer exists), a
    :class:`ClaimError` names the claim of the sentence that needs it.
    """
    recorded = load_reference_game()
    code = DealCode.parse(recorded.code)
    rules = recorded.rules

    steps: list[Step] = []
    game = Game(recorded.deal, rules)
    positions = [game.position()]
    for number, move in enumerate(recorded.moves, start=1):
        onto = game.waste_card
        assert onto is not None  # the recorded deal deals a waste card
        reason = game.refusal(move)
        if reason is not None:
            raise ClaimError("opening", f"recorded move {number} is refused: {reason.value}")
        game.play(move)
        positions.append(game.position())
        steps.append(
            Step(number, move, onto, _direction(onto, move.card), positions[-1], game.score)
        )
    removals = [step for step in steps if step.column is not None]
    first = recorded.moves[0]
    opening = removals[:2]
    opening_moves = opening[-1].number

    # The refusal examples: the free card of the first column that does not fit,
    # and the card right above it (covered).
    start = Game(recorded.deal, rules)
    not_fitting = first_of(
        (
            n
            for n in range(1, COLUMNS + 1)
            if start.refusal(Move.remove(n, start.column(n)[-1])) is Reason.NOT_ADJACENT
        ),
        "refusals",
        "free card that does not fit at the start",
    )
    refused = start.column(not_fitting)[-1]
    blocked_row = COLUMN_HEIGHT - 1
    blocked = start.column(not_fitting)[blocked_row - 1]

    # The example that Easy and Classic differ on: the first removal of the
    # won game that Classic would refuse.
    wrap = first_of(
        (r for r in removals if r.direction == "wrap"), "wrap-example", "King-Ace removal"
    )
    after_ace = first_of(
        (r for r in Rules.CLASSIC.neighbours(ACE_RANK) if r != KING_RANK),
        "king-and-ace",
        "rank that follows the Ace",
    )
    example_waste = positions[opening_moves].waste
    assert example_waste is not None
    example_rank = example_waste.rank
    lower, higher = example_rank - 1, example_rank + 1
    legacy = [old for old, new in LEGACY_RULES_LETTERS.items() if RULES_LETTERS[new] == "easy"]
    legacy_letter = first_of(legacy, "deal-codes", "old code letter read as Easy")

    stuck_examples = _page_examples()["stuck_after_removals"]
    zero_from = first_of(
        (r for r in reversed(range(TABLEAU_SIZE + 1)) if SCORING.stuck_score(r) == SCORING.floor),
        "score",
        "stuck game that scores the floor",
    )
    stuck = [
        {"removed": r, "left": TABLEAU_SIZE - r, "score": SCORING.stuck_score(r)}
        for r in [*stuck_examples, zero_from]
    ]

    return {
        "code": str(code),
        "deck": len(FULL_DECK),
        "columns": COLUMNS,
        "height": COLUMN_HEIGHT,
        "stock": STOCK_SIZE,
        "tableau": TABLEAU_SIZE,
        "start": positions[0],
        "first_draw": first.card,
        "opening": opening,
        "after_opening": positions[opening_moves],
        "opening_moves": opening_moves,
        "example_rank": example_rank,
        "lower": lower,
        "higher": higher,
        "refused": {"card": refused, "column": not_fitting, "reason": Reason.NOT_ADJACENT},
        "blocked": {
            "card": blocked,
            "column": not_fitting,
            "row": blocked_row,
            "reason": Reason.BLOCKED,
        },
        "wrap": wrap,
        "before_wrap": positions[wrap.number - 1],
        "after_ace": after_ace,
        "easy": Rules.EASY,
        "classic": Rules.CLASSIC,
        "rules_letters": {Rules(name): letter for letter, name in RULES_LETTERS.items()},
        "legacy_letter": legacy_letter,
        "scoring": SCORING,
        "won_score": game.score,
        "number": code.number,
        "stuck_examples": stuck,
        "undo_limit": UNDO_LIMIT,
        "traditional": TRADITIONAL_SCORING,
        "steps": steps,
        "stock_left": len(game.stock),
    }


def _page_examples() -> dict[str, Any]:
    data = load_yaml(PAGE_EXAMPLES)
    assert isinstance(data, dict)
    return data

"""What the rules page says, asked of the engine.

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

import yaml

from generator.engine import (
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
    GolfError,
    Move,
    Position,
    Reason,
    Rules,
)
from generator.engine.deal import LEGACY_RULES_LETTERS, RULES_LETTERS
from generator.engine.solver import solve
from generator.gamedata import load_reference_game, load_rules_examples

PAGE_EXAMPLES = Path(__file__).parent / "data" / "page_examples.yaml"


class ClaimError(GolfError):
    """A sentence of the page no longer holds for the engine."""


def claim(holds: bool, sentence: str) -> None:
    if not holds:
        raise ClaimError(f"the page says {sentence!r}, and the engine disagrees")


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
    """Everything the rules page shows, as engine values."""
    recorded = load_reference_game()
    code = DealCode.parse(recorded.code)
    rules = recorded.rules
    claim(rules is Rules.EASY, "the reference deal is played on Easy")

    steps: list[Step] = []
    game = Game(recorded.deal, rules)
    positions = [game.position()]
    for number, move in enumerate(recorded.moves, start=1):
        onto = game.waste_card
        game.play(move)
        positions.append(game.position())
        steps.append(
            Step(number, move, onto, _direction(onto, move.card), positions[-1], game.score)
        )
    removals = [step for step in steps if step.column is not None]
    claim(game.is_won(), "the recorded game is won")

    start = Game(recorded.deal, rules)
    claim(not start.has_removal(), "at the start no free card fits the waste card")
    first, second, third = recorded.moves[:3]
    claim(first.action == "draw", "the first move draws a card")
    claim(
        [second.action, third.action] == ["remove", "remove"],
        "moves 2 and 3 remove cards",
    )
    opening = removals[:2]
    opening_moves = opening[-1].number

    # The refusal examples: the free card of the first column that does not fit,
    # and the card right above it (covered).
    not_fitting = next(
        n
        for n in range(1, COLUMNS + 1)
        if start.refusal(Move.remove(n, start.free_card(n))) is Reason.NOT_ADJACENT  # type: ignore[arg-type]
    )
    refused = start.free_card(not_fitting)
    blocked_row = COLUMN_HEIGHT - 1
    blocked = start.column(not_fitting)[blocked_row - 1]
    claim(
        start.refusal(Move.remove(not_fitting, blocked)) is Reason.BLOCKED,
        "the card above a free card is blocked",
    )

    # The example that Easy and Classic differ on: the first removal of the
    # won game that Classic would refuse.
    wrap = next(r for r in removals if Rules.CLASSIC.refusal(r.onto.rank, r.card.rank))
    claim(
        Rules.EASY.accepts(KING_RANK, ACE_RANK) and Rules.EASY.accepts(ACE_RANK, KING_RANK),
        "on Easy an ace goes on a king and a king on an ace",
    )
    classic_on_king = Rules.CLASSIC.neighbours(KING_RANK)
    classic_on_ace = Rules.CLASSIC.neighbours(ACE_RANK)
    claim(classic_on_king == (KING_RANK - 1,), "on Classic only a queen goes on a king")
    claim(len(classic_on_ace) == 1, "on Classic only one rank goes on an ace")

    example = load_rules_examples()["easy_not_classic"]
    claim(
        solve(example.deal, Rules.EASY).winnable
        and not solve(example.deal, Rules.CLASSIC).winnable,
        "the same deal can be winnable on Easy and not on Classic",
    )

    # The adjacency example: the waste card after the opening ("on an 8, a 7 or a 9").
    example_rank = positions[opening_moves].waste.rank
    lower, higher = example_rank - 1, example_rank + 1
    claim(lower >= 2 and higher <= 10, "the adjacency example uses number cards")
    claim(set(rules.neighbours(example_rank)) == {lower, higher}, "a 7 or a 9 goes on an 8")

    claim(SCORING.per_draw == 0, "drawing a card scores nothing")
    claim(
        SCORING.floor == 0 and SCORING.score(0, 0, stuck=False) == 0,
        "the score starts at 0 and never goes below zero",
    )
    claim(
        Rules.STRICT.nothing_on_king
        and not Rules.STRICT.wraps
        and Rules.STRICT.draw_only_when_blocked,
        "the strict rules do not connect King and Ace, allow nothing on a King and draw only when blocked",
    )
    claim(
        not Rules.CLASSIC.draw_only_when_blocked and not Rules.EASY.draw_only_when_blocked,
        "in the app you may draw whenever you like",
    )
    claim(TRADITIONAL_SCORING.points_per_card_left == 1, "traditionally one point per card left")

    legacy = [old for old, new in LEGACY_RULES_LETTERS.items() if RULES_LETTERS[new] == "easy"]
    claim(len(legacy) == 1, "one old code letter is read as Easy")
    legacy_letter = legacy[0]
    claim(all(r.direction != "wrap" for r in opening), "the opening removals are one rank apart")

    stuck_examples = _page_examples()["stuck_after_removals"]
    zero_from = max(r for r in range(TABLEAU_SIZE + 1) if SCORING.stuck_score(r) == SCORING.floor)
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
        "after_ace": classic_on_ace[0],
        "easy": Rules.EASY,
        "classic": Rules.CLASSIC,
        "rules_letters": {Rules(name): letter for letter, name in RULES_LETTERS.items()},
        "legacy_letter": legacy_letter,
        "scoring": SCORING,
        "won_score": SCORING.won_score,
        "formula": (
            f"{SCORING.per_removal} r − {-SCORING.per_card_left_when_stuck} ({TABLEAU_SIZE} − r)"
        ),
        "stuck_examples": stuck,
        "undo_limit": UNDO_LIMIT,
        "traditional": TRADITIONAL_SCORING,
        "steps": steps,
        "stock_left": len(game.stock),
    }


def _page_examples() -> dict[str, Any]:
    data = yaml.safe_load(PAGE_EXAMPLES.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data

"""What the sections' claims share: the registry they register in, and the situations they
set up in the patience engine (a game whose waste card and free cards are chosen, a game that
gets stuck, games played by a seeded random player), with what the pages say goes onto what."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from generator.pages.claims import ClaimError, Claims, Words
from generator.pages.patience import rules_page_facts
from generator.patience import (
    COLUMN_HEIGHT,
    COLUMNS,
    FULL_DECK,
    STOCK_SIZE,
    TABLEAU_SIZE,
    Card,
    Deal,
    Game,
    Move,
    Reason,
    Rules,
    Scoring,
    deal_for_number,
)
from generator.patience.cards import RANKS as RANK_LETTERS

ACE, QUEEN, KING = 1, 12, 13
RANKS = range(ACE, KING + 1)
APP_RULES = (Rules.EASY, Rules.CLASSIC)


CLAIMS = Claims(rules_page_facts)
claim = CLAIMS.claim


def card(rank: int, suit: str = "C") -> Card:
    return Card(rank, suit)


def situation(
    waste: Card,
    free: Sequence[Card | None] = (),
    stock: Sequence[Card] = (),
    rules: Rules = Rules.EASY,
) -> Game:
    """A new game whose waste card is ``waste``, whose columns end with ``free``
    (column 1 first; ``None`` leaves a column to the filler) and whose stock starts
    with ``stock``. The other cards fill the rest in deck order."""
    placed = [waste, *(c for c in free if c is not None), *stock]
    chosen_cards = set(placed)
    if len(chosen_cards) != len(placed):
        raise ValueError(f"a card is placed twice: {[str(c) for c in placed]}")
    filler = iter([c for c in FULL_DECK if c not in chosen_cards])
    columns = []
    for number in range(COLUMNS):
        chosen = free[number] if number < len(free) else None
        top = [next(filler) for _ in range(COLUMN_HEIGHT - (chosen is not None))]
        columns.append(tuple([*top, chosen] if chosen is not None else top))
    rest = [*stock, *filler]
    return Game(Deal(tuple(columns), waste, tuple(rest[:STOCK_SIZE])), rules)


def fits(rules: Rules, waste_rank: int, rank: int) -> bool:
    """What the pages say goes onto what: one rank higher or lower, whatever the suit;
    King and Ace connect on Easy only; a Queen goes on a King except under the
    strict rules, where nothing goes on a King."""
    if rules is Rules.STRICT and waste_rank == KING:
        return False
    if abs(waste_rank - rank) == 1:
        return True
    return rules is Rules.EASY and {waste_rank, rank} == {ACE, KING}


def accepted(rules: Rules, waste_rank: int, rank: int, suit: str = "H") -> Reason | None:
    """The engine's answer to playing a free card of ``rank`` onto ``waste_rank``."""
    waste = card(waste_rank, "C" if suit != "C" else "D")
    game = situation(waste, [card(rank, suit)], rules=rules)
    return game.refusal(Move.remove(1, card(rank, suit)))


def stuck_game(rules: Rules = Rules.EASY) -> Game:
    """A game that gets stuck when its stock runs out, having removed no card: every
    free card and the last stock card are far from each other in rank."""
    free = [card(r, s) for r, s in zip([2, 3, 4, 10, 11, 12, 6], "CDHSCDH", strict=True)]
    stock_end = card(8, "S")
    game = situation(card(8, "C"), free, rules=rules)
    rest = [c for c in game.deal.stock if c != stock_end]
    deal = Deal(game.deal.columns, game.deal.waste, (*rest[: STOCK_SIZE - 1], stock_end))
    return Game(deal, rules)


def draw_all(game: Game) -> None:
    while game.stock:
        game.play(Move.draw(game.stock[0]))


def played_games(count: int = 40, seed: int = 7) -> Iterator[Game]:
    """Games of numbered deals played by a seeded random player until they end.

    The player draws only when nothing fits (so the games get far), and picks
    among the removals at random: a spread of won and stuck games."""
    chooser = random.Random(seed)
    for number in range(2, 2 + count):
        game = Game(deal_for_number(number), Rules.EASY)
        while not game.is_over():
            if len(game.moves) > TABLEAU_SIZE + STOCK_SIZE:
                raise ClaimError("end", f"a game of deal {number} goes on past every card")
            moves = game.legal_moves()
            removals = [m for m in moves if m.action == "remove"]
            game.play(chooser.choice(removals) if removals else moves[-1])
        yield game


def page_score(facts: dict[str, Any], removed: int, stuck: bool) -> int:
    """The score as the page's table and formula give it (draws score what the table says)."""
    scoring: Scoring = facts["scoring"]
    raw = removed * scoring.per_removal
    if stuck:
        raw += (TABLEAU_SIZE - removed) * scoring.per_card_left_when_stuck
    return max(scoring.floor, raw)


def rank_name(rank: int) -> str:
    return RANK_LETTERS[rank - 1]


# -- the words for values several sections state -----------------------------------

MAY = Words("permission", {True: "may", False: "may not"}, reads="permission")

"""The Golf patience engine: cards, deals, rules, games and the solver.

It knows no language and prints nothing: it returns values and reason codes,
and the catalogs hold the words for them.
"""

from generator.patience.cards import (
    ACE,
    FULL_DECK,
    JOKER,
    JOKER_RANK,
    KING,
    MAX_JOKERS,
    RANKS,
    SUITS,
    Card,
    parse_card,
)
from generator.patience.deal import (
    COLUMN_HEIGHT,
    COLUMNS,
    STOCK_SIZE,
    TABLEAU_SIZE,
    Deal,
    DealCode,
    deal_for_number,
    stock_size,
)
from generator.patience.errors import (
    CardError,
    DealCodeError,
    DealError,
    GolfError,
    IllegalMoveError,
    Reason,
    RuleSetError,
)
from generator.patience.game import Game, Move, Position
from generator.patience.rules import (
    SCORING,
    TRADITIONAL_SCORING,
    UNDO_LIMIT,
    Rules,
    RuleSet,
    Scoring,
    TraditionalScoring,
    Variant,
    deal_for,
)

ACE_RANK = ACE
KING_RANK = KING

__all__ = [
    "ACE_RANK",
    "COLUMNS",
    "COLUMN_HEIGHT",
    "FULL_DECK",
    "JOKER",
    "JOKER_RANK",
    "KING_RANK",
    "MAX_JOKERS",
    "RANKS",
    "SCORING",
    "STOCK_SIZE",
    "SUITS",
    "TABLEAU_SIZE",
    "TRADITIONAL_SCORING",
    "UNDO_LIMIT",
    "Card",
    "CardError",
    "Deal",
    "DealCode",
    "DealCodeError",
    "DealError",
    "Game",
    "GolfError",
    "IllegalMoveError",
    "Move",
    "Position",
    "Reason",
    "RuleSet",
    "RuleSetError",
    "Rules",
    "Scoring",
    "TraditionalScoring",
    "Variant",
    "deal_for",
    "deal_for_number",
    "parse_card",
    "stock_size",
]

"""The engine of 6-Card Golf and its family (4-Card and 9-Card Golf), the multiplayer card game.

Like the patience engine beside it (:mod:`generator.patience`, whose rules it does
not import), it knows no language and prints nothing: it returns values and
reason codes. Its errors are under the project's :class:`GolfError`.
"""

from generator.sixcard.cards import (
    DECK_WITH_JOKERS_SIZE,
    JOKER,
    JOKERS_PER_DECK,
    STANDARD_DECK,
    STANDARD_DECK_SIZE,
    Card,
    make_deck,
    parse_card,
)
from generator.sixcard.errors import (
    GridError,
    IllegalActionError,
    OptionsError,
    Reason,
    SixCardCardError,
    SixCardError,
)
from generator.sixcard.hole import Action, Hole, View
from generator.sixcard.match import Match
from generator.sixcard.rules import (
    CARD_VALUES,
    DEFAULT_OPTIONS,
    DOUBLE_DECK_FROM_PLAYERS,
    FACE_UP_AT_START,
    HOLES,
    JOKER_PAIR_MINUS_FOUR,
    JOKER_VALUE,
    KNOCK_PENALTY,
    LONG_MATCH_HOLES,
    NINE_CARD_FACE_UP_AT_START,
    PAIR_SCORE,
    TURN_LIMIT,
    WILD_TWO_VALUE,
    ColumnMatch,
    JokerPair,
    Layout,
    Options,
    RowRule,
)
from generator.sixcard.scoring import GridScore, card_scores, paired_columns, score_grid

__all__ = [
    "CARD_VALUES",
    "DECK_WITH_JOKERS_SIZE",
    "DEFAULT_OPTIONS",
    "DOUBLE_DECK_FROM_PLAYERS",
    "FACE_UP_AT_START",
    "HOLES",
    "JOKER",
    "JOKERS_PER_DECK",
    "JOKER_PAIR_MINUS_FOUR",
    "JOKER_VALUE",
    "KNOCK_PENALTY",
    "LONG_MATCH_HOLES",
    "NINE_CARD_FACE_UP_AT_START",
    "PAIR_SCORE",
    "STANDARD_DECK",
    "STANDARD_DECK_SIZE",
    "TURN_LIMIT",
    "WILD_TWO_VALUE",
    "Action",
    "Card",
    "ColumnMatch",
    "GridError",
    "GridScore",
    "Hole",
    "IllegalActionError",
    "JokerPair",
    "Layout",
    "Match",
    "Options",
    "OptionsError",
    "Reason",
    "RowRule",
    "SixCardCardError",
    "SixCardError",
    "View",
    "card_scores",
    "make_deck",
    "paired_columns",
    "parse_card",
    "score_grid",
]

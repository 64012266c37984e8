"""The rules the 6-Card Golf page states in words, played in its engine and its simulation.

See :mod:`generator.pages.claims` for how a claim is tied to its sentences. The
rules are played in :class:`~generator.sixcard.hole.Hole` and scored by
:func:`~generator.sixcard.scoring.score_grid`; what the page says of play
("slightly higher", "more frequent", "about 6") is judged on the committed
simulation (:mod:`generator.sixcard.evidence`).

The claims live in one module per section of the page they back (a sentence of the home
page with the section that states the same rule): :mod:`.cards` ("The cards", and "Scoring a
hole", which adds them up), :mod:`.players`, :mod:`.dealing` ("Setting up and dealing"),
:mod:`.play`, :mod:`.end` ("The end of a hole"), :mod:`.winning` (and "Object"),
:mod:`.variants` ("Common variants") and :mod:`.tips` ("Tips and strategies"). The sentences
they back are :mod:`.sentences`' (:data:`S`); what they share (the registry, grids and holes
set up, the words for the engine's values) is :mod:`.situations`. Each registers its claims in
:data:`CLAIMS` when it is imported.
"""

from generator.pages.sixcard_claims import (
    cards,
    dealing,
    end,
    play,
    players,
    tips,
    variants,
    winning,
)
from generator.pages.sixcard_claims.sentences import INDEX, S
from generator.pages.sixcard_claims.situations import CLAIMS

SECTIONS = (cards, players, dealing, play, end, winning, variants, tips)
"""The sections, in the order of the page."""
PLAYED = (
    "six-values",
    "six-pairs",
    "six-suits",
    "six-deal",
    "six-turn",
    "six-end",
    "six-cut",
    "six-knock",
    "six-match",
    "six-decks",
    "six-players",
    "six-layouts",
    "six-peek",
    "six-wild-twos",
    "six-joker-pair",
    "six-row-rule",
    "six-no-jokers-higher",
    "six-four-card-fewer",
    "six-double-deck-pairs",
    "six-face-down",
    "six-tips-measured",
    "six-tip-pairs",
    "six-tip-pairs-worth",
    "six-tip-kings",
    "six-tip-kings-worth",
    "six-tip-jokers",
    "six-tip-jokers-worth",
    "six-tip-high",
    "six-tip-high-worth",
    "six-tip-watch",
    "six-tip-watch-worth",
    "six-tip-end",
    "six-tip-end-worth",
    "six-stock-out",
    "six-nine-up",
    "six-knock-when",
    "six-row-pairs",
)
"""The order ``check`` plays the claims in, and reports what they find in: the order they were
written in before the page's claims were split by section (a new claim is added here too)."""
CLAIMS.arrange(PLAYED)

__all__ = ["CLAIMS", "INDEX", "PLAYED", "SECTIONS", "S"]

"""The rules the patience pages state in words, played in the patience engine.

See :mod:`generator.pages.claims` for how a claim is tied to its sentence. These
claims do not read the rule sets' flags: they set up the situation with
:func:`situation` (or replay a recorded game), play it in :class:`Game`, and
compare what the engine does with the sentence, read a second time here.

The claims live in one module per section of the rules page they back (a sentence of the home
or the won game page with the section that states the same rule): :mod:`.layout` ("At a
glance", "The layout"), :mod:`.moves` ("Legal moves"), :mod:`.stock`, :mod:`.king_and_ace`,
:mod:`.end`, :mod:`.scoring` and :mod:`.undo` ("Undo and deal code"); what they share (the
registry, :func:`situation` and the other situations) is :mod:`.situations`. Each registers its
claims in :data:`CLAIMS` when it is imported.
"""

from generator.pages.patience_claims import end, king_and_ace, layout, moves, scoring, stock, undo
from generator.pages.patience_claims.situations import CLAIMS, situation

SECTIONS = (layout, moves, stock, king_and_ace, end, scoring, undo)
"""The sections in the order of the page: ``check`` plays their claims in this order (each
section's in the order they are written), and reports what they find in it."""
CLAIMS.arrange_by_module(SECTIONS)

__all__ = ["CLAIMS", "SECTIONS", "situation"]

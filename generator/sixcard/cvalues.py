"""The values the 6-Card Golf engine's C core (``sixcore.c``) is compiled with, taken from the
Python engine: each is defined once, in :mod:`generator.sixcard.rules`,
:mod:`generator.sixcard.strong` or :mod:`generator.sixcard.players`, and reaches C as a ``-D``
flag of the compiler. ``sixcore.c`` refuses to compile without them.

>>> dict(c_values())["SIX_RULE_KNOCK_PENALTY"] == str(KNOCK_PENALTY)
True
>>> dict(c_values())["SIX_RULE_CARD_VALUES"]
'{-2,1,2,3,4,5,6,7,8,9,10,10,10,0}'
"""

from __future__ import annotations

from generator.paths import PACKAGE
from generator.sixcard.cards import JOKERS_PER_DECK
from generator.sixcard.players import KNOCK_MARGIN, LOW_CARD
from generator.sixcard.rules import CARD_VALUES, KNOCK_PENALTY, TURN_LIMIT, WILD_TWO_VALUE
from generator.sixcard.strong import PICTURE_VALUE, TURN_UP_VALUE
from generator.wasmbuild import WasmSpec

SOURCE = PACKAGE / "sixcard" / "sixcore.c"
MAX_SIZE = 120_000
"""The module's size budget in bytes (issue 49: at most 120 KB)."""


def c_values() -> list[tuple[str, str]]:
    """``(macro, value)`` for every value of the C core, in a fixed order."""
    values = ",".join(str(CARD_VALUES[rank]) for rank in sorted(CARD_VALUES))
    return [
        ("SIX_RULE_CARD_VALUES", "{" + values + "}"),
        ("SIX_RULE_WILD_TWO_VALUE", str(WILD_TWO_VALUE)),
        ("SIX_RULE_KNOCK_PENALTY", str(KNOCK_PENALTY)),
        ("SIX_RULE_TURN_LIMIT", str(TURN_LIMIT)),
        ("SIX_RULE_JOKERS_PER_DECK", str(JOKERS_PER_DECK)),
        ("SIX_STRONG_TURN_UP_VALUE", repr(float(TURN_UP_VALUE))),
        ("SIX_STRONG_PICTURE_VALUE", str(PICTURE_VALUE)),
        ("SIX_GREEDY_LOW_CARD", str(LOW_CARD)),
        ("SIX_GREEDY_KNOCK_MARGIN", str(KNOCK_MARGIN)),
    ]


def compiler_flags() -> list[str]:
    """The values as a C compiler's ``-D`` flags."""
    return [f"-D{name}={value}" for name, value in c_values()]


SIXCARD_WASM = WasmSpec(
    name="sixcard-wasm",
    sources=(SOURCE,),
    headers=(),
    defines=compiler_flags,
    max_size=MAX_SIZE,
    # the strong player's sums in the order Python adds them: no fused multiply-add
    extra=("-ffp-contract=off",),
)
"""The 6-Card Golf module: the page plays with it, and :mod:`generator.sixcard.ccore` runs it
from Python."""

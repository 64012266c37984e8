"""The second path's own reading of the words a claim renders for an engine value.

A claim states a rule's value in words from a table (:class:`generator.pages.claims.Words`:
the engine's 1 pass is "only once", ``True`` of a permission is "may"). The claim holds the
page to the table, so a table that gave the engine's value the words of another value would
make the page false with every claim passing. This reading shares nothing with those tables:
it reads the words a table gives back into the value they state, by its own vocabulary of
number, order, side and permission words, and ``check`` compares that with the value the
table gives them for. A table's words change only together with the value they stand for.

Each table names its *kind* (``reads``), the kind of value its words state; :data:`KINDS`
lists them. A reading that finds no value, or two, is a problem too: words this reading
cannot read are not taken on trust.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
"""The numbers English writes in words (the sources' quotations are read with them too)."""
NUMBERS = {
    **NUMBER_WORDS,
    "no": 0,
    "none": 0,
    "nothing": 0,
    "a": 1,
    "an": 1,
    "single": 1,
    "once": 1,
    "twice": 2,
    "both": 2,
    "thrice": 3,
}
"""Number words, and the words that count as one (``a``, ``once``) or none (``no``)."""
NEGATIONS = {"not", "no", "never", "cannot", "can't", "don't", "doesn't", "nothing", "neither"}
RANKS = {"ace": 1, "jack": 11, "queen": 12, "king": 13}


class Unread(ValueError):
    """Words that state no value of their kind, or more than one."""


def _tokens(words: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", words.casefold())


def _one(found: set[Any], kind: str, words: str) -> Any:
    if len(found) != 1:
        said = "no" if not found else "more than one"
        raise Unread(f"{words!r} states {said} {kind}")
    return next(iter(found))


def _choice(**meanings: tuple[str, ...]) -> Callable[[str], Any]:
    """A kind whose words name one of a few values: each value with its words (phrases, each
    a run of whole words)."""

    def read(words: str) -> Any:
        text = " " + " ".join(_tokens(words)) + " "
        found = {
            value
            for value, phrases in meanings.items()
            for phrase in phrases
            if f" {phrase} " in text
        }
        return _one(found, "/".join(meanings), words)

    return read


def _count(words: str) -> int:
    """The first number the words state: a numeral or a number word (``once``: 1, ``no``: 0)."""
    for token in _tokens(words):
        if token.isdigit():
            return int(token)
        if token in NUMBERS:
            return NUMBERS[token]
    raise Unread(f"{words!r} states no number")


def _counts(words: str) -> frozenset[int]:
    """Numbers joined by ``or`` (each of them) and ``to`` (every number between)."""
    tokens = _tokens(words)
    numbers = [NUMBERS.get(t, int(t) if t.isdigit() else None) for t in tokens]
    if any(n is None for t, n in zip(tokens, numbers, strict=True) if t not in ("or", "to")):
        raise Unread(f"{words!r} is not numbers joined by 'or' and 'to'")
    found: set[int] = set()
    for at, token in enumerate(tokens):
        if token == "to" and 0 < at < len(tokens) - 1:
            low, high = numbers[at - 1], numbers[at + 1]
            if low is None or high is None:
                raise Unread(f"{words!r}: 'to' between no numbers")
            found.update(range(low, high + 1))
        elif numbers[at] is not None:
            found.add(int(numbers[at]))  # type: ignore[arg-type]
    if not found:
        raise Unread(f"{words!r} states no number")
    return frozenset(found)


def _negated(words: str) -> bool:
    return any(token in NEGATIONS or token.endswith("n't") for token in _tokens(words))


def _permission(words: str) -> bool:
    tokens = _tokens(words)
    if not {"may", "can", "cannot", "can't", "allowed", "allow", "allows"} & set(tokens):
        raise Unread(f"{words!r} states no permission (may, can, allowed)")
    return not _negated(words)


def _obligation(words: str) -> bool:
    tokens = set(_tokens(words))
    if "must" in tokens and not _negated(words):
        return True
    if tokens & {"may", "can"}:
        return False
    raise Unread(f"{words!r} states no obligation (must) and no choice (may)")


def _affirmed(words: str) -> bool:
    if not _tokens(words):
        raise Unread("no words")
    return not _negated(words)


def _ranks(words: str) -> frozenset[int]:
    tokens = _tokens(words)
    if "no" in tokens and ("card" in tokens or "cards" in tokens):
        return frozenset()
    found = {RANKS[t.removesuffix("s")] for t in tokens if t.removesuffix("s") in RANKS}
    found |= {int(t) for t in tokens if t.isdigit() and 2 <= int(t) <= 10}
    if not found:
        raise Unread(f"{words!r} names no card")
    return frozenset(found)


def _sign(words: str) -> int:
    """What a player's score gets: a penalty adds (1), a bonus takes off (-1), neither (0)."""
    tokens = set(_tokens(words))
    if tokens & {"no", "neither"} and tokens & {"bonus", "penalty"}:
        return 0
    sign: int = _one(
        {1 for t in tokens if t == "penalty"} | {-1 for t in tokens if t == "bonus"},
        "bonus or penalty",
        words,
    )
    return sign


EXTREMES = {"lowest": ("lowest", "lower", "least"), "highest": ("highest", "higher", "most")}
COMPARISONS = {
    "higher": ("higher", "more", "greater", "raise", "raises"),
    "lower": ("lower", "lowers", "fewer", "less", "smaller"),
}
TRENDS = {"rises": ("rises", "rise", "increases"), "falls": ("falls", "fall", "decreases")}
SIZES = {"largest": ("largest", "biggest"), "smallest": ("smallest",)}
ORDERS = {"before": ("before", "earlier"), "after": ("after", "later")}
SEPARATIONS = {"True": ("beyond", "apart"), "False": ("within", "overlap")}
COMPARING = frozenset(
    word
    for kind in (EXTREMES, COMPARISONS, TRENDS, SIZES, ORDERS, SEPARATIONS)
    for phrases in kind.values()
    for phrase in phrases
    for word in phrase.split()
)
"""The words that compare values or order them (more, fewer, lowest, rises, before, after)."""
MODALS = frozenset({"may", "can", "cannot", "can't", "must"})
STATING = (
    COMPARING
    | NEGATIONS
    | MODALS
    | {word for word in NUMBERS if word not in ("a", "an", "one", "single", "once")}
)
"""The words that state a value: a comparison or an order, a negation, a permission or an
obligation, a number (``one`` and ``once`` left out: English uses them as a pronoun and a
conjunction too). A claimed sentence may hold them only in a claim's frame, rendered from the
engine's values (:mod:`generator.check.clauses`)."""

KINDS: dict[str, Callable[[str], Any]] = {
    "count": _count,
    "counts": _counts,
    "permission": _permission,
    "obligation": _obligation,
    "affirmed": _affirmed,
    "same-suit": _choice(
        **{"True": ("same suit", "suit matters"), "False": ("whatever its suit", "any suit")}
    ),
    "refused": _choice(
        **{
            "True": ("refused", "refuses", "refuse"),
            "False": ("accepted", "accepts", "accept", "allowed", "allows", "allow"),
        }
    ),
    "goes-on": _choice(**{"True": ("goes on", "continues", "wraps"), "False": ("stops",)}),
    "any-time": _choice(**{"True": ("at any time", "whenever"), "False": ("only when",)}),
    "side": _choice(left=("left",), right=("right",)),
    "turning": _choice(
        clockwise=("clockwise",), anticlockwise=("anticlockwise", "counterclockwise")
    ),
    "extreme": _choice(**EXTREMES),
    "comparison": _choice(**COMPARISONS),
    "trend": _choice(**TRENDS),
    "size": _choice(**SIZES),
    "position": _choice(first=("first",), last=("last",)),
    "order": _choice(**ORDERS),
    "separated": _choice(**SEPARATIONS),
    "ranks": _ranks,
    "sign": _sign,
}
"""Every kind of value a claim's table may state, and how its words are read."""


def _as_read(kind: str, value: Any) -> Any:
    """The engine's value as the kind's reading gives it (a bonus's sign; a truth as its
    name, which the choices read)."""
    if kind == "sign":
        return (value > 0) - (value < 0)
    if isinstance(value, bool) and kind not in ("permission", "obligation", "affirmed"):
        return str(value)
    return value


def misread(kind: str, words: str, value: Any) -> str | None:
    """What is wrong with ``words`` as the words for the engine's ``value`` of ``kind``:
    ``None`` when this reading reads them as that value."""
    read = KINDS.get(kind)
    if read is None:
        return f"no reading of the kind {kind!r} (kinds: {', '.join(KINDS)})"
    try:
        meant = read(words)
    except Unread as error:
        return f"the second path cannot read them as a {kind}: {error}"
    expected = _as_read(kind, value)
    if type(meant) is not type(expected) or meant != expected:  # True is no count of 1
        return f"the second path reads them as {meant!r}"
    return None

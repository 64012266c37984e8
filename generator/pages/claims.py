"""Claims: the sentences a page states, played in a game's engine.

Each page's claims live beside its facts (``patience_claims/`` and ``sixcard_claims/``,
a module per section of the page). A sentence of a template names its claims in a comment
right before it, which never reaches a catalog::

    {# CLAIM: queen-on-king #}
    - {% trans %}Queen on a King: the strict rules allow no card at all on a King; ...{% endtrans %}

and each claim keeps the English sentences it was written for. ``check`` (and so
``build``) runs every claim and reports a failing one at the template line of its
sentence; a sentence whose English text changed while its claim did not is
reported too, so that no sentence changes its meaning without someone looking at
the claim that backs it (the catalogs then mark its translations fuzzy).

A claim sets up the situation, plays it in the engine, and compares what the
engine does with what the sentence says, stated once more in the claim's own
terms. It returns the list of what it found wrong; empty means the sentence holds.

Where a sentence states a rule's value in words (a count: *only once*; an order:
*lowest card deals*; a side: *the dealer's right*; *may* or *may NOT*; a card's
value: *score zero*), the claim supplies those words (:class:`Says`): it measures
the value in the engine and renders the words its table gives for it into the
place the sentence states them, and the sentence must hold that rendering. A
sentence that states another value no longer holds what the claim renders,
whatever the claim's copy of the sentence says: copying a new wording into the
claim does not make it true::

    @claim("stock", STOCK, says=[Says(STOCK, "You go through the stock {}", PASSES, passes)])
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from generator.patience.errors import GolfError

Facts = dict[str, Any]
Play = Callable[[Facts], list[str]]


class ClaimError(GolfError):
    """The page's facts cannot be derived: a claim's situation no longer exists."""

    def __init__(self, claim: str, message: str) -> None:
        super().__init__(f"{message} (claim {claim!r})")
        self.claim = claim


@dataclass(frozen=True)
class Words:
    """The English words a sentence states a rule's value in, for each value the engine
    may give (``what``: the value's name in messages, ``the passes through the stock``).
    ``reads``: the kind of value the words state (a ``count``, a ``permission``, a ``side``
    ...), by which ``check`` reads each of them back apart from the table
    (:mod:`generator.twopath.wording`): words that state another value than the one they
    are given for are refused, so a table changes what a page says only with the engine."""

    what: str
    table: Mapping[Any, str]
    reads: str

    def value_of(self, words: str) -> Any:
        """The value ``words`` are the table's words for (``None`` if none)."""
        return next((value for value, said in self.table.items() if said == words), None)


NUMBER_WORDS = Words(
    "number",
    {
        0: "zero",
        1: "one",
        2: "two",
        3: "three",
        4: "four",
        5: "five",
        6: "six",
        7: "seven",
        8: "eight",
        9: "nine",
        10: "ten",
        11: "eleven",
        12: "twelve",
    },
    reads="count",
)
"""The numbers a sentence writes in words (:func:`counted` names what they count)."""
CAPITALIZED = {value: words.capitalize() for value, words in NUMBER_WORDS.table.items()}
"""The same, starting a sentence."""


def can(what: str) -> Words:
    """The words for whether something can be done or be so (``can``, ``cannot``), for
    :class:`Says`: one table, each use naming what it is about."""
    return Words(what, {True: "can", False: "cannot"}, reads="permission")


def extreme(what: str, highest: str = "most", lowest: str = "least") -> Words:
    """The words for the end of a range a figure stands at (``most``: the highest of them),
    for :class:`Says`; :func:`extreme_of` measures it."""
    return Words(what, {"highest": highest, "lowest": lowest}, reads="extreme")


def extreme_of(value: Any, values: Iterable[Any]) -> str:
    """Which end of ``values`` ``value`` stands at: ``highest``, ``lowest`` (the highest
    first when all are equal) or ``neither``.

    >>> extreme_of(3, [1, 3]), extreme_of(1, [1, 3]), extreme_of(2, [1, 2, 3])
    ('highest', 'lowest', 'neither')
    """
    values = list(values)
    if value >= max(values):
        return "highest"
    return "lowest" if value <= min(values) else "neither"


def counted(what: str, table: Mapping[Any, str] = NUMBER_WORDS.table) -> Words:
    """Number words naming what they count, for :class:`Says`."""
    return Words(what, table, reads="count")


class Misstated(str):
    """A claim's failure that is about one of its sentences: the words it states for a
    value of the engine (:class:`Says`). ``sentence`` is the claim's copy of it."""

    sentence: str

    def __new__(cls, text: str, sentence: str) -> Misstated:
        made = super().__new__(cls, text)
        made.sentence = sentence
        return made


@dataclass(frozen=True)
class Says:
    """The words ``sentence`` states a value of the engine in: ``value`` measures it (given
    the page's facts), ``words`` gives its English words, and ``frame`` is the part of the
    sentence they stand in, ``{}`` where they go. The sentence must hold the frame with the
    engine's words (:meth:`misstated`)."""

    sentence: str
    frame: str
    words: Words
    value: Callable[[Facts], Any]

    def __post_init__(self) -> None:
        if self.frame.count("{}") != 1:
            raise ValueError(f"a frame has one {{}} for the words, not {self.frame!r}")

    def rendered(self, value: Any) -> str | None:
        """The frame with the words for ``value`` (``None``: the table has none for it)."""
        words = self.words.table.get(value)
        return None if words is None else self.frame.replace("{}", words)

    def stated(self, sentence: str) -> tuple[str, Any] | None:
        """The words ``sentence`` holds in the frame's place and the value they are the
        table's words for (``None`` for words not in the table); ``None`` without the frame."""
        before, after = (re.escape(part) for part in self.frame.split("{}"))
        choices = sorted(self.words.table.values(), key=len, reverse=True)
        known = re.search(before + "(" + "|".join(map(re.escape, choices)) + ")" + after, sentence)
        if known:
            return known.group(1), self.words.value_of(known.group(1))
        other = re.search(before + r"(.{1,60}?)" + (after or r"(?=[.;:,)]|$)"), sentence)
        return (other.group(1), None) if other else None

    def misstated(self, sentence: str, value: Any) -> str | None:
        """What is wrong with how ``sentence`` states the engine's ``value``; ``None`` when it
        holds the frame with the engine's words.

        >>> side = Words("side of the dealer", {"right": "right", "left": "left"}, "side")
        >>> says = Says("", "The player to the dealer's {} cuts", side, str)
        >>> print(says.misstated("The player to the dealer's left cuts.", "right"))
        ... # doctest: +NORMALIZE_WHITESPACE
        the sentence states the side of the dealer as 'left'; the engine gives 'right':
        the claim renders "The player to the dealer's right cuts"
        """
        rendered = self.rendered(value)
        if rendered is None:
            return (
                f"the engine gives the {self.words.what} {shown(value)}, for which the claim "
                f"has no words: the sentence cannot state it as {self.frame!r}"
            )
        if rendered in sentence:
            return None
        engine = f"the engine gives {shown(value)}: the claim renders {rendered!r}"
        said = self.stated(sentence)
        if said is None:
            return f"the sentence no longer holds {self.frame!r} ({self.words.what}); {engine}"
        words, meaning = said
        if meaning is None:
            return (
                f"the sentence states the {self.words.what} as {words!r}, words the claim has "
                f"for no value; {engine}"
            )
        meant = "" if meaning == words else f" ({shown(meaning)})"
        return f"the sentence states the {self.words.what} as {words!r}{meant}; {engine}"


def shown(value: Any) -> str:
    """A measured value as a message shows it (a set of ranks sorted, in braces)."""
    if isinstance(value, frozenset):
        return "{" + ", ".join(sorted(map(repr, value))) + "}"
    return repr(value)


@dataclass(frozen=True)
class Claim:
    name: str
    sentences: tuple[str, ...]
    """The English sentences (msgids, placeholders as they are) it was written for."""
    play: Play
    file: Path
    line: int
    """Where it is written, for messages about the claim itself."""
    says: tuple[Says, ...] = ()
    """The values of the engine its sentences state in words, and where."""

    def misstated(self, facts: Facts) -> list[Misstated]:
        """Each of its sentences that does not state the engine's value in the claim's words."""
        found = []
        measured: dict[int, Any] = {}  # a value stated in several sentences is measured once
        for says in self.says:
            if id(says.value) not in measured:
                measured[id(says.value)] = says.value(facts)
            problem = says.misstated(says.sentence, measured[id(says.value)])
            if problem is not None:
                found.append(Misstated(problem, says.sentence))
        return found


class Claims(dict[str, Claim]):
    """One page's claims by name, and the function that gives the page's facts."""

    def __init__(self, facts: Callable[[], Facts]) -> None:
        super().__init__()
        self.facts = facts

    def claim(
        self, name: str, *sentences: str, says: Iterable[Says] = ()
    ) -> Callable[[Play], Play]:
        """Register a claim backing ``sentences``; the function gets the page's facts.
        ``says`` are the values of the engine the sentences state in words."""

        def register(play: Play) -> Play:
            file = Path(inspect.getfile(play))
            line = play.__code__.co_firstlineno
            if name in self:
                held = self[name]
                raise ValueError(
                    f"claim {name!r} is registered twice: {held.file.name}:{held.line} and "
                    f"{file.name}:{line}"
                )
            self[name] = Claim(name, sentences, play, file, line, tuple(says))
            return play

        return register

    def arrange(self, names: Sequence[str]) -> None:
        """Put the claims in the order of ``names``, the order ``check`` plays them in (and
        reports what they find in); ``names`` names each registered claim once.

        >>> claims = Claims(dict)
        >>> for name in ("a", "b"):
        ...     _ = claims.claim(name)(lambda facts: [])
        >>> claims.arrange(["b", "a"]); list(claims)
        ['b', 'a']
        >>> claims.arrange(["b"])
        Traceback (most recent call last):
        ValueError: the order of the claims names ['b'], not every claim registered: ['a', 'b']
        """
        if sorted(names) != sorted(self):
            raise ValueError(
                f"the order of the claims names {sorted(names)}, not every claim registered: "
                f"{sorted(self)}"
            )
        arranged = [self.pop(name) for name in names]
        self.update((claim.name, claim) for claim in arranged)

    def arrange_by_module(self, modules: Sequence[ModuleType]) -> None:
        """Put the claims in the order of the modules that register them (each module's in the
        order it registers them); every claim is registered by one of ``modules``."""
        self.arrange(
            [
                name
                for module in modules
                for name, claim in self.items()
                if claim.play.__module__ == module.__name__
            ]
        )


def one_value(values: set[Any]) -> Any:
    """The one value every situation gave, or all of them (a claim's table has no words for
    a set, so the sentence is reported with what the engine gave).

    >>> one_value({"left"}), one_value({1, 2})
    ('left', frozenset({1, 2}))
    """
    return next(iter(values)) if len(values) == 1 else frozenset(values)


def first_of(items: Iterable[Any], claim_name: str, what: str) -> Any:
    """The first of ``items``; a :class:`ClaimError` naming the claim if there is none."""
    for item in items:
        return item
    raise ClaimError(claim_name, f"the engine gives no {what}")

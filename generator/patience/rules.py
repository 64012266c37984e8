"""Rule sets, which moves they refuse and why (:class:`~generator.patience.errors.Reason`), and
the scoring.

Three rule sets: the app's **Easy** (the default: king and ace connect both ways)
and **Classic** (no wrap; a queen may still go on a king), and the traditional
**strict** rules the help pages compare them with (no wrap, nothing at all on a
king, drawing only when no card can be removed).

A rule set may carry **variants** (:class:`Variant`), rules added on top of it;
a :class:`RuleSet` is a rule set with its variants, and answers the same
questions. ``nothing-on-king`` forbids any card on a king and changes nothing
else: on Classic it gives the rules most solvers use (and the published 26%
winnable figure): no wrap, nothing on a king, drawing at any time. On Easy it
takes away the ace on a king but leaves the king on an ace; on strict it
changes nothing.

``jokers=1`` and ``jokers=2`` put one or two Jokers into the deck (the two
exclude each other). A Joker stands for any card: it may be removed onto any
waste card, and any card may be removed onto a Joker on the waste. Nothing on
a king means nothing at all: under the strict rules and ``nothing-on-king`` a
Joker may not go onto a king either (refused as ``nothing-on-king``), while a
Joker on the waste takes every card, a king included.

``empty-waste`` deals no waste card: the waste starts empty, and the first
card may be any free card or a drawn one. Every card fits the empty waste, and
drawing onto it is allowed under every rule set (the strict rules' "draw only
when no card fits" waits until there is a waste card).

>>> from generator.patience.cards import Card
>>> jokers = RuleSet.of(Rules.STRICT, [Variant.JOKERS_1])
>>> C = Card.from_str
>>> jokers.accepts_card(C("JK"), C("KS")), jokers.accepts_card(C("7D"), C("JK"))
(True, True)
>>> jokers.refusal_card(C("KD"), C("JK"))
<Reason.NOTHING_ON_KING: 'nothing-on-king'>
>>> jokers.accepts_card(None, C("5C")), jokers.jokers, jokers.empty_waste
(True, 1, False)

>>> Rules.EASY.accepts(waste_rank=13, rank=1)   # an ace on a king
True
>>> Rules.CLASSIC.accepts(waste_rank=13, rank=1)
False
>>> Rules.CLASSIC.accepts(waste_rank=13, rank=12)  # a queen on a king
True
>>> Rules.STRICT.accepts(waste_rank=13, rank=12)
False
>>> RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]).accepts(waste_rank=13, rank=12)
False
>>> RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]).draw_only_when_blocked
False
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from generator.patience.cards import ACE, JOKER_RANK, KING, Card
from generator.patience.deal import TABLEAU_SIZE, Deal, deal_for_number
from generator.patience.errors import DealError, Reason, RuleSetError


class Rules(enum.Enum):
    """A rule set; its value is the name used on the command line and in data files."""

    EASY = "easy"
    CLASSIC = "classic"
    STRICT = "strict"

    @property
    def wraps(self) -> bool:
        """Whether king and ace connect (``K`` on ``A`` and ``A`` on ``K``)."""
        return self is Rules.EASY

    @property
    def nothing_on_king(self) -> bool:
        """Whether a king on the waste takes no card at all (strict rules)."""
        return self is Rules.STRICT

    @property
    def draw_only_when_blocked(self) -> bool:
        """Whether drawing is allowed only when no free card fits (strict rules)."""
        return self is Rules.STRICT

    def accepts(self, waste_rank: int, rank: int) -> bool:
        """Whether a free card of ``rank`` may be removed onto a waste card of ``waste_rank``.

        A Joker (:data:`~generator.patience.cards.JOKER_RANK`) fits every rank
        and takes every rank, except that nothing goes onto a king when nothing
        may.
        """
        if self.nothing_on_king and waste_rank == KING:
            return False
        if JOKER_RANK in (waste_rank, rank):
            return True
        if abs(waste_rank - rank) == 1:
            return True
        return self.wraps and {waste_rank, rank} == {ACE, KING}

    def refusal(self, waste_rank: int, rank: int) -> Reason | None:
        """Why a free card of ``rank`` may not go onto ``waste_rank``; ``None`` if it may."""
        if self.accepts(waste_rank, rank):
            return None
        if (
            self.nothing_on_king
            and waste_rank == KING
            and (abs(waste_rank - rank) == 1 or rank == JOKER_RANK)
        ):
            return Reason.NOTHING_ON_KING
        return Reason.NOT_ADJACENT

    def neighbours(self, rank: int) -> tuple[int, ...]:
        """The ranks one above and one below ``rank`` under these rules (wrapping on Easy)."""
        below, above = rank - 1, rank + 1
        if self.wraps:
            below = below or KING
            above = above if above <= KING else ACE
        return tuple(r for r in (above, below) if ACE <= r <= KING)


class Variant(enum.Enum):
    """A rule added on top of a rule set; its value is the name on the command line."""

    NOTHING_ON_KING = "nothing-on-king"
    """No card at all may go onto a king, a Joker neither (drawing stays allowed at any time)."""
    JOKERS_1 = "jokers=1"
    """One Joker in the deck: it goes onto any card, and any card onto it."""
    JOKERS_2 = "jokers=2"
    """Two Jokers in the deck (excludes ``jokers=1``)."""
    EMPTY_WASTE = "empty-waste"
    """No waste card is dealt: the first card may be any free card or a drawn one."""


_JOKER_VARIANTS = {Variant.JOKERS_1: 1, Variant.JOKERS_2: 2}


@dataclass(frozen=True)
class RuleSet:
    """A rule set with its variants; it answers what :class:`Rules` answers.

    >>> rule_set = RuleSet.of(Rules.EASY, [Variant.NOTHING_ON_KING])
    >>> rule_set.accepts(waste_rank=13, rank=1), rule_set.accepts(waste_rank=1, rank=13)
    (False, True)
    >>> rule_set.refusal(waste_rank=13, rank=1)
    <Reason.NOTHING_ON_KING: 'nothing-on-king'>
    >>> str(rule_set)
    'easy+nothing-on-king'
    """

    rules: Rules
    variants: frozenset[Variant] = frozenset()

    def __post_init__(self) -> None:
        jokers = sorted(v.value for v in self.variants if v in _JOKER_VARIANTS)
        if len(jokers) > 1:
            raise RuleSetError(
                f"variants {jokers[0]!r} and {jokers[1]!r} exclude each other: choose one"
            )

    @classmethod
    def of(cls, rules: Rules | RuleSet, variants: Iterable[Variant] = ()) -> RuleSet:
        """``rules`` (a rule set, or a rule set with variants) with ``variants`` added."""
        if isinstance(rules, RuleSet):
            return cls(rules.rules, rules.variants | frozenset(variants))
        return cls(rules, frozenset(variants))

    @property
    def variant_names(self) -> list[str]:
        """The variants' names, sorted: what the command line prints."""
        return sorted(variant.value for variant in self.variants)

    @property
    def wraps(self) -> bool:
        return self.rules.wraps

    @property
    def nothing_on_king(self) -> bool:
        return self.rules.nothing_on_king or Variant.NOTHING_ON_KING in self.variants

    @property
    def draw_only_when_blocked(self) -> bool:
        return self.rules.draw_only_when_blocked

    @property
    def jokers(self) -> int:
        """How many Jokers the deck holds: 0, or 1 or 2 with a ``jokers`` variant."""
        return sum(_JOKER_VARIANTS.get(variant, 0) for variant in self.variants)

    @property
    def empty_waste(self) -> bool:
        """Whether the waste starts empty (``empty-waste``)."""
        return Variant.EMPTY_WASTE in self.variants

    def draw_waits(self, waste: Card | None) -> bool:
        """Whether a draw onto ``waste`` must wait until no free card fits (strict rules).

        ``None`` is the empty waste: drawing onto it never waits.
        """
        return self.draw_only_when_blocked and waste is not None

    def accepts_card(self, waste: Card | None, card: Card) -> bool:
        """Whether ``card`` may be removed onto ``waste``; ``None`` is the empty waste, which takes any card."""
        return waste is None or self.accepts(waste.rank, card.rank)

    def refusal_card(self, waste: Card | None, card: Card) -> Reason | None:
        """Why ``card`` may not be removed onto ``waste`` (``None`` is the empty waste); ``None`` if it may."""
        return None if waste is None else self.refusal(waste.rank, card.rank)

    def check_deal(self, deal: Deal) -> None:
        """Raise :class:`DealError` unless ``deal`` is dealt for these variants (its Jokers, its waste)."""
        if deal.jokers != self.jokers:
            raise DealError(
                f"the deal holds {deal.jokers} Joker(s) but rules {str(self)!r} deal {self.jokers} "
                "(the variant 'jokers=N' says how many)"
            )
        if deal.empty_waste != self.empty_waste:
            raise DealError(
                f"the deal has {'no' if deal.empty_waste else 'a'} waste card but rules "
                f"{str(self)!r} {'start with an empty waste' if self.empty_waste else 'deal one'} "
                f"(the variant {Variant.EMPTY_WASTE.value!r} decides)"
            )

    def _no_card_on(self, waste_rank: int) -> bool:
        """Whether a variant forbids every card on ``waste_rank``."""
        return Variant.NOTHING_ON_KING in self.variants and waste_rank == KING

    def accepts(self, waste_rank: int, rank: int) -> bool:
        """What :meth:`Rules.accepts` says, unless a variant forbids the card."""
        return not self._no_card_on(waste_rank) and self.rules.accepts(waste_rank, rank)

    def refusal(self, waste_rank: int, rank: int) -> Reason | None:
        """What :meth:`Rules.refusal` says; a card only a variant forbids gives its reason."""
        reason = self.rules.refusal(waste_rank, rank)
        if reason is None and self._no_card_on(waste_rank):
            reason = Reason.NOTHING_ON_KING
        return reason

    def neighbours(self, rank: int) -> tuple[int, ...]:
        """The ranks one above and one below ``rank`` (see :meth:`Rules.neighbours`)."""
        return self.rules.neighbours(rank)

    def __str__(self) -> str:
        return "+".join([self.rules.value, *self.variant_names])


def deal_for(number: int, rule_set: RuleSet) -> Deal:
    """The deal number ``number`` under ``rule_set``: its Jokers and empty waste (see
    :func:`~generator.patience.deal.deal_for_number`)."""
    return deal_for_number(number, jokers=rule_set.jokers, empty_waste=rule_set.empty_waste)


@dataclass(frozen=True)
class Scoring:
    """The app's scoring. The score starts at ``0`` and never goes below ``floor``.

    >>> per = SCORING.per_removal, SCORING.per_card_left_when_stuck
    >>> SCORING.stuck_score(removed=31) == max(SCORING.floor, 31 * per[0] + 4 * per[1])
    True
    >>> SCORING.stuck_score(removed=0) == SCORING.floor
    True
    """

    per_removal: int = 10
    per_draw: int = 0
    per_card_left_when_stuck: int = -10
    floor: int = 0

    def score(self, removed: int, drawn: int, stuck: bool) -> int:
        """The score after ``removed`` removals and ``drawn`` draws, stuck or not."""
        raw = removed * self.per_removal + drawn * self.per_draw
        if stuck:
            raw += (TABLEAU_SIZE - removed) * self.per_card_left_when_stuck
        return max(self.floor, raw)

    @property
    def won_score(self) -> int:
        """What a won game without draws is worth: every tableau card removed."""
        return self.score(TABLEAU_SIZE, 0, stuck=False)

    def stuck_score(self, removed: int) -> int:
        """What a game stuck after ``removed`` removals is worth (draws score nothing)."""
        return self.score(removed, 0, stuck=True)


SCORING = Scoring()
"""The scoring the app uses."""

UNDO_LIMIT = 100
"""How many of the last actions (removals and draws) the app can undo."""


@dataclass(frozen=True)
class TraditionalScoring:
    """How Golf is scored traditionally (strict rules): like golf, the lower the better."""

    points_per_card_left: int = 1
    deals: int = 9
    """A round is played over this many deals ("holes")."""
    par: int = 45

    def score(self, tableau_left: int, stock_left: int = 0) -> int:
        """A game's points: so many per card left on the tableau; a cleared tableau
        scores one point less for each card left in the stock (the lower the better)."""
        if tableau_left:
            return self.points_per_card_left * tableau_left
        return -stock_left

    def round_score(self, games: list[tuple[int, int]]) -> int:
        """A round's points: the sum of its games' ``(tableau_left, stock_left)``."""
        return sum(self.score(tableau, stock) for tableau, stock in games)


TRADITIONAL_SCORING = TraditionalScoring()

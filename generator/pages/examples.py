"""What the examples page shows: one verified deal for each thing the rules page says or implies.

The deals, their verdicts under four rule sets and their winning lines are data
(``generator/data/examples.yaml``, made by ``scripts/find_examples.py``). This
module reads them and replays them in the engine to give the page its facts;
:mod:`generator.pages.examples_claims` checks every one of them again (the code
deals the cards, every line wins, every verdict holds, the special move is in
the line and is needed).

A deal that cannot be won may have a reason a reader can check by eye, a
*locked set* (:func:`locked_cards`): cards that can only go onto cards lying
above one of them in its own column. None of them can be the first of them to
be removed, since the card it would go onto is still covered.

>>> [example.name for example in load_examples()][:2]
['easy-not-classic', 'classic-not-strict']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.bounded import load_yaml
from generator.pages.patience import Step, _direction
from generator.pages.recorded import DATA_DIR, DataFileError, _Located
from generator.patience import (
    COLUMN_HEIGHT,
    COLUMNS,
    TABLEAU_SIZE,
    Card,
    Deal,
    DealCode,
    Game,
    GolfError,
    Move,
    Position,
    Reason,
    Rules,
    RuleSet,
    Variant,
)
from generator.patience.cards import parse_card

EXAMPLES = DATA_DIR / "examples.yaml"

EASY = RuleSet.of(Rules.EASY)
CLASSIC = RuleSet.of(Rules.CLASSIC)
NOTHING_ON_KING = RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING])
STRICT = RuleSet.of(Rules.STRICT)
RULE_SETS = (EASY, CLASSIC, NOTHING_ON_KING, STRICT)
"""The rule sets every example is solved under, from the loosest to the strictest
(the page's order): each allows every move the next one allows."""
BY_NAME = {str(rule_set): rule_set for rule_set in RULE_SETS}

KINDS = (
    "easy-not-classic",
    "classic-not-strict",
    "queen-on-king",
    "draw-any-time",
    "unwinnable",
    "reference",
)
"""The examples, in the page's order."""

STRICTER = {
    "easy-not-classic": CLASSIC,
    "classic-not-strict": STRICT,
    "queen-on-king": NOTHING_ON_KING,
    "draw-any-time": STRICT,
}
"""For the examples that show a line: the rule set whose refusal of one of its moves
the page names (the ``special_move`` of the data)."""

VERDICTS = {"winnable": True, "unwinnable": False}


@dataclass(frozen=True)
class Lock:
    """A reason a deal cannot be won that a reader can check by eye (see :func:`locked_cards`)."""

    rules: RuleSet
    """The loosest rule set under which the cards are locked (the data says which)."""
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Example:
    """One deal of the page, as the data file records it."""

    name: str
    code: str
    deal: Deal
    verdicts: Mapping[str, bool]
    """By rule set name (``str(RuleSet)``)."""
    moves: Mapping[str, tuple[Move, ...]]
    """A winning line for each rule set the deal is winnable under."""
    shown: str | None
    """The rule set whose line the page shows (folded)."""
    special: int | None = None
    """The number of the move in the shown line that only the looser rules allow."""
    lock: Lock | None = None
    path: Path = EXAMPLES
    line: int = 1
    """Where the example starts in the data file."""
    lines: Mapping[str, int] = field(default_factory=dict)
    """Where each of its keys is, for messages that say where."""

    def where(self, key: str | None = None) -> str:
        return f"{self.path}:{self.lines.get(key or '', self.line)}"


def rule_set_named(name: str) -> RuleSet:
    if name not in BY_NAME:
        raise GolfError(f"no such rule set here: {name!r} (rule sets: {', '.join(BY_NAME)})")
    return BY_NAME[name]


class _Quick(_Located):
    """The data read at libyaml's speed, without the lines of its values: the file holds
    some 2,000 of them, and reading each with its line takes most of a second."""

    def __init__(self, path: Path) -> None:
        self.path = path
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        try:
            self.data = load_yaml(path, loader)
        except (yaml.YAMLError, OSError):
            self.data = _Located(path).data  # raises the error, with its line
        self.lines = {}


def load_examples(path: Path = EXAMPLES) -> list[Example]:
    """The examples of the page; raise :class:`DataFileError` (``file:line: what``) if malformed.

    The file is read quickly first; only a malformed one is read again with the line
    of every value, for the message.
    """
    try:
        return _read_examples(_Quick(path))
    except DataFileError:
        return _read_examples(_Located(path))


def _read_examples(data: _Located) -> list[Example]:
    path = data.path
    top = data.mapping(data.data, "the file")
    examples = []
    for entry in data.mappings(top, "examples", "an example"):
        name = data.field(entry, "name")
        if name not in KINDS:
            raise data.error(entry, f"example {name!r} is not one of {', '.join(KINDS)}")
        code = str(data.field(entry, "code"))
        try:
            DealCode.parse(code)
        except GolfError as error:
            raise data.error(entry, str(error)) from None
        verdicts_data = data.mapping(data.field(entry, "verdicts"), "verdicts")
        verdicts = {}
        for rule_set in BY_NAME:
            verdict = data.field(verdicts_data, rule_set)
            if verdict not in VERDICTS:
                raise data.error(
                    verdicts_data, f"verdict {verdict!r} is not winnable or unwinnable"
                )
            verdicts[rule_set] = VERDICTS[verdict]
        moves_data = data.mapping(entry.get("moves", {}), "moves")
        moves: dict[str, tuple[Move, ...]] = {}
        for rule_set, line in moves_data.items():
            if rule_set not in BY_NAME:
                raise data.error(moves_data, f"moves: no such rule set here: {rule_set!r}")
            if not isinstance(line, list):
                raise data.error(moves_data, f"moves of {rule_set}: expected a list")
            try:
                moves[rule_set] = tuple(Move.from_json(move) for move in line)
            except GolfError as error:
                raise data.error(line, f"moves of {rule_set}: {error}") from None
        shown = entry.get("shown")
        if shown is not None and shown not in moves:
            raise data.error(entry, f"shown: no line recorded for {shown!r}")
        special = entry.get("special_move")
        if special is not None and (
            shown is None
            or not isinstance(special, int)
            or isinstance(special, bool)
            or not 1 <= special <= len(moves[shown])
        ):
            raise data.error(entry, f"special_move {special!r} is not a move of the shown line")
        lock = None
        if "reason" in entry:
            reason = data.mapping(entry["reason"], "reason")
            cards = data.field(reason, "cards")
            try:
                lock = Lock(
                    rule_set_named(str(data.field(reason, "rules"))),
                    tuple(parse_card(card) for card in cards),
                )
            except (GolfError, TypeError) as error:
                raise data.error(reason, f"reason: {error}") from None
        lines = {key: data.line(value) for key, value in entry.items()}
        examples.append(
            Example(
                name,
                code,
                data.deal(entry),
                verdicts,
                moves,
                shown,
                special,
                lock,
                path,
                data.line(entry),
                {key: line for key, line in lines.items() if line != 1},
            )
        )
    return examples


# -- the reason a reader can check by eye ------------------------------------


def onto_cards(deal: Deal, card: Card, rules: RuleSet) -> list[Card]:
    """Every card of the deal that ``card`` may go onto under ``rules``."""
    return [c for c in deal.deck if c != card and rules.accepts(c.rank, card.rank)]


def place(deal: Deal, card: Card) -> tuple[int, int] | None:
    """The column and row (both from 1, row 1 the top) of a tableau card; ``None`` elsewhere."""
    for number, column in enumerate(deal.columns, start=1):
        if card in column:
            return number, column.index(card) + 1
    return None


def covering(deal: Deal, card: Card, cards: Iterable[Card]) -> Card | None:
    """The first of ``cards`` below ``card`` in its column (covering it); ``None`` if there is none."""
    where = place(deal, card)
    if where is None:
        return None
    column = deal.columns[where[0] - 1]
    chosen = set(cards)
    return next((c for c in column[where[1] :] if c in chosen), None)


def uncovered(deal: Deal, cards: Iterable[Card], rules: RuleSet) -> list[Card]:
    """The cards that cards of ``cards`` may go onto and that none of ``cards`` covers."""
    chosen = tuple(cards)
    found: list[Card] = []
    for card in chosen:
        for onto in onto_cards(deal, card, rules):
            if covering(deal, onto, chosen) is None and onto not in found:
                found.append(onto)
    return found


def is_locked(deal: Deal, cards: Iterable[Card], rules: RuleSet) -> bool:
    """Whether ``cards`` (tableau cards) can never be removed under ``rules``: every card they
    may go onto lies above one of them in its own column."""
    chosen = tuple(cards)
    return (
        bool(chosen) and all(place(deal, c) for c in chosen) and not uncovered(deal, chosen, rules)
    )


def locked_cards(deal: Deal, rules: RuleSet) -> tuple[Card, ...]:
    """A smallest-found locked set of ``deal`` under ``rules`` (empty if there is none).

    The largest locked set is found by dropping, until nothing changes, every card
    that may go onto a card no remaining card covers; then cards are dropped one by
    one while a locked set remains.
    """

    where: dict[Card, tuple[int, int] | None] = {card: None for card in deal.deck}
    for number, column in enumerate(deal.columns, start=1):
        where.update({card: (number, row) for row, card in enumerate(column, start=1)})
    by_rank: dict[int, list[Card]] = {}
    for card in deal.deck:
        by_rank.setdefault(card.rank, []).append(card)
    goes_onto = {
        rank: [c for w in by_rank if rules.accepts(w, rank) for c in by_rank[w]] for rank in by_rank
    }
    onto = {card: goes_onto[card.rank] for card in deal.deck if where[card]}

    def largest(cards: Iterable[Card]) -> list[Card]:
        chosen = list(cards)
        while True:
            # the lowest chosen row of each column: every card above it is covered
            lowest: dict[int, int] = {}
            for card in chosen:
                column, row = where[card] or (0, 0)
                lowest[column] = max(lowest.get(column, 0), row)
            keep = [
                card
                for card in chosen
                if all(
                    (spot := where[other]) is not None and spot[1] < lowest.get(spot[0], 0)
                    for other in onto[card]
                )
            ]
            if keep == chosen:
                return chosen
            chosen = keep

    tableau = [card for column in deal.columns for card in column]
    chosen = largest(tableau)
    for card in list(chosen):
        if card in chosen:
            smaller = largest(c for c in chosen if c != card)
            if smaller:
                chosen = smaller
    return tuple(chosen)


# -- the page's facts --------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    rules: RuleSet
    winnable: bool
    moves: int


@dataclass(frozen=True)
class LockFacts:
    rules: RuleSet
    cards: tuple[Card, ...]
    onto: tuple[Card, ...]
    """Every card the locked cards may go onto under ``rules``."""
    columns: tuple[tuple[int, Card, tuple[Card, ...]], ...]
    """For each locked card with cards it may go onto above it: its column, the card,
    and those cards (each under the first locked card below it)."""
    holds: tuple[RuleSet, ...]
    """Every rule set under which the cards are locked."""
    looser: RuleSet | None
    """The rule set next looser than ``rules`` (where the reason does not hold)."""
    extra: tuple[Card, ...]
    """What the cards may also go onto under ``looser``, uncovered."""


@dataclass(frozen=True)
class ExampleFacts:
    name: str
    code: str
    start: Position
    verdicts: tuple[Verdict, ...]
    shown: RuleSet | None
    steps: tuple[Step, ...]
    """The shown line, replayed."""
    special: Step | None
    refused: Reason | None
    """Why the stricter rule set (:data:`STRICTER`) refuses the special move."""
    fitting: Card | None
    """For a draw while a card fits: the first free card that fits."""
    lock: LockFacts | None
    highlights: dict[Card, str]


def _replay(deal: Deal, rules: RuleSet, moves: Iterable[Move]) -> list[Step]:
    game = Game(deal, rules.rules, variants=rules.variants)
    steps = []
    for number, move in enumerate(moves, start=1):
        onto = game.waste_card
        assert onto is not None, "the examples are deals with a waste card"
        game.play(move)
        steps.append(
            Step(number, move, onto, _direction(onto, move.card), game.position(), game.score)
        )
    return steps


def _fitting(deal: Deal, rules: RuleSet, moves: Iterable[Move]) -> Card | None:
    """After ``moves``, the first free card (column order) that fits the waste card."""
    game = Game(deal, rules.rules, variants=rules.variants)
    for move in moves:
        game.play(move)
    removals = [move for move in game.legal_moves() if move.action == "remove"]
    return removals[0].card if removals else None


def lock_facts(deal: Deal, lock: Lock) -> LockFacts:
    onto = tuple(
        dict.fromkeys(c for card in lock.cards for c in onto_cards(deal, card, lock.rules))
    )
    by_card: dict[Card, list[Card]] = {}
    for card in onto:
        below = covering(deal, card, lock.cards)
        if below is not None:
            by_card.setdefault(below, []).append(card)
    columns = []
    for card in sorted(lock.cards, key=lambda c: place(deal, c) or (COLUMNS + 1, 0)):
        where = place(deal, card)
        if where is not None and card in by_card:
            columns.append((where[0], card, tuple(by_card[card])))
    index = RULE_SETS.index(lock.rules)
    looser = RULE_SETS[index - 1] if index else None
    return LockFacts(
        lock.rules,
        tuple(sorted(lock.cards, key=lambda c: place(deal, c) or (COLUMNS + 1, 0))),
        onto,
        tuple(columns),
        tuple(rs for rs in RULE_SETS if is_locked(deal, lock.cards, rs)),
        looser,
        tuple(uncovered(deal, lock.cards, looser)) if looser else (),
    )


def example_facts(example: Example) -> ExampleFacts:
    shown = rule_set_named(example.shown) if example.shown else None
    line = example.moves[example.shown] if example.shown else ()
    steps = _replay(example.deal, shown, line) if shown else []
    special = steps[example.special - 1] if example.special and steps else None
    refused = None
    if special is not None and example.name in STRICTER:
        stricter = STRICTER[example.name]
        game = Game(example.deal, stricter.rules, variants=stricter.variants)
        for step in steps[: special.number - 1]:
            game.push(step.move)
        refused = game.refusal(special.move)
    fitting = None
    if special is not None and special.move.action == "draw" and shown is not None:
        fitting = _fitting(example.deal, shown, [s.move for s in steps[: special.number - 1]])
    lock = lock_facts(example.deal, example.lock) if example.lock else None
    highlights: dict[Card, str] = {}
    if lock is not None:
        highlights.update(
            {card: "target" for _column, _card, above in lock.columns for card in above}
        )
        highlights.update({card: "blocked" for card in lock.cards})
    return ExampleFacts(
        example.name,
        example.code,
        Game(example.deal).position(),
        tuple(
            Verdict(
                rs,
                example.verdicts[str(rs)],
                len(example.moves.get(str(rs), ())),
            )
            for rs in RULE_SETS
        ),
        shown,
        tuple(steps),
        special,
        refused,
        fitting,
        lock,
        highlights,
    )


def examples_page_facts() -> dict[str, Any]:
    """Everything the examples page shows, as engine values, by example name.

    Nothing here is checked: :mod:`generator.pages.examples_claims` plays every example
    again. A line that does not replay raises :class:`~generator.pages.claims.ClaimError`
    naming the example's claim.
    """
    from generator.pages.claims import ClaimError

    examples = load_examples()  # a DataFileError says file:line
    facts: dict[str, Any] = {}
    for example in examples:
        try:
            facts[example.name.replace("-", "_")] = example_facts(example)
        except GolfError as error:
            raise ClaimError(f"example-{example.name}", f"{example.code}: {error}") from None
    missing = [kind for kind in KINDS if kind.replace("-", "_") not in facts]
    if missing:
        raise ClaimError(f"example-{missing[0]}", f"{EXAMPLES}: no example {missing[0]!r}")
    return {
        "records": {example.name: example for example in examples},
        "examples": facts,
        "easy": Rules.EASY,
        "classic": Rules.CLASSIC,
        "rule_sets": RULE_SETS,
        "tableau": TABLEAU_SIZE,
        "height": COLUMN_HEIGHT,
    }


def examples_json(examples: Iterable[Example] | None = None) -> list[dict[str, Any]]:
    """The ``examples --json`` contract: name, code, cards, verdicts and lines (``solve``'s notation)."""
    return [
        {
            "name": example.name,
            "code": example.code,
            **example.deal.to_json(),
            "verdicts": {
                name: "winnable" if won else "unwinnable" for name, won in example.verdicts.items()
            },
            "moves": {
                name: [move.to_json() for move in line] for name, line in example.moves.items()
            },
        }
        for example in (load_examples() if examples is None else examples)
    ]

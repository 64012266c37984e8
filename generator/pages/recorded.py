"""Recorded games and example deals: YAML files under ``generator/data``.

Errors name the file and line: a data file is hand-edited, and a message that
says where is worth more than a traceback.

>>> game = load_reference_game()
>>> game.code, len(game.moves), game.verdicts["classic"]
('GO1-E-AAAAAAB', 47, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.bounded import compose_yaml
from generator.patience import Deal, DealCode, GolfError, Move, Rules
from generator.patience.cards import parse_card

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
REFERENCE_GAME = DATA_DIR / "reference_game.yaml"
RULES_EXAMPLES = DATA_DIR / "rules_examples.yaml"
VERDICTS = {"winnable": True, "unwinnable": False}
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SCALARS = yaml.constructor.SafeConstructor()
"""Scalars as ``yaml.safe_load`` reads them (their tags are resolved by the composer)."""


class DataFileError(GolfError):
    """A data file is malformed; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class RecordedGame:
    """A deal, its rules and a recorded line of play, with the solver's verdicts."""

    code: str
    rules: Rules
    deal: Deal
    moves: tuple[Move, ...]
    verdicts: Mapping[str, bool]
    path: Path = REFERENCE_GAME
    move_lines: tuple[int, ...] = ()
    """The line of each move in the data file, for messages that say where."""
    verdicts_line: int = 1

    def to_json(self) -> dict[str, Any]:
        """The ``game --json`` contract: code, rules, columns, waste, stock, moves."""
        return {
            "code": self.code,
            "rules": self.rules.value,
            **self.deal.to_json(),
            "moves": [move.to_json() for move in self.moves],
        }


class _Located:
    """YAML data with the line of every value, so errors can say where."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            node = compose_yaml(path, _LOADER)
        except yaml.MarkedYAMLError as error:
            mark = error.problem_mark
            line = mark.line + 1 if mark else 1
            raise DataFileError(f"{path}:{line}: not valid YAML: {error.problem}") from None
        except OSError as error:
            raise DataFileError(f"{path}: cannot read: {error.strerror}") from None
        self.lines: dict[int, int] = {}
        self.data = self._python(node) if node is not None else None

    def _python(self, node: yaml.Node) -> Any:
        value: Any
        if isinstance(node, yaml.MappingNode):
            value = {self._python(k): self._python(v) for k, v in node.value}
        elif isinstance(node, yaml.SequenceNode):
            value = [self._python(item) for item in node.value]
        else:
            # Scalars are not unique objects: errors about them name their parent's line.
            return _SCALARS.construct_object(node)
        self.lines[id(value)] = node.start_mark.line + 1
        return value

    def line(self, value: Any) -> int:
        return self.lines.get(id(value), 1)

    def error(self, value: Any, message: str) -> DataFileError:
        line = self.lines.get(id(value), 1)
        return DataFileError(f"{self.path}:{line}: {message}")

    def mapping(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(value, f"{where}: expected a mapping")
        return value

    def field(self, mapping: dict[str, Any], key: str) -> Any:
        if key not in mapping:
            raise self.error(mapping, f"missing key {key!r}")
        return mapping[key]

    def listing(self, mapping: dict[str, Any], key: str) -> list[Any]:
        """The list under ``key`` (an error at ``mapping`` if it is missing or no list)."""
        value = self.field(mapping, key)
        if not isinstance(value, list):
            raise self.error(mapping, f"{key}: expected a list")
        return value

    def mappings(self, mapping: dict[str, Any], key: str, each: str) -> list[dict[str, Any]]:
        """The list of mappings under ``key``; ``each`` names one in an error."""
        return [self.mapping(item, each) for item in self.listing(mapping, key)]

    def deal(self, mapping: dict[str, Any]) -> Deal:
        columns = self.field(mapping, "columns")
        places = [("stock", self.field(mapping, "stock"))]
        if isinstance(columns, list):
            places += [(f"column {n}", column) for n, column in enumerate(columns, start=1)]
        for where, cards in places:
            for card in cards if isinstance(cards, list) else []:
                try:
                    parse_card(card)
                except GolfError as error:
                    raise self.error(cards, f"{where}: {error}") from None
        try:
            return Deal.from_json(mapping)
        except GolfError as error:
            raise self.error(mapping, f"bad deal: {error}") from None

    def verdicts(self, mapping: dict[str, Any]) -> dict[str, bool]:
        verdicts = self.mapping(self.field(mapping, "verdicts"), "verdicts")
        result = {}
        for rules in Rules:
            verdict = self.field(verdicts, rules.value)
            if verdict not in VERDICTS:
                raise self.error(verdicts, f"verdict {verdict!r} is not winnable or unwinnable")
            result[rules.value] = VERDICTS[verdict]
        return result


def load_recorded_game(path: Path = REFERENCE_GAME) -> RecordedGame:
    """Read a recorded game; raise :class:`DataFileError` (``file:line: what``) if malformed."""
    data = _Located(path)
    top = data.mapping(data.data, "the file")
    code_text = data.field(top, "code")
    try:
        code = str(DealCode.parse(code_text))
    except GolfError as error:
        raise data.error(top, str(error)) from None
    try:
        rules = Rules(data.field(top, "rules"))
    except ValueError:
        raise data.error(top, f"rules must be one of {[r.value for r in Rules]}") from None
    moves_data = data.listing(top, "moves")
    moves = []
    for number, item in enumerate(moves_data, start=1):
        try:
            moves.append(Move.from_json(item))
        except GolfError as error:
            raise data.error(item, f"move {number}: {error}") from None
    return RecordedGame(
        code,
        rules,
        data.deal(top),
        tuple(moves),
        data.verdicts(top),
        path,
        tuple(data.line(item) for item in moves_data),
        data.line(top.get("verdicts")),
    )


def load_reference_game() -> RecordedGame:
    """The reference deal GO1-E-AAAAAAB and its won game."""
    return load_recorded_game(REFERENCE_GAME)


@dataclass(frozen=True)
class ExampleDeal:
    code: str
    deal: Deal
    verdicts: Mapping[str, bool]
    path: Path = RULES_EXAMPLES
    verdicts_line: int = 1


def load_rules_examples(path: Path = RULES_EXAMPLES) -> dict[str, ExampleDeal]:
    """The example deals that back sentences on the pages, by name."""
    data = _Located(path)
    top = data.mapping(data.data, "the file")
    examples = {}
    for name, entry in top.items():
        entry = data.mapping(entry, name)
        examples[name] = ExampleDeal(
            str(data.field(entry, "code")),
            data.deal(entry),
            data.verdicts(entry),
            path,
            data.line(entry.get("verdicts")),
        )
    return examples

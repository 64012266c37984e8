"""``game``, ``deal`` and ``examples``: a deal code's recorded game, its cards, and the examples
page's deals with their verdicts."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from generator.cli.common import add_variant_option
from generator.pages.recorded import load_reference_game
from generator.patience import DealCode, Game, GolfError, Rules, RuleSet, Variant, deal_for
from generator.patience.deal import RULES_LETTERS

COMMANDS: tuple[str, ...] = ("game", "deal", "examples")


def _recorded_game(
    code_text: str, as_json: bool, out: TextIO, variants: Sequence[Variant] = ()
) -> int:
    code = DealCode.read(code_text)
    game = load_reference_game()
    rule_set = RuleSet.of(game.rules, variants)
    if str(code) != game.code or rule_set.variants:
        asked = (
            f"{str(code)!r} with {'+'.join(rule_set.variant_names)}"
            if variants
            else repr(str(code))
        )
        raise GolfError(
            f"no recorded game for {asked} (recorded: {game.code}, no variants); "
            f"'python -m generator deal {code}' prints its cards"
        )
    if as_json:
        print(json.dumps({**game.to_json(), "variants": rule_set.variant_names}), file=out)
        return 0
    replay = Game(game.deal, game.rules)
    print(f"{game.code} ({game.rules.value})", file=out)
    for number, move in enumerate(game.moves, start=1):
        replay.play(move)
        print(f"{number:3}  {move!s:<20} waste {replay.waste_card}  score {replay.score}", file=out)
    print("won" if replay.is_won() else "not won", file=out)
    return 0


def _deal(code_text: str, out: TextIO, variants: Sequence[Variant] = ()) -> int:
    """Print the deal of a code with ``variants`` (a code carries none: they come from ``--variant``)."""
    code = DealCode.read(code_text)
    print(json.dumps(_deal_json(code, variants)), file=out)
    return 0


def _examples(as_json: bool, out: TextIO) -> int:
    from generator.pages.examples import examples_json

    examples = examples_json()
    if as_json:
        print(json.dumps(examples), file=out)
        return 0
    for example in examples:
        verdicts = ", ".join(f"{rules} {verdict}" for rules, verdict in example["verdicts"].items())
        print(f"{example['code']}  {example['name']:<20} {verdicts}", file=out)
    return 0


def _deal_json(code: DealCode, variants: Sequence[Variant]) -> dict[str, object]:
    rule_set = RuleSet.of(Rules(RULES_LETTERS[code.rules_letter]), variants)
    answer = {"code": str(code), "variants": rule_set.variant_names}
    return {**answer, **deal_for(code.number, rule_set).to_json()}


def add_commands(commands: Any) -> None:
    """Add ``game``, ``deal`` and ``examples`` to ``commands`` (argparse subparsers)."""
    game_cmd = commands.add_parser("game", help="print the recorded game of a deal code")
    game_cmd.add_argument("code")
    game_cmd.add_argument("--json", action="store_true", help="print JSON")
    add_variant_option(game_cmd)

    deal_cmd = commands.add_parser(
        "deal",
        help="print the cards of a deal code (with --variant: its Jokers, empty waste) as JSON",
    )
    deal_cmd.add_argument("code")
    add_variant_option(deal_cmd)

    examples_cmd = commands.add_parser(
        "examples", help="print the examples page's deals, verdicts and winning lines"
    )
    examples_cmd.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    if args.command == "game":
        return _recorded_game(args.code, args.json, sys.stdout, variants)
    if args.command == "deal":
        return _deal(args.code, sys.stdout, variants)
    return _examples(args.json, sys.stdout)

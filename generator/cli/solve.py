"""``solve``: deals as JSON Lines on stdin, each proved winnable or unwinnable."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import IO, Any, TextIO

from generator.cli.common import add_variant_option
from generator.jsonlines import JsonLines
from generator.patience import (
    SCORING,
    Deal,
    DealCode,
    DealCodeError,
    GolfError,
    Rules,
    RuleSet,
    Variant,
)
from generator.patience.deal import RULES_LETTERS
from generator.patience.solver import NO_FAST_SEARCH, has_fast_search, solve

COMMANDS: tuple[str, ...] = ("solve",)


def _line_rules(data: object, rules: Rules | None) -> Rules:
    """The rules for one line: ``rules`` when given, else its ``code``'s letter, else Easy.

    A ``code`` is read (and a bad one refused) even when ``rules`` overrides it.
    """
    if not isinstance(data, dict) or "code" not in data:
        return rules or Rules.EASY
    code = DealCode.parse(data["code"])
    return rules or Rules(RULES_LETTERS[code.rules_letter])


SOLVE_KEYS = """\
Reads one deal a line (JSON, as 'deal' prints it) and answers one JSON line each:
  verdict        "winnable" or "unwinnable"
  moves          a winning line; with --best, for a deal that cannot be won, a
                 line that ends stuck after removing best_removals cards
  seconds        the time the search took
  line           the input line answered
  rules          the rules used; variants: the variants used
  best_removals  (--best) the most tableau cards any line removes, 35 when winnable
  best_score     (--best) the score of a game stuck after best_removals cards"""


def _solve_lines(
    rules: Rules | None,
    lines: IO[Any],
    out: TextIO,
    err: TextIO,
    variants: Sequence[Variant] = (),
    best: bool = False,
) -> int:
    """Answer each JSON line of ``lines`` with a verdict line; bad lines go to ``err``.

    ``rules`` decides every line when given; otherwise each line's ``code`` key
    does (its letter), and a line without one is solved on Easy; a bad ``code``
    is a bad line either way. ``variants``
    are added to the rules of every line, and each line's deal must be dealt
    for them (its Jokers, its waste card or empty waste), else it is a bad line.
    With ``best`` an answer also gives the best result (see :data:`SOLVE_KEYS`).
    """
    if not has_fast_search():
        print(f"solve: {NO_FAST_SEARCH}", file=err, flush=True)
    reader = JsonLines(lines, err)
    for number, data in reader:
        try:
            deal = Deal.from_json(data)
            rule_set = RuleSet.of(_line_rules(data, rules), variants)
            rule_set.check_deal(deal)
        except DealCodeError as error:
            reader.bad(number, f"key 'code': {error}")
            continue
        except GolfError as error:
            reader.bad(number, f"bad deal: {error}")
            continue
        start = time.perf_counter()
        solution = solve(deal, rule_set, best=best)
        answer: dict[str, object] = {
            "verdict": "winnable" if solution.winnable else "unwinnable",
            "moves": [move.to_json() for move in solution.moves],
            "seconds": round(time.perf_counter() - start, 6),
            "line": number,
            "rules": rule_set.rules.value,
            "variants": rule_set.variant_names,
        }
        if solution.best_removals is not None:
            answer["best_removals"] = solution.best_removals
            answer["best_score"] = SCORING.stuck_score(solution.best_removals)
        print(json.dumps(answer), file=out, flush=True)
    return reader.status


def add_commands(commands: Any) -> None:
    """Add ``solve`` to ``commands`` (argparse subparsers)."""
    solve_cmd = commands.add_parser(
        "solve",
        help="prove deals (JSON Lines on stdin) winnable or unwinnable",
        description=SOLVE_KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve_cmd.add_argument(
        "--rules",
        choices=[r.value for r in Rules],
        default=None,
        help="the rules for every line (default: each line's 'code' letter, or easy without a code)",
    )
    add_variant_option(solve_cmd)
    solve_cmd.add_argument(
        "--best",
        action="store_true",
        help="also find the best result of a deal that cannot be won (slower)",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    rules = Rules(args.rules) if args.rules else None
    # Bytes: the reader decodes each line, so a line that is not UTF-8 is one bad line.
    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    return _solve_lines(rules, stdin, sys.stdout, sys.stderr, variants, args.best)

"""The ``six-card`` commands of ``python -m generator``.

``python -m generator six-card score [--joker-pair zero|minus-four] [--wild-twos]
[--no-jokers] [--row-rule [none|pairs|whole-row]] [--column-match three-alike|pairs]
[--decks 1|2]`` reads JSON Lines, one grid a line::

    {"grid": [["KS", "5D", "JK"], ["KH", "5C", "QS"]]}

(rows top to bottom, each left to right; 2x3, 2x2 or 3x3 cards in the notation
``8S``, ``TC``, ``JK``) and writes one line per grid, in input order::

    {"score": 8, "columns": [0, 0, 8], "line": 1}

``columns`` are the column scores left to right; they always add up to
``score`` (with ``--row-rule`` each column holds its cards' points after both
column and row cancelling; ``--row-rule`` alone is ``--row-rule pairs``). The
grid's shape is its layout, and the layout's rules apply: in a 3x3 grid only
three alike cancel a column unless ``--column-match pairs`` is given. ``line`` is the input line answered. A bad line
(not JSON, not ``{"grid": [[...], ...]}``, a wrong shape, a bad card, a Joker
with ``--no-jokers``, more copies of a card than ``--decks`` decks hold,
default 2, the most any game of the family uses) gets ``stdin:N: what is
wrong`` on stderr and no answer; the other lines are still answered, and the
exit status is 1. Blank lines are skipped. The input limits (a line of at
most 1 MiB, nesting at most 64 deep, ...) are :mod:`generator.jsonlines`'s.

``python -m generator six-card simulate [--holes N] [--jobs J] [--out PATH | --update-data]
[variant options]``: see :mod:`generator.sixcard.simulate`. The variant options
(``--row-rule``, ``--column-match``, ``--wild-twos``, ``--joker-pair``, ``--knock``,
``--peek``, ``--decks``, ``--face-up-at-start``) apply on top of every configuration simulated.

``python -m generator six-card tournament [--deals N] [--jobs J] [--out PATH | --update-data]``:
see :mod:`generator.sixcard.tournament`.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections import Counter
from typing import IO, Any, TextIO

from generator.jsonlines import JsonLines
from generator.patience.errors import excerpt
from generator.sixcard.cards import JOKERS_PER_DECK, Card, parse_card
from generator.sixcard.errors import GridError, SixCardError
from generator.sixcard.rules import ColumnMatch, JokerPair, Layout, Options, RowRule
from generator.sixcard.scoring import score_grid


def add_commands(commands: Any) -> None:
    """Add the ``six-card`` command group to ``commands`` (argparse subparsers)."""
    group = commands.add_parser("six-card", help="6-Card Golf: score grids, simulate holes")
    sub = group.add_subparsers(dest="six_card_command", required=True)
    score = sub.add_parser("score", help="score grids (JSON Lines on stdin), one line per grid")
    score.add_argument("--joker-pair", choices=[p.value for p in JokerPair], default="zero")
    score.add_argument("--wild-twos", action="store_true", help="a two scores -2")
    score.add_argument("--no-jokers", action="store_true", help="refuse Jokers")
    _scoring_options(score)
    score.add_argument("--decks", type=int, choices=(1, 2), default=2, help="decks (default 2)")
    simulate = sub.add_parser(
        "simulate",
        help="simulate holes and write their figures (to --out; with --update-data to "
        "generator/data/sixcard_simulation.json)",
    )
    simulate.add_argument("--holes", type=int, default=None, help="holes per configuration")
    simulate.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    simulate.add_argument(
        "--out", default=None, help="output file (default: _build/sixcard_simulation.json)"
    )
    simulate.add_argument(
        "--update-data",
        action="store_true",
        help="write the committed generator/data/sixcard_simulation.json (refused for fewer "
        "holes than it holds)",
    )
    simulate.add_argument("--work", default=None, help="folder of partial results")
    variants = simulate.add_argument_group(
        "variants", "options played on top of every configuration (recorded in the output)"
    )
    variants.add_argument("--joker-pair", choices=[p.value for p in JokerPair], default=None)
    variants.add_argument("--wild-twos", action="store_true", help="a two scores -2")
    _scoring_options(variants, default_row_rule=None)
    variants.add_argument("--knock", action="store_true", help="the knock variant")
    variants.add_argument("--peek", action="store_true", help="look at the start cards")
    variants.add_argument(
        "--decks", type=int, choices=(1, 2), default=None, help="decks (default: 2 from 5 players)"
    )
    variants.add_argument(
        "--face-up-at-start",
        type=int,
        default=None,
        metavar="N",
        help="cards each player turns up at the start (default: 3 in 9-card golf, else 2)",
    )
    tournament = sub.add_parser(
        "tournament",
        help="rank the players heads-up and measure each tip of the page (to --out; with "
        "--update-data to generator/data/sixcard_tournament.json)",
    )
    tournament.add_argument("--deals", type=int, default=None, help="deals per match")
    tournament.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    tournament.add_argument(
        "--out", default=None, help="output file (default: _build/sixcard_tournament.json)"
    )
    tournament.add_argument(
        "--update-data",
        action="store_true",
        help="write the committed generator/data/sixcard_tournament.json (refused for fewer "
        "deals than it holds)",
    )
    tournament.add_argument("--work", default=None, help="folder of partial results")


def _scoring_options(parser: Any, default_row_rule: str | None = "none") -> None:
    parser.add_argument(
        "--row-rule",
        nargs="?",
        const=RowRule.PAIRS.value,
        default=default_row_rule,
        choices=[r.value for r in RowRule],
        help="cards of a rank in a ROW cancel too: pairs (the default of --row-rule alone), "
        "or whole-row (only a row all of one rank)",
    )
    parser.add_argument(
        "--column-match",
        choices=[m.value for m in ColumnMatch],
        default=None,
        help="in a column of three (9-card): only three alike cancel (three-alike, the "
        "default) or any pair (pairs)",
    )


def parse_grid(data: object, options: Options, decks: int) -> list[list[Card]]:
    """Read ``{"grid": [[...], ...]}``; :class:`GridError` (or a card error) says what is wrong."""
    if not isinstance(data, dict) or set(data) != {"grid"}:
        raise GridError(f'expected {{"grid": [[...], ...]}}, not {excerpt(data)}')
    rows = data["grid"]
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise GridError("grid must be a list of rows, each a list of cards")
    if Layout.of_shape(len(rows), len(rows[0]) if rows else 0) is None or any(
        len(row) != len(rows[0]) for row in rows
    ):  # the shape first: a long list of cards is refused before its cards are read
        shape = " ".join(str(len(row)) for row in rows[:9]) or "none"
        more = " ..." if len(rows) > 9 else ""
        raise GridError(f"a grid is 2x3, 2x2 or 3x3 cards, not {len(rows)} row(s) of {shape}{more}")
    grid = [[parse_card(text) for text in row] for row in rows]
    counts = Counter(card for row in grid for card in row)
    for card, count in counts.items():
        if card.is_joker and not options.jokers:
            raise GridError("a Joker ('JK') in a game without Jokers")
        most = decks * (JOKERS_PER_DECK if card.is_joker else 1)
        if count > most:
            raise GridError(f"{count} x {str(card)!r}, but {decks} deck(s) hold {most}")
    return grid


def score_lines(options: Options, decks: int, lines: IO[Any], out: TextIO, err: TextIO) -> int:
    """Answer each grid line of ``lines``; bad lines go to ``err`` as ``stdin:N: what``."""
    reader = JsonLines(lines, err)
    for number, data in reader:
        try:
            grid = parse_grid(data, options, decks)
        except SixCardError as error:
            reader.bad(number, str(error))
            continue
        result = score_grid(grid, options)
        answer = {"score": result.score, "columns": list(result.columns), "line": number}
        print(json.dumps(answer), file=out, flush=True)
    return reader.status


def run(args: argparse.Namespace) -> int:
    """Run a ``six-card`` command."""
    if args.six_card_command == "score":
        options = Options(
            jokers=not args.no_jokers,
            wild_twos=args.wild_twos,
            joker_pair=JokerPair(args.joker_pair),
            row_rule=RowRule(args.row_rule),
            column_match=None if args.column_match is None else ColumnMatch(args.column_match),
        )
        stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes: see generator.jsonlines
        return score_lines(options, args.decks, stdin, sys.stdout, sys.stderr)
    command = "python -m generator " + shlex.join(sys.argv[1:])
    if args.six_card_command == "tournament":
        from generator.sixcard import tournament

        return tournament.main(
            args.deals, args.jobs, args.out, args.work, command, args.update_data
        )
    from generator.sixcard.simulate import main

    return main(
        args.holes, args.jobs, args.out, args.work, command, args.update_data, variant_options(args)
    )


def variant_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``simulate`` command's variant options as :class:`Options` fields (only those given)."""
    given: dict[str, Any] = {}
    if args.joker_pair is not None:
        given["joker_pair"] = JokerPair(args.joker_pair)
    if args.row_rule is not None:
        given["row_rule"] = RowRule(args.row_rule)
    if args.column_match is not None:
        given["column_match"] = ColumnMatch(args.column_match)
    for flag in ("wild_twos", "knock", "peek"):
        if getattr(args, flag):
            given[flag] = True
    if args.decks is not None:
        given["decks"] = args.decks
    if args.face_up_at_start is not None:
        given["face_up_at_start"] = args.face_up_at_start
    return given

"""The command line: ``python -m generator <command>``.

Commands that CI and other tools rely on print JSON in the shapes documented
in the README; errors are one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import shlex
import signal
import sys
import threading
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, NoReturn, TextIO

from generator.atomic import shown as shown_file
from generator.census.format import SHARD_SIZE, parse_rule_set
from generator.census.runner import Stopped
from generator.jsonlines import JsonLines
from generator.pages.recorded import load_reference_game
from generator.paths import in_package, shown
from generator.patience import (
    SCORING,
    Deal,
    DealCode,
    DealCodeError,
    Game,
    GolfError,
    Rules,
    RuleSet,
    RuleSetError,
    Variant,
    deal_for,
)
from generator.patience.deal import RULES_LETTERS
from generator.patience.errors import Terminated, internal_error
from generator.patience.solver import NO_FAST_SEARCH, has_fast_search, solve
from generator.sixcard.cli import add_commands as add_six_card_commands
from generator.sixcard.cli import run as run_six_card


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


def _executor_options(parser: argparse.ArgumentParser) -> None:
    """Where a command solves: ``--workers``, ``--executor``, ``--scheduler`` (census, census-verify)."""
    parser.add_argument("--workers", type=int, default=None, help="workers (default: every core)")
    parser.add_argument(
        "--executor",
        choices=["local", "dask"],
        default="local",
        help="where to solve: a local process pool (default) or Dask",
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="with --executor dask: the scheduler (tcp://host:8786); default: a local cluster "
        "of --workers processes",
    )


def _check_workers(args: argparse.Namespace) -> None:
    if args.workers is not None and args.workers < 1:
        raise GolfError(f"--workers {args.workers}: need at least 1")


def _census(args: argparse.Namespace) -> int:
    from generator.census.format import (
        CENSUS_DIR,
        CENSUS_WORK,
        DEFAULT_CENSUS_OUT,
        STANDARD_RULE_SETS,
    )
    from generator.census.runner import CensusJob, run_census

    _check_workers(args)
    words = ["python -m generator census", f"--from {args.first}", f"--to {args.last}"]
    words += [f"--rules {r}" for r in args.rules] + [f"--variant {v}" for v in args.variant]
    words += [f"--workers {args.workers}"] if args.workers else []
    words += [f"--executor {args.executor}"] if args.executor != "local" else []
    words += [f"--scheduler {shlex.quote(args.scheduler)}"] if args.scheduler else []
    words += [f"--shard-size {args.shard_size}"] if args.shard_size != SHARD_SIZE else []
    if args.update_data and args.out is not None:
        raise GolfError("--update-data writes the committed census; leave out --out")
    folder = CENSUS_DIR if args.update_data else (args.out or DEFAULT_CENSUS_OUT)
    if not args.update_data and in_package(folder):
        raise GolfError(
            f"--out {folder}: that is the package's committed data; give --update-data to "
            "refresh it (leave out --out), or another folder"
        )
    words += [f"--out {shlex.quote(str(args.out))}"] if args.out else []
    words += ["--update-data"] if args.update_data else []
    words += [] if args.best else ["--no-best"]
    variants = [Variant(v) for v in args.variant]
    rules = [Rules(r) for r in args.rules] or ([*Rules] if variants else [])
    rule_sets = [RuleSet.of(r, variants) for r in rules] or list(STANDARD_RULE_SETS)
    job = CensusJob(
        args.first,
        args.last,
        tuple(dict.fromkeys(rule_sets)),
        workers=args.workers or len(os.sched_getaffinity(0)),
        folder=folder,
        best=args.best,
        command=" ".join(words),
        keep_larger=args.update_data,
        executor=args.executor,
        scheduler=args.scheduler,
        shard_size=args.shard_size,
        work=CENSUS_WORK if args.update_data else None,
    )
    return run_census(job, out=sys.stdout, err=sys.stderr)


def _strategy(args: argparse.Namespace) -> int:
    from generator.census.executors import open_executor
    from generator.strategy import STRATEGY_FILE, load_strategy, measure

    _check_workers(args)
    workers = args.workers or len(os.sched_getaffinity(0))
    words = ["python -m generator strategy", f"--from {args.first}", f"--to {args.last}"]
    words += [f"--workers {args.workers}"] if args.workers else []
    words += [f"--executor {args.executor}"] if args.executor != "local" else []
    words += [f"--out {shlex.quote(str(args.out))}"] if args.out else []
    words += ["--update-data"] if args.update_data else []
    if args.update_data and args.out is not None:
        raise GolfError("--update-data writes the committed strategy file; leave out --out")
    out = STRATEGY_FILE if args.update_data else (args.out or Path("_build") / "strategy.json")
    if not args.update_data and in_package(out):
        raise GolfError(f"--out {shown_file(out)}: that is inside the package")
    if args.update_data and STRATEGY_FILE.is_file():
        held = load_strategy(STRATEGY_FILE)
        if not (args.first <= held.first and held.last <= args.last):
            raise GolfError(
                f"{shown_file(STRATEGY_FILE)} holds deals {held.first}-{held.last}; "
                f"--from {args.first} --to {args.last} would replace it with fewer"
            )
    out.parent.mkdir(parents=True, exist_ok=True)
    with open_executor(args.executor, workers, args.scheduler) as executor:
        result = measure(args.first, args.last, executor, " ".join(words), out)
    print(f"wrote {shown_file(result.path)}: deals {result.first}-{result.last}", file=sys.stdout)
    return 0


def _census_verify(args: argparse.Namespace) -> int:
    from generator.census.format import CENSUS_DIR
    from generator.census.verify import verify_census

    _check_workers(args)
    folder = args.census or CENSUS_DIR
    if in_package(args.work):
        raise GolfError(f"--work {args.work}: that is inside the package; give another folder")
    rule_sets = [parse_rule_set(name) for name in args.rules]
    stop = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        return verify_census(
            folder,
            rule_sets,
            args.work,
            workers=args.workers or len(os.sched_getaffinity(0)),
            executor=args.executor,
            scheduler=args.scheduler,
            err=sys.stderr,
            out=sys.stdout,
            stop=stop,
        )
    except Stopped:
        print(
            f"census-verify: stopped; what is re-solved is kept in {args.work}: run the same "
            "command again to go on",
            file=sys.stderr,
        )
        return 130
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


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


VARIANT_HELP = (
    "a rule added to the rules (repeatable): nothing-on-king, jokers=1 or jokers=2 "
    "(one or two Jokers in the deck), empty-waste (no waste card is dealt); a deal code "
    "carries no variants, so a deal's variants always come from this option"
)


def _deal_range(command: argparse.ArgumentParser) -> None:
    """``--from A --to B``: the deal numbers a census or a strategy run plays."""
    command.add_argument("--from", dest="first", type=int, required=True, metavar="A")
    command.add_argument("--to", dest="last", type=int, required=True, metavar="B")


def _add_variant_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--variant",
        action="append",
        choices=[v.value for v in Variant],
        default=[],
        help=VARIANT_HELP,
    )


def _variants(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Variant]:
    """The ``--variant`` options of ``args``; variants that exclude each other are a usage error."""
    variants = [Variant(v) for v in getattr(args, "variant", None) or []]
    try:
        RuleSet.of(Rules.EASY, variants)
    except RuleSetError as error:
        parser.error(str(error))
    return variants


SLOW_WITHOUT_C = {
    "census": (
        "a few minutes for a smaller sample, 16 rows of each census shard instead of about 900 "
        "(a shard with 0.5% of its rows false is caught about 1 time in 13, not 99 in 100)"
    )
}
"""What the parts of ``check`` that solve many deals do in pure Python, on two cores: the
census sample takes about 100 s with the C search and would take about 100 times as long
without it (``scripts/bench_python_search.py``), so it draws fewer rows
(``census.verify.PURE_PYTHON_ROWS``). The other parts, ``build``'s included, take seconds
either way (12 s for all of them without the C search, measured on a fresh clone)."""


def say_if_slow(command: str, parts: list[str], err: TextIO) -> None:
    """Tell the user at the start of ``command`` that its ``parts`` run without the C search,
    and about how long they then take."""
    if has_fast_search():
        return
    for part in parts:
        if part in SLOW_WITHOUT_C:
            print(
                f"{command}: {NO_FAST_SEARCH}; its {part} part then takes {SLOW_WITHOUT_C[part]}",
                file=err,
                flush=True,
            )


def say_if_compiling(err: TextIO) -> None:
    """Tell the user that the page's WebAssembly module is compiled now (a minute's silence
    otherwise, the first time on a machine)."""
    from generator.site.wasm import COMPILING, is_built

    if not is_built():
        print(COMPILING, file=err, flush=True)


def _build(
    site: Path | None,
    site_url: str | None,
    offline: bool,
    err: TextIO,
    replace: bool = False,
    builder: str = "mkdocs",
    preview: Sequence[str] = (),
) -> int:
    from generator.check import build_verified
    from generator.site.build import SITE, BuildRefused

    say_if_compiling(err)
    start = time.perf_counter()
    try:
        built = build_verified(
            site or SITE,
            site_url=site_url,
            offline=offline,
            replace=replace,
            builder=builder,
            preview=preview,
        )
    except BuildRefused as refused:
        if len(refused.problems) == 1:
            print(f"error: {shown(refused.problems[0])}", file=err)
            return 1
        for problem in refused.problems:
            print(shown(problem), file=err)
        print(f"error: build refused: {refused}; {shown(str(site or SITE))} is untouched", file=err)
        return 1
    for item in built:
        shown_as = "" if item.language.shipped else " (preview: not published)"
        print(f"built {item.language.code}: {item.site_dir}{shown_as}")
    print(f"site built in {time.perf_counter() - start:.1f} s")
    return 0


def _check(only: str | None, out: TextIO, err: TextIO) -> int:
    from generator.check import PARTS, run_checks

    parts = only.split(",") if only else list(PARTS)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise GolfError(f"no such check part: {', '.join(unknown)} (parts: {', '.join(PARTS)})")
    say_if_slow("check", parts, err)
    if "site" in parts:
        say_if_compiling(err)
    start = time.perf_counter()
    problems = run_checks(parts)
    for problem in problems:
        print(shown(problem), file=out)
    seconds = time.perf_counter() - start
    if problems:
        print(
            f"check: {len(problems)} problem(s) in {', '.join(parts)} ({seconds:.1f} s)", file=err
        )
        return 1
    print(f"check: all good: {', '.join(parts)} ({seconds:.1f} s)", file=out)
    return 0


def _coverage(out: TextIO) -> int:
    from generator.check import coverage, relative_to_root

    listed = coverage()
    for sentence, how in listed:
        text = " ".join(sentence.msgid.split())
        text = text if len(text) <= 70 else text[:69] + "…"
        print(f"{relative_to_root(sentence.template)}:{sentence.line}: {how} | {text}", file=out)
    claimed = sum(how.startswith("claim ") for _s, how in listed)
    reasoned = sum(how.startswith("NO-CLAIM") for _s, how in listed)
    bare = len(listed) - claimed - reasoned
    print(
        f"coverage: {len(listed)} sentences hold a fact: {claimed} claimed, {reasoned} with a "
        f"NO-CLAIM reason, {bare} with neither",
        file=out,
    )
    return 1 if bare else 0


def _review(base: str, out: TextIO) -> int:
    from generator.site.approval import review_since

    shown = review_since(base)
    for line in shown:
        print(line, file=out)
    data = sum(1 for line in shown if line.startswith("generator/data/"))
    changed = sum(1 for line in shown if not line.startswith("    ")) - data
    exceptions = _exceptions_review(base)
    for line in exceptions:
        print(line, file=out)
    print(
        f"review: {changed} changed run(s) of lines in the approved texts and {data} changed "
        f"value(s) of the data files since {base}",
        file=out,
    )
    listed = sum(1 for line in exceptions if not line.startswith("    "))
    print(
        f"review: {listed} word-rule exception(s) added, changed or removed since {base}", file=out
    )
    return 0


def _exceptions_review(base: str) -> list[str]:
    """The word rules' exceptions changed since ``base`` (:func:`review_since` has checked it)."""
    import subprocess

    from generator.i18n.catalogs import ROOT
    from generator.i18n.wordrules import EXCEPTIONS_FILE, exceptions_review

    name = EXCEPTIONS_FILE.relative_to(ROOT).as_posix()
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{base}:{name}"], capture_output=True, check=False
    )
    old = shown.stdout.decode("utf-8", errors="replace") if shown.returncode == 0 else None
    return exceptions_review(base, old)


def _approve(lang: str | None, page: str | None, out: TextIO, reordered: bool = False) -> int:
    from generator.check import ApprovalRefused, approval_guard
    from generator.i18n.catalogs import languages
    from generator.site.approval import (
        APPROVED,
        approve,
        english_of,
        labels_of,
        relative,
    )
    from generator.site.worddiff import review

    shipped = languages()
    # a catalog a tool rewrapped is written back in the project's layout first (no string
    # changes), so that what is approved with it shows no lines that change nothing
    from generator.check import catalog_layout
    from generator.i18n import catalog_cli

    for language in shipped:
        chosen = lang is None or language.code == lang
        if chosen and language.po_file.is_file() and list(catalog_layout(language)):
            catalog_cli.relayout(language)
            print(
                f"{relative(language.po_file)}: written back in the project's layout "
                "(no string changed)",
                file=out,
            )
    guard = approval_guard(shipped, reordered=reordered)
    before = {
        path: path.read_text(encoding="utf-8")
        for path in (APPROVED.rglob("*.txt") if APPROVED.is_dir() else [])
    }
    try:
        results = approve(shipped, lang, page, guard=guard)
    except ApprovalRefused as refused:
        for line in refused.notes:
            print(line, file=out)
        for line in refused.refused:
            print(line, file=sys.stderr)
        raise
    changed = [result for result in results if result.status != "unchanged"]
    for result in changed:  # what was approved, each translated line beside its English
        new = result.path.read_text(encoding="utf-8")
        for line in review(
            relative(result.path),
            before.get(result.path),
            new,
            english_of(result.path),
            labels=labels_of(result.path),
        ):
            print(line, file=out)
    for result in changed:
        print(f"{relative(result.path)}: {result.status}", file=out)
    for line in getattr(guard, "notes", []):
        print(f"  {line}", file=out)
    if changed:
        print(
            f"approve: {len(changed)} of {len(results)} approved text(s) changed; "
            "review them with 'git diff docs_src/approved'",
            file=out,
        )
    else:
        print(f"approve: all {len(results)} approved text(s) unchanged", file=out)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors as one line (its subcommands' parsers are of this class too)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")


DESCRIPTION = """\
The Golf patience and 6-Card Golf engines, their solver and the help site generated from them.
Commands that CI and other tools rely on print JSON in the shapes documented in the README;
errors are one line on stderr and a non-zero exit."""
"""The help's text (the module's docstring is reST, which a terminal shows as it is)."""

DISTRIBUTION = "golf-rules-generator"


CONSOLE_SCRIPT = "golf-docs"
"""The console script pyproject.toml installs beside ``python -m generator``."""


def program_name(argv0: str | None = None) -> str:
    """How the command was called: the console script, or else ``python -m generator``.

    >>> program_name("/venv/lib/python3.11/site-packages/generator/__main__.py")
    'python -m generator'
    >>> program_name("/venv/bin/golf-docs")
    'golf-docs'
    """
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    return CONSOLE_SCRIPT if name == CONSOLE_SCRIPT else "python -m generator"


def version() -> str:
    """The installed distribution's version (``unknown`` when run from a checkout never
    installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=program_name(), description=DESCRIPTION)
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {version()} ({DISTRIBUTION})"
    )
    parser.add_argument(
        "--project",
        metavar="DIR",
        help="the project folder (mkdocs.yml, docs_src/, locales/), given before the command; "
        "default: the nearest folder holding them, from the current one upward",
    )
    commands = parser.add_subparsers(dest="command", required=True)

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
    _add_variant_option(solve_cmd)
    solve_cmd.add_argument(
        "--best",
        action="store_true",
        help="also find the best result of a deal that cannot be won (slower)",
    )

    census_cmd = commands.add_parser(
        "census",
        help="solve a range of deal numbers under each rule set (into --out, or with "
        "--update-data into generator/data/census/)",
    )
    _deal_range(census_cmd)
    census_cmd.add_argument(
        "--rules",
        action="append",
        choices=[r.value for r in Rules],
        default=[],
        help="a rule set (repeatable; default: easy, classic, strict and classic+nothing-on-king, "
        "or every rule set with the --variant given)",
    )
    census_cmd.add_argument(
        "--variant", action="append", choices=[v.value for v in Variant], default=[]
    )
    census_cmd.add_argument(
        "--out",
        type=Path,
        default=None,
        help="folder to write into (default: _build/census/ under the current folder)",
    )
    census_cmd.add_argument(
        "--update-data",
        action="store_true",
        help="write into the committed census (generator/data/census/); a file is replaced only "
        "by a run over at least the deals it holds",
    )
    census_cmd.add_argument(
        "--best",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also find the most cards removable (default: on)",
    )
    _executor_options(census_cmd)
    census_cmd.add_argument(
        "--shard-size",
        type=int,
        default=SHARD_SIZE,
        help=f"deals per shard file (default: {SHARD_SIZE})",
    )

    verify_cmd = commands.add_parser(
        "census-verify",
        help="re-solve every row of the census (resumable) and compare it with the recorded one",
    )
    verify_cmd.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="RULE_SET",
        help="a rule set as the census names it, e.g. classic+nothing-on-king (repeatable; "
        "default: all)",
    )
    verify_cmd.add_argument(
        "--census",
        type=Path,
        default=None,
        help="the census folder to verify (default: the committed one)",
    )
    verify_cmd.add_argument(
        "--work",
        type=Path,
        default=Path("_build") / "census-verify",
        help="where the re-solved rows go (default: _build/census-verify/); run again to resume",
    )
    _executor_options(verify_cmd)

    strategy_cmd = commands.add_parser(
        "strategy",
        help="play the simple players of the tips (generator/patience/players.py) on deals A to "
        "B under each rule set, into generator/data/strategy.json",
    )
    _deal_range(strategy_cmd)
    strategy_cmd.add_argument(
        "--out",
        type=Path,
        default=None,
        help="the file to write (default: _build/strategy.json under the current folder)",
    )
    strategy_cmd.add_argument(
        "--update-data",
        action="store_true",
        help="write the committed generator/data/strategy.json; refused for fewer deals than "
        "it holds",
    )
    _executor_options(strategy_cmd)

    game_cmd = commands.add_parser("game", help="print the recorded game of a deal code")
    game_cmd.add_argument("code")
    game_cmd.add_argument("--json", action="store_true", help="print JSON")
    _add_variant_option(game_cmd)

    deal_cmd = commands.add_parser(
        "deal",
        help="print the cards of a deal code (with --variant: its Jokers, empty waste) as JSON",
    )
    deal_cmd.add_argument("code")
    _add_variant_option(deal_cmd)

    examples_cmd = commands.add_parser(
        "examples", help="print the examples page's deals, verdicts and winning lines"
    )
    examples_cmd.add_argument("--json", action="store_true", help="print JSON")

    build_cmd = commands.add_parser(
        "build", help="render every language and build the site into site/"
    )
    build_cmd.add_argument("--site", type=Path, default=None, help="output folder (default: site/)")
    build_cmd.add_argument(
        "--site-url",
        default=None,
        metavar="URL",
        help="where the site will be served, e.g. https://example.org/help/ (overrides "
        "mkdocs.yml's site_url): fills the sitemaps and fixes the 404 pages' links to it",
    )
    build_cmd.add_argument(
        "--offline",
        action="store_true",
        help="a site to open from disk (site/index.html), search included; no site URL",
    )
    build_cmd.add_argument(
        "--builder",
        choices=["mkdocs", "zensical"],  # generator.site.build.BUILDERS (slow to import here)
        default="mkdocs",
        help="what builds each language: MkDocs with Material for MkDocs (the default) or its "
        "successor Zensical (pip install '.[zensical]'); the pages' texts are the same",
    )
    build_cmd.add_argument(
        "--replace",
        action="store_true",
        help="replace the output folder even if a build did not make it (it has no .golf-site "
        "file); its hidden entries (.git, .nojekyll) are kept",
    )
    build_cmd.add_argument(
        "--preview",
        default="",
        metavar="CODES",
        help="also build these languages of locales/languages.yaml that are not shipped "
        "(comma-separated, e.g. fr,ar), their untranslated strings in English: a translator's "
        "preview, not a site to publish",
    )

    check_cmd = commands.add_parser(
        "check", help="verify the examples, pages, catalogs, translations' safety and the site"
    )
    check_cmd.add_argument(
        "--only",
        default=None,
        help="comma-separated parts: examples,values,pages,catalogs,safety,census,site",
    )
    check_cmd.add_argument(
        "--review",
        metavar="BASE",
        default=None,
        help="print every approved text changed since the git revision BASE as a word diff, "
        "each translated line beside its English line, and every changed value of the data "
        "files check holds by a sample or not at all (sources, census, 6-Card Golf figures), "
        "for a second person to read",
    )
    check_cmd.add_argument(
        "--coverage",
        action="store_true",
        help="list every template sentence holding a number, card, rule word or verdict, "
        "with the claims that back it or its NO-CLAIM reason (exit 1 if one has neither)",
    )

    approve_cmd = commands.add_parser(
        "approve",
        help="write the pages' texts into docs_src/approved/ (check compares the pages with them)",
    )
    approve_cmd.add_argument(
        "--lang",
        default=None,
        help="language code(s), comma-separated (default: every shipped one)",
    )
    approve_cmd.add_argument(
        "--page",
        default=None,
        help="page(s) or other text(s), comma-separated: index,rules,won-game,site,messages "
        "(default: all)",
    )
    approve_cmd.add_argument(
        "--reordered",
        action="store_true",
        help="let a translation change the order of a line's numbers or cards (read it beside "
        "the English line first); a translation can never change which they are",
    )

    serve_cmd = commands.add_parser(
        "serve",
        help="preview one language with live reload (templates, catalogs and data are watched)",
    )
    serve_cmd.add_argument(
        "--lang", default=None, help="language code (default: the source language)"
    )
    serve_cmd.add_argument("--addr", default="127.0.0.1:8000")

    catalog_cmd = commands.add_parser(
        "catalog", help="translators' commands: extract, update, init, compile"
    )
    catalog_sub = catalog_cmd.add_subparsers(dest="catalog_command", required=True)
    catalog_sub.add_parser(
        "extract", help="refresh locales/messages.pot from the templates and code"
    )
    catalog_sub.add_parser(
        "update",
        help="extract, then merge the .pot into every language's .po (what translators run)",
    )
    init_cmd = catalog_sub.add_parser("init", help="start the catalog of a new language")
    init_cmd.add_argument("code")
    init_cmd.add_argument(
        "--from",
        dest="start_from",
        metavar="CODE",
        default=None,
        help="start with the translations of a listed language (a regional variant: fr_CA from "
        "fr), each marked fuzzy for you to confirm",
    )
    glossary_cmd = catalog_sub.add_parser(
        "glossary",
        help="print a language's glossary (docs_src/words/<code>.yaml) as TBX or CSV, for "
        "Weblate's glossary or a translation tool's termbase",
    )
    glossary_cmd.add_argument("code")
    glossary_cmd.add_argument("--format", choices=["tbx", "csv"], default="tbx")
    compile_cmd = catalog_sub.add_parser(
        "compile", help="compile every .po into .mo files (the build does not need them)"
    )
    compile_cmd.add_argument("--out", type=Path, default=Path("_build/locale"))
    add_six_card_commands(commands)
    return parser


def _seed_tied_messages() -> dict[str, dict[tuple[str | None, str], str]]:
    """The messages of every seed-tied page, by language, with the note ``catalog update`` marks
    them with: the page and the seed it must read as, and where a correction goes."""
    from generator.i18n.catalogs import ROOT, languages
    from generator.site.render import messages_of_pages

    marks: dict[str, dict[tuple[str | None, str], str]] = {}
    for language in languages():
        for page, seed in sorted(language.seed_pages.items()):
            note = f"reads as {seed.relative_to(ROOT)} ({page})"
            for key in messages_of_pages(language, [page]):
                marks.setdefault(language.code, {}).setdefault(key, note)
    return marks


def _catalog(args: argparse.Namespace, out: TextIO) -> int:
    from generator.i18n import catalog_cli
    from generator.i18n.catalogs import ROOT

    if args.catalog_command in ("extract", "update"):
        changed = catalog_cli.extract()
        print(f"locales/messages.pot: {'updated' if changed else 'unchanged'}", file=out)
    if args.catalog_command == "update":
        for language, changed in catalog_cli.update_all(_seed_tied_messages()):
            where = language.po_file.relative_to(ROOT)
            print(f"{where}: {'updated' if changed else 'unchanged'}", file=out)
    elif args.catalog_command == "init":
        from generator.i18n.catalogs import languages

        created = catalog_cli.init(args.code, args.start_from)
        listed = any(language.code == args.code for language in languages())
        then = (
            f"preview it with 'python -m generator serve --lang {args.code}'"
            if listed
            else f"add {args.code!r} to locales/languages.yaml (shipped: false) to preview it"
        )
        print(f"created {created}; {then}", file=out)
    elif args.catalog_command == "glossary":
        from generator.i18n.catalogs import source_language
        from generator.i18n.glossary_export import glossary_csv, glossary_tbx
        from generator.i18n.wordrules import read_word_data

        source = source_language()
        data = read_word_data(args.code, english=read_word_data(source))
        if not data.glossary:
            raise GolfError(f"docs_src/words/{args.code}.yaml:1: no glossary to export")
        text = (
            glossary_csv(data.glossary)
            if args.format == "csv"
            else glossary_tbx(data.glossary, source, args.code.replace("_", "-"))
        )
        out.write(text)
    elif args.catalog_command == "compile":
        for mo in catalog_cli.compile_all(args.out):
            print(f"compiled {mo}", file=out)
    return 0


def _run(args: argparse.Namespace, variants: Sequence[Variant] = ()) -> int:
    if args.command == "solve":
        rules = Rules(args.rules) if args.rules else None
        # Bytes: the reader decodes each line, so a line that is not UTF-8 is one bad line.
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        return _solve_lines(rules, stdin, sys.stdout, sys.stderr, variants, args.best)
    if args.command == "census":
        return _census(args)
    if args.command == "census-verify":
        return _census_verify(args)
    if args.command == "strategy":
        return _strategy(args)
    if args.command == "game":
        return _recorded_game(args.code, args.json, sys.stdout, variants)
    if args.command == "deal":
        return _deal(args.code, sys.stdout, variants)
    if args.command == "examples":
        return _examples(args.json, sys.stdout)
    if args.command == "build":
        preview = [code.strip() for code in args.preview.split(",") if code.strip()]
        return _build(
            args.site,
            args.site_url,
            args.offline,
            sys.stderr,
            args.replace,
            args.builder,
            preview,
        )
    if args.command == "check" and args.coverage:
        return _coverage(sys.stdout)
    if args.command == "check" and args.review is not None:
        return _review(args.review, sys.stdout)
    if args.command == "check":
        return _check(args.only, sys.stdout, sys.stderr)
    if args.command == "approve":
        return _approve(args.lang, args.page, sys.stdout, args.reordered)
    if args.command == "catalog":
        return _catalog(args, sys.stdout)
    if args.command == "serve":
        from generator.site.preview import serve

        return serve(args.lang, args.addr)
    if args.command == "six-card":
        return run_six_card(args)
    raise AssertionError(args.command)  # pragma: no cover


DEBUG = "GOLF_DEBUG"
"""Set to 1 to see the traceback of an internal error."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; errors are one line on stderr, never a traceback.

    Exit status: 0 done, 1 an error in the input (``error: file:line: what``),
    a file that cannot be written (``error: file: No space left on device``) or
    a closed output pipe, 2 a bad command line or an internal error, 130
    interrupted, 143 terminated (SIGTERM, where the command stops cleanly).
    Messages print in any locale: what the terminal's encoding cannot show is
    written as a backslash escape.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        problem = project_problem(args.project)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        if args.command in PROJECT_COMMANDS and (missing := no_project()):
            print(f"error: {missing}", file=sys.stderr)
            return 1
        project_files(args.command)
        status = _run(args, _variants(parser, args))
        sys.stdout.flush()  # inside the guard: a closed pipe shows up here, not at exit
        return status
    except GolfError as error:
        print(f"error: {shown(str(error))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``| head -1``). As the Python docs' "Note on SIGPIPE"
        # advises, point stdout at devnull so the interpreter's last flush is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("error: terminated", file=sys.stderr)
        return 143
    except OSError as error:
        if error.errno not in WRITE_ERRORS:
            return _internal(error)
        where = f"{shown_file(os.fsdecode(error.filename))}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    except Exception as error:
        return _internal(error)


WRITE_ERRORS = {errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS, errno.EDQUOT, errno.EFBIG}
"""What a write meets on a full disk or a folder it may not write: an error in the machine's
state, said as ``error: <file>: <what>`` (exit 1), not an internal error."""


def _internal(error: BaseException) -> int:
    if os.environ.get(DEBUG, "") not in ("", "0"):
        traceback.print_exc()
        print(f"error: {internal_error(error)}", file=sys.stderr)
    else:
        print(
            f"error: {internal_error(error)}; run with {DEBUG}=1 for the traceback",
            file=sys.stderr,
        )
    return 2


PROJECT_COMMANDS = ("build", "check", "approve", "catalog", "serve")
"""The commands that work on a project's files (its mkdocs.yml, docs_src/, locales/)."""


def no_project() -> str | None:
    """What is missing where no project was found (the current folder and those above it hold
    none, and the package runs from no checkout), if so."""
    from generator.paths import PROJECT_FILES, ROOT, is_project

    if is_project(ROOT):
        return None
    missing = [name for name in PROJECT_FILES if not (ROOT / name).exists()]
    return (
        f"no project here: {shown_file(str(ROOT))} and the folders above it have no "
        f"{', '.join(missing)}; run the command in a project's folder or name it with "
        "--project DIR"
    )


ENGINE_COMMANDS = ("solve", "game", "deal")
"""The commands that read nothing of the project (the engine's answers to their input)."""


def project_files(command: str) -> None:
    """Before a command reads or writes anything: every file it could read from the project or
    write into it is a file of the project (:func:`generator.paths.project_inputs`; the paths
    ``mkdocs.yml`` names, for the commands that build), else :class:`~generator.paths.OutsideError`
    or :class:`~generator.site.build.SiteError`, one line."""
    from generator.paths import project_inputs

    if command in ENGINE_COMMANDS:
        return
    project_inputs()
    if command in ("build", "serve", "check"):
        from generator.paths import ROOT

        if (ROOT / "mkdocs.yml").is_file():
            from generator.site.build import check_config_paths

            check_config_paths()


def project_problem(given: str | None) -> str | None:
    """What is wrong with the project folder ``--project`` (or ``$GOLF_PROJECT``) names, if
    anything: it must be the one every room works on, and hold the project's files."""
    from generator.paths import PROJECT_FILES, PROJECT_VARIABLE, ROOT, is_project

    named = given or os.environ.get(PROJECT_VARIABLE)
    if not named:
        return None
    folder = Path(named).expanduser().resolve()
    if folder != ROOT:
        return f"--project {named}: give it before the command, to python -m generator or {CONSOLE_SCRIPT}"
    if not is_project(folder):
        missing = [name for name in PROJECT_FILES if not (folder / name).exists()]
        return f"--project {named}: not a project folder (no {', '.join(missing)})"
    return None

"""``census``, ``census-verify`` and ``strategy``: the runs over ranges of deals that make and
verify the committed data (the census of deals solved, the tips' players measured)."""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generator.atomic import shown as shown_file
from generator.census.format import SHARD_SIZE, parse_rule_set
from generator.census.runner import Stopped
from generator.paths import in_package
from generator.patience import GolfError, Rules, RuleSet, Variant

COMMANDS: tuple[str, ...] = ("census", "census-verify", "strategy")


def _deal_range(command: argparse.ArgumentParser) -> None:
    """``--from A --to B``: the deal numbers a census or a strategy run plays."""
    command.add_argument("--from", dest="first", type=int, required=True, metavar="A")
    command.add_argument("--to", dest="last", type=int, required=True, metavar="B")


def _executor_options(parser: argparse.ArgumentParser) -> None:
    """Where a command solves: ``--workers``, ``--executor``, ``--scheduler`` (census, census-verify)."""
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="workers (default: every core; with --scheduler, the cluster's worker threads, "
        "asked of the scheduler)",
    )
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


def _task_seconds(parser: argparse.ArgumentParser) -> None:
    from generator.census.tasks import TASK_SECONDS

    parser.add_argument(
        "--task-seconds",
        type=float,
        default=TASK_SECONDS,
        metavar="S",
        help=f"about how many seconds of solving a task holds (default: {TASK_SECONDS:g}; "
        "sized by what the rule set's deals cost so far)",
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
    from generator.census.tasks import TASK_SECONDS

    _check_workers(args)
    words = ["python -m generator census", f"--from {args.first}", f"--to {args.last}"]
    words += [f"--rules {r}" for r in args.rules] + [f"--variant {v}" for v in args.variant]
    words += [f"--workers {args.workers}"] if args.workers else []
    words += [f"--executor {args.executor}"] if args.executor != "local" else []
    words += [f"--scheduler {shlex.quote(args.scheduler)}"] if args.scheduler else []
    words += [f"--shard-size {args.shard_size}"] if args.shard_size != SHARD_SIZE else []
    words += [f"--task-seconds {args.task_seconds:g}"] if args.task_seconds != TASK_SECONDS else []
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
        workers=args.workers,
        folder=folder,
        best=args.best,
        command=" ".join(words),
        keep_larger=args.update_data,
        executor=args.executor,
        scheduler=args.scheduler,
        shard_size=args.shard_size,
        work=CENSUS_WORK if args.update_data else None,
        task_seconds=args.task_seconds,
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
            workers=args.workers,
            executor=args.executor,
            scheduler=args.scheduler,
            task_seconds=args.task_seconds,
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


def add_commands(commands: Any) -> None:
    """Add ``census``, ``census-verify`` and ``strategy`` to ``commands`` (argparse subparsers)."""
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
    _task_seconds(census_cmd)
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
    _task_seconds(verify_cmd)

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


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    """Run the command (each reads its own ``--variant`` and ``--rules``)."""
    if args.command == "census":
        return _census(args)
    if args.command == "census-verify":
        return _census_verify(args)
    return _strategy(args)

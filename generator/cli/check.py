"""``check``: its options (the parts to run, ``--review``, ``--coverage``) and what each prints."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from generator.cli.common import say_if_compiling
from generator.paths import shown
from generator.patience import GolfError, Variant
from generator.patience.solver import NO_FAST_SEARCH, has_fast_search

COMMANDS: tuple[str, ...] = ("check",)


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


def _check(only: str | None, out: TextIO, err: TextIO, fresh: bool = False) -> int:
    from generator.check import PARTS, run_checks, unchanged

    parts = only.split(",") if only else list(PARTS)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise GolfError(f"no such check part: {', '.join(unknown)} (parts: {', '.join(PARTS)})")
    skipped = [] if fresh else unchanged(parts)
    running = [part for part in parts if part not in skipped]
    say_if_slow("check", running, err)
    if "site" in running:
        say_if_compiling(err)
    start = time.perf_counter()
    problems = run_checks(running) if running else []
    for problem in problems:
        print(shown(problem), file=out)
    seconds = time.perf_counter() - start
    passed = ", ".join(running) or "nothing to run"
    if skipped:
        passed += f"; unchanged since they passed: {', '.join(skipped)} (--fresh runs them too)"
    if problems:
        print(
            f"check: {len(problems)} problem(s) in {', '.join(running)} ({seconds:.1f} s)", file=err
        )
        return 1
    print(f"check: all good: {passed} ({seconds:.1f} s)", file=out)
    return 0


def _census_folder(folder: Path, workers: int | None, out: TextIO, err: TextIO) -> int:
    """``check --census DIR``: a census made with ``census --out DIR`` checked where it is:
    every shard against its summary and the files its manifests list, then a sample of every
    shard re-solved (as ``check``'s census part does for the committed census)."""
    import os

    from generator.census.format import CensusError
    from generator.census.reader import available_census, load_census
    from generator.census.verify import (
        PURE_PYTHON_ROWS,
        SALT_VARIABLE,
        sample_problems,
        summary_problems,
    )

    if not folder.is_dir():
        raise GolfError(f"--census {folder}: no such folder")
    try:
        rule_sets = available_census(folder)
        shards = sum(len(load_census(rule_set, folder).shards) for rule_set in rule_sets)
    except CensusError as error:
        print(shown(str(error)), file=out)
        return 1
    if not rule_sets:
        raise GolfError(f"--census {folder}: no census there (no <rule set>/manifest.txt)")
    say_if_slow("check", ["census"], err)
    start = time.perf_counter()
    problems = list(summary_problems(folder))
    if not problems:
        salt = os.environ.get(SALT_VARIABLE) or None
        rows = None if has_fast_search() else PURE_PYTHON_ROWS
        problems = list(sample_problems(folder, salt=salt, workers=workers, rows=rows))
    for problem in problems:
        print(shown(problem), file=out)
    seconds = time.perf_counter() - start
    what = f"{len(rule_sets)} rule set(s), {shards} shard(s) in {shown(str(folder))}"
    if problems:
        print(
            f"check: {len(problems)} problem(s) in the census of {what} ({seconds:.1f} s)", file=err
        )
        return 1
    print(
        f"check: all good: the census of {what}: summaries, and a sample of every shard "
        f"re-solved ({seconds:.1f} s)",
        file=out,
    )
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


def add_commands(commands: Any) -> None:
    """Add ``check`` and its options to ``commands`` (argparse subparsers)."""
    check_cmd = commands.add_parser(
        "check", help="verify the examples, pages, catalogs, translations' safety and the site"
    )
    check_cmd.add_argument(
        "--only",
        default=None,
        help="comma-separated parts: examples,values,pages,topics,catalogs,safety,sixcard-core,"
        "census,site",
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
        "--fresh",
        action="store_true",
        help="run every part asked for, also those whose files, libraries and $GOLF_ variables "
        "are byte for byte those they last passed with (which check skips otherwise)",
    )
    check_cmd.add_argument(
        "--census",
        metavar="DIR",
        type=Path,
        default=None,
        help="check the census in DIR (made by census --out DIR) instead of the site: every "
        "shard against its summary, and a sample of every shard re-solved",
    )
    check_cmd.add_argument(
        "--workers",
        type=int,
        default=None,
        help="with --census: processes that re-solve the sample (default: every core)",
    )
    check_cmd.add_argument(
        "--coverage",
        action="store_true",
        help="list every template sentence holding a number, card, rule word or verdict, "
        "with the claims that back it or its NO-CLAIM reason (exit 1 if one has neither)",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    if args.coverage:
        return _coverage(sys.stdout)
    if args.review is not None:
        return _review(args.review, sys.stdout)
    if args.workers is not None and args.census is None:
        raise GolfError("--workers is for check --census DIR")
    if args.census is not None:
        if args.only or args.fresh:
            raise GolfError("--census DIR checks that census alone; leave out --only and --fresh")
        if args.workers is not None and args.workers < 1:
            raise GolfError(f"--workers {args.workers}: need at least 1")
        return _census_folder(args.census, args.workers, sys.stdout, sys.stderr)
    return _check(args.only, sys.stdout, sys.stderr, fresh=args.fresh)

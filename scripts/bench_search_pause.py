"""Benchmark the C search before and after its pause (issue 31): the same deals through an
extension built from another revision's engine core and one built from the working tree.

    python scripts/bench_search_pause.py [N] [--seed S] [--ref REV] [--repeat R]

Both extensions are compiled here, in one run, by the same compiler with the same flags
(the interpreter's, then -O3 -g0 as setup.py adds): ``golfcore.c``, ``golfcore.h`` and
``_fastsolve.c`` from ``git show REV:...`` (default b40171a, the last revision before the
pause) and from the working tree. Each
deal is solved by both in turn (the order alternating from deal to deal), ``R`` times, and
its fastest time kept; their results must be the same (verdict, line, best result and
positions searched), else the script stops. Prints, per rule set and best (0 the verdict, 1
the best line as the Solve page asks, 2 the best value as the census asks), the total of
each and the ratio new/old.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from generator.patience import Rules, RuleSet, Variant, deal_for
from generator.patience.cvalues import compiler_flags
from generator.patience.deal import CODE_LETTERS
from generator.patience.solver import search_arguments

ROOT = Path(__file__).resolve().parent.parent
FILES = ("golfcore.c", "golfcore.h", "_fastsolve.c")
BEFORE_PAUSE = "b40171a"
"""The last revision of main before the search's pause (issue 31)."""
RULE_SETS = {
    "easy": RuleSet.of(Rules.EASY),
    "classic": RuleSet.of(Rules.CLASSIC),
    "classic+nothing-on-king": RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
    "strict": RuleSet.of(Rules.STRICT),
}


def build(folder: Path, sources: dict[str, bytes]) -> ModuleType:
    """Compile an extension ``_fastsolve`` from ``sources`` in ``folder`` and load it."""
    folder.mkdir()
    for name, data in sources.items():
        (folder / name).write_bytes(data)
    output = folder / "_fastsolve.so"
    config = sysconfig.get_config_vars()
    command = [
        *str(config["CC"]).split(),
        *str(config["CFLAGS"]).split(),
        *str(config["CCSHARED"]).split(),
        "-O3",
        "-g0",
        *compiler_flags(),
        "-shared",
        "-I",
        sysconfig.get_paths()["include"],
        str(folder / "golfcore.c"),
        str(folder / "_fastsolve.c"),
        "-o",
        str(output),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"bench_search_pause: compiling in {folder.name} failed: {done.stderr.strip()}")
    loader = importlib.machinery.ExtensionFileLoader("_fastsolve", str(output))
    spec = importlib.util.spec_from_file_location("_fastsolve", output, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def arguments(number: int, rule_set: RuleSet, best: int) -> tuple[Any, ...]:
    deal = deal_for(number, rule_set)
    return (*search_arguments(deal, rule_set), best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ref", default=BEFORE_PAUSE)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    old_sources = {}
    for name in FILES:
        shown = subprocess.run(
            ["git", "show", f"{args.ref}:generator/patience/{name}"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        if shown.returncode:
            sys.exit(f"bench_search_pause: git show {args.ref}: {shown.stderr.decode().strip()}")
        old_sources[name] = shown.stdout
    new_sources = {name: (ROOT / "generator" / "patience" / name).read_bytes() for name in FILES}
    numbers = random.Random(args.seed).sample(range(26**CODE_LETTERS), args.n)
    with tempfile.TemporaryDirectory(prefix="bench-pause-") as folder:
        old = build(Path(folder) / "old", old_sources)
        new = build(Path(folder) / "new", new_sources)
        print(
            f"{args.n} random deals, seed {args.seed}, fastest of {args.repeat}; "
            f"old: {args.ref}, new: the working tree"
        )
        print(f"{'rule set':24} best {'old s':>8} {'new s':>8} {'new/old':>8}")
        all_old = all_new = 0.0
        for name, rule_set in RULE_SETS.items():
            for best in (0, 1, 2):
                total = {"old": 0.0, "new": 0.0}
                for i, number in enumerate(numbers):
                    inputs = arguments(number, rule_set, best)
                    fastest = {"old": float("inf"), "new": float("inf")}
                    results = {}
                    for _ in range(args.repeat):
                        pair = [("old", old), ("new", new)]
                        for label, module in pair if i % 2 else pair[::-1]:
                            start = time.perf_counter()
                            results[label] = module.search(*inputs)
                            fastest[label] = min(fastest[label], time.perf_counter() - start)
                    if results["old"] != results["new"]:
                        sys.exit(f"bench_search_pause: deal {number} {name} best {best} differs")
                    for label in total:
                        total[label] += fastest[label]
                all_old += total["old"]
                all_new += total["new"]
                print(
                    f"{name:24} {best:4} {total['old']:8.3f} {total['new']:8.3f} "
                    f"{total['new'] / total['old']:8.3f}"
                )
        print(f"{'all':24} {'':4} {all_old:8.3f} {all_new:8.3f} {all_new / all_old:8.3f}")


if __name__ == "__main__":
    main()

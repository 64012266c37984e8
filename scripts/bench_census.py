"""Benchmark the solver over the deals behind the codes: deals 1..N, per rule set.

    PYTHONPATH=. python scripts/bench_census.py N [--rules NAME ...] [--best] [--search census|line] [--workers W]
    python scripts/bench_census.py N --against TREE [--rules NAME ...] [--block B]
    python scripts/bench_census.py N --executors ROUNDS [--rules NAME ...] [--workers W]

``--against TREE`` times the census's own solve path (what a census row costs) in this
tree and in TREE, a checkout of another commit, block by block in turn, and prints each
one's CPU and the ratio; it stops if a verdict or best result differs. ``--executors``
runs the census command on the local pool and on a Dask local cluster in turn and prints
the wall times and their ratio.

Solves deals 1..N (``deal_for_number``) under easy, classic, strict and
classic + nothing-on-king (or only the ``--rules`` named, as printed, e.g.
``classic+nothing-on-king``) on W worker processes (default: every core);
with ``--best`` every unwinnable deal also gets its best result, as the census
asks. The search timed is the census's own (``--search census``, the default:
``generator.patience.solver.verdict``, which a census row costs) or, with ``--search
line``, the search for the best *line* (``solve(..., best=True)``: the moves, as the
stepper and the examples ask; about twice the census's CPU with ``--best``, which this
script printed as the census's figure until 2026-12-07). The first line of its output says
which. Each solve is timed in its process's CPU time (``time.process_time``),
not wall time, so the figure holds on a busy machine. Prints per rule set the
winnable fraction, the deals solved per CPU second (per core), the mean and
largest solve, the whole census of 100,000 deals at that rate in CPU-minutes and in
minutes of a two-core machine (the CPU-minutes halved: issue 19's "about 50 CPU-minutes"
for the census of e467a92 were such minutes, which this script once printed alone, its
docstring calling them CPU time), and the 5 slowest solves (code, rules, seconds,
positions searched). To compare two versions of the solver, run this same
script with ``PYTHONPATH`` pointing at each (an old tree must accept the calls
used here; ``--best`` needs the new one).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from collections.abc import Sequence

from generator.patience import DealCode, Rules, RuleSet, Variant, deal_for_number
from generator.patience.deal import RULES_LETTERS
from generator.patience.solver import fits_table, has_fast_search, solve, verdict

RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
)
LETTERS = {Rules(name): letter for letter, name in RULES_LETTERS.items()}
CENSUS_DEALS = 100_000
CENSUS_CORES = 2

Job = tuple[int, int, bool, str]
"""A deal number, the index of its rule set in :data:`RULE_SETS`, whether to ask the best result,
and the search (``census`` or ``line``)."""
SEARCHES = {
    "census": "the census's own search, generator.patience.solver.verdict (what a census row costs)",
    "line": "the best line's search, solve(..., best=True) (the moves, not what a census row costs)",
}
Result = tuple[int, int, bool, float, int]
"""The deal number, the rule set's index, the verdict, the CPU seconds and the positions searched."""


def run_job(job: Job) -> Result:
    number, index, best, search = job
    deal = deal_for_number(number)
    rule_set = RULE_SETS[index]
    if search == "census":
        fits = fits_table(rule_set)  # made once per rule set in a census task, not timed
        start = time.process_time()
        winnable, _, positions = verdict(deal, rule_set, best=best, fits=fits)
        seconds = time.process_time() - start
        return number, index, winnable, seconds, positions
    start = time.process_time()
    solution = solve(deal, rule_set, best=True) if best else solve(deal, rule_set)
    seconds = time.process_time() - start
    return number, index, solution.winnable, seconds, solution.positions


def code(number: int, rule_set: RuleSet) -> str:
    """The deal's code, with the letter of its rules where a code has one (E for strict)."""
    return str(DealCode(LETTERS.get(rule_set.rules, "E"), number))


def report(
    results: Sequence[Result],
    n: int,
    indexes: Sequence[int],
    best: bool,
    wall: float,
    workers: int,
    search: str,
) -> None:
    print(f"search timed: {SEARCHES[search]}")
    print(f"deals 1..{n}, {workers} worker(s), best result {'on' if best else 'off'}, ", end="")
    print(f"C search {'built' if has_fast_search() else 'NOT built (pure Python)'}")
    print(
        f"{'rules':26} {'winnable':>9} {'deals/s':>9} {'mean ms':>9} {'max ms':>9} "
        f"{'CPU min':>8} {'2-core min':>10}"
    )
    total = 0.0
    for index in indexes:
        mine = [r for r in results if r[1] == index]
        seconds = sum(r[3] for r in mine)
        wins = sum(r[2] for r in mine)
        census = CENSUS_DEALS * seconds / len(mine) / 60  # CPU-minutes
        total += census
        print(
            f"{RULE_SETS[index]!s:26} {wins / len(mine):9.1%} {len(mine) / seconds:9.1f} "
            f"{seconds / len(mine) * 1000:9.2f} {max(r[3] for r in mine) * 1000:9.1f} "
            f"{census:8.1f} {census / CENSUS_CORES:10.1f}"
        )
    busy = sum(r[3] for r in results)
    print(
        f"census of {CENSUS_DEALS:,} deals at these rates: {total:.1f} CPU-minutes, "
        f"{total / CENSUS_CORES:.1f} minutes on {CENSUS_CORES} cores"
        + (
            " (with the best line's search, which the census does not run)"
            if search == "line"
            else ""
        )
    )
    print(f"wall {wall:.2f} s for {len(results)} solves ({busy:.2f} s of CPU in the solves)")
    print("slowest:")
    for number, index, won, seconds, positions in sorted(results, key=lambda r: -r[3])[:5]:
        verdict = "winnable" if won else "unwinnable"
        rules = RULE_SETS[index]
        print(
            f"  {code(number, rules)}  {rules!s:24} {seconds:8.3f} s  "
            f"{positions:>10,} positions  {verdict}"
        )


TIMER = r"""
import json, sys, time
rules, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:  # this tree's census (generator/census/, 2026-12-01 on)
    from generator.census.runner import solve_chunk
    found = [(n, w, b, ms) for n, w, b, ms, _ in solve_chunk(rules, tuple(range(first, last + 1)), True)]
except ImportError:  # the census of generator/patience/census.py (before 2026-12-01)
    from generator.patience.census import parse_rule_set, solve_number
    rule_set = parse_rule_set(rules)
    found = []
    for n in range(first, last + 1):
        start = time.thread_time()
        row = solve_number(n, rule_set, True)
        found.append((n, row.winnable, row.best_removals, (time.thread_time() - start) * 1000))
print(json.dumps(found))
"""
"""Times the census's own solve path of the tree it runs in, deal by deal, in thread CPU time."""


def side_by_side(reference: str, n: int, names: list[str], block: int) -> None:
    """The census's solve path of this tree and of ``reference`` (a checkout of another commit)
    over deals 1..n, block by block in turn (so a busy machine slows both alike); prints the
    CPU of each and the ratio, and stops if a verdict or best result differs."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parents[1])
    trees = {"reference": str(Path(reference).resolve()), "this tree": here}
    print(f"deals 1..{n} in blocks of {block}; reference: {trees['reference']}")
    print(f"{'rules':26} {'reference s':>12} {'this tree s':>12} {'ratio':>7}")
    total = {"reference": 0.0, "this tree": 0.0}
    for name in names:
        cpu = {"reference": 0.0, "this tree": 0.0}
        for first in range(1, n + 1, block):
            last = min(n, first + block - 1)
            answers = {}
            for label, tree in trees.items():
                output = subprocess.run(
                    [sys.executable, "-c", TIMER, name, str(first), str(last)],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=tree,
                    env={**os.environ, "PYTHONPATH": tree},
                ).stdout
                rows = json.loads(output)
                cpu[label] += sum(row[3] for row in rows) / 1000
                answers[label] = [row[:3] for row in rows]
            if answers["reference"] != answers["this tree"]:
                raise SystemExit(
                    f"{name}: deals {first}-{last}: the verdicts or best results differ"
                )
        for label in total:
            total[label] += cpu[label]
        ratio = cpu["this tree"] / cpu["reference"]
        print(f"{name:26} {cpu['reference']:12.2f} {cpu['this tree']:12.2f} {ratio:7.3f}")
    ratio = total["this tree"] / total["reference"]
    print(f"{'all':26} {total['reference']:12.2f} {total['this tree']:12.2f} {ratio:7.3f}")


def executors(n: int, names: list[str], workers: int, rounds: int) -> None:
    """The census command itself over deals 1..n, on the local pool and on a Dask local cluster
    of as many workers, in turn, ``rounds`` times; prints the wall times and the ratio."""
    import shutil
    import subprocess
    import sys
    import tempfile

    walls: dict[str, list[float]] = {"local": [], "dask": []}
    for _ in range(rounds):
        for kind in walls:
            out = tempfile.mkdtemp(prefix="bench-census-")
            command = [sys.executable, "-m", "generator", "census", "--from", "1", "--to", str(n)]
            command += [f"--rules={name}" for name in names] + ["--workers", str(workers)]
            command += ["--out", out, "--executor", kind]
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            walls[kind].append(time.perf_counter() - start)
            shutil.rmtree(out)
    local, dask = min(walls["local"]), min(walls["dask"])
    print(f"deals 1..{n} of {', '.join(names)} on {workers} workers, best of {rounds} runs each")
    print(
        f"local pool {local:.2f} s wall, Dask local cluster {dask:.2f} s wall: ratio {dask / local:.3f}"
    )
    print(f"  (every run: local {walls['local']}, dask {walls['dask']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("n", type=int, help="solve deals 1..N")
    parser.add_argument(
        "--rules",
        action="append",
        choices=[str(r) for r in RULE_SETS],
        help="time only this rule set (repeatable; default: all four)",
    )
    parser.add_argument("--best", action="store_true", help="also find the best result")
    parser.add_argument(
        "--search",
        choices=sorted(SEARCHES),
        default="census",
        help="the search timed: the census's own (default) or the best line's",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--against",
        metavar="TREE",
        help="time the census's solve path here and in TREE (a checkout of another commit: "
        "git worktree add /tmp/ref e467a92) side by side, in thread CPU time",
    )
    parser.add_argument("--block", type=int, default=100, help="deals per turn with --against")
    parser.add_argument(
        "--executors",
        type=int,
        metavar="ROUNDS",
        help="run the census command on the local pool and on Dask in turn, ROUNDS times",
    )
    args = parser.parse_args()
    names = args.rules or [str(r) for r in RULE_SETS]
    if args.against:
        side_by_side(args.against, args.n, names, args.block)
        return
    if args.executors:
        executors(args.n, names, args.workers, args.executors)
        return
    indexes = [i for i, rule_set in enumerate(RULE_SETS) if str(rule_set) in names]
    jobs = [(number, i, args.best, args.search) for number in range(1, args.n + 1) for i in indexes]
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(run_job, jobs, chunksize=8)
    wall = time.perf_counter() - start
    report(results, args.n, indexes, args.best, wall, args.workers, args.search)


if __name__ == "__main__":
    main()

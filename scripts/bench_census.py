"""Benchmark the solver over the deals behind the codes: deals 1..N, per rule set.

    PYTHONPATH=. python scripts/bench_census.py N [--rules NAME ...] [--best] [--workers W]

Solves deals 1..N (``deal_for_number``) under easy, classic, strict and
classic + nothing-on-king (or only the ``--rules`` named, as printed, e.g.
``classic+nothing-on-king``) on W worker processes (default: every core);
with ``--best`` every unwinnable deal also gets its best result, as the census
asks. Each solve is timed in its process's CPU time (``time.process_time``),
not wall time, so the figure holds on a busy machine. Prints per rule set the
winnable fraction, the deals solved per CPU second (per core), the mean and
largest solve, the CPU time the whole census of 100,000 deals would take on
two cores at that rate, and the 5 slowest solves (code, rules, seconds,
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
from generator.patience.solver import has_fast_search, solve

RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.STRICT),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
)
LETTERS = {Rules(name): letter for letter, name in RULES_LETTERS.items()}
CENSUS_DEALS = 100_000
CENSUS_CORES = 2

Job = tuple[int, int, bool]
"""A deal number, the index of its rule set in :data:`RULE_SETS`, and whether to ask the best result."""
Result = tuple[int, int, bool, float, int]
"""The deal number, the rule set's index, the verdict, the CPU seconds and the positions searched."""


def run_job(job: Job) -> Result:
    number, index, best = job
    deal = deal_for_number(number)
    start = time.process_time()
    solution = solve(deal, RULE_SETS[index], best=True) if best else solve(deal, RULE_SETS[index])
    seconds = time.process_time() - start
    return number, index, solution.winnable, seconds, solution.positions


def code(number: int, rule_set: RuleSet) -> str:
    """The deal's code, with the letter of its rules where a code has one (E for strict)."""
    return str(DealCode(LETTERS.get(rule_set.rules, "E"), number))


def report(
    results: Sequence[Result], n: int, indexes: Sequence[int], best: bool, wall: float, workers: int
) -> None:
    print(f"deals 1..{n}, {workers} worker(s), best result {'on' if best else 'off'}, ", end="")
    print(f"C search {'built' if has_fast_search() else 'NOT built (pure Python)'}")
    print(
        f"{'rules':26} {'winnable':>9} {'deals/s':>9} {'mean ms':>9} {'max ms':>9} "
        f"{'census min':>11}"
    )
    total = 0.0
    for index in indexes:
        mine = [r for r in results if r[1] == index]
        seconds = sum(r[3] for r in mine)
        wins = sum(r[2] for r in mine)
        census = CENSUS_DEALS * seconds / len(mine) / CENSUS_CORES / 60
        total += census
        print(
            f"{RULE_SETS[index]!s:26} {wins / len(mine):9.1%} {len(mine) / seconds:9.1f} "
            f"{seconds / len(mine) * 1000:9.2f} {max(r[3] for r in mine) * 1000:9.1f} "
            f"{census:11.1f}"
        )
    busy = sum(r[3] for r in results)
    print(
        f"census of {CENSUS_DEALS:,} deals on {CENSUS_CORES} cores at these rates: {total:.1f} min"
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
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    names = args.rules or [str(r) for r in RULE_SETS]
    indexes = [i for i, rule_set in enumerate(RULE_SETS) if str(rule_set) in names]
    jobs = [(number, i, args.best) for number in range(1, args.n + 1) for i in indexes]
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(run_job, jobs, chunksize=8)
    report(results, args.n, indexes, args.best, time.perf_counter() - start, args.workers)


if __name__ == "__main__":
    main()

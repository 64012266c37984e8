"""Benchmark the solver over the deals behind the codes: deals 1..N, per rule set.

    python scripts/bench_census.py N [--workers W]

Solves deals 1..N (``deal_for_number``) under easy, classic, strict and
classic + nothing-on-king on W worker processes (default: every core), then
prints per rule set the winnable fraction and the deals solved per second of
one core's time, the wall time of the whole run, and the 5 slowest solves
(code, rules, seconds, positions searched).
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

Job = tuple[int, int]
"""A deal number and the index of its rule set in :data:`RULE_SETS`."""
Result = tuple[int, int, bool, float, int]
"""The job, the verdict, the seconds and the positions searched."""


def run_job(job: Job) -> Result:
    number, index = job
    deal = deal_for_number(number)
    start = time.perf_counter()
    solution = solve(deal, RULE_SETS[index])
    return number, index, solution.winnable, time.perf_counter() - start, solution.positions


def code(number: int, rule_set: RuleSet) -> str:
    """The deal's code, with the letter of its rules where a code has one (E for strict)."""
    return str(DealCode(LETTERS.get(rule_set.rules, "E"), number))


def report(results: Sequence[Result], n: int, wall: float, workers: int) -> None:
    print(f"deals 1..{n}, {len(RULE_SETS)} rule sets, {workers} worker(s), ", end="")
    print(f"C search {'built' if has_fast_search() else 'NOT built (pure Python)'}")
    print(f"{'rules':26} {'winnable':>9} {'deals/s':>9} {'mean ms':>9} {'max ms':>9}")
    for index, rule_set in enumerate(RULE_SETS):
        mine = [r for r in results if r[1] == index]
        seconds = sum(r[3] for r in mine)
        wins = sum(r[2] for r in mine)
        print(
            f"{rule_set!s:26} {wins / len(mine):9.1%} {len(mine) / seconds:9.1f} "
            f"{seconds / len(mine) * 1000:9.2f} {max(r[3] for r in mine) * 1000:9.1f}"
        )
    busy = sum(r[3] for r in results)
    print(f"wall {wall:.2f} s for {len(results)} solves ({busy:.2f} s of solving, summed)")
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
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    jobs = [(number, index) for number in range(1, args.n + 1) for index in range(len(RULE_SETS))]
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(run_job, jobs, chunksize=8)
    report(results, args.n, time.perf_counter() - start, args.workers)


if __name__ == "__main__":
    main()

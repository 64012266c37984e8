"""Benchmark the solver: N random deals from a fixed seed, per rule set.

    python scripts/bench_solver.py [N] [--seed S] [--implementation c|python|auto]

Prints, per rule set, the winnable fraction and the median and total solve
time. The anchor (issue 2): black-hole-solver takes a median of about 2.6 ms
(Easy) and 62 ms (Classic) per random deal on this kind of machine, and finds
about 92% (Easy) and 45% (Classic) winnable.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from generator.patience import Rules, deal_for_number
from generator.patience.deal import CODE_LETTERS
from generator.patience.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--implementation", default="auto", choices=["auto", "c", "python"])
    args = parser.parse_args()
    numbers = random.Random(args.seed).sample(range(26**CODE_LETTERS), args.n)
    deals = [deal_for_number(n) for n in numbers]
    print(f"{args.n} random deals, seed {args.seed}, implementation {args.implementation}")
    for rules in Rules:
        times, wins = [], 0
        for deal in deals:
            start = time.perf_counter()
            wins += solve(deal, rules, implementation=args.implementation).winnable
            times.append(time.perf_counter() - start)
        print(
            f"{rules.value:8} winnable {wins / len(deals):6.1%}  "
            f"median {statistics.median(times) * 1000:7.2f} ms  "
            f"total {sum(times):7.2f} s  max {max(times) * 1000:8.1f} ms"
        )


if __name__ == "__main__":
    main()

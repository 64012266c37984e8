"""The 6-Card Golf differential run (generator/sixcard/differential.py) with its counts: holes,
actions, decisions of a player, ties of the strong player (two moves it reckons equal within
1e-9, which the C core and the Python engine broke differently), and the options it covered.

    python scripts/sixcard_differential.py [--holes N] [--jobs J]

Holes 0 to N-1 (default 2,000, the test's), on J processes (default: every core). Exits 1 with
the first hole where the C core and the Python engine part.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.sixcard.differential import Counts, DifferentialError, run_holes

CHUNK = 50


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holes", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    chunks = [range(i, min(i + CHUNK, args.holes)) for i in range(0, args.holes, CHUNK)]
    total = Counts()
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        try:
            for done, counts in enumerate(pool.map(run_holes, chunks), 1):
                total.add(counts)
                print(f"\r{done}/{len(chunks)} chunks", end="", file=sys.stderr, flush=True)
        except DifferentialError as error:
            print(f"\n{error}", file=sys.stderr)
            return 1
    print(file=sys.stderr)
    print(
        f"{total.holes} holes, {total.actions} actions, {total.decisions} decisions, "
        f"{total.ties} ties, in {time.perf_counter() - start:.0f} s on {args.jobs} process(es)"
    )
    print("options covered: " + ", ".join(sorted(total.options)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

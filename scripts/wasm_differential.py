"""The page's WebAssembly engine against the Python engine, on as many random action sequences as
asked (tests/wasm/differential.py): the suite plays 30,000; this plays more, for a deeper look
after a change to golfcore.c or rules.py.

    PYTHONPATH=. python scripts/wasm_differential.py [COUNT] [--seed SEED]

Prints what the sequences reached (actions, refusals, undos, won and stuck games) and the CPU
time; stops at the first difference, naming the deal, the rule set and the actions.
"""

from __future__ import annotations

import argparse
import time

from tests.wasm.differential import compare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.process_time()
    counts = compare(seed=args.seed, count=args.count)
    print(f"{counts} in {time.process_time() - start:.1f} s of CPU: no difference")


if __name__ == "__main__":
    main()

"""Record, or check, the solver's verdicts on deals 1..N under the census's four rule sets.

    PYTHONPATH=. python scripts/solver_verdicts.py record N [--workers W]   # writes generator/data/solver_verdicts.json.gz
    PYTHONPATH=. python scripts/solver_verdicts.py check [--workers W]      # re-solves every recorded deal, exit 1 on a change

The file was made by the solver *before* its move ordering, pruning and best
result (commit 99f2709), so that ``check`` proves those changed no verdict.
Each rule set's verdicts are a string with one character per deal, deal 1
first: ``W`` winnable, ``U`` unwinnable. The normal tests re-solve a sample.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.patience import Rules, RuleSet, Variant, deal_for_number
from generator.patience.solver import solve

PATH = Path(__file__).resolve().parent.parent / "generator" / "data" / "solver_verdicts.json.gz"
RULE_SETS = {
    str(rule_set): rule_set
    for rule_set in (
        RuleSet.of(Rules.EASY),
        RuleSet.of(Rules.CLASSIC),
        RuleSet.of(Rules.STRICT),
        RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
    )
}


def verdict(job: tuple[str, int]) -> str:
    name, number = job
    return "W" if solve(deal_for_number(number), RULE_SETS[name]).winnable else "U"


def solve_all(names: list[str], n: int, workers: int) -> dict[str, str]:
    jobs = [(name, number) for name in names for number in range(1, n + 1)]
    with multiprocessing.Pool(workers) as pool:
        answers = pool.map(verdict, jobs, chunksize=16)
    return {name: "".join(answers[i * n : (i + 1) * n]) for i, name in enumerate(names)}


def load(path: Path = PATH) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("n", type=int, nargs="?", default=2000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.action == "record":
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        data = {
            "command": f"PYTHONPATH=. python scripts/solver_verdicts.py record {args.n}",
            "solver_commit": commit,
            "deals": f"deal_for_number(1..{args.n})",
            "verdicts": solve_all(list(RULE_SETS), args.n, args.workers),
        }
        with gzip.open(PATH, "wt", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
            file.write("\n")
        print(f"wrote {PATH}")
        return 0
    recorded = load()
    n = len(next(iter(recorded["verdicts"].values())))
    now = solve_all(list(recorded["verdicts"]), n, args.workers)
    status = 0
    for name, old in recorded["verdicts"].items():
        changed = [i + 1 for i, (a, b) in enumerate(zip(old, now[name], strict=True)) if a != b]
        print(f"{name:26} {n} deals, {len(changed)} changed {changed[:10]}")
        status |= bool(changed)
    return status


if __name__ == "__main__":
    sys.exit(main())

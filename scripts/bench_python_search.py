"""How much slower the census's search is without the C search: the Python search against the
C search on the same deals, side by side, in CPU time.

    python scripts/bench_python_search.py [--deals 24]

On 2026-12-02 (deals 1-24, Classic, best result): C 0.35 s, Python 36.3 s, ratio 103. The
census sample that ``check`` re-solves takes about 100 s with the C search on two cores, so
about three hours without it (``generator/cli/check.py``'s ``SLOW_WITHOUT_C`` says so).
"""

from __future__ import annotations

import argparse
import time

from generator.patience import Rules, RuleSet, solver
from generator.patience.deal import deal_for_number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=24, help="solve deals 1..N (default 24)")
    args = parser.parse_args()
    if not solver.has_fast_search():
        raise SystemExit("the C search is not built: nothing to compare the Python search with")
    deals = [deal_for_number(n) for n in range(1, args.deals + 1)]
    rule_set = RuleSet.of(Rules.CLASSIC, [])
    fits = solver.fits_table(rule_set)
    fast = solver._search_c
    seconds = {}
    try:
        for name, search in (("C", fast), ("Python", None)):
            solver._search_c = search
            start = time.process_time()
            for deal in deals:
                solver.verdict(deal, rule_set, best=True, fits=fits)
            seconds[name] = time.process_time() - start
    finally:
        solver._search_c = fast
    print(
        f"deals 1-{args.deals}, Classic, best result: C {seconds['C']:.2f} s, "
        f"Python {seconds['Python']:.1f} s, ratio {seconds['Python'] / seconds['C']:.0f}"
    )


if __name__ == "__main__":
    main()

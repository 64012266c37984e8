"""The Solve page's search in the browser against the native solver, side by side (a benchmark,
not a test: tests/browser/test_play.py holds the page to the native search's positions).

    python scripts/bench_page_native.py [--deals N] [--rounds R] [--site DIR]

Builds the site (or takes ``--site DIR``, a built one), serves it on localhost, opens the
English Solve page in Debian's headless Chromium (``$CHROMIUM`` picks another) and, deal by
deal for deals 1 to N (default 1000) on Easy with the best line (as the page asks), times the
page's module (``GolfEngine.solve``) and the native solver (:func:`generator.patience.solver.solve`,
the C search when it is built) in turn, each the fastest of R runs (default 2). Prints the
total page/native ratio and the per-deal median and worst ratio (deals over 1 ms native).
The two run on the same machine at the same time, so a busy machine slows both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.patience import Rules, deal_for_number
from generator.patience.solver import has_fast_search, solve
from tests.browser.conftest import chromium_on_a_site

TIMED = """([number, rounds]) => window.GolfEngine.then(E => {
    let best = Infinity;
    for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        E.solve('easy', [], number, 1);
        best = Math.min(best, performance.now() - start);
    }
    return best;
})"""


def native_ms(number: int, rounds: int) -> float:
    deal = deal_for_number(number)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        solve(deal, Rules.EASY, best=True)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    with chromium_on_a_site(args.site) as (browser, url):
        page = browser.new_page()
        page.goto(url + "en/solve/")
        page.wait_for_selector("html[data-golf-engine=ready]")
        in_page, native = [], []
        for number in range(1, args.deals + 1):
            in_page.append(page.evaluate(TIMED, [number, args.rounds]))
            native.append(native_ms(number, args.rounds))
    ratios = [p / n for p, n in zip(in_page, native, strict=True) if n > 1]
    search = "C search" if has_fast_search() else "pure-Python search"
    print(f"deals 1-{args.deals} on Easy, best line, fastest of {args.rounds} runs each")
    print(f"page:   {sum(in_page):9.0f} ms")
    print(f"native: {sum(native):9.0f} ms ({search})")
    print(f"page/native: {sum(in_page) / sum(native):.2f} in total", end="")
    if ratios:
        print(f"; per deal median {statistics.median(ratios):.2f}, worst {max(ratios):.2f}")
    else:
        print()


if __name__ == "__main__":
    main()

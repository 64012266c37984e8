"""The time of a computer move in the 6-Card Golf page's WebAssembly module, outside the browser
(wasmtime), and the module's size (issue 49: the note gives the median and the worst over 1,000
moves; the browser's own figure is tests/browser/test_sixcard_play.py's).

    python scripts/bench_sixcard_wasm.py [--moves N] [--layout 6-card|4-card|9-card] [--players P]

The moves are the strong player's, timed one call each (``six_choose``), in holes of the page's
options played to their end by the strong player in every seat, seeds 0, 1, 2, ...; the position
before each move is the one the page would ask about. Prints the module's bytes, then the
median, 90th percentile and worst time of a move in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.sixcard.ccore import Core, CoreHole
from generator.sixcard.cvalues import SIXCARD_WASM
from generator.sixcard.rules import Layout, Options
from generator.wasmbuild import build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--layout", default="6-card", choices=[layout.value for layout in Layout])
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    options = Options(layout=Layout(args.layout))
    core = Core()
    times: list[float] = []
    seed = 0
    while len(times) < args.moves:
        hole = CoreHole(args.players, options, seed, core=core)
        seed += 1
        while not hole.over and len(times) < args.moves:
            start = time.perf_counter()
            code = core("six_choose", 0, 0)
            times.append(time.perf_counter() - start)
            hole.core("six_play", hole.current, code)
    ms = sorted(t * 1000 for t in times)
    print(f"module: {len(build(SIXCARD_WASM)):,} bytes")
    print(
        f"{args.moves} moves of the strong player, {args.layout}, {args.players} players, "
        f"{seed} holes: median {statistics.median(ms):.3f} ms, "
        f"90% {ms[int(0.9 * len(ms))]:.3f} ms, worst {ms[-1]:.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

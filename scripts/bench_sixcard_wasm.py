"""The time of a computer move in the 6-Card Golf page's WebAssembly module, outside the browser
(wasmtime), and the module's size (issue 49: the note gives the median and the worst over 1,000
moves; the browser's own figure is tests/browser/test_sixcard_play.py's).

    python scripts/bench_sixcard_wasm.py [--moves N] [--layout 6-card|4-card|9-card] [--players P]
                                         [--browser]

The moves are the strong player's, timed one call each (``six_choose``), in holes of the page's
options played to their end by the strong player in every seat, seeds 0, 1, 2, ...; the position
before each move is the one the page would ask about. Prints the module's bytes, then the
median, 90th percentile and worst time of a move in milliseconds.

``--browser`` times the same moves in headless Chromium, on the player's page of a site built
for the run (the page's own module and script, ``GolfSix.engine``): each move's call is made
:data:`REPEAT` times over and timed together (a page's clock is coarsened to 0.1 ms), the
time of one call being the total over :data:`REPEAT`.
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

REPEAT = 20
"""How often the page times each move's call (its clock ticks every 0.1 ms)."""

IN_PAGE = """([moves, layout, players, repeat]) => {
  const E = GolfSix.engine, times = [];
  let seed = 0;
  while (times.length < moves) {
    const game = {seed: String(seed++), computers: players - 1, layout: layout,
                  jokers: true, minusFour: false, knock: false};
    E.deal(game, 0);
    let s = E.state();
    while (!s.over && times.length < moves) {
      const start = performance.now();
      let action = 0;
      for (let i = 0; i < repeat; i++) action = E.choose();
      times.push((performance.now() - start) / repeat);
      E.play(s.current, action);
      s = E.state();
    }
  }
  return [times, seed];
}"""


def in_browser(moves: int, layout: Layout, players: int) -> tuple[list[float], int]:
    """Each move's time in ms in Chromium, and the holes played."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.browser.conftest import chromium_on_a_site

    with chromium_on_a_site() as (browser, url):
        page = browser.new_page()
        page.goto(url + "en/six-card-golf-play/")
        page.wait_for_selector("[data-six-ready]", state="attached")
        shape = {
            "value": layout.value,
            "rows": layout.rows,
            "columns": layout.columns,
            "start": layout.face_up_at_start,
        }
        times, holes = page.evaluate(IN_PAGE, [moves, shape, players, REPEAT])
        return list(times), int(holes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--layout", default="6-card", choices=[layout.value for layout in Layout])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--browser", action="store_true", help="time them in headless Chromium")
    args = parser.parse_args(argv)
    options = Options(layout=Layout(args.layout))
    if args.browser:
        browser_ms, holes = in_browser(args.moves, Layout(args.layout), args.players)
        ms = sorted(browser_ms)
        print(f"module: {len(build(SIXCARD_WASM)):,} bytes")
        print(
            f"{args.moves} moves of the strong player in Chromium, {args.layout}, "
            f"{args.players} players, {holes} holes: median {statistics.median(ms):.3f} ms, "
            f"90% {ms[int(0.9 * len(ms))]:.3f} ms, worst {ms[-1]:.3f} ms"
        )
        return 0
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

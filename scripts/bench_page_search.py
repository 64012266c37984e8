"""The Solve page's searches in the page's WebAssembly module (wasmtime): whole, and sliced as the
page runs them so that no task blocks it (issue 31).

    python scripts/bench_page_search.py [--budget B] [--slice-ms MS] [--repeat R]
    python scripts/bench_page_search.py --find [--count N] [--last L]
    python scripts/bench_page_search.py --native [--budget B] [--repeat R]

The page solves a deal under four rule sets (Easy, Classic, Classic with nothing on a King,
Strict), each with its best result (best 1), from the deal's start; the code's letter E or C
changes nothing in the search.

``--find`` times those four searches for deals 1 to ``L`` (default 1000), each deal's fastest
of three runs (the slowest ``3 N`` of a first run are run twice more), and writes the ``N``
(default 20) slowest to ``tests/data/slowest_deals.yaml`` with their times and the positions
each search takes (the same on every machine: tests/wasm/test_paused_search.py replays them);
it prints the ranking with the positions' rank beside the time's.

Without ``--find``, for each deal of that file it times the four searches whole (one
``golf_solve`` each) and sliced (``golf_solve_begin``, ``golf_solve_step`` of ``B``
positions until done, ``golf_solve_end``), and prints them side by side with their ratio,
the slices' count, and the longest slice. ``B`` is by default what this machine searches in
``MS`` milliseconds (default 7.5), measured on the first five deals' whole searches; each
deal's fastest of ``R`` runs (default 3) of each, run in turn, is shown. Each deal is
searched in a fresh instance of the module, whose memory starts small: a slice in which the
memory grew holds a growth of the search's set of positions (all of it is copied into a set
twice its size), and the longest such slice is shown apart; the first deal is searched again
in slices of 1,000 positions, where a growth stands out of the slices around it.

``--native`` times the same searches in the Python extension's build of the same C, whole
(``_fastsolve.search``) and sliced (``_fastsolve.sliced``, ``B`` positions a slice, default
30,000), each search's fastest of ``R`` runs in turn: what the pause itself costs (walking
back, entering again), apart from the module's calls and a loaded machine's noise.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import wasmtime
import yaml

from generator.atomic import write_text_atomic
from generator.site.wasm import wasm_module

ROOT = Path(__file__).resolve().parent.parent
DEALS = ROOT / "tests" / "data" / "slowest_deals.yaml"
RULE_SETS = {"easy": (0, 0), "classic": (1, 0), "classic+nothing-on-king": (1, 1), "strict": (2, 0)}
"""The page's rule sets: golfcore.h's rules and variant bits."""
BEST_LINE = 1


class Module:
    """A fresh instance of the page's module."""

    engine = wasmtime.Engine()
    compiled: wasmtime.Module | None = None

    def __init__(self) -> None:
        if Module.compiled is None:
            Module.compiled = wasmtime.Module(self.engine, wasm_module())
        self.store = wasmtime.Store(self.engine)
        instance = wasmtime.Instance(self.store, Module.compiled, [])
        self.exports = instance.exports(self.store)
        self.exports["_initialize"](self.store)
        memory = self.exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self.memory = memory

    def __call__(self, name: str, *args: object) -> int:
        value = self.exports[name](self.store, *args)
        return 0 if value is None else int(value)

    def memory_size(self) -> int:
        return self.memory.data_len(self.store)

    def game(self, number: int, rule_set: str) -> int:
        rules, variants = RULE_SETS[rule_set]
        return self("golf_new", rules, variants, float(number))


@dataclass
class Sliced:
    """One deal's four searches sliced: the time to the verdict and each slice's time."""

    seconds: float = 0.0
    slices: list[float] = field(default_factory=list)
    growing: list[float] = field(default_factory=list)
    """The slices in which the module's memory grew."""


def whole(number: int) -> tuple[float, dict[str, int]]:
    """The four searches of deal ``number`` in one call each: the seconds, the positions."""
    module = Module()
    seconds, positions = 0.0, {}
    for name in RULE_SETS:
        game = module.game(number, name)
        start = time.perf_counter()
        status = module("golf_solve", game, BEST_LINE)
        seconds += time.perf_counter() - start
        if status:
            sys.exit(f"bench_page_search: deal {number} {name}: golf_solve said {status}")
        positions[name] = module("golf_result_expanded")
        module("golf_free", game)
    return seconds, positions


def sliced(number: int, budget: int) -> Sliced:
    """The four searches of deal ``number`` a slice of ``budget`` positions at a time."""
    module = Module()
    result = Sliced()
    for name in RULE_SETS:
        game = module.game(number, name)
        start = time.perf_counter()
        handle = module("golf_solve_begin", game, BEST_LINE)
        status = 0
        while status == 0:
            size = module.memory_size()
            slice_start = time.perf_counter()
            status = module("golf_solve_step", handle, budget)
            took = time.perf_counter() - slice_start
            result.slices.append(took)
            if module.memory_size() > size:
                result.growing.append(took)
        if status != 1 or module("golf_solve_end", handle):
            sys.exit(f"bench_page_search: deal {number} {name}: a step said {status}")
        result.seconds += time.perf_counter() - start
        module("golf_free", game)
    return result


def find(count: int, last: int) -> None:
    timed = {}
    for number in range(1, last + 1):
        timed[number] = whole(number)
        if number % 100 == 0:
            print(f"... deal {number}", file=sys.stderr, flush=True)
    # the slowest three times as many again twice: each deal's fastest of three runs
    for number in sorted(timed, key=lambda n: -timed[n][0])[: 3 * count]:
        for _ in range(2):
            seconds, positions = whole(number)
            timed[number] = (min(seconds, timed[number][0]), positions)
    ranked = sorted(timed, key=lambda n: (-timed[n][0], n))
    by_positions = sorted(timed, key=lambda n: (-sum(timed[n][1].values()), n))
    print(f"{'deal':>5} {'ms':>8} {'positions':>10} {'positions rank':>14}")
    for number in ranked[: count + 10]:
        seconds, positions = timed[number]
        rank = by_positions.index(number) + 1
        print(f"{number:5} {seconds * 1000:8.1f} {sum(positions.values()):10,} {rank:14}")
    lines = [
        f"# The {count} deals of 1-{last} whose Solve page searches longest: the page's four",
        "# searches (Easy, Classic, Classic with nothing on a King, Strict, each with its best",
        "# result, from the deal's start) timed in the page's module in wasmtime, each deal's",
        "# fastest of three runs (ms) on the machine that made the list, the slowest first. For",
        "# the browser test of the longest task. The positions each search takes are the same on",
        "# every machine: tests/wasm/test_paused_search.py replays them. Made by",
        f"#   python scripts/bench_page_search.py --find --count {count} --last {last}",
        "deals:",
    ]
    for number in ranked[:count]:
        seconds, positions = timed[number]
        lines.append(f"  - number: {number}")
        lines.append(f"    ms: {round(seconds * 1000)}")
        lines.append(
            "    positions: {" + ", ".join(f"{name}: {n}" for name, n in positions.items()) + "}"
        )
    write_text_atomic(DEALS, "\n".join(lines) + "\n")
    print(f"wrote {DEALS.relative_to(ROOT)}")


def bench(budget: int | None, slice_ms: float, repeat: int) -> None:
    deals = [
        entry["number"] for entry in yaml.safe_load(DEALS.read_text(encoding="utf-8"))["deals"]
    ]
    if budget is None:
        first = [whole(number) for number in deals[:5]]
        rate = sum(sum(p.values()) for _s, p in first) / sum(s for s, _p in first)
        budget = max(1, int(rate * slice_ms / 1000))
        print(f"{rate:,.0f} positions a second whole: a budget of {budget:,} for {slice_ms} ms")
    print(
        f"fastest of {repeat} runs each, whole and sliced in turn\n"
        f"{'deal':>5} {'positions':>10} {'whole ms':>9} {'sliced ms':>9} {'ratio':>6} "
        f"{'slices':>6} {'longest':>8} {'growing':>8} {'median':>7}"
    )
    all_slices: list[float] = []
    growing: list[float] = []
    total_whole = total_sliced = 0.0
    for number in deals:
        seconds, positions = min(whole(number) for _ in range(repeat))
        run = min((sliced(number, budget) for _ in range(repeat)), key=lambda r: r.seconds)
        all_slices += run.slices
        growing += run.growing
        total_whole += seconds
        total_sliced += run.seconds
        print(
            f"{number:5} {sum(positions.values()):10,} {seconds * 1000:9.1f} "
            f"{run.seconds * 1000:9.1f} {run.seconds / seconds:6.3f} {len(run.slices):6} "
            f"{max(run.slices) * 1000:8.1f} {max(run.growing, default=0) * 1000:8.1f} "
            f"{statistics.median(run.slices) * 1000:7.1f}"
        )
    others = sorted(set(all_slices) - set(growing))
    print(
        f"{'all':>5} {'':10} {total_whole * 1000:9.1f} {total_sliced * 1000:9.1f} "
        f"{total_sliced / total_whole:6.3f} {len(all_slices):6}"
    )
    print(
        f"slices of {budget:,} positions: median {statistics.median(all_slices) * 1000:.1f} ms, "
        f"longest {max(all_slices) * 1000:.1f} ms; longest where the set grew "
        f"{max(growing, default=0) * 1000:.1f} ms ({len(growing)} such slices), "
        f"longest of the others {max(others, default=0) * 1000:.1f} ms"
    )
    # the growth alone: slices of 1000 positions (well under a millisecond) around it
    small = min((sliced(deals[0], 1000) for _ in range(repeat)), key=lambda r: max(r.growing))
    print(
        f"deal {deals[0]} in slices of 1,000 positions: median "
        f"{statistics.median(small.slices) * 1000:.2f} ms; the slices where the set grew, "
        "longest first: "
        + ", ".join(f"{t * 1000:.1f}" for t in sorted(small.growing, reverse=True)[:6])
        + " ms"
    )


def native(budget: int, repeat: int) -> None:
    from generator.patience._fastsolve import search, sliced

    from generator.patience import Rules, RuleSet, Variant, deal_for
    from generator.patience.solver import search_arguments

    rule_sets = {
        "easy": RuleSet.of(Rules.EASY),
        "classic": RuleSet.of(Rules.CLASSIC),
        "classic+nothing-on-king": RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
        "strict": RuleSet.of(Rules.STRICT),
    }
    deals = [
        entry["number"] for entry in yaml.safe_load(DEALS.read_text(encoding="utf-8"))["deals"]
    ]
    total_whole = total_sliced = 0.0
    for number in deals:
        for rule_set in rule_sets.values():
            deal = deal_for(number, rule_set)
            inputs = (*search_arguments(deal, rule_set), BEST_LINE)
            fastest_whole = fastest_sliced = float("inf")
            for _ in range(repeat):
                start = time.perf_counter()
                result = search(*inputs)
                fastest_whole = min(fastest_whole, time.perf_counter() - start)
                start = time.perf_counter()
                *parts, _counts = sliced(*inputs, budget, 10**9)
                fastest_sliced = min(fastest_sliced, time.perf_counter() - start)
                if tuple(parts) != result:
                    sys.exit(f"bench_page_search: deal {number} {rule_set}: sliced differs")
            total_whole += fastest_whole
            total_sliced += fastest_sliced
    print(
        f"native, the {len(deals)} deals' four searches, fastest of {repeat}: whole "
        f"{total_whole * 1000:.0f} ms, in slices of {budget:,} positions "
        f"{total_sliced * 1000:.0f} ms, ratio {total_sliced / total_whole:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--find", action="store_true")
    parser.add_argument("--native", action="store_true")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=int)
    parser.add_argument("--slice-ms", type=float, default=7.5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.find:
        find(args.count, args.last)
    elif args.native:
        native(args.budget or 30_000, args.repeat)
    else:
        bench(args.budget, args.slice_ms, args.repeat)


if __name__ == "__main__":
    main()

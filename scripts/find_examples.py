"""Find the deals of the examples page and write ``generator/data/examples.yaml``.

    python scripts/find_examples.py [--scan N] [--lock-scan N] [--out PATH]

One deal for each thing the rules page says or implies (``KINDS`` in
``generator/pages/examples.py``), with its verdicts under Easy, Classic, Classic
with nothing on a King and the strict rules, and a winning line for each rule set
it can be won under:

- easy-not-classic: the deal of ``generator/data/rules_examples.yaml``;
- classic-not-strict, queen-on-king (Classic but not with nothing on a King),
  draw-any-time (with nothing on a King but not strict): the deal among the
  candidates whose four solves search the fewest positions (then the shortest
  line), each deal used once;
- unwinnable: unwinnable under every rule set, preferring a deal with a *locked
  set* on Classic (cards that can only go onto cards above one of them in their
  own column: a reason a reader can check by eye), then the fewest positions;
- reference: GO1-E-AAAAAAB, whose Easy line is the recorded won game.

Where the census is present (``generator/data/census/<rule set>/``, read by
``generator.census``), the candidates are the census rows that fit, in deal order; every chosen deal is solved again
here. Otherwise deals 2..N are solved (``--scan``, default 120). For the
unwinnable example, the census rows that cannot be won are searched for a locked
set, and where none has one (or there is no census), deals 2..N are
(``--lock-scan``, default 12000); only deals with a locked set are solved.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.pages.examples import (  # noqa: E402
    CLASSIC,
    EASY,
    EXAMPLES,
    NOTHING_ON_KING,
    RULE_SETS,
    STRICTER,
    locked_cards,
)
from generator.pages.recorded import load_reference_game, load_rules_examples  # noqa: E402
from generator.patience import Deal, DealCode, Game, Move, RuleSet, deal_for_number  # noqa: E402
from generator.patience.solver import Solution, solve  # noqa: E402

Verdicts = dict[str, bool]
KEY = {rule_set: str(rule_set) for rule_set in RULE_SETS}

WANTED: dict[str, Callable[[Verdicts], bool]] = {
    "classic-not-strict": lambda v: v["classic"] and not v["strict"],
    "queen-on-king": lambda v: v["classic"] and not v["classic+nothing-on-king"],
    "draw-any-time": lambda v: v["classic+nothing-on-king"] and not v["strict"],
    "unwinnable": lambda v: not any(v.values()),
}
SHOWN = {
    "easy-not-classic": EASY,
    "classic-not-strict": CLASSIC,
    "queen-on-king": CLASSIC,
    "draw-any-time": NOTHING_ON_KING,
}
LETTER = {"easy-not-classic": "E", "unwinnable": "E", "reference": "E"}


def code_of(number: int, letter: str) -> str:
    return str(DealCode(letter, number))


def solutions(deal: Deal) -> dict[str, Solution]:
    return {KEY[rs]: solve(deal, rs) for rs in RULE_SETS}


def cost(found: dict[str, Solution]) -> tuple[int, int]:
    """Positions searched by the four solves, then the length of the longest line."""
    return (
        sum(s.positions for s in found.values()),
        max((len(s.moves) for s in found.values()), default=0),
    )


def special_move(deal: Deal, line: list[Move], stricter: RuleSet) -> int:
    """The number of the first move of ``line`` that ``stricter`` refuses."""
    game = Game(deal, stricter.rules, variants=stricter.variants)
    for number, move in enumerate(line, start=1):
        if game.refusal(move) is not None:
            return number
        game.push(move)
    raise SystemExit(f"the line plays under {stricter} too: no special move")


def census_candidates() -> list[tuple[int, dict[str, Any]]] | None:
    """Deal numbers with their census verdicts (by rule set name), in deal order (the census no
    longer records solve times: its rows hold only what the deal decides); ``None`` without
    the four census files."""
    try:
        census = importlib.import_module("generator.census")
    except ImportError:
        return None
    present = {str(rs) for rs in census.available_census()}
    if not all(KEY[rs] in present for rs in RULE_SETS):
        return None
    rows: dict[int, dict[str, Any]] = {}
    for rs in RULE_SETS:
        for row in census.load_census(rs).rows:
            entry = rows.setdefault(row.number, {})
            entry[KEY[rs]] = row.winnable
    complete = [(n, e) for n, e in rows.items() if all(KEY[rs] in e for rs in RULE_SETS)]
    complete.sort(key=lambda item: item[0])
    return complete


def locked_unwinnable(
    numbers: Iterable[int], used: set[int]
) -> tuple[int, dict[str, Solution]] | None:
    """Of the first three of ``numbers`` that have a locked set on Classic and cannot be won
    under any rule set, the one whose solves search the fewest positions."""
    candidates = []
    for number in numbers:
        if number in used or not locked_cards(deal_for_number(number), CLASSIC):
            continue
        found = solutions(deal_for_number(number))
        if WANTED["unwinnable"]({k: s.winnable for k, s in found.items()}):
            candidates.append((cost(found), number, found))
            if len(candidates) == 3:
                break
    if not candidates:
        return None
    _cost, number, found = min(candidates, key=lambda c: (c[0], c[1]))
    return number, found


def find(scan: int, lock_scan: int) -> tuple[dict[str, int], dict[str, dict[str, Solution]], str]:
    chosen: dict[str, int] = {}
    solved: dict[str, dict[str, Solution]] = {}
    used = {1, DealCode.parse(load_rules_examples()["easy_not_classic"].code).number}
    census = census_candidates()
    if census is not None:
        source = "the census in generator/data/census/, in deal order"
        for kind, wanted in WANTED.items():
            if kind == "unwinnable":
                continue
            pool = [n for n, e in census if n not in used and wanted(e)]
            for number in pool[:5]:
                found = solutions(deal_for_number(number))
                if wanted({k: s.winnable for k, s in found.items()}):
                    chosen[kind], solved[kind] = number, found
                    used.add(number)
                    break
            else:
                raise SystemExit(f"no deal for {kind!r} among the census' cheapest candidates")
        unwinnable = [n for n, e in census if WANTED["unwinnable"](e)]
        picked = locked_unwinnable(unwinnable, used)
        if picked is None:
            picked = locked_unwinnable(range(2, lock_scan + 1), used)
            source += f"; no locked set among them, so locked sets searched in deals 2-{lock_scan}"
    else:
        source = f"deals 2-{scan} solved here (no census files)"
        table = {n: solutions(deal_for_number(n)) for n in range(2, scan + 1)}
        for kind, wanted in WANTED.items():
            if kind == "unwinnable":
                continue
            pool = [
                (cost(found), n)
                for n, found in table.items()
                if n not in used and wanted({k: s.winnable for k, s in found.items()})
            ]
            if not pool:
                raise SystemExit(f"no deal for {kind!r} in deals 2-{scan}; raise --scan")
            number = min(pool)[1]
            chosen[kind], solved[kind] = number, table[number]
            used.add(number)
        picked = locked_unwinnable(range(2, lock_scan + 1), used)
        source += f", locked sets searched in deals 2-{lock_scan}"
    if picked is None:
        raise SystemExit(f"no unwinnable deal with a locked set in deals 2-{lock_scan}")
    chosen["unwinnable"], solved["unwinnable"] = picked
    return chosen, solved, source


class Flow(list[Any]):
    """A list YAML writes on one line."""


def flow(value: Any) -> Flow:
    return Flow(value)


def entry(kind: str, code: str, deal: Deal, found: dict[str, Solution]) -> dict[str, Any]:
    data: dict[str, Any] = {"name": kind, "code": code}
    data["columns"] = [flow([str(c) for c in column]) for column in deal.columns]
    data["waste"] = str(deal.waste)
    data["stock"] = flow([str(c) for c in deal.stock])
    data["verdicts"] = {k: "winnable" if s.winnable else "unwinnable" for k, s in found.items()}
    moves = {k: list(s.moves) for k, s in found.items() if s.winnable}
    if kind == "reference":
        moves["easy"] = list(load_reference_game().moves)
    data["moves"] = {k: [m.to_json() for m in line] for k, line in moves.items()}
    if kind in SHOWN:
        data["shown"] = str(SHOWN[kind])
    if kind in STRICTER:
        data["special_move"] = special_move(deal, moves[str(SHOWN[kind])], STRICTER[kind])
    if kind == "unwinnable":
        cards = locked_cards(deal, CLASSIC)
        if cards:
            data["reason"] = {"rules": str(CLASSIC), "cards": flow([str(c) for c in cards])}
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scan", type=int, default=120)
    parser.add_argument("--lock-scan", type=int, default=12000)
    parser.add_argument("--out", type=Path, default=EXAMPLES)
    args = parser.parse_args()
    chosen, solved, source = find(args.scan, args.lock_scan)
    first = load_rules_examples()["easy_not_classic"]
    reference = load_reference_game()
    entries = [entry("easy-not-classic", first.code, first.deal, solutions(first.deal))]
    for kind in WANTED:
        number = chosen[kind]
        entries.append(
            entry(
                kind, code_of(number, LETTER.get(kind, "C")), deal_for_number(number), solved[kind]
            )
        )
    entries.append(entry("reference", reference.code, reference.deal, solutions(reference.deal)))
    order = ["easy-not-classic", "classic-not-strict", "queen-on-king", "draw-any-time"]
    entries.sort(key=lambda e: [*order, "unwinnable", "reference"].index(e["name"]))

    class Dumper(yaml.SafeDumper):
        pass

    def flow_list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)

    Dumper.add_representer(Flow, flow_list)
    Dumper.add_representer(
        dict,
        lambda dumper, value: dumper.represent_mapping(
            "tag:yaml.org,2002:map",
            value.items(),
            flow_style=len(value) <= 3 and all(isinstance(v, str | int) for v in value.values()),
        ),
    )
    body = yaml.dump(
        {"examples": entries}, Dumper=Dumper, sort_keys=False, width=100, allow_unicode=True
    )
    command = "python scripts/find_examples.py " + " ".join(sys.argv[1:])
    header = (
        "# The deals of the examples page (docs_src/templates/examples.md.j2), one for each thing\n"
        "# the rules page says or implies, with the solver's verdicts under four rule sets and a\n"
        "# winning line for each rule set the deal is winnable under (moves in the notation of\n"
        "# 'python -m generator solve'). 'shown' is the line the page shows, 'special_move' the move\n"
        "# of that line the next stricter rule set refuses, 'reason' a locked set (see\n"
        "# generator/pages/examples.py). 'python -m generator check' verifies all of it again.\n"
        f"# Made by: {command.strip()}\n"
        f"# Candidates: {source}.\n"
    )
    args.out.write_text(header + body, encoding="utf-8")
    for e in entries:
        print(e["name"], e["code"], e["verdicts"], e.get("special_move", ""), e.get("reason", ""))


if __name__ == "__main__":
    main()

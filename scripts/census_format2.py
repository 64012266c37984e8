"""Convert census files of format 1 (one ``<rule set>.csv.gz`` a rule set, with ``cpu_ms`` and
``nodes`` columns) into the folders of format 2 (manifest, shards, summaries).

    python scripts/census_format2.py OLD_FOLDER NEW_FOLDER

Verdicts and best results are copied as they are; the timing and position columns, which
depend on the machine and the solver and not on the deal, are dropped. Made once, for the
committed data of 2026-11-30 (``python -m generator census-verify`` then re-solved every
row); kept so the conversion can be read and repeated.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

from generator.census.format import BEST_NONE, parse_rule_set, shard_ranges
from generator.census.runner import _keep_summary, _write_manifest, _write_shard

OLD_ROW = re.compile(r"([0-9]+),GO1-[EC]-[A-Z]{7},(winnable|unwinnable),([0-9]*),[0-9.]+,[0-9]+")


def convert(old: Path, new: Path) -> None:
    rule_set = parse_rule_set(old.name.removesuffix(".csv.gz"))
    header: dict[str, str] = {}
    winnable, best = bytearray(), bytearray()
    first = 0
    for raw in gzip.decompress(old.read_bytes()).decode("utf-8").splitlines():
        line = raw
        if line.startswith("# "):
            key, _, value = line[2:].partition(": ")
            header[key] = value
            continue
        match = OLD_ROW.fullmatch(line)
        if not match:
            continue  # the column header
        number = int(match[1])
        first = first or number
        assert number == first + len(winnable), f"{old}: rows out of order at {number}"
        winnable.append(match[2] == "winnable")
        best.append(int(match[3]) if match[3] else BEST_NONE)
    last = first + len(winnable) - 1
    folder = new / str(rule_set)
    folder.mkdir(parents=True, exist_ok=True)
    ranges = shard_ranges(first, last)
    offset = 0
    for a, b in ranges:
        count = b - a + 1
        shard = _write_shard(
            folder / f"{a}-{b}.csv.gz",
            rule_set,
            a,
            bytes(winnable[offset : offset + count]),
            bytes(best[offset : offset + count]),
        )
        _keep_summary(shard, str(rule_set), folder / f"{a}-{b}.summary.txt")
        offset += count
    variants = [f"--variant {v.value}" for v in rule_set.variants]
    command = " ".join(
        [
            "python -m generator census",
            f"--from {first}",
            f"--to {last}",
            f"--rules {rule_set.rules.value}",
            *variants,
            "--update-data",
        ]
    )
    _write_manifest(
        folder,
        {
            "command": command,
            "rules": str(rule_set),
            "deals": f"{first}-{last}",
            "best": header.get("best", "on"),
            "solver": header["solver"],
            "executor": "local",
            "workers": header["workers"],
            "made": header["made"],
            "converted": f"from format 1 by scripts/census_format2.py (made by: {header['command']})",
        },
        ranges,
    )


def main(argv: list[str]) -> int:
    old, new = Path(argv[0]), Path(argv[1])
    for path in sorted(old.glob("*.csv.gz")):
        convert(path, new)
        print(f"{path.name} -> {new / path.name.removesuffix('.csv.gz')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

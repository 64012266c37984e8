"""Write tests/data/slow_tests.txt from a test run's durations: the tests the quick run leaves out.

    python -m pytest --durations=0 > run.log; python scripts/slow_tests.py run.log [--over 2]

Every test file (not of the browser tests: the quick run leaves those out by their marker) whose
tests took more than ``--file-over`` seconds together (default 10: their fixtures, a copy of the
project or a built site, cost that much whichever test of the file runs first), and every other
test whose call, setup and teardown took more than ``--over`` seconds (default 2) is listed;
tests/conftest.py marks them ``slow``, and the quick run (README, "A quick run") is
``python -m pytest -m "not slow and not browser"``. A test missing from the list is only run
by the quick run too; renew the list after a run of the whole suite.
"""

from __future__ import annotations

import argparse
import collections
import re
from pathlib import Path

LIST = Path(__file__).resolve().parents[1] / "tests" / "data" / "slow_tests.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--over", type=float, default=2.0)
    parser.add_argument("--file-over", type=float, default=10.0)
    args = parser.parse_args()
    spent: collections.Counter[str] = collections.Counter()
    for line in args.log.read_text(encoding="utf-8", errors="replace").splitlines():
        found = re.match(r"([0-9.]+)s (?:call|setup|teardown)\s+(\S+)", line)
        if found:
            spent[found.group(2).split("@")[0]] += float(found.group(1))
    spent = collections.Counter(
        {node: seconds for node, seconds in spent.items() if not node.startswith("tests/browser/")}
    )
    files: collections.Counter[str] = collections.Counter()
    for node, seconds in spent.items():
        files[node.split("::")[0]] += seconds
    heavy = {name for name, seconds in files.items() if seconds > args.file_over}
    slow = sorted(heavy) + sorted(
        node
        for node, seconds in spent.items()
        if seconds > args.over and node.split("::")[0] not in heavy
    )
    LIST.write_text(
        "# Tests the quick run leaves out (scripts/slow_tests.py writes this list from a run's\n"
        f"# durations: files over {args.file_over:g} s, other tests over {args.over:g} s; a new "
        "file as slow may be added by hand).\n" + "".join(f"{node}\n" for node in slow),
        encoding="utf-8",
    )
    print(f"{LIST.name}: {len(heavy)} files, {len(slow) - len(heavy)} other tests")


if __name__ == "__main__":
    main()

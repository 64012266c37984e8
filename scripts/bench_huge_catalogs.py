"""How much CPU ``check`` spends refusing a catalog no translator writes (issue 46, point 3).

    python scripts/bench_huge_catalogs.py

For each case of ``tests/data/huge_catalogs.yaml`` (a 1 MB msgstr, a 20 MB one, 100,000
continuation lines), appended to the Dutch catalog of a copy of the project, runs
``python -m generator --project COPY check --only catalogs,safety,pages`` and prints the CPU
seconds it took (the command and its children, start-up included) against the issue's budget
of 5 s, as a ratio, and the first problem line. The project itself is not touched.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
COMMAND = (sys.executable, "-m", "generator")
PARTS = ("--only", "catalogs,safety,pages", "--fresh")
BUDGET = 5.0
"""The CPU seconds issue 46 allows for refusing each case."""


def project_copy(into: Path) -> Path:
    """The project's files (:func:`generator.paths.checkout_files`, with the built C search)
    copied into ``into``."""
    from generator.paths import checkout_files

    copy = into / "project"
    built = [p.relative_to(ROOT).as_posix() for p in (ROOT / "generator").rglob("*.so")]
    for name in [*checkout_files(ROOT), *built]:
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    return copy


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    cases = yaml.safe_load((ROOT / "tests" / "data" / "huge_catalogs.yaml").read_text("utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        copy = project_copy(Path(folder))
        catalog = copy / "locales" / "nl" / "LC_MESSAGES" / "messages.po"
        whole = catalog.read_bytes()

        def check() -> tuple[float, subprocess.CompletedProcess[str]]:
            before = children_cpu()
            done = subprocess.run(
                [*COMMAND, "--project", str(copy), "check", *PARTS],
                cwd=copy,
                capture_output=True,
                text=True,
                timeout=600,
            )
            return children_cpu() - before, done

        healthy, _ = check()
        print(f"{'the healthy catalog':28} {healthy:6.2f} s of CPU (every check run: beside)")
        worst = 0.0
        for case in cases:
            per_line = case["characters"] // case["lines"]
            body = b"\n".join([b'"' + b"a" * per_line + b'"'] * case["lines"])
            catalog.write_bytes(whole + b'\nmsgid "Zz"\nmsgstr ""\n' + body + b"\n")
            spent, done = check()
            worst = max(worst, spent / BUDGET)
            first = (done.stdout.splitlines() or ["(nothing)"])[0]
            print(
                f"{case['name']:28} {spent:6.2f} s of CPU, {spent / BUDGET:.2f} of the "
                f"{BUDGET:g} s budget, exit {done.returncode}: {first[:80]}"
            )
            catalog.write_bytes(whole)
        print(f"worst: {worst:.2f} of the budget")
    return 0 if worst <= 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())

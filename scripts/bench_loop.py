"""The contributor's loop in CPU seconds, this checkout beside a reference revision (issue 44).

    python scripts/bench_loop.py [--reference REV] [--runs N]

Checks the reference revision (default 7eb17bd, main before issue 44) out into a temporary
worktree (with this checkout's built C search) and times, side by side, in each tree, as a
user runs them (a fresh process each), the CPU time (user + system, the command's processes and
their children) of:

- ``check`` whole, cold: ``GOLF_NO_CACHE=1``, nothing kept from a run before;
- ``check`` whole again, warm: nothing changed since the run before (this checkout skips the
  parts that passed with the same inputs; the reference works out what its cache does not keep);
- ``check --only examples``, cold;
- ``build`` warm (after a first build), beside three bare ``mkdocs build`` runs of the same
  Markdown and configuration (``scripts/bench_build.py``'s staging).

CPU time, not the clock: a shared machine stretches the clock, not the work. Prints each
figure for both trees and the ratio this/reference; the median of ``--runs`` (default 1).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from bench_build import stage  # noqa: E402


def cpu(command: list[str], cwd: Path, **env: str) -> float:
    """The CPU seconds ``command`` and its children spent."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command,
        cwd=cwd,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default="7eb17bd")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        reference = folder / "reference"
        subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "worktree",
                "add",
                "-q",
                "--detach",
                str(reference),
                args.reference,
            ],
            check=True,
        )
        try:
            for so in (ROOT / "generator" / "patience").glob("_fastsolve*.so"):
                shutil.copy2(so, reference / "generator" / "patience" / so.name)
            trees = {"this": ROOT, "reference": reference}
            found: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
            site = folder / "site"
            for _ in range(args.runs):
                for name, tree in trees.items():
                    row = found[name]
                    row.setdefault("check, cold", []).append(
                        cpu([python, "-m", "generator", "check"], tree, GOLF_NO_CACHE="1")
                    )
                    cpu([python, "-m", "generator", "check"], tree)  # fills the caches
                    row.setdefault("check, warm", []).append(
                        cpu([python, "-m", "generator", "check"], tree)
                    )
                    row.setdefault("check --only examples, cold", []).append(
                        cpu(
                            [python, "-m", "generator", "check", "--only", "examples"],
                            tree,
                            GOLF_NO_CACHE="1",
                        )
                    )
                    build = [python, "-m", "generator", "build", "--site", str(site), "--replace"]
                    cpu(build, tree)
                    row.setdefault("build, warm", []).append(cpu(build, tree))
            staged = folder / "staged"
            staged.mkdir()
            bare = 0.0
            for config in stage(staged):
                bare += cpu([python, "-m", "mkdocs", "build", "-q", "-f", str(config)], ROOT)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(reference)],
                check=False,
            )
    print(f"CPU seconds, this checkout against {args.reference}, median of {args.runs}:")
    print(f"{'':32} {'this':>8} {'reference':>10} {'ratio':>6}")
    for what in found["this"]:
        this, ref = median(found["this"][what]), median(found["reference"][what])
        print(f"{what:32} {this:8.1f} {ref:10.1f} {this / ref:6.2f}")
    print(f"{'bare mkdocs, every language':32} {bare:8.1f}")
    build = median(found["this"]["build, warm"])
    ref_build = median(found["reference"]["build, warm"])
    print(f"build / bare mkdocs: this {build / bare:.2f}, reference {ref_build / bare:.2f}")


if __name__ == "__main__":
    main()

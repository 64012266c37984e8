"""How fast is the site build? ``python -m generator build`` against bare MkDocs, and ``check``.

    python scripts/bench_build.py [--runs 5]

Renders every language's pages once and writes the MkDocs configuration the
generator makes for each language (paths relative to it, no hook) into a
temporary folder, then times, in alternating runs:

- ``python -m generator build --site <tmp>`` (checks and all), and
- three bare ``mkdocs build -f <tmp>/mkdocs-<code>.yml`` runs of that same
  Markdown, one after another, as three separate builds would be done;

and then ``python -m generator check`` on its own. Each is a fresh process, as
a user runs it. It prints the median of ``--runs`` runs of each and the ratio
(the generator's build over the three bare builds; the goal is at most 0.6,
and ``check`` at most 3 s).

Both commands run in the repository this script is in (``python -m generator``
from its root), so the script measures any checkout it is copied into.
"""

from __future__ import annotations

import argparse
import inspect
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def stage(folder: Path) -> list[Path]:
    """Every language's rendered pages and generated configuration in ``folder``."""
    sys.path.insert(0, str(ROOT))
    from generator.i18n.catalogs import languages, translations
    from generator.site.build import language_config, write_pages
    from generator.site.render import page_facts, render_language

    facts = page_facts()
    all_languages = languages()
    relative = "config_dir" in inspect.signature(language_config).parameters
    configs = []
    for language in all_languages:
        t = translations(language)
        docs_dir = folder / "docs" / language.code
        write_pages(render_language(language, facts, t), docs_dir)
        site_dir = folder / "site" / language.code
        extra = {"config_dir": folder} if relative else {}
        config = language_config(language, all_languages, docs_dir, site_dir, t, None, **extra)
        path = folder / f"mkdocs-{language.code}.yml"
        path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
        configs.append(path)
    return configs


def timed(commands: list[list[str]]) -> float:
    start = time.perf_counter()
    for command in commands:
        subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    python = sys.executable
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        configs = stage(folder)
        bare = [[python, "-m", "mkdocs", "build", "-q", "-f", str(c)] for c in configs]
        ours = [[python, "-m", "generator", "build", "--site", str(folder / "built")]]
        check = [[python, "-m", "generator", "check"]]
        timed(ours)  # warm the file cache and the bytecode of both sides
        timed(bare)
        builds: list[float] = []
        bares: list[float] = []
        for _ in range(args.runs):
            builds.append(timed(ours))
            bares.append(timed(bare))
        checks = [timed(check) for _ in range(args.runs)]
    build, three = statistics.median(builds), statistics.median(bares)
    print(f"cores: {os.cpu_count()}; load average before: {load:.2f}")
    print(f"generator build:        median {build:.2f} s of {_runs(builds)}")
    print(f"3 bare mkdocs builds:   median {three:.2f} s of {_runs(bares)}")
    print(f"ratio build / bare:     {build / three:.2f} (goal: at most 0.6)")
    print(f"generator check:        median {statistics.median(checks):.2f} s of {_runs(checks)}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


def _runs(values: list[float]) -> str:
    return ", ".join(f"{value:.2f}" for value in values)


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse on every page type of the site: accessibility, best practices, SEO, performance.

    python scripts/bench_lighthouse.py [--lang en] [--runs 1]

Builds the site with a site URL (``python -m generator build --site <tmp>
--site-url http://127.0.0.1:<port>/``), serves it on localhost (a missing page
gets its language's 404 page with status 404), and runs Lighthouse (pinned in
``package-lock.json``: ``npm ci``) with Debian's Chromium on one page of each
type, as a phone (Lighthouse's mobile emulation, throttled) and as a desktop.
It prints a table of the scores and exits 1 when a page scores under 100 for
accessibility, best practices or SEO. Performance is printed as a comparison
between page types: this machine is shared, and Lighthouse's simulated
throttling still depends on its load (``--runs N`` prints the median of N).
The JSON reports go to ``_build/lighthouse/``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import chromium_path, served  # noqa: E402

PAGES = ("", "rules/", "examples/", "won-game/", "statistics/", "sources/", "six-card-golf/")
"""One page of each type (``""`` the home page); the 404 page is added as its own file
(``404.html``: Lighthouse refuses to judge a page answered with status 404)."""

MISSING = "404.html"
CATEGORIES = ("accessibility", "best-practices", "seo", "performance")
MUST_BE_100 = ("accessibility", "best-practices", "seo")


def lighthouse(url: str, form: str, out: Path, chromium: str) -> dict[str, float]:
    binary = ROOT / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        raise SystemExit("error: Lighthouse is not installed: run 'npm ci' in the repository")
    command = [
        str(binary),
        url,
        f"--chrome-path={chromium}",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={out}",
        "--quiet",
    ]
    if form == "desktop":
        command.append("--preset=desktop")
    run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0 or not out.is_file():
        raise SystemExit(f"error: Lighthouse failed on {url} ({form}): {run.stderr.strip()[-500:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    return {name: report["categories"][name]["score"] * 100 for name in CATEGORIES}


def failed_audits(out: Path, category: str) -> list[str]:
    report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    return [
        ref["id"]
        for ref in report["categories"][category]["auditRefs"]
        if ref["weight"]
        and audits[ref["id"]]["score"] is not None
        and audits[ref["id"]]["score"] < 1
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    try:
        chromium = chromium_path()
    except BaseException:  # pytest.fail outside pytest: say it plainly
        raise SystemExit("error: Lighthouse needs Chromium: apt-get install chromium") from None
    reports = ROOT / "_build" / "lighthouse"
    reports.mkdir(parents=True, exist_ok=True)
    failures = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        with served(site) as url:
            build = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "generator",
                    "build",
                    "--site",
                    str(site),
                    "--site-url",
                    url,
                ],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
            )
            if build.returncode != 0:
                raise SystemExit(f"error: the site did not build:\n{build.stdout}{build.stderr}")
            for page in (*PAGES, MISSING):
                for form in ("mobile", "desktop"):
                    name = (page.strip("/").replace("/", "-") or "index") + f"-{form}"
                    name = name.replace(".html", "")
                    out = reports / f"{args.lang}-{name}.json"
                    runs = [
                        lighthouse(f"{url}{args.lang}/{page}", form, out, chromium)
                        for _ in range(args.runs)
                    ]
                    scores = {c: statistics.median(r[c] for r in runs) for c in CATEGORIES}
                    label = "404" if page == MISSING else (page.strip("/") or "home")
                    rows.append((label, form, scores))
                    print(
                        f"{label:15} {form:8} "
                        + " ".join(f"{c}={scores[c]:.0f}" for c in CATEGORIES),
                        file=sys.stderr,
                    )
                    for category in MUST_BE_100:
                        if scores[category] < 100:
                            failures.append(
                                f"{label} ({form}): {category} {scores[category]:.0f}: "
                                + ", ".join(failed_audits(out, category))
                            )
    print(f"| page | form | {' | '.join(CATEGORIES)} |")
    print(f"|---|---|{'--:|' * len(CATEGORIES)}")
    for label, form, scores in rows:
        print(f"| {label} | {form} | " + " | ".join(f"{scores[c]:.0f}" for c in CATEGORIES) + " |")
    for failure in failures:
        print(f"under 100: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""The built pages' markup is valid HTML: html-validate (pinned in ``package-lock.json``,
installed by ``npm ci``) with its recommended rules, less those that only Material's or
Python-Markdown's markup breaks (``tests/html_validate_excluded.yaml``, each with its reason).

Every page of the plain and the offline build is validated, every language, the 404 pages and
the root pages. A page with the project's past faults (a list after a figure's caption, a
button without a type, a header cell without a scope) must fail the same check.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.conftest import built
from tests.npm import npm_tool

ROOT = Path(__file__).resolve().parents[1]
EXCLUDED = ROOT / "tests" / "html_validate_excluded.yaml"


def html_validate() -> Path:
    return npm_tool("html-validate", "markup")


def excluded() -> dict[str, str]:
    rules = yaml.safe_load(EXCLUDED.read_text(encoding="utf-8"))
    assert isinstance(rules, dict) and all(str(reason).strip() for reason in rules.values())
    return {str(rule): str(reason) for rule, reason in rules.items()}


def validate(folder: Path, config_dir: Path) -> list[str]:
    """html-validate's errors in every ``.html`` file below ``folder``, one line each."""
    config = config_dir / "htmlvalidate.json"
    rules = dict.fromkeys(excluded(), "off")
    config.write_text(
        json.dumps({"root": True, "extends": ["html-validate:recommended"], "rules": rules}),
        encoding="utf-8",
    )
    files = sorted(str(path) for path in folder.rglob("*.html"))
    assert files, f"no HTML file in {folder}"
    report = run_html_validate(config, files)
    return [
        f"{Path(result['filePath']).relative_to(folder)}:{message['line']}: "
        f"{message['message']} ({message['ruleId']}; {message.get('selector')})"
        for result in report
        for message in result["messages"]
    ]


def run_html_validate(config: Path, files: list[str]) -> list[dict[str, Any]]:
    """html-validate's JSON report (written to a file: node cuts a long report piped to us)."""
    out = config.with_suffix(".report.json")
    run = subprocess.run(
        [str(html_validate()), "--config", str(config), "--formatter", f"json={out}", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode not in (0, 1) or not out.is_file():
        raise AssertionError(f"html-validate failed to run ({run.returncode}): {run.stderr}")
    report: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8") or "[]")
    return report


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for name, options in (("plain", []), ("offline", ["--offline"])):
        made[name] = built(tmp_path_factory.mktemp(name) / "site", *options)
    return made


@pytest.mark.parametrize("name", ["plain", "offline"])
def test_every_built_page_is_valid_html(builds: dict[str, Path], tmp_path: Path, name: str) -> None:
    problems = validate(builds[name], tmp_path)
    assert not problems, f"{len(problems)} errors:\n" + "\n".join(problems[:40])


BROKEN = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Broken</title></head>
<body><main>
<figure class="golf-figure"><svg></svg><figcaption>Stock: 16 cards.</figcaption>
<ul class="golf-legend"><li>free card</li></ul></figure>
<button class="md-button">Next move</button>
<table><thead><tr><th>1</th><th>2</th></tr></thead><tr><td>8♠</td><td>9♣</td></tr></table>
</main></body></html>
"""


def test_the_projects_past_faults_fail(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "broken.html").write_text(BROKEN, encoding="utf-8")
    text = "\n".join(validate(pages, tmp_path))
    for rule in ("element-permitted-order", "no-implicit-button-type", "wcag/h63", "prefer-tbody"):
        assert f"({rule};" in text, f"{rule} not reported:\n{text}"


def test_no_rule_is_excluded_that_no_page_breaks(builds: dict[str, Path], tmp_path: Path) -> None:
    """The list stays exact: each excluded rule, turned back on alone, finds an error."""
    config = tmp_path / "all.json"
    config.write_text(
        json.dumps({"root": True, "extends": ["html-validate:recommended"]}), encoding="utf-8"
    )
    files = sorted(str(path) for path in builds["plain"].rglob("*.html"))
    report = run_html_validate(config, files)
    broken = {m["ruleId"] for result in report for m in result["messages"]}
    assert sorted(set(excluded()) - broken) == []

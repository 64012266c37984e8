"""Every stylesheet of the project parses, with no error and no accidental nesting.

A lost ``}`` is no syntax error to a browser: CSS nesting reads every rule after
it as nested under the rule it left open, so none of them applies (last round,
every 6-Card Golf picture drew as a black box). stylelint (pinned in
``package-lock.json``, installed by ``npm ci``) parses each ``.css`` file under
``docs_src/`` with ``.stylelintrc.json``, which forbids nesting outright
(``max-nesting-depth: 0``) besides unknown properties, values, units and
selectors.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.npm import npm_tool

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / ".stylelintrc.json"


def stylelint() -> Path:
    return npm_tool("stylelint", "stylesheet")


def lint(*files: Path) -> list[str]:
    """stylelint's problems in ``files``, one ``file:line:column: text (rule)`` each."""
    run = subprocess.run(
        [str(stylelint()), "--config", str(CONFIG), "--formatter", "json", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode not in (0, 2):
        raise AssertionError(f"stylelint failed to run ({run.returncode}): {run.stderr}")
    # stylelint 16 writes its JSON report to stderr when there are problems, stdout otherwise
    report = json.loads(run.stdout.strip() or run.stderr.strip() or "[]")
    return [
        f"{Path(result['source']).name}:{w['line']}:{w['column']}: {w['text']}"
        for result in report
        for w in result["warnings"]
    ]


def stylesheets() -> list[Path]:
    return sorted(p for p in (ROOT / "docs_src").rglob("*.css") if "node_modules" not in p.parts)


def test_the_project_has_stylesheets() -> None:
    assert ROOT / "docs_src" / "assets" / "golf.css" in stylesheets()


def test_every_stylesheet_parses_without_nesting() -> None:
    problems = lint(*stylesheets())
    assert not problems, "\n".join(problems)


BROKEN = {
    "a lost brace": (
        ".a { opacity: 0.45;\n/* next */\n.b { fill: red; }\n.c { fill: blue; }\n",
        "Unclosed block",
    ),
    "balanced braces, nested by mistake": (
        ".a { opacity: 0.45;\n.b { fill: red; }\n}\n",
        "a rule nested inside another",
    ),
    "an unknown property": (".a { colour: red; }\n", "Unexpected unknown property"),
    "a value the property cannot take": (".a { display: blok; }\n", "Unexpected unknown value"),
    "an invalid colour": (".a { color: #12345; }\n", "Unexpected invalid hex color"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_stylesheet_fails(tmp_path: Path, case: str) -> None:
    text, expected = BROKEN[case]
    sheet = tmp_path / "broken.css"
    sheet.write_text(text, encoding="utf-8")
    problems = lint(sheet)
    assert any(expected in p for p in problems), problems


def test_the_stylesheet_with_last_rounds_lost_brace_fails(tmp_path: Path) -> None:
    """golf.css with the ``}`` of one rule taken out, as it was shipped last round."""
    text = (ROOT / "docs_src" / "assets" / "golf.css").read_text(encoding="utf-8")
    at = text.index("cursor: default;\n}") + len("cursor: default;\n")
    broken = tmp_path / "golf.css"
    broken.write_text(text[:at] + text[at + 2 :], encoding="utf-8")
    assert lint(broken), "golf.css without one '}' passes stylelint"

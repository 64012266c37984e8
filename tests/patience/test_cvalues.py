"""A rule value is defined once, in the engine, and reaches the C core from there
(:mod:`generator.patience.cvalues`): the compiler refuses the C core without it, and a C search
compiled before a rule changed is named by ``check``."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.patience import cvalues, solver
from generator.patience.rules import SCORING

PATIENCE = Path(cvalues.__file__).parent


def test_the_built_c_search_holds_the_engines_values() -> None:
    if not solver.has_fast_search():
        pytest.skip(solver.NO_FAST_SEARCH)
    from generator.patience import _fastsolve

    assert _fastsolve.rule_values() == tuple(value for _name, value in cvalues.c_values())
    assert solver.c_search_problem() is None


def test_a_rule_changed_since_the_c_search_was_compiled_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not solver.has_fast_search():
        pytest.skip(solver.NO_FAST_SEARCH)
    built = SCORING.per_card_left_when_stuck
    changed = dataclasses.replace(SCORING, per_card_left_when_stuck=built // 2)
    monkeypatch.setattr(cvalues, "SCORING", changed)
    problem = solver.c_search_problem()
    assert problem is not None
    assert f"per_card_left_when_stuck {built}, the engine's {built // 2}" in problem
    assert "python -m generator compile" in problem


def _compile(tmp_path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "ziglang", "cc", "--target=wasm32-wasi", "-c", *flags]
    command += [str(PATIENCE / "golfcore.c"), "-o", str(tmp_path / "golfcore.o")]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_the_c_core_does_not_compile_without_the_engines_values(tmp_path: Path) -> None:
    refused = _compile(tmp_path)
    assert refused.returncode != 0
    assert "compile golfcore.c with the engine's rule values" in refused.stderr
    assert _compile(tmp_path, *cvalues.compiler_flags()).returncode == 0


def test_the_c_core_holds_its_arrays_to_the_engines_layout(tmp_path: Path) -> None:
    flags = [
        f"-D{name}={value + 1 if name == 'GOLF_RULE_COLUMNS' else value}"
        for name, value in cvalues.c_values()
    ]
    refused = _compile(tmp_path, *flags)
    assert refused.returncode != 0
    assert "the engine's layout changed" in refused.stderr


def test_no_rule_value_is_written_into_the_c_core() -> None:
    """The scoring's numbers appear in golfcore.c only through the engine's macros."""
    source = (PATIENCE / "golfcore.c").read_text(encoding="utf-8")
    start = source.index("int golf_game_score(")
    body = source[start : source.index("\n}\n", start)]
    assert "GOLF_RULE_PER_CARD_LEFT_WHEN_STUCK" in body
    assert re.findall(r"(?<![\w.])\d+", body) == []

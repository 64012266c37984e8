"""Data flows one way: no room of the generator imports a room above it (README, Layout)."""

from __future__ import annotations

import ast
from pathlib import Path

from generator.i18n.catalogs import ROOT

ORDER = [
    # the card type both engines share
    {"cards"},
    # the engines and their helpers (files written whole, inputs read bounded, paths kept inside)
    {"atomic", "bounded", "cache", "jsonlines", "paths", "patience", "sixcard", "timelimit"},
    # applications of the engine and its solver: the census, its data and its runners; the
    # tips measured with simple players (generator/strategy.py, on the census's executors)
    {"census", "strategy"},
    {"i18n"},
    {"pages"},
    {"site"},
    {"twopath"},
    {"check"},
    {"cli", "__main__", "project_option"},
]
"""Rooms from the bottom up; a room may import its own level and the levels below."""
KNOWN = {("generator/i18n/catalog_cli.py", "site")}
"""Imports upward that are known and not undone yet: the catalog commands extract the
templates' messages with the site's Jinja environment."""


def room_of(path: Path) -> str:
    parts = path.relative_to(ROOT / "generator").parts
    return parts[0].removesuffix(".py")


def level(room: str) -> int:
    return next(n for n, rooms in enumerate(ORDER) if room in rooms)


def imported_rooms(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator"):
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("generator")]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[1] in {r for rooms in ORDER for r in rooms}:
                found.add(parts[1])
    return found


def test_no_room_imports_a_room_above_it() -> None:
    upward = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        here = room_of(path)
        for room in imported_rooms(path):
            if level(room) > level(here):
                upward.append((str(path.relative_to(ROOT)), room))
    assert sorted(set(upward) - KNOWN) == []
    assert set(upward) >= KNOWN, "a known upward import is gone: take it off KNOWN"


def test_the_checker_finds_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from generator.check import run_checks\n", encoding="utf-8")
    assert imported_rooms(module) == {"check"}


def test_the_engine_room_holds_the_rules_and_not_the_census() -> None:
    engine = ROOT / "generator" / "patience"
    assert not (engine / "census.py").exists()
    for path in engine.glob("*.py"):
        assert "census" not in imported_rooms(path), path

"""``approve``: the pages' texts written into ``docs_src/approved/``, each change shown for review."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from generator.patience import Variant

COMMANDS: tuple[str, ...] = ("approve",)


def _approve(lang: str | None, page: str | None, out: TextIO, reordered: bool = False) -> int:
    from generator.check import ApprovalRefused, approval_guard
    from generator.i18n.catalogs import languages
    from generator.site.approval import (
        APPROVED,
        approve,
        english_of,
        labels_of,
        relative,
    )
    from generator.site.worddiff import review

    shipped = languages()
    # a catalog a tool rewrapped is written back in the project's layout first (no string
    # changes), so that what is approved with it shows no lines that change nothing
    from generator.check import catalog_layout
    from generator.i18n import catalog_cli

    for language in shipped:
        chosen = lang is None or language.code == lang
        if chosen and language.po_file.is_file() and list(catalog_layout(language)):
            catalog_cli.relayout(language)
            print(
                f"{relative(language.po_file)}: written back in the project's layout "
                "(no string changed)",
                file=out,
            )
    guard = approval_guard(shipped, reordered=reordered)
    before = {
        path: path.read_text(encoding="utf-8")
        for path in (APPROVED.rglob("*.txt") if APPROVED.is_dir() else [])
    }
    try:
        results = approve(shipped, lang, page, guard=guard)
    except ApprovalRefused as refused:
        for line in refused.notes:
            print(line, file=out)
        for line in refused.refused:
            print(line, file=sys.stderr)
        raise
    changed = [result for result in results if result.status != "unchanged"]
    for result in changed:  # what was approved, each translated line beside its English
        new = result.path.read_text(encoding="utf-8")
        for line in review(
            relative(result.path),
            before.get(result.path),
            new,
            english_of(result.path),
            labels=labels_of(result.path),
        ):
            print(line, file=out)
    for result in changed:
        print(f"{relative(result.path)}: {result.status}", file=out)
    for line in getattr(guard, "notes", []):
        print(f"  {line}", file=out)
    if changed:
        print(
            f"approve: {len(changed)} of {len(results)} approved text(s) changed; "
            "review them with 'git diff docs_src/approved'",
            file=out,
        )
    else:
        print(f"approve: all {len(results)} approved text(s) unchanged", file=out)
    return 0


def add_commands(commands: Any) -> None:
    """Add ``approve`` to ``commands`` (argparse subparsers)."""
    approve_cmd = commands.add_parser(
        "approve",
        help="write the pages' texts into docs_src/approved/ (check compares the pages with them)",
    )
    approve_cmd.add_argument(
        "--lang",
        default=None,
        help="language code(s), comma-separated (default: every shipped one)",
    )
    approve_cmd.add_argument(
        "--page",
        default=None,
        help="page(s) or other text(s), comma-separated: index,rules,won-game,site,messages "
        "(default: all)",
    )
    approve_cmd.add_argument(
        "--reordered",
        action="store_true",
        help="let a translation change the order of a line's numbers or cards (read it beside "
        "the English line first); a translation can never change which they are",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    return _approve(args.lang, args.page, sys.stdout, args.reordered)

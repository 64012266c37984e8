"""``bundle``: the offline help an app ships, with its topic map, as zip archives."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from generator.cli.common import say_if_compiling
from generator.paths import shown
from generator.patience import Variant

COMMANDS: tuple[str, ...] = ("bundle",)


def _bundle(out: Path | None, per_language: bool, codes: list[str], err: TextIO) -> int:
    from generator.check import build_verified
    from generator.i18n.catalogs import ROOT, shipped_languages
    from generator.paths import in_package
    from generator.site.build import BuildRefused
    from generator.site.bundle import BundleError, archive, archive_size, write_archives

    shipped = [language.code for language in shipped_languages()]
    unknown = [code for code in codes if code not in shipped]
    if unknown:
        print(
            f"error: --lang {unknown[0]}: not a published language ({', '.join(shipped)})",
            file=err,
        )
        return 2
    out = out or ROOT / "dist"
    if in_package(out):
        print(
            f"error: --out {shown(str(out))}: inside the package; the archives go elsewhere",
            file=err,
        )
        return 2
    say_if_compiling(err)
    groups = [[code] for code in codes or shipped] if per_language or codes else [[]]
    made = []
    with tempfile.TemporaryDirectory(prefix="golf-bundle-") as tmp:
        for group in groups:
            site = Path(tmp) / (group[0] if group else "all") / "site"
            try:
                build_verified(site, offline=True, only=group)
            except BuildRefused as refused:
                for problem in refused.problems:
                    print(shown(problem), file=err)
                print(f"error: bundle refused: {refused}; nothing written", file=err)
                return 1
            made.append(archive(site, f"golf-help-{group[0]}.zip" if group else "golf-help.zip"))
    try:
        written = write_archives(made, out)
    except BundleError as error:
        print(f"error: {error}; nothing written", file=err)
        return 1
    for path, bundled in zip(written, made, strict=True):
        print(
            f"bundled {', '.join(bundled.languages)}: {shown(str(path))} "
            f"({archive_size(len(bundled.data))} of a budget of {archive_size(bundled.budget)})"
        )
    return 0


def add_commands(commands: Any) -> None:
    """Add ``bundle`` to ``commands`` (argparse subparsers)."""
    bundle_cmd = commands.add_parser(
        "bundle",
        help="build the offline site with its topic map into zip archives an app ships "
        "(dist/golf-help.zip, or one per language)",
    )
    bundle_cmd.add_argument(
        "--out", type=Path, default=None, help="the folder the archives go to (default: dist/)"
    )
    bundle_cmd.add_argument(
        "--per-language",
        action="store_true",
        help="one archive per published language (golf-help-<code>.zip) instead of one of all",
    )
    bundle_cmd.add_argument(
        "--lang",
        default="",
        metavar="CODES",
        help="only these published languages, an archive each (comma-separated, e.g. nl,de)",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    codes = [code.strip() for code in args.lang.split(",") if code.strip()]
    return _bundle(args.out, args.per_language, codes, sys.stderr)

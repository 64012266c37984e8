"""``catalog``: the translators' commands (extract, update, init, glossary, compile)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from generator.patience import GolfError, Variant

COMMANDS: tuple[str, ...] = ("catalog",)


def add_commands(commands: Any) -> None:
    """Add ``catalog`` and its subcommands to ``commands`` (argparse subparsers)."""
    catalog_cmd = commands.add_parser(
        "catalog", help="translators' commands: extract, update, init, compile"
    )
    catalog_sub = catalog_cmd.add_subparsers(dest="catalog_command", required=True)
    catalog_sub.add_parser(
        "extract", help="refresh locales/messages.pot from the templates and code"
    )
    catalog_sub.add_parser(
        "update",
        help="extract, then merge the .pot into every language's .po (what translators run)",
    )
    init_cmd = catalog_sub.add_parser("init", help="start the catalog of a new language")
    init_cmd.add_argument("code")
    init_cmd.add_argument(
        "--from",
        dest="start_from",
        metavar="CODE",
        default=None,
        help="start with the translations of a listed language (a regional variant: fr_CA from "
        "fr), each marked fuzzy for you to confirm",
    )
    glossary_cmd = catalog_sub.add_parser(
        "glossary",
        help="print a language's glossary (docs_src/words/<code>.yaml) as TBX or CSV, for "
        "Weblate's glossary or a translation tool's termbase",
    )
    glossary_cmd.add_argument("code")
    glossary_cmd.add_argument("--format", choices=["tbx", "csv"], default="tbx")
    compile_cmd = catalog_sub.add_parser(
        "compile", help="compile every .po into .mo files (the build does not need them)"
    )
    compile_cmd.add_argument("--out", type=Path, default=Path("_build/locale"))


def _seed_tied_messages() -> dict[str, dict[tuple[str | None, str], str]]:
    """The messages of every seed-tied page, by language, with the note ``catalog update`` marks
    them with: the page and the seed it must read as, and where a correction goes."""
    from generator.i18n.catalogs import ROOT, languages
    from generator.site.render import messages_of_pages

    marks: dict[str, dict[tuple[str | None, str], str]] = {}
    for language in languages():
        for page, seed in sorted(language.seed_pages.items()):
            note = f"reads as {seed.relative_to(ROOT)} ({page})"
            for key in messages_of_pages(language, [page]):
                marks.setdefault(language.code, {}).setdefault(key, note)
    return marks


def _catalog(args: argparse.Namespace, out: TextIO) -> int:
    from generator.i18n import catalog_cli
    from generator.i18n.catalogs import ROOT

    if args.catalog_command in ("extract", "update"):
        changed = catalog_cli.extract()
        print(f"locales/messages.pot: {'updated' if changed else 'unchanged'}", file=out)
    if args.catalog_command == "update":
        for language, changed in catalog_cli.update_all(_seed_tied_messages()):
            where = language.po_file.relative_to(ROOT)
            print(f"{where}: {'updated' if changed else 'unchanged'}", file=out)
    elif args.catalog_command == "init":
        from generator.i18n.catalogs import languages

        created = catalog_cli.init(args.code, args.start_from)
        listed = any(language.code == args.code for language in languages())
        then = (
            f"preview it with 'python -m generator serve --lang {args.code}'"
            if listed
            else f"add {args.code!r} to locales/languages.yaml (shipped: false) to preview it"
        )
        print(f"created {created}; {then}", file=out)
    elif args.catalog_command == "glossary":
        from generator.i18n.catalogs import source_language
        from generator.i18n.glossary_export import glossary_csv, glossary_tbx
        from generator.i18n.wordrules import read_word_data

        source = source_language()
        data = read_word_data(args.code, english=read_word_data(source))
        if not data.glossary:
            raise GolfError(f"docs_src/words/{args.code}.yaml:1: no glossary to export")
        text = (
            glossary_csv(data.glossary)
            if args.format == "csv"
            else glossary_tbx(data.glossary, source, args.code.replace("_", "-"))
        )
        out.write(text)
    elif args.catalog_command == "compile":
        for mo in catalog_cli.compile_all(args.out):
            print(f"compiled {mo}", file=out)
    return 0


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    return _catalog(args, sys.stdout)

"""``build``: every language rendered, checked and built into the site."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from generator.cli.common import say_if_compiling
from generator.paths import shown
from generator.patience import Variant

COMMANDS: tuple[str, ...] = ("build",)


def _build(
    site: Path | None,
    site_url: str | None,
    offline: bool,
    err: TextIO,
    replace: bool = False,
    builder: str = "mkdocs",
    preview: Sequence[str] = (),
    fresh: bool = False,
) -> int:
    from generator.check import build_verified
    from generator.site.build import SITE, BuildRefused

    say_if_compiling(err)
    start = time.perf_counter()
    try:
        built = build_verified(
            site or SITE,
            site_url=site_url,
            offline=offline,
            replace=replace,
            builder=builder,
            preview=preview,
            fresh=fresh,
        )
    except BuildRefused as refused:
        if len(refused.problems) == 1:
            print(f"error: {shown(refused.problems[0])}", file=err)
            return 1
        for problem in refused.problems:
            print(shown(problem), file=err)
        print(f"error: build refused: {refused}; {shown(str(site or SITE))} is untouched", file=err)
        return 1
    for item in built:
        shown_as = "" if item.language.shipped else " (preview: not published)"
        print(f"built {item.language.code}: {item.site_dir}{shown_as}")
    print(f"site built in {time.perf_counter() - start:.1f} s")
    return 0


def add_commands(commands: Any) -> None:
    """Add ``build`` to ``commands`` (argparse subparsers)."""
    build_cmd = commands.add_parser(
        "build", help="render every language and build the site into site/"
    )
    build_cmd.add_argument("--site", type=Path, default=None, help="output folder (default: site/)")
    build_cmd.add_argument(
        "--site-url",
        default=None,
        metavar="URL",
        help="where the site will be served, e.g. https://example.org/help/ (overrides "
        "mkdocs.yml's site_url): fills the sitemaps and fixes the 404 pages' links to it",
    )
    build_cmd.add_argument(
        "--offline",
        action="store_true",
        help="a site to open from disk (site/index.html), search included; no site URL",
    )
    build_cmd.add_argument(
        "--builder",
        choices=["mkdocs", "zensical"],  # generator.site.build.BUILDERS (slow to import here)
        default="mkdocs",
        help="what builds each language: MkDocs with Material for MkDocs (the default) or its "
        "successor Zensical (pip install '.[zensical]'); the pages' texts are the same",
    )
    build_cmd.add_argument(
        "--replace",
        action="store_true",
        help="replace the output folder even if a build did not make it (it has no .golf-site "
        "file); its hidden entries (.git, .nojekyll) are kept",
    )
    build_cmd.add_argument(
        "--fresh",
        action="store_true",
        help="run every check the build runs first, also those whose inputs are byte for byte "
        "those they last passed with (which it skips otherwise)",
    )
    build_cmd.add_argument(
        "--preview",
        default="",
        metavar="CODES",
        help="also build these languages of locales/languages.yaml that are not shipped "
        "(comma-separated, e.g. fr,ar), their untranslated strings in English: a translator's "
        "preview, not a site to publish",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    preview = [code.strip() for code in args.preview.split(",") if code.strip()]
    return _build(
        args.site,
        args.site_url,
        args.offline,
        sys.stderr,
        args.replace,
        args.builder,
        preview,
        args.fresh,
    )

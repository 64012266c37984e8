"""``serve``: one language previewed with live reload (:mod:`generator.site.preview`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from generator.patience import Variant

COMMANDS: tuple[str, ...] = ("serve",)


def add_commands(commands: Any) -> None:
    """Add ``serve`` to ``commands`` (argparse subparsers)."""
    serve_cmd = commands.add_parser(
        "serve",
        help="preview one language with live reload (templates, catalogs and data are watched)",
    )
    serve_cmd.add_argument(
        "--lang", default=None, help="language code (default: the source language)"
    )
    serve_cmd.add_argument("--addr", default="127.0.0.1:8000")


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    from generator.site.preview import serve

    return serve(args.lang, args.addr)

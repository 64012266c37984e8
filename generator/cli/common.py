"""What several command groups share: the ``--variant`` option, and the notice that the page's
WebAssembly module is compiled now (``build``, and ``check``'s ``site`` part)."""

from __future__ import annotations

import argparse
from typing import TextIO

from generator.patience import Rules, RuleSet, RuleSetError, Variant

VARIANT_HELP = (
    "a rule added to the rules (repeatable): nothing-on-king, jokers=1 or jokers=2 "
    "(one or two Jokers in the deck), empty-waste (no waste card is dealt); a deal code "
    "carries no variants, so a deal's variants always come from this option"
)


def add_variant_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--variant",
        action="append",
        choices=[v.value for v in Variant],
        default=[],
        help=VARIANT_HELP,
    )


def variants_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[Variant]:
    """The ``--variant`` options of ``args``; variants that exclude each other are a usage error."""
    variants = [Variant(v) for v in getattr(args, "variant", None) or []]
    try:
        RuleSet.of(Rules.EASY, variants)
    except RuleSetError as error:
        parser.error(str(error))
    return variants


def say_if_compiling(err: TextIO) -> None:
    """Tell the user that the page's WebAssembly module is compiled now (a minute's silence
    otherwise, the first time on a machine)."""
    from generator.site.wasm import COMPILING, is_built

    if not is_built():
        print(COMPILING, file=err, flush=True)

"""``errata draft``: the seed errata a changed rule value needs (:mod:`generator.site.errata_draft`),
and ``compile``: the solver's C search compiled in place with the engine's rule values
(:mod:`generator.patience.cbuild`) — the two steps of a rule's new value that are not edits."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from generator.patience import GolfError, Variant

COMMANDS: tuple[str, ...] = ("errata", "compile")


def add_commands(commands: Any) -> None:
    """Add ``errata`` and ``compile`` to ``commands`` (argparse subparsers)."""
    errata_cmd = commands.add_parser(
        "errata", help="draft the seed errata for the lines a changed rule value changes"
    )
    actions = errata_cmd.add_subparsers(dest="errata_action", required=True)
    draft = actions.add_parser(
        "draft",
        help="one erratum per line where a seed-tied page now differs from its seed (errata "
        "applied): printed, or added to docs_src/seed_errata.yaml with --write",
    )
    draft.add_argument(
        "--claim",
        required=True,
        help="the claim that plays the page's new words (e.g. score); where the sentence that "
        "says them is another claim's, that claim is named instead, and said",
    )
    draft.add_argument(
        "--reason",
        required=True,
        help="why the seed is wrong, in English, in the seed's terms (shown on the sources page, "
        "translated as a message)",
    )
    draft.add_argument(
        "--write",
        action="store_true",
        help="add the drafted errata to docs_src/seed_errata.yaml (without it they are printed)",
    )
    commands.add_parser(
        "compile",
        help="compile the solver's C search in place with the engine's rule values (after a "
        "rule's value changed; as 'pip install -e .' does)",
    )


def run(args: argparse.Namespace, variants: Sequence[Variant]) -> int:
    if args.command == "compile":
        from generator.paths import shown
        from generator.patience.cbuild import compile_c_search

        print(f"compiled {shown(str(compile_c_search()))}")
        return 0
    return _draft(args.claim, args.reason, args.write)


def _draft(claim: str, reason: str, write: bool) -> int:
    from generator.check import claim_sets
    from generator.i18n.catalogs import languages
    from generator.pages.errata import ERRATA_FILE
    from generator.site.approval import relative
    from generator.site.errata_draft import append, as_yaml, drafts

    known = {name for claims in claim_sets() for name in claims}
    if claim not in known:
        raise GolfError(
            f"--claim: no claim is named {claim!r} (an erratum names the claim check plays)"
        )
    if not reason.strip():
        raise GolfError("--reason: say why the seed is wrong")
    found, by_hand = drafts(languages())
    for line in by_hand:
        print(line, file=sys.stderr)
    if not found:
        print("errata draft: every seed-tied page says what its seed says, errata applied")
        return 1 if by_hand else 0
    claims = [_backing_claim(draft, claim) for draft in found]
    text = as_yaml(found, claims, reason.strip())
    where = relative(ERRATA_FILE)
    if not write:
        print(text, end="")
        print(f"errata draft: {len(found)} errata (--write adds them to {where})", file=sys.stderr)
        return 1 if by_hand else 0
    append(text)
    counted = Counter(draft.seed_file for draft in found)
    each = ", ".join(f"{name}: {count}" for name, count in counted.items())
    print(f"{where}: {len(found)} errata added ({each})")
    return 1 if by_hand else 0


def _backing_claim(draft: Any, claim: str) -> str:
    """The claim a drafted erratum names: ``claim`` if it plays the sentence that says the
    page's words (or no sentence is found around them), else that sentence's claim (said on
    standard error: check refuses an erratum backed by another sentence's claim)."""
    from generator.check import claim_sets
    from generator.check.pages import erratum_backing
    from generator.i18n.catalogs import languages

    claims = {name: found for claim_set in claim_sets() for name, found in claim_set.items()}
    erratum = SimpleNamespace(page=draft.page, kind="correction", added="")
    for language in languages():
        for page, seed in language.seed_pages.items():
            if not str(seed).endswith(draft.seed_file):
                continue
            backing = erratum_backing(erratum, language, page, None, claims)
            if backing and claim not in backing:
                chosen = sorted(backing)[0]
                print(
                    f"{draft.seed_file}:{draft.line}: {claim!r} plays no sentence that says "
                    f"{draft.page!r}; its sentence's claim {chosen!r} is named",
                    file=sys.stderr,
                )
                return chosen
    return claim

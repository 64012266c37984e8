"""The registry of ``check``'s parts, in the order they run and report.

Each part is a function of the languages (and of the rendered pages, when the caller has them)
that yields its problems as ``file:line: what is wrong``, and names what its result depends on:
the repository's files and folders it reads (besides the installed libraries, Python and the
``$GOLF_`` variables). A part that passed is not run again for the same bytes
(:mod:`generator.check.results`). A new part is a module of this package and a line below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.check.catalogs import check_catalogs
from generator.check.census import check_census
from generator.check.common import Problems, Rendered
from generator.check.examples import check_examples
from generator.check.pages import check_pages
from generator.check.safety import check_safety
from generator.check.site import check_site
from generator.check.sixcore import check_sixcard_core
from generator.check.topics import check_topics
from generator.check.values import check_values
from generator.i18n.catalogs import Language

ENGINE = ("generator", "pyproject.toml")
"""The code and its data: every part depends on them."""
LANGUAGES = "locales/languages.yaml"
"""Which languages there are: every part reads it."""
SOURCES = (*ENGINE, "docs_src", "locales", "mkdocs.yml", "babel.cfg", "tests/golden")
"""Everything the pages are made of, and the seed pages they are held to (``tests/golden``)."""


@dataclass(frozen=True)
class Part:
    name: str
    run: Callable[[list[Language], Rendered | None], Problems]
    reads: tuple[str, ...]
    """The files and folders (relative to the repository) whose bytes the result depends on."""
    summary: str


PARTS: dict[str, Part] = {
    part.name: part
    for part in [
        Part(
            "examples",
            lambda languages, rendered: check_examples(),
            (
                *ENGINE,
                LANGUAGES,
                "docs_src/templates",
                "docs_src/seed_errata.yaml",
                "docs_src/unframed_clauses.yaml",
            ),
            "the claims played in the engines, the reference game, the recorded verdicts",
        ),
        Part(
            "values",
            check_values,
            SOURCES,
            "every value of every page read back and derived again (the second path)",
        ),
        Part("pages", check_pages, SOURCES, "every page against its approved text and seed"),
        Part(
            "topics",
            check_topics,
            SOURCES,
            "every topic an app opens on its page in every language, none ever dropped",
        ),
        Part(
            "catalogs",
            lambda languages, rendered: check_catalogs(languages),
            SOURCES,
            "the .pot and every catalog: complete, in layout, true to the glossary",
        ),
        Part(
            "safety",
            lambda languages, rendered: check_safety(languages),
            SOURCES,
            "no translation adds markup or invisible characters",
        ),
        Part(
            "sixcard-core",
            lambda languages, rendered: check_sixcard_core(),
            (*ENGINE, LANGUAGES),
            "the 6-Card Golf engine's C core (the page's player) against the Python engine",
        ),
        Part(
            "census",
            lambda languages, rendered: check_census(),
            (*ENGINE, LANGUAGES),
            "the census's summaries, a sample of its rows re-solved, the 6-Card Golf samples",
        ),
        Part(
            "site",
            lambda languages, rendered: iter(check_site(languages, rendered)),
            SOURCES,
            "every language's site built strictly",
        ),
    ]
}


IN_WORKER = [("examples",), ("census",), ("catalogs", "safety", "sixcard-core")]
"""The parts that run in the build's worker processes, when there are some, longest first (as
they are started before the pages are rendered, none may need them). The parts of a group run
together, one after another."""


VERIFIED_BEFORE_BUILD = [
    "examples",
    "values",
    "pages",
    "topics",
    "catalogs",
    "safety",
    "sixcard-core",
]
"""What ``build`` verifies before it writes anything: ``check`` less the census sample and the
site build itself."""

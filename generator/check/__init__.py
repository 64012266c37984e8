"""``python -m generator check``: is the help site true and complete?

One module per part (the registry: :mod:`generator.check.parts`); :mod:`generator.check.runner`
runs them, :mod:`generator.check.results` remembers the parts that passed for the same inputs,
:mod:`generator.check.guard` is what ``approve`` runs before it writes.

Each part returns problems as ``file:line: what is wrong``:

- ``examples``: the recorded reference game replays legally and wins, the
  solver's recorded verdicts still hold, and every claim the page makes of the
  engine holds (:func:`generator.pages.rules_page_facts`);
- ``values``: every value a page shows, in every language, read back from the
  rendered page and derived again from the engine and the data by code that
  shares nothing with the facts layer (:mod:`generator.twopath`);
- ``pages``: every page of every shipped language, rendered from the engine,
  the templates and the catalogs, reads exactly like its approved text
  (``docs_src/approved/``, pictures' text alternatives included), and the
  seed-tied rules pages also like their golden text (the seed pages);
- ``topics``: every topic of ``docs_src/topics.yaml`` (the sections an app opens) is on its
  page in every language, every heading has one, and no topic a committed version of the
  file listed has vanished (:mod:`generator.check.topics`);
- ``catalogs``: the ``.pot`` is up to date with the templates and code, every
  shipped language's ``.po`` is complete (nothing untranslated or fuzzy), its
  placeholders match the English and its plural forms are valid;
- ``safety``: no translation adds markup the English text does not have;
- ``census``: every census shard's summary compared with its rows, and a sample of
  every shard (``generator/data/census/``) re-solved, drawn by ``check`` (915 rows of
  100,000: a falsification of 0.5% of a shard's rows is caught with probability 99%),
  and a random sample of the 6-Card Golf simulation's holes played again
  (:mod:`generator.twopath.simulation`), and of the tournament's deals
  (:mod:`generator.twopath.tournament`); a failure prints the salt or seed that
  replays it;
- ``site``: every language's site builds with ``mkdocs build --strict``
  (MkDocs' link validation included), into a temporary folder.
"""

from generator.check.catalogs import catalog_glossary, catalog_layout, check_catalogs
from generator.check.census import check_census
from generator.check.claims import (
    Sentence,
    check_claims,
    claim_sets,
    coverage,
    coverage_problems,
    holds_a_fact,
    played_claims,
    template_sentences,
)
from generator.check.common import relative_to_root
from generator.check.examples import check_examples
from generator.check.guard import ApprovalRefused, approval_guard, engine_made, translation_alone
from generator.check.pages import check_pages, errata_problems, word_problems
from generator.check.parts import IN_WORKER, PARTS, VERIFIED_BEFORE_BUILD, Part
from generator.check.runner import build_verified, run_checks, said_once, unchanged
from generator.check.safety import check_safety, invisible, markup_problems
from generator.check.values import check_values

__all__ = [
    "IN_WORKER",
    "PARTS",
    "VERIFIED_BEFORE_BUILD",
    "ApprovalRefused",
    "Part",
    "Sentence",
    "approval_guard",
    "build_verified",
    "catalog_glossary",
    "catalog_layout",
    "check_catalogs",
    "check_census",
    "check_claims",
    "check_examples",
    "check_pages",
    "check_safety",
    "check_values",
    "claim_sets",
    "coverage",
    "coverage_problems",
    "engine_made",
    "errata_problems",
    "holds_a_fact",
    "invisible",
    "markup_problems",
    "played_claims",
    "relative_to_root",
    "run_checks",
    "said_once",
    "template_sentences",
    "translation_alone",
    "unchanged",
    "word_problems",
]

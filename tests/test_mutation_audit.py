"""scripts/mutation_audit.py: one quick mutation through the audit, and the list is well-formed."""

import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from generator.i18n.catalogs import ROOT

SCRIPT = ROOT / "scripts" / "mutation_audit.py"


@pytest.fixture(scope="module")
def audit() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_audit", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation_audit"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_listed_mutation_applies_to_the_repository(audit: ModuleType) -> None:
    mutations = audit.load_mutations()
    assert len(mutations) >= 25
    stale = {m.name: audit.stale_reason(ROOT, m) for m in mutations}
    assert {name: why for name, why in stale.items() if why} == {}


def test_a_caught_mutation_and_a_stale_one(audit: ModuleType) -> None:
    by_name = {m.name: m for m in audit.load_mutations()}
    caught = audit.run_mutation(ROOT, by_name["scoring-per-draw-minus-one"], "examples")
    assert caught.status == "caught", caught
    assert re.match(r"docs_src/templates/rules.md.j2:\d+: the page says ", caught.first_problem)
    assert caught.names_sentence
    stale = audit.Mutation("gone", "generator/patience/rules.py", "no such text", "x", True, "")
    outcomes = [caught, audit.run_mutation(ROOT, stale)]
    assert outcomes[1].status == "stale"
    assert audit.summary(outcomes) == (
        "2 mutations: 1 caught (1 naming the sentence), 0 missed, 0 crashed, 1 stale"
    )
    assert "| scoring-per-draw-minus-one | yes | yes | yes |" in audit.table(outcomes)


def test_a_missed_equivalent_mutation(audit: ModuleType, tmp_path: Path) -> None:
    listed = tmp_path / "mutations.yaml"
    listed.write_text(
        "- name: same-test\n"
        "  file: generator/patience/rules.py\n"
        '  old: "        if abs(waste_rank - rank) == 1:"\n'
        '  new: "        if waste_rank - rank in (1, -1):"\n'
        "  changes_page: false\n"
        "  note: equivalent\n",
        encoding="utf-8",
    )
    (mutation,) = audit.load_mutations(listed)
    outcome = audit.run_mutation(ROOT, mutation, "examples")
    assert outcome.status == "missed", outcome
    assert not outcome.alarming


def test_a_traceback_is_a_crash_with_its_place(audit: ModuleType) -> None:
    mutation = audit.Mutation(
        "import-fails",
        "generator/patience/rules.py",
        "UNDO_LIMIT = ",
        "UNDO_LIMIT = 1 // 0 + ",
        True,
        "",
    )
    outcome = audit.run_mutation(ROOT, mutation, "examples")
    assert outcome.status == "crashed", outcome
    assert re.match(r"generator/patience/rules\.py:\d+: ZeroDivisionError", outcome.first_problem)
    assert outcome.alarming


def test_a_malformed_list_names_its_line(audit: ModuleType, tmp_path: Path) -> None:
    listed = tmp_path / "mutations.yaml"
    listed.write_text("- name: a\n  file: x\n  old: y\n  new: z\n  note: n\n", encoding="utf-8")
    with pytest.raises(
        audit.AuditError, match=r"mutations.yaml:1: mutation 'a': missing changes_page"
    ):
        audit.load_mutations(listed)


def test_a_careless_flow_is_caught_at_approve(audit: ModuleType) -> None:
    """The published Classic figure changed, then approve: approve refuses, naming the line."""
    by_name = {m.name: m for m in audit.load_mutations()}
    flow = by_name["sources-classic-44"]
    assert flow.then == ("approve",)
    outcome = audit.run_mutation(ROOT, flow, "examples")
    assert outcome.status == "caught", outcome
    assert outcome.first_problem.startswith("approve refused: docs_src/approved/"), outcome
    assert "44" in outcome.first_problem and outcome.names_sentence


def test_confirming_fuzzy_entries_keeps_their_other_flags(
    audit: ModuleType, tmp_path: Path
) -> None:
    po = tmp_path / "locales" / "nl" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        '#, fuzzy, python-format\n#| msgid "old"\nmsgid "a %(x)s"\nmsgstr "b %(x)s"\n\n'
        '#, fuzzy\nmsgid "c"\nmsgstr "d"\n',
        encoding="utf-8",
    )
    audit.confirm_fuzzy(tmp_path)
    assert po.read_text(encoding="utf-8") == (
        '#, python-format\nmsgid "a %(x)s"\nmsgstr "b %(x)s"\n\nmsgid "c"\nmsgstr "d"\n'
    )


def test_the_copy_skips_cache_entries_pruned_while_it_runs(
    audit: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit copies the build cache while the tests' other workers write and prune it:
    an entry pruned between the listing and its copy is skipped, a half-written one is left
    out (CI of 3b703c7 failed with shutil.Error on a pruned jinja-pages entry)."""
    repo, target = tmp_path / "repo", tmp_path / "copy"
    cache = repo / "_build" / "cache" / "jinja-pages"
    cache.mkdir(parents=True)
    for name in ("kept", "pruned", ".half.123.ab.golf-tmp"):
        (cache / name).write_text(name, encoding="utf-8")
    (repo / "a.txt").write_text("a", encoding="utf-8")
    scandir = os.scandir

    class Listing:
        """The cache's listing, after which another worker prunes an entry it holds."""

        def __init__(self, path: str | Path) -> None:
            with scandir(path) as found:
                self.entries = list(found)
            for entry in self.entries:
                if entry.name == "pruned":
                    os.unlink(entry.path)

        def __enter__(self) -> list[os.DirEntry[str]]:
            return self.entries

        def __exit__(self, *exc: object) -> None:
            return None

    monkeypatch.setattr(os, "scandir", Listing)
    audit._copy(repo, ["a.txt"], target)
    copied = sorted(p.name for p in (target / "_build" / "cache" / "jinja-pages").iterdir())
    assert copied == ["kept"]
    assert (target / "a.txt").read_text(encoding="utf-8") == "a"

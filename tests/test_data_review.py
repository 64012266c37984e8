"""`check --review BASE` shows every changed value of the data files `check` cannot derive
again in full (generator/site/datareview.py): sources, census, 6-Card Golf figures.

Each case commits the repository's real data files into a temporary git repository, changes
them as a falsifier would (so that `check` itself passes), and reads the review.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from generator.census.verify import summary_problems
from generator.cli import main
from generator.i18n.catalogs import ROOT
from generator.site import approval
from tests.test_sources_read import second_path

SOURCES = "generator/data/sources.yaml"
EASY = "generator/data/census/easy"
SHARD = f"{EASY}/1-100000.csv.gz"
SUMMARY = f"{EASY}/1-100000.summary.txt"
MANIFEST = f"{EASY}/manifest.txt"
SIMULATION = "generator/data/sixcard_simulation.json"
TOURNAMENT = "generator/data/sixcard_tournament.json"
DEALS = "generator/data/sixcard_tournament.deals.json.gz"
FILES = (
    SOURCES,
    SHARD,
    SUMMARY,
    MANIFEST,
    SIMULATION,
    TOURNAMENT,
    DEALS,
    "generator/data/sixcard_page.yaml",
    "generator/data/reference_game.yaml",
    "docs_src/approved/en/rules.txt",
    "docs_src/seed_errata.yaml",
    "docs_src/unframed_clauses.yaml",
)
ERRATA = "docs_src/seed_errata.yaml"
CLAUSES = "docs_src/unframed_clauses.yaml"


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data files committed in a temporary repository, which the review reads."""
    for name in FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "base")
    monkeypatch.setattr(approval, "ROOT", tmp_path)
    monkeypatch.setattr(approval, "APPROVED", tmp_path / "docs_src" / "approved")
    return tmp_path


def replace(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text


def line_of(text: str, needle: str, after: int = 0) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if n > after and needle in line)


def test_a_published_figure_changed_with_its_quote_shows_beside_the_old_one(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """45 -> 55 with its quote and `states`: check's quote rule passes it (the page would say
    "gives 55%"), the review shows each changed field with its old value."""
    path = repo / SOURCES
    replace(path, "    percent: 45\n", "    percent: 55\n")
    text = path.read_text(encoding="utf-8").replace(
        "This increases to 45% if queens", "This increases to 55% if queens"
    )
    path.write_text(text, encoding="utf-8")
    text = replace(
        path,
        "    states: to 45% if queens may be played on kings\n",
        "    states: to 55% if queens may be played on kings\n",
    )
    assert second_path(path, monkeypatch) == []  # the falsified figure passes check
    shown = approval.review_since("HEAD")
    figure = line_of(text, "  - rules: classic")
    assert f"{SOURCES}:{figure + 1}: percent: 45 → 55 (published_figures rules=classic)" in shown
    quote, states = line_of(text, "quote:", figure), line_of(text, "states:", figure)
    assert (
        f"{SOURCES}:{quote}: quote: This increases to [-45%-]{{+55%+}} if queens may be… "
        "(published_figures rules=classic)"
    ) in shown, shown
    assert (
        f"{SOURCES}:{states}: states: to [-45%-]{{+55%+}} if queens may be… "
        "(published_figures rules=classic)"
    ) in shown, shown
    # the Easy figure shares the old quote: its own quote changed too, and shows
    assert any("(published_figures rules=easy)" in line for line in shown), shown


def test_an_attribution_an_address_and_a_read_status_show(repo: Path) -> None:
    path = repo / SOURCES
    replace(
        path,
        "    value: 45\n    source: wikipedia-golf\n",
        "    value: 45\n    source: wolter-golf\n",
    )
    replace(
        path,
        "      - http://politaire.com/article/golf.html\n",
        "      - http://politaire.example.org/article/golf.html\n",
    )
    text = path.read_text(encoding="utf-8")
    # wolter-golf moved from the works read to the works not read
    entry = text[text.index("  wolter-golf:\n") : text.index("  solitaire-laboratory-golf:\n")]
    text = text.replace(entry, "").replace("unchecked:\n", "unchecked:\n" + entry)
    path.write_text(text, encoding="utf-8")
    shown = approval.review_since("HEAD")
    par = line_of(text, "  - what: par")
    assert (
        f"{SOURCES}:{par + 2}: source: wikipedia-golf → wolter-golf (published_scoring what=par)"
        in shown
    )
    moved = line_of(text, "  wolter-golf:")
    assert (
        f"{SOURCES}:{moved}: read: yes (under sources) → no (under unchecked) (entry wolter-golf)"
        in shown
    )
    address = line_of(text, "politaire.example.org")
    assert (
        f"{SOURCES}:{address}: confirmed_by: (none) → http://politaire.example.org/article/golf.html "
        "(entry wolter-golf)"
    ) in shown
    assert any(
        line.endswith(
            "confirmed_by: http://politaire.com/article/golf.html → (removed) (entry wolter-golf)"
        )
        for line in shown
    ), shown
    # nothing else of the entry shows: it moved, its fields did not change
    assert not any("title:" in line for line in shown), shown


def flipped_row(repo: Path) -> tuple[str, str]:
    """Deal 2 of the Easy shard flipped from winnable to unwinnable (best 34), and the summary
    rewritten to agree with the rows, as a falsifier would: (old row, new row)."""
    shard = repo / SHARD
    text = gzip.decompress(shard.read_bytes()).decode("utf-8")
    old = "\n2,GO1-E-AAAAAAC,winnable,35\n"
    new = "\n2,GO1-E-AAAAAAC,unwinnable,34\n"
    assert text.count(old) == 1
    text = text.replace(old, new)
    shard.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    body = text.split("best_removals\n", 1)[1]
    summary = (repo / SUMMARY).read_text(encoding="utf-8")

    def bump(key: str, by: int) -> None:
        nonlocal summary
        found = re.search(rf"^{key}: (\d+)$", summary, re.M)
        assert found
        summary = summary.replace(found.group(0), f"{key}: {int(found.group(1)) + by}")

    bump("winnable", -1)
    bump("unwinnable", 1)
    bump("best 34", 1)
    summary = re.sub(
        r"^rows sha256: \w+$",
        f"rows sha256: {hashlib.sha256(body.encode('utf-8')).hexdigest()}",
        summary,
        flags=re.M,
    )
    (repo / SUMMARY).write_text(summary, encoding="utf-8")
    return old.strip(), new.strip()


def test_a_flipped_census_row_with_its_summary_rewritten_shows_in_review(repo: Path) -> None:
    old, new = flipped_row(repo)
    # check's comparison of summary and rows passes: only the sample could see it, 1 time in 100
    assert list(summary_problems(repo / "generator" / "data" / "census")) == []
    shown = approval.review_since("HEAD")
    summary = (ROOT / SUMMARY).read_text(encoding="utf-8")
    won = int(re.search(r"^winnable: (\d+)$", summary, re.M).group(1))  # type: ignore[union-attr]
    assert f"{SUMMARY}:4: winnable: {won} → {won - 1}" in shown, shown
    assert f"{SUMMARY}:5: unwinnable: {100000 - won} → {100000 - won + 1}" in shown, shown
    assert any(line.startswith(f"{SUMMARY}:") and ": rows sha256: " in line for line in shown)
    assert f"{SHARD}:5: row 2: {old} → {new}" in shown, shown
    assert len([line for line in shown if line.startswith(SHARD)]) == 1, shown


def test_a_manifest_and_the_simulation_and_tournament_figures_show(repo: Path) -> None:
    replace(repo / MANIFEST, "made: 2026-11-30\n", "made: 2026-12-03\n")
    simulation = json.loads((repo / SIMULATION).read_text(encoding="utf-8"))
    mean = simulation["figures"]["6-card"]["greedy"]["hole_score"]["mean"]
    text = replace(repo / SIMULATION, f'"mean": {mean},', f'"mean": {mean + 1},')
    deals = json.loads(gzip.decompress((repo / DEALS).read_bytes()))
    match = next(iter(deals["matches"]))
    row = deals["matches"][match][16]
    deals["matches"][match][16] = [row[0] + 1, *row[1:]]
    (repo / DEALS).write_bytes(gzip.compress(json.dumps(deals).encode("utf-8"), mtime=0))
    shown = approval.review_since("HEAD")
    assert (
        f"{MANIFEST}:{line_of((repo / MANIFEST).read_text(), 'made:')}: made: 2026-11-30 → 2026-12-03"
        in shown
    )
    at = line_of(text, f'"mean": {mean + 1},')
    assert (
        f"{SIMULATION}:{at}: mean: {mean} → {mean + 1} (figures 6-card greedy hole_score)" in shown
    )
    assert (
        f"{DEALS}:1: {match} deal 17: {json.dumps(row)} → {json.dumps([row[0] + 1, *row[1:]])}"
        in shown
    ), shown


def test_a_data_file_check_replays_in_full_is_not_listed(repo: Path) -> None:
    replace(
        repo / "generator/data/reference_game.yaml",
        "code: GO1-E-AAAAAAB\n",
        "code: GO1-E-AAAAAAC\n",
    )
    (repo / TOURNAMENT).unlink()
    assert approval.review_since("HEAD") == [f"{TOURNAMENT}:1: deleted since HEAD"]


def test_the_command_counts_the_data_lines_and_refuses_a_bad_revision(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replace(repo / MANIFEST, "made: 2026-11-30\n", "made: 2026-12-03\n")
    assert main(["check", "--review", "HEAD"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2:] == [
        "review: 0 changed run(s) of lines in the approved texts and 1 changed value(s) of the "
        "data files since HEAD",
        "review: 0 word-rule exception(s) added, changed or removed since HEAD",
    ], out
    assert main(["check", "--review", "no-such-branch"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "no such git revision" in err, err


def test_a_data_file_that_cannot_be_read_shows_its_changed_lines(repo: Path) -> None:
    """Malformed data is check's to refuse; the review still shows what changed, in one line a
    change, never a traceback."""
    replace(repo / SOURCES, "    percent: 45\n", "    percent: [45\n")
    (repo / SHARD).write_bytes(b"not gzip")
    shown = approval.review_since("HEAD")
    assert shown[0].startswith(f"{SHARD}:1: changed; cannot be read for review: ")
    assert shown[1] == (
        f"{SOURCES}:1: changed; cannot be read for review (while parsing a flow sequence); "
        "its changed lines:"
    )
    assert re.fullmatch(rf"{SOURCES}:\d+: percent: \[-45-\]\{{\+\[45\+\}}", shown[2]), shown
    assert len(shown) == 3, shown


def test_an_erratum_added_and_a_reason_changed_show_in_review(repo: Path) -> None:
    """The errata file is read by a person: check holds an erratum to its seed's line and its
    claim, never its reason to the truth (issue 45: a made-up erratum with a made-up reason)."""
    path = repo / ERRATA
    text = path.read_text(encoding="utf-8")
    first = text.index("- seed_file:")
    head, entries = text[:first], text[first:]
    made_up = (
        "- seed_file: tests/golden/nl-six-card-golf.txt\n"
        "  line: 36\n"
        "  seed: x\n"
        "  page: y\n"
        "  reason: Made up.\n"
        "  claim: six-stock-out\n"
    )
    reason = text[first:].split("reason: ", 1)[1].split("\n", 1)[0]
    entries = entries.replace(reason, "A different reason.", 1)
    path.write_text(head + made_up + entries, encoding="utf-8")
    shown = approval.review_since("HEAD")
    item = "erratum tests/golden/nl-six-card-golf.txt:36"
    assert f"{ERRATA}:{len(head.splitlines()) + 5}: reason: (none) → Made up. ({item})" in shown, (
        shown
    )
    erratum = yaml.safe_load(entries)[0]  # the first erratum, its reason changed
    where = f"(erratum {erratum['seed_file']}:{erratum['line']})"
    changed = [line for line in shown if ": reason: " in line and line.endswith(where)]
    assert len(changed) == 1 and "{+different reason.+}" in changed[0], shown


def test_a_clause_listed_unframed_shows_in_review(repo: Path) -> None:
    """Issue 45: a clause listed as read by no frame lets its words reach the page unread by a
    claim; the reviewer sees each entry added or changed."""
    path = repo / CLAUSES
    text = path.read_text(encoding="utf-8")
    added = (
        "- clause: under the others the stock is turned over once more\n"
        "  template: docs_src/templates/rules.md.j2\n"
        "  why: played by claim stock, a made-up entry\n"
    )
    path.write_text(text + added, encoding="utf-8")
    shown = approval.review_since("HEAD")
    line = len(text.splitlines()) + 1
    item = "clause=under the others the stock is turned over once more"
    assert any(s.startswith(f"{CLAUSES}:{line}: clause: ") and item in s for s in shown), shown

"""Mutation audit: which engine changes does ``python -m generator check`` catch?

    python scripts/mutation_audit.py [--only NAME[,NAME]] [--parts PART[,PART]]
                                     [--jobs N] [--repo PATH] [--mutations FILE]

Each mutation in ``scripts/mutations.yaml`` is one literal text replacement in
one file of the repository (``file``, ``old``, ``new``), or several (``edits``: a
list of them); ``old`` must occur exactly once, else the mutation is reported as
*stale* and not applied. ``then`` lists what a careless developer or translator
does next, in order: ``catalog-update`` (``python -m generator catalog update``),
``confirm-fuzzy`` (every fuzzy entry of the catalogs confirmed as it stands, as a
translator clicking through them would), ``approve`` (``python -m generator
approve``), ``approve-reordered`` (``approve --reordered``: the reviewer let an order
change through). A step that refuses (exits non-zero) catches the mutation there. For each one the repository (the files
``git ls-files -co --exclude-standard`` lists, plus the built
``generator/patience/*.so``) is copied into a temporary folder, the replacement
is applied there and ``python -m generator check`` runs in the copy. The
outcome is one of:

- *caught*: check exits 1 with a problem line (the table shows the first one,
  and whether it names a template line, ``docs_src/templates/...:N:``);
- *missed*: check exits 0;
- *crashed*: a Python traceback on stderr, any other exit status, or a timeout;
- *stale*: ``old`` is not in the file exactly once.

``changes_page: true`` marks a mutation that makes a sentence of a page false:
check must catch it. ``changes_page: false`` marks an equivalent mutation (the
pages stay true), listed for honesty. The script prints a Markdown table and a
summary line, and exits 1 if a ``changes_page: true`` mutation was missed or
crashed the check.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

HERE = Path(__file__).resolve().parent
DEFAULT_REPO = HERE.parent
MUTATIONS = HERE / "mutations.yaml"
TIMEOUT = 300
CLIP = 100
TEMPLATE_LINE = re.compile(r"docs_src/templates/[^:\s]+:\d+:")
APPROVED_LINE = re.compile(r"docs_src/approved/[^:\s]+:\d+:|generator/data/[^:\s]+:\d+:")
KEYS = ("name", "changes_page", "note")
EDIT_KEYS = ("file", "old", "new")
OPTIONAL = ("file", "old", "new", "edits", "then")
STEPS = {
    "catalog-update": [sys.executable, "-m", "generator", "catalog", "update"],
    "confirm-fuzzy": None,
    "approve": [sys.executable, "-m", "generator", "approve"],
    "approve-reordered": [sys.executable, "-m", "generator", "approve", "--reordered"],
}

Status = Literal["caught", "missed", "crashed", "stale"]


class AuditError(Exception):
    """Bad input to the audit (the mutation list, the repository); one line, ``file:line: what``."""


@dataclass(frozen=True)
class Edit:
    """One literal replacement of ``old`` by ``new`` in ``file`` (relative to the repository)."""

    file: str
    old: str
    new: str


@dataclass(frozen=True)
class Mutation:
    """Literal replacements, then the careless steps of ``then``."""

    name: str
    file: str
    old: str
    new: str
    changes_page: bool
    note: str
    edits: tuple[Edit, ...] = ()
    then: tuple[str, ...] = ()

    @property
    def all_edits(self) -> tuple[Edit, ...]:
        return self.edits or (Edit(self.file, self.old, self.new),)


@dataclass(frozen=True)
class Outcome:
    """What ``check`` made of one mutation."""

    mutation: Mutation
    status: Status
    first_problem: str
    """The first problem line (caught), the exception line (crashed), or why it is stale."""
    names_sentence: bool
    """Whether a problem line names a template file and line (that line is then the one shown)."""
    seconds: float = 0.0

    @property
    def alarming(self) -> bool:
        """A mutation that makes a page false and got through (or broke the check)."""
        return self.mutation.changes_page and self.status in ("missed", "crashed")


# -- the mutation list ---------------------------------------------------------


def load_mutations(path: Path = MUTATIONS) -> list[Mutation]:
    """Read the mutation list; a malformed entry raises :class:`AuditError` naming its line."""
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise AuditError(f"{path}: cannot read: {error.strerror}") from None
    except yaml.MarkedYAMLError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else 1
        raise AuditError(f"{path}:{line}: not valid YAML: {error.problem}") from None
    if not isinstance(root, yaml.SequenceNode):
        raise AuditError(f"{path}:1: expected a list of mutations")
    mutations: list[Mutation] = []
    seen: set[str] = set()
    for node in root.value:
        line = node.start_mark.line + 1
        entry: Any = yaml.safe_load(yaml.serialize(node))
        if not isinstance(entry, dict):
            raise AuditError(f"{path}:{line}: a mutation is a mapping with keys {', '.join(KEYS)}")
        missing = [key for key in KEYS if key not in entry]
        unknown = sorted(str(key) for key in entry if key not in KEYS + OPTIONAL)
        if "edits" not in entry:
            missing += [key for key in EDIT_KEYS if key not in entry]
        if missing or unknown:
            raise AuditError(
                f"{path}:{line}: mutation {entry.get('name')!r}: "
                + "; ".join(
                    part
                    for part in (
                        f"missing {', '.join(missing)}" if missing else "",
                        f"unknown {', '.join(unknown)}" if unknown else "",
                    )
                    if part
                )
            )
        for key in ("name", "note", *(k for k in EDIT_KEYS if k in entry)):
            if not isinstance(entry[key], str):
                raise AuditError(f"{path}:{line}: {key} must be text, not {entry[key]!r}")
        if not isinstance(entry["changes_page"], bool):
            raise AuditError(
                f"{path}:{line}: changes_page must be true or false, not {entry['changes_page']!r}"
            )
        if entry["name"] in seen:
            raise AuditError(f"{path}:{line}: mutation name {entry['name']!r} is used twice")
        edits = []
        for item in entry.get("edits") or []:
            if not isinstance(item, dict) or sorted(item) != sorted(EDIT_KEYS):
                raise AuditError(f"{path}:{line}: an edit is a mapping of {', '.join(EDIT_KEYS)}")
            if not all(isinstance(item[k], str) for k in EDIT_KEYS):
                raise AuditError(f"{path}:{line}: an edit's file, old and new are text")
            edits.append(Edit(item["file"], item["old"], item["new"]))
        single = Edit(entry.get("file", ""), entry.get("old", ""), entry.get("new", ""))
        for edit in edits or [single]:
            if edit.old == edit.new:
                raise AuditError(
                    f"{path}:{line}: mutation {entry['name']!r}: old and new are the same"
                )
        then = entry.get("then") or []
        if not isinstance(then, list) or any(step not in STEPS for step in then):
            raise AuditError(
                f"{path}:{line}: then is a list of steps from {', '.join(STEPS)}, not {then!r}"
            )
        seen.add(entry["name"])
        mutations.append(
            Mutation(
                entry["name"],
                single.file,
                single.old,
                single.new,
                entry["changes_page"],
                entry["note"],
                tuple(edits),
                tuple(then),
            )
        )
    return mutations


def select(mutations: list[Mutation], only: str | None) -> list[Mutation]:
    """The mutations named in ``only`` (comma-separated), in list order; all if ``None``."""
    if not only:
        return mutations
    wanted = [name.strip() for name in only.split(",") if name.strip()]
    known = {m.name for m in mutations}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise AuditError(f"no such mutation: {', '.join(unknown)}")
    return [m for m in mutations if m.name in wanted]


# -- one mutation ----------------------------------------------------------------


def repository_files(repo: Path) -> list[str]:
    """The files to copy: tracked or not ignored (or an sdist's), plus the built solver
    extension."""
    from generator.paths import checkout_files

    try:
        listed = checkout_files(repo)
    except (OSError, ValueError) as error:
        raise AuditError(f"{repo}: not a git checkout ({error})") from None
    built = [str(p.relative_to(repo)) for p in (repo / "generator").rglob("*.so")]
    return [name for name in [*listed, *built] if (repo / name).is_file()]


def stale_reason(repo: Path, mutation: Mutation) -> str | None:
    """Why ``mutation`` cannot be applied to ``repo`` (an ``old`` not there exactly once), or ``None``."""
    texts: dict[str, str] = {}
    for edit in mutation.all_edits:
        if edit.file not in texts:
            try:
                texts[edit.file] = _read(repo / edit.file)
            except OSError:
                return f"{edit.file}: no such file"
        count = texts[edit.file].count(edit.old)
        if count != 1:
            return f"{edit.file}: 'old' occurs {count} times, not once"
        texts[edit.file] = texts[edit.file].replace(edit.old, edit.new, 1)
    return None


def _read(path: Path) -> str:
    """A file's text; a ``.gz`` file's text once uncompressed (the census files)."""
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode("utf-8")
    return path.read_text(encoding="utf-8")


def _write(path: Path, text: str) -> None:
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    else:
        path.write_text(text, encoding="utf-8")


def confirm_fuzzy(copy: Path) -> None:
    """Confirm every fuzzy entry of the copy's catalogs as it stands (its flag and the
    previous msgid dropped): what a hurried translator does."""
    for po in sorted((copy / "locales").glob("*/LC_MESSAGES/*.po")):
        kept = []
        for line in po.read_text(encoding="utf-8").splitlines(keepends=True):
            if line.startswith("#| "):
                continue
            if line.startswith("#,"):
                flags = [
                    f.strip() for f in line[2:].split(",") if f.strip() and f.strip() != "fuzzy"
                ]
                if not flags:
                    continue
                line = "#, " + ", ".join(flags) + "\n"
            kept.append(line)
        po.write_text("".join(kept), encoding="utf-8")


def _copy(repo: Path, files: Sequence[str], target: Path) -> None:
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / name, target / name)
    # the build cache too: its entries are filed under the checksums of their inputs, so
    # the mutated files never meet an old result (generator/cache.py). Other processes (a
    # build, the tests' workers) write and prune entries meanwhile: their half-written files
    # (``*.golf-tmp``, generator/atomic.py) are left out, and an entry pruned between the
    # listing and the copy is skipped (CI of 3b703c7 failed on one such entry)
    if (repo / "_build" / "cache").is_dir():
        shutil.copytree(
            repo / "_build" / "cache",
            target / "_build" / "cache",
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("*.golf-tmp"),
            copy_function=_copy_if_still_there,
        )


def _copy_if_still_there(source: str, target: str) -> None:
    with contextlib.suppress(FileNotFoundError):  # pruned by another process since the listing
        shutil.copy2(source, target)


FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+)')


def _crash_line(stderr: str, copy: Path) -> str:
    """Where the first traceback in ``stderr`` (the root of a chain) began, and its exception.

    ``generator/pages/patience.py:133: StopIteration``: the innermost frame, relative to the copy.
    """
    block = stderr.split("Traceback (most recent call last):")[1]
    where = ""
    exception = "traceback"
    for line in block.splitlines():
        frame = FRAME.match(line)
        if frame:
            file = frame["file"]
            prefix = f"{copy}{os.sep}"
            file = file[len(prefix) :] if file.startswith(prefix) else file
            where = f"{file}:{frame['line']}: "
        elif line.strip() and not line.startswith(" "):
            exception = line.strip()
            break
    return where + exception


def run_mutation(
    repo: Path, mutation: Mutation, parts: str | None = None, files: Sequence[str] | None = None
) -> Outcome:
    """Apply ``mutation`` to a copy of ``repo``, run ``check`` there, say what it found."""
    start = time.perf_counter()
    reason = stale_reason(repo, mutation)
    if reason is not None:
        return Outcome(mutation, "stale", reason, False)
    files = repository_files(repo) if files is None else files
    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        copy = Path(tmp) / "repo"
        _copy(repo, files, copy)
        for edit in mutation.all_edits:
            target = copy / edit.file
            text = _read(target)
            _write(target, text.replace(edit.old, edit.new, 1))
        env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
        for step in mutation.then:
            if step == "confirm-fuzzy":
                confirm_fuzzy(copy)
                continue
            try:
                done = subprocess.run(
                    STEPS[step], cwd=copy, env=env, capture_output=True, text=True, timeout=TIMEOUT
                )
            except subprocess.TimeoutExpired:
                return Outcome(
                    mutation, "crashed", f"{step} timed out", False, time.perf_counter() - start
                )
            if "Traceback (most recent call last):" in done.stderr:
                return Outcome(
                    mutation,
                    "crashed",
                    f"{step}: {_crash_line(done.stderr, copy)}",
                    False,
                    time.perf_counter() - start,
                )
            if done.returncode != 0:
                lines = [ln for ln in (done.stderr + done.stdout).splitlines() if ln.strip()]
                naming = [ln for ln in lines if TEMPLATE_LINE.match(ln) or APPROVED_LINE.match(ln)]
                first = (naming or lines or [f"exit status {done.returncode}"])[0]
                return Outcome(
                    mutation,
                    "caught",
                    f"{step} refused: {first}",
                    bool(naming),
                    time.perf_counter() - start,
                )
        command = [sys.executable, "-m", "generator", "check"]
        if parts:
            command += ["--only", parts]
        try:
            result = subprocess.run(
                command, cwd=copy, env=env, capture_output=True, text=True, timeout=TIMEOUT
            )
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            return Outcome(mutation, "crashed", f"timed out after {TIMEOUT} s", False, seconds)
    seconds = time.perf_counter() - start
    if "Traceback (most recent call last):" in result.stderr:
        return Outcome(mutation, "crashed", _crash_line(result.stderr, copy), False, seconds)
    if result.returncode == 0:
        return Outcome(mutation, "missed", "", False, seconds)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    lines = lines or [line for line in result.stderr.splitlines() if line.strip()]
    first = lines[0] if lines else f"exit status {result.returncode}, no output"
    if result.returncode != 1:
        return Outcome(mutation, "crashed", first, False, seconds)
    naming = [line for line in lines if TEMPLATE_LINE.match(line)]
    naming = naming or [line for line in lines if APPROVED_LINE.match(line)]
    return Outcome(mutation, "caught", (naming or [first])[0], bool(naming), seconds)


def audit(
    repo: Path,
    mutations: Sequence[Mutation],
    parts: str | None = None,
    jobs: int = 1,
    progress: Callable[[int, int, Outcome], None] | None = None,
) -> list[Outcome]:
    """Run every mutation (``jobs`` at a time); the outcomes in the order of ``mutations``."""
    files = repository_files(repo)
    outcomes: dict[str, Outcome] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(run_mutation, repo, m, parts, files) for m in mutations]
        for done, future in enumerate(concurrent.futures.as_completed(futures), start=1):
            outcome = future.result()
            outcomes[outcome.mutation.name] = outcome
            if progress is not None:
                progress(done, len(mutations), outcome)
    return [outcomes[m.name] for m in mutations]


# -- the report --------------------------------------------------------------------


def _cell(text: str) -> str:
    text = " ".join(text.split())
    if len(text) > CLIP:
        text = text[: CLIP - 1] + "…"
    return text.replace("|", "\\|")


def table(outcomes: Sequence[Outcome]) -> str:
    """The Markdown table of the outcomes."""
    rows = [
        "| mutation | changes page | caught | names the sentence | first problem line |",
        "|---|---|---|---|---|",
    ]
    for o in outcomes:
        caught = {"caught": "yes", "missed": "**no**" if o.mutation.changes_page else "no"}.get(
            o.status, o.status
        )
        names = "yes" if o.names_sentence else ("no" if o.status == "caught" else "")
        rows.append(
            f"| {o.mutation.name} | {'yes' if o.mutation.changes_page else 'no'} | {caught} "
            f"| {names} | {_cell(o.first_problem)} |"
        )
    return "\n".join(rows)


def summary(outcomes: Sequence[Outcome]) -> str:
    """``N mutations: X caught (Y naming the sentence), Z missed, W crashed, S stale``."""

    def count(status: str) -> int:
        return sum(o.status == status for o in outcomes)

    naming = sum(o.status == "caught" and o.names_sentence for o in outcomes)
    return (
        f"{len(outcomes)} mutations: {count('caught')} caught ({naming} naming the sentence), "
        f"{count('missed')} missed, {count('crashed')} crashed, {count('stale')} stale"
    )


def _progress(done: int, total: int, outcome: Outcome) -> None:
    print(
        f"[{done}/{total}] {outcome.mutation.name}: {outcome.status} ({outcome.seconds:.1f} s)",
        file=sys.stderr,
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--only", help="run only these mutations (comma-separated names)")
    parser.add_argument(
        "--parts",
        help="check parts to run, e.g. examples,pages,catalogs (default: all, as CI runs it)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="mutations run at once"
    )
    parser.add_argument("--repo", type=Path, default=DEFAULT_REPO, help="the checkout to audit")
    parser.add_argument("--mutations", type=Path, default=MUTATIONS, help="the mutation list")
    args = parser.parse_args(argv)
    try:
        repo = args.repo.resolve()
        if not (repo / "generator").is_dir():
            raise AuditError(f"{repo}: no generator/ package here")
        mutations = select(load_mutations(args.mutations), args.only)
        outcomes = audit(repo, mutations, args.parts, args.jobs, _progress)
    except AuditError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(table(outcomes))
    print()
    print(summary(outcomes))
    alarming = [o.mutation.name for o in outcomes if o.alarming]
    if alarming:
        print(f"page-changing mutations not caught: {', '.join(alarming)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

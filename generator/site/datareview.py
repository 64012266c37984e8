"""What a reviewer reads of a changed data file: the data ``check`` cannot derive again in full.

``check`` replays, solves or plays again most of ``generator/data/``: the reference game,
the example deals and the solver's verdicts are worked out again every time, so a change
there changes a page, and the page's approved text shows it. The files here are the ones
it cannot hold to the engine, or holds only by a sample, so only a person can see a change
in them:

- ``sources.yaml``: what the literature says (a figure, its quote and the words that give
  it, the work it is credited to, the addresses that confirmed it, whether it was read).
  ``check`` holds a figure to its quote, never the quote to its source;
- the census (``census/<rule set>/``): each shard's summary and rows and the folder's
  manifest. ``check`` compares every summary with its rows but re-solves a sample of the
  rows: one row flipped with its summary rewritten passes it about 99 times in 100;
- the 6-Card Golf simulation and tournament (``sixcard_simulation.json``,
  ``sixcard_tournament.json`` and its deals' rows): ``check`` plays a sample of their holes
  and deals again, and allows the simulation's means a margin;
- ``sixcard_page.yaml``: the page's figures of play and the statements the data
  contradicts, each kept with a reviewer's reason (``acknowledged``);
- ``docs_src/seed_errata.yaml``: where a page departs from its seed, the words it says
  instead and why. ``check`` holds an erratum to its seed's line and to the claim of the
  sentence that says its words, never its reason to the truth: a made-up reason reads as
  well as a true one;
- ``docs_src/unframed_clauses.yaml``: the clauses of claimed sentences whose words no claim
  renders, each with why (:mod:`generator.check.clauses`): an entry added lets a clause's
  words reach the page read by no claim.

:func:`data_review` prints each changed value as one line, ``file:line: field: old → new
(item)``, at the value's line in the working tree's file (a long text as a word diff, a
shard's or the tournament's rows as the rows that changed, a file deleted as one line).
The old files are read through git (``git show BASE:path``), never from the repository's
folder.
"""

from __future__ import annotations

import fnmatch
import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.bounded import RAW_LIMIT, YAML_LIMIT, InputError, compose_yaml, gunzip, read_bytes
from generator.i18n.catalogs import ROOT
from generator.site.worddiff import review, word_diff

DATA = "generator/data"
ERRATA = "docs_src/seed_errata.yaml"
CLAUSES = "docs_src/unframed_clauses.yaml"
REVIEWED = (
    ERRATA,
    CLAUSES,
    f"{DATA}/sources.yaml",
    f"{DATA}/sixcard_page.yaml",
    f"{DATA}/sixcard_simulation.json",
    f"{DATA}/sixcard_tournament.json",
    f"{DATA}/sixcard_tournament.deals.json.gz",
    f"{DATA}/census/*/manifest.txt",
    f"{DATA}/census/*/*.summary.txt",
    f"{DATA}/census/*/*.csv.gz",
)
"""The data files a reviewer must see changed (paths relative to the repository, as git names
them); see the module's docstring for why these."""
ROWS_SHOWN = 20
"""Changed rows shown per file; the rest are counted."""
LONGEST_VALUE = 160
"""A value longer than this (and a text of several words) is shown as a word diff."""
NONE = "(none)"
GONE = "(removed)"

Git = Callable[..., Any]
"""``git(*args)`` -> a completed process with ``returncode`` and ``stdout`` (bytes)."""


def reviewed(name: str) -> bool:
    """Whether a reviewer must see a change of the file ``name`` (relative to the repository).

    >>> reviewed("generator/data/census/easy/1-100000.summary.txt")
    True
    >>> reviewed("generator/data/reference_game.yaml")
    False
    """
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in REVIEWED)


@dataclass(frozen=True)
class Leaf:
    """One value of a data file, where it stands."""

    field: str
    item: str
    """What holds it (``entry pagat-golf``; empty at the top of the file)."""
    value: str
    line: int


def shown(value: str, size: int = LONGEST_VALUE) -> str:
    r"""A value as a review line shows it: its invisible characters written as escapes (a
    reader must see them), clipped past ``size``.

    >>> shown("45"), shown("a\u202eb")
    ('45', 'a\\u202eb')
    """
    text = "".join(
        c.encode("unicode_escape").decode("ascii")
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
        else c
        for c in value
    )
    return text if len(text) <= size else text[: size - 1] + "…"


# -- structured files: YAML and JSON -------------------------------------------


def _scalar(node: yaml.ScalarNode) -> str:
    return str(node.value) if node.tag != "tag:yaml.org,2002:null" else "null"


def _identity(node: yaml.MappingNode) -> str:
    """A list item's name: its first key and value (``rules=classic``)."""
    for key, value in node.value:
        if isinstance(value, yaml.ScalarNode):
            return f"{key.value}={_scalar(value)}"
    return "item"


def _walk(
    node: yaml.Node, path: tuple[str, ...], line: int, leaves: dict[tuple[str, ...], Leaf]
) -> None:
    """Every scalar under ``node`` as a :class:`Leaf`, keyed by its path: a mapping's values by
    their keys, a list of mappings' items by their first key's value, a list of texts as a set
    of them (``confirmed_by``), any other list by position."""

    def leaf(at: tuple[str, ...], value: str, where: int, field: str | None = None) -> None:
        name = field if field is not None else at[-1] if at else ""
        item = " ".join(part for part in (at[:-1] if field is None else at[:-2]))
        leaves[at] = Leaf(name, item, value, where)

    if isinstance(node, yaml.ScalarNode):
        leaf(path, _scalar(node), line)
    elif isinstance(node, yaml.MappingNode):
        if not node.value:
            leaf(path, "{}", line)
        for key, value in node.value:
            _walk(value, (*path, str(key.value)), key.start_mark.line + 1, leaves)
    elif isinstance(node, yaml.SequenceNode):
        if not node.value:
            leaf(path, "[]", line)
        texts = all(
            isinstance(item, yaml.ScalarNode) and item.tag == "tag:yaml.org,2002:str"
            for item in node.value
        )
        seen: dict[str, int] = {}
        for index, item in enumerate(node.value):
            where = item.start_mark.line + 1
            if texts and isinstance(item, yaml.ScalarNode):
                leaf(
                    (*path, f"∋{item.value}"), _scalar(item), where, field=path[-1] if path else ""
                )
            elif isinstance(item, yaml.MappingNode):
                name = _identity(item)
                seen[name] = seen.get(name, 0) + 1
                if seen[name] > 1:
                    name = f"{name} #{seen[name]}"
                _walk(item, (*path, name), where, leaves)
            else:
                _walk(item, (*path, f"[{index}]"), where, leaves)


def structure(text: str, name: str = "") -> dict[tuple[str, ...], Leaf]:
    """Every value of a YAML or JSON text (JSON is read as YAML, for the lines of its values).

    >>> leaves = structure("a:\\n  - rules: easy\\n    percent: 93\\n")
    >>> leaves["a", "rules=easy", "percent"]
    Leaf(field='percent', item='a rules=easy', value='93', line=3)
    """
    node = compose_yaml(Path(name), getattr(yaml, "CSafeLoader", yaml.SafeLoader), text)
    leaves: dict[tuple[str, ...], Leaf] = {}
    if node is not None:
        _walk(node, (), 1, leaves)
    return leaves


def sources_structure(text: str, name: str = "") -> dict[tuple[str, ...], Leaf]:
    """``sources.yaml``'s values, each work named ``entry KEY`` whichever group holds it, with
    whether it was read (``read: yes (under sources)``): a work moved between the groups is one
    changed value, not a work removed and another added."""
    leaves: dict[tuple[str, ...], Leaf] = {}
    groups = {"sources": "yes (under sources)", "unchecked": "no (under unchecked)"}
    for path, leaf in structure(text, name).items():
        if len(path) > 2 and path[0] in groups:
            key = f"entry {path[1]}"
            item = key + leaf.item[len(f"{path[0]} {path[1]}") :]
            leaves[(key, *path[2:])] = Leaf(leaf.field, item, leaf.value, leaf.line)
            read = (key, "read")
            if read not in leaves or leaves[read].line > leaf.line:
                leaves[read] = Leaf("read", key, groups[path[0]], max(1, leaf.line - 1))
        else:
            leaves[path] = leaf
    return leaves


def errata_structure(text: str, name: str = "") -> dict[tuple[str, ...], Leaf]:
    """The errata file's values, each erratum named by its seed file and line (``erratum
    tests/golden/nl.txt:12``): an erratum moved in the file is unchanged.

    >>> text = "- seed_file: s.txt\\n  line: 4\\n  page: b\\n"
    >>> errata_structure(text)["erratum s.txt:4", "page"]
    Leaf(field='page', item='erratum s.txt:4', value='b', line=3)
    """
    node = compose_yaml(Path(name), getattr(yaml, "CSafeLoader", yaml.SafeLoader), text)
    if not isinstance(node, yaml.SequenceNode):
        return structure(text, name)
    leaves: dict[tuple[str, ...], Leaf] = {}
    seen: dict[str, int] = {}
    for item in node.value:
        if not isinstance(item, yaml.MappingNode):
            continue
        fields = {
            str(key.value): _scalar(value)
            for key, value in item.value
            if isinstance(value, yaml.ScalarNode)
        }
        key = f"erratum {fields.get('seed_file', '?')}:{fields.get('line', '?')}"
        if fields.get("kind"):
            key += f" ({fields['kind']})"
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            key = f"{key} #{seen[key]}"
        found: dict[tuple[str, ...], Leaf] = {}
        _walk(item, (key,), item.start_mark.line + 1, found)
        leaves.update(found)
    return leaves


def fields_structure(text: str) -> dict[tuple[str, ...], Leaf]:
    """A ``key: value`` file's values (a census summary or manifest): a key said once is a
    field, a key said several times (``shard:``) a set of values, any other line a set of
    lines.

    >>> fields_structure("# x\\nwinnable: 4\\nshard: 1-9\\nshard: 10-19\\n")["winnable",]
    Leaf(field='winnable', item='', value='4', line=2)
    """
    lines = text.splitlines()
    keys: dict[str, int] = {}
    for line in lines:
        key, colon, _value = line.partition(":")
        if colon and key.strip() and not line.startswith("#"):
            keys[key.strip()] = keys.get(key.strip(), 0) + 1
    leaves: dict[tuple[str, ...], Leaf] = {}
    for number, line in enumerate(lines, 1):
        key, colon, value = line.partition(":")
        key = key.strip()
        if colon and key and not line.startswith("#"):
            path = (key,) if keys[key] == 1 else (key, f"∋{value.strip()}")
            leaves[path] = Leaf(key, "", value.strip(), number)
        elif line.strip():
            leaves[("line", f"∋{line}")] = Leaf("line", "", line, number)
    return leaves


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _word_diff(old: str, new: str) -> str:
    return word_diff([old], [new])


def _long(value: str | None) -> bool:
    return value is not None and (len(value) > LONGEST_VALUE or len(value.split()) > 8)


def compare(
    name: str, old: dict[tuple[str, ...], Leaf], new: dict[tuple[str, ...], Leaf]
) -> list[str]:
    """One line per value that changed, was added or was removed, in the order of the new file
    (a removed value at the line of what held it)."""
    found: list[tuple[int, int, str]] = []
    for order, path in enumerate([*new, *(p for p in old if p not in new)]):
        before, after = old.get(path), new.get(path)
        if before is not None and after is not None and before.value == after.value:
            continue
        leaf = after or before
        assert leaf is not None
        line = after.line if after is not None else _held_at(path, new)
        values = (
            before.value if before is not None else None,
            after.value if after is not None else None,
        )
        if (
            values[0] is not None
            and values[1] is not None
            and (_long(values[0]) or _long(values[1]))
        ):
            change = _word_diff(values[0], values[1])
        else:
            change = " → ".join(
                (shown(v) if v is not None else (NONE if i == 0 else GONE))
                for i, v in enumerate(values)
            )
        item = f" ({shown(leaf.item, 120)})" if leaf.item else ""
        found.append((line, order, f"{name}:{line}: {shown(leaf.field, 80)}: {change}{item}"))
    return [text for _line, _order, text in sorted(found)]


def _held_at(path: tuple[str, ...], leaves: dict[tuple[str, ...], Leaf]) -> int:
    """The line of the nearest value of ``leaves`` that shares the most of ``path``."""
    for size in range(len(path) - 1, 0, -1):
        lines = [leaf.line for key, leaf in leaves.items() if key[:size] == path[:size]]
        if lines:
            return min(lines)
    return 1


# -- rows: census shards and the tournament's deals ------------------------------


def _rows_lines(name: str, changed: list[tuple[int, str, str | None, str | None]]) -> list[str]:
    lines = []
    for line, label, before, after in changed[:ROWS_SHOWN]:
        old = shown(before) if before is not None else NONE
        new = shown(after) if after is not None else GONE
        lines.append(f"{name}:{line}: {label}: {old} → {new}")
    if len(changed) > ROWS_SHOWN:
        lines.append(
            f"{name}:{changed[ROWS_SHOWN][0]}: and {len(changed) - ROWS_SHOWN} more row(s)"
        )
    return lines


def census_rows(name: str, old: str, new: str) -> list[str]:
    """The rows of a census shard that changed, by deal number (``row 13: old → new``)."""

    def rows(text: str) -> dict[str, tuple[int, str]]:
        found = {}
        for number, line in enumerate(text.splitlines(), 1):
            key = line.split(",", 1)[0] if not line.startswith("#") else line
            found[key] = (number, line)
        return found

    before, after = rows(old), rows(new)
    changed = []
    for key in [*after, *(k for k in before if k not in after)]:
        a, b = before.get(key), after.get(key)
        if a is not None and b is not None and a[1] == b[1]:
            continue
        line = b[0] if b is not None else a[0] if a is not None else 1
        label = f"row {key}" if not key.startswith("#") else "header"
        changed.append((line, label, a[1] if a else None, b[1] if b else None))
    changed.sort(key=lambda change: change[0])
    return _rows_lines(name, changed)


def tournament_rows(name: str, old: str, new: str) -> list[str]:
    """The tournament's deals whose rows changed (``greedy-vs-strong deal 17: old → new``), and
    any other value of the file."""
    before, after = json.loads(old or "{}"), json.loads(new)
    changed: list[tuple[int, str, str | None, str | None]] = []
    for key in [*after, *(k for k in before if k not in after)]:
        if key == "matches":
            continue
        if before.get(key) != after.get(key):
            a, b = before.get(key), after.get(key)
            changed.append(
                (
                    1,
                    str(key),
                    json.dumps(a) if key in before else None,
                    json.dumps(b) if key in after else None,
                )
            )
    matches_a, matches_b = before.get("matches") or {}, after.get("matches") or {}
    for match in [*matches_b, *(m for m in matches_a if m not in matches_b)]:
        rows_a, rows_b = matches_a.get(match) or [], matches_b.get(match) or []
        for index in range(max(len(rows_a), len(rows_b))):
            a = json.dumps(rows_a[index]) if index < len(rows_a) else None
            b = json.dumps(rows_b[index]) if index < len(rows_b) else None
            if a != b:
                changed.append((1, f"{match} deal {index + 1}", a, b))
    return _rows_lines(name, changed)


# -- the review ----------------------------------------------------------------


def changes(name: str, old: bytes | None, new: bytes) -> list[str]:
    """The review lines of one reviewed file changed from ``old`` (None: new) to ``new``."""
    path = Path(name)
    try:
        if name.endswith(".gz"):
            old_text = _text(gunzip(old, path)) if old is not None else ""
            new_text = _text(gunzip(new, path))
            if name.endswith(".csv.gz"):
                return census_rows(name, old_text, new_text)
            return tournament_rows(name, old_text, new_text)
        old_text, new_text = (_text(old) if old is not None else ""), _text(new)
        if len(old_text) > YAML_LIMIT or len(new_text) > YAML_LIMIT:
            raise InputError(f"{name}: more than {YAML_LIMIT >> 20} MB")
        if name.endswith(".txt"):
            return compare(name, fields_structure(old_text), fields_structure(new_text))
        read = {"sources.yaml": sources_structure, "seed_errata.yaml": errata_structure}.get(
            path.name, structure
        )
        return compare(name, read(old_text, name), read(new_text, name))
    except (InputError, OSError, EOFError, ValueError, yaml.YAMLError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        if name.endswith(".gz"):
            return [f"{name}:1: changed; cannot be read for review: {shown(first, 120)}"]
        return [
            f"{name}:1: changed; cannot be read for review ({shown(first, 120)}); its changed lines:",
            *review(name, _text(old or b""), _text(new)),
        ]


def data_review(base: str, git: Git, root: Path | None = None) -> list[str]:
    """The review lines of every reviewed data file (:data:`REVIEWED`) changed since the git
    revision ``base`` (checked already): the working tree's file against ``base``'s."""
    root = root if root is not None else ROOT
    listed = git("ls-tree", "-r", "--name-only", base, "--", DATA, ERRATA, CLAUSES)
    before = {
        name.strip()
        for name in listed.stdout.decode("utf-8", errors="replace").splitlines()
        if reviewed(name.strip())
    }
    files = [*(root / DATA).rglob("*"), root / ERRATA, root / CLAUSES]
    now = {
        path.relative_to(root).as_posix()
        for path in files
        if path.is_file() and reviewed(path.relative_to(root).as_posix())
    }
    shown_lines: list[str] = []
    for name in sorted(before | now):
        path = root / name
        if not path.is_file():
            shown_lines.append(f"{name}:1: deleted since {base}")
            continue
        old = None
        if name in before:
            done = git("show", f"{base}:{name}")
            old = done.stdout if done.returncode == 0 else None
            if old is not None and len(old) > RAW_LIMIT:
                shown_lines.append(f"{name}:1: changed; more than {RAW_LIMIT >> 20} MB at {base}")
                continue
        try:
            new = read_bytes(path)
        except (InputError, OSError) as error:
            shown_lines.append(f"{name}:1: cannot be read: {shown(str(error), 120)}")
            continue
        if old == new:
            continue
        shown_lines += changes(name, old, new)
    return shown_lines

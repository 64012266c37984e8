"""Every word of a claimed sentence is accounted for (issue 45).

A claimed sentence's claim plays what the sentence says in the engine, and renders the words
of each value it states (``Says``: its frames). Words outside every frame are read by no
claim: a clause added to a claimed sentence, with the claim's copy of the sentence updated,
would reach the page unread. So each clause of a claimed sentence (its text between ``.``,
``;``, ``:``, ``?`` and ``!``) must have every word inside a frame of one of its claims, or be
listed, word for word, in :data:`LISTED` with why no frame renders it:

- ``why: no fact ...``: the clause states no fact (a heading's word, an invitation);
- ``why: no engine value ...``: it states what no engine or data file of ours measures (a
  source's words);
- ``why: played by claim NAME ...``: the situation the claim sets up and plays in the engine,
  in words that state no value (its numbers, negations, permissions and comparisons are in
  frames).

A word that states a value (a number, a negation, a permission or an obligation, a comparison
or an order: :data:`generator.twopath.wording.STATING`) may stand outside every frame only in
a clause whose entry says it states no fact or nothing the engine has a value for
(:data:`UNMEASURED`): listing a clause as played by its claim does not account for such a word,
its claim must render it from the engine.

A clause edited by one word is another clause: it is no longer listed, and ``check`` names it
at its template line. The list is reviewed data (``check --review`` shows each entry added or
changed), and an entry that matches no clause of a claimed sentence any more is a problem too.
Placeholders (``%(score)s``) are values the page's facts give, held by the claims and the
second path; they are no words here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.bounded import compose_yaml, yaml_error
from generator.check.common import Problems, clip, rel
from generator.i18n.catalogs import ROOT
from generator.pages.claims import Claim
from generator.twopath.wording import STATING

LISTED = ROOT / "docs_src" / "unframed_clauses.yaml"
CLAUSE_END = re.compile(r"[.;:?!](?=\s|$)")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
KEYS = ("clause", "template", "why")
UNMEASURED = ("no fact", "no engine value")
"""How the entry of a clause holding words that state a value (:data:`STATING`: a number, a
negation, a permission, a comparison) outside every frame begins: the clause states no fact,
or states what the engine has no value for (a source's words). Any other such clause is
refused, listed or not: its claim must render those words from the engine."""


@dataclass(frozen=True)
class Listed:
    clause: str
    template: str
    why: str
    line: int


class ClausesError(ValueError):
    """The list cannot be read; the message starts with ``file:line:``."""


def clauses(text: str) -> list[tuple[int, int]]:
    """The spans of a sentence's clauses (ends and surrounding spaces left out).

    >>> text = "You go. There is no redeal; it ends: done"
    >>> [text[a:b] for a, b in clauses(text)]
    ['You go', 'There is no redeal', 'it ends', 'done']
    """
    spans, start = [], 0
    for end in [m.start() for m in CLAUSE_END.finditer(text)] + [len(text)]:
        piece = text[start:end]
        left = len(piece) - len(piece.lstrip())
        stripped = piece.strip()
        if stripped:
            spans.append((start + left, start + left + len(stripped)))
        start = end + 1
    return spans


def framed(sentence: str, claims: Iterable[Claim], msgid: str = "") -> list[tuple[int, int]]:
    """Where ``sentence`` (a form of ``msgid``) holds one of its claims' frames with words of
    the frame's table."""
    spans = []
    for claim in claims:
        for says in claim.says:
            if says.sentence not in (sentence, msgid):
                continue
            for words in says.words.table.values():
                rendered = says.frame.replace("{}", words)
                if says.sentence != sentence and rendered not in says.sentence:
                    continue  # another form holds the frame with the words the claim checks
                spans += [(m.start(), m.end()) for m in re.finditer(re.escape(rendered), sentence)]
    return spans


def unread_words(sentence: str, span: tuple[int, int], frames: list[tuple[int, int]]) -> list[str]:
    """The words of a clause of ``sentence`` that lie outside every frame."""
    start, end = span
    return [
        m.group(0)
        for m in WORD.finditer(
            PLACEHOLDER.sub(lambda p: " " * len(p.group(0)), sentence), start, end
        )
        if not any(a <= m.start() and m.end() <= b for a, b in frames)
    ]


def _renderings(sentence: str, claims: Iterable[Claim], msgid: str = "") -> list[tuple[str, str]]:
    """Each frame of ``sentence``'s claims with each of its table's words: (rendered, frame)."""
    found = [  # a frame's closing stop stands outside its clause
        (says.frame.replace("{}", words).rstrip(".;:?!"), says.frame.rstrip(".;:?!"))
        for claim in claims
        for says in claim.says
        if says.sentence in (sentence, msgid)
        for words in says.words.table.values()
    ]
    return sorted(found, key=lambda pair: -len(pair[0]))


def _general(clause: str, renderings: list[tuple[str, str]]) -> str:
    """A clause with each frame's words left out: a clause whose framed words changed is still
    the listed clause (its claim reports the words), one with words added is another."""
    for rendered, frame in renderings:
        clause = clause.replace(rendered, frame)
    return clause


def read_listed(path: Path = LISTED) -> list[Listed]:
    """The list, read strictly: entries of ``clause``, ``template`` and ``why``, each a text."""
    if not path.exists():
        return []
    where = rel(path)
    try:
        root = compose_yaml(path)
    except yaml.YAMLError as error:
        line, message = yaml_error(error)
        raise ClausesError(f"{where}:{line}: {message}") from None
    except (OSError, ValueError) as error:
        raise ClausesError(f"{where}:1: {error}") from None
    if root is None:
        return []
    if not isinstance(root, yaml.SequenceNode):
        raise ClausesError(f"{where}:{root.start_mark.line + 1}: the list must be a YAML list")
    found = []
    for item in root.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.MappingNode):
            raise ClausesError(f"{where}:{line}: an entry is a mapping of {', '.join(KEYS)}")
        fields = {}
        for key, value in item.value:
            name = str(key.value)
            if name not in KEYS:
                raise ClausesError(f"{where}:{key.start_mark.line + 1}: unknown key {name!r}")
            if not isinstance(value, yaml.ScalarNode) or not str(value.value).strip():
                raise ClausesError(f"{where}:{value.start_mark.line + 1}: {name} must be a text")
            fields[name] = str(value.value)
        missing = [key for key in KEYS if key not in fields]
        if missing:
            raise ClausesError(f"{where}:{line}: an entry needs {', '.join(missing)}")
        if len(fields["why"].split()) < 3:
            raise ClausesError(f"{where}:{line}: why: say why no frame renders it")
        found.append(Listed(fields["clause"], fields["template"], fields["why"], line))
    return found


def clause_problems(
    sentences: Iterable[tuple[Path, int, str, list[Claim], bool, str]], path: Path = LISTED
) -> Problems:
    """``sentences``: each claimed template sentence (template, line, text, its claims,
    whether to report its clauses: a changed sentence's old wording only keeps its entries,
    and the msgid the text is a form of)."""
    try:
        listed = read_listed(path)
    except ClausesError as error:
        yield str(error)
        return
    known = {(entry.template, entry.clause): entry for entry in listed}
    used: set[tuple[str, str]] = set()
    for template, line, sentence, claims, report, msgid in sentences:
        frames = framed(sentence, claims, msgid)
        renderings = _renderings(sentence, claims, msgid)
        listed_here = {
            _general(clause, renderings): (where, clause)
            for where, clause in known
            if where == rel(template)
        }
        for span in clauses(sentence):
            words = unread_words(sentence, span, frames)
            if not words:
                continue
            key = (rel(template), sentence[span[0] : span[1]])
            found = listed_here.get(_general(key[1], renderings))
            if found is not None:  # the same clause, whatever words its frames hold
                used.add(found)
                entry = known[found]
                stating = [w for w in words if w.casefold() in STATING]
                if stating and report and not entry.why.startswith(UNMEASURED):
                    yield (
                        f"{rel(template)}:{line}: the clause {clip(key[1], 80)!r} states values "
                        f"({', '.join(stating)}) outside every frame: let claim "
                        f"{', '.join(claim.name for claim in claims)} render the words from the "
                        f"engine's values (Says, generator/pages/claims.py); listing it "
                        f"({rel(path)}:{entry.line}) does not account for them"
                    )
                continue
            if not report:
                continue
            names = ", ".join(claim.name for claim in claims)
            yield (
                f"{rel(template)}:{line}: the clause {clip(key[1], 80)!r} holds words no claim "
                f"renders ({', '.join(words[:5])}{' ...' if len(words) > 5 else ''}): let claim "
                f"{names} render them from the engine (Says, generator/pages/claims.py), or "
                f"list the clause in {rel(path)} with why no frame renders it"
            )
    for listed_key, entry in known.items():
        if listed_key not in used:
            yield (
                f"{rel(path)}:{entry.line}: the listed clause {clip(entry.clause, 60)!r} is in no "
                f"claimed sentence of {entry.template} with words outside its frames: delete it"
            )

"""What ``approve`` runs before it writes: a changed number, card or verdict of an approved text
must be backed by a two-path check or a claim that holds."""

from __future__ import annotations

import contextlib
import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from generator.check.catalogs import catalog_glossary
from generator.check.claims import Sentence, played_claims, template_sentences
from generator.check.common import (
    clip,
    relative_to_root,
)
from generator.check.pages import word_problems
from generator.i18n.catalogs import (
    Language,
    is_source,
    source_language,
)
from generator.site import approval
from generator.site.approval import (
    ApprovalError,
    approved_texts,
    committed_text,
    english_at_approval,
)
from generator.site.othertexts import OTHER_TEXTS
from generator.site.othertexts import labels as other_labels
from generator.site.render import page_facts

NUMBER_OR_CARD = re.compile(r"(?:10|[2-9AKQJRBVD])[♣♦♥♠]|\d+(?:[.,\u00a0\u202f]\d+)*")


def _fact_tokens(line: str, verdicts: set[str]) -> list[tuple[str, int, int]]:
    """The numbers, cards and verdict words of a line: (token, start, end); a numbered list
    item's own number is no fact."""
    marker = re.match(r"\d+\.\s", line)
    skip = marker.end() if marker else 0
    found = [
        (m.group(0), m.start(), m.end()) for m in NUMBER_OR_CARD.finditer(line) if m.start() >= skip
    ]
    if line.startswith("|"):  # a verdict is a table cell's first word ("no", "yes, in 51 moves")
        for match in re.finditer(r"\|\s*[\"'“”„«»‘’‚]*([^\W\d_]+)", line):
            if match.group(1).lower() in verdicts:
                found.append((match.group(1), match.start(1), match.end(1)))
    return found


def _changed_lines(old: str | None, new: str) -> Iterator[tuple[int, str, str]]:
    """(line number in ``new``, the old line or "", the new line) for each changed or added line."""
    old_lines, new_lines = (old or "").splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            for offset, number in enumerate(range(j1, j2)):
                before = old_lines[i1 + offset] if i1 + offset < i2 else ""
                yield number + 1, before, new_lines[number]


def _verdict_words(reader: Any) -> set[str]:
    """The words of a page's verdict cells in its language: its "no" and its "yes"."""
    verdicts = {reader.t("no").lower()}
    verdicts |= {
        words[0].lower()
        for form in reader.forms("yes, in %(count)s move", "yes, in %(count)s moves")
        if (words := re.findall(r"[^\W\d_]+", form))
    }
    return verdicts


def _facts_of(line: str, verdicts: set[str]) -> list[str]:
    return [token for token, *_ in sorted(_fact_tokens(line, verdicts), key=lambda x: x[1])]


def translation_alone(
    old: str,
    new: str,
    english_old: str,
    english_new: str,
    verdicts: set[str],
    english_verdicts: set[str],
) -> Iterator[tuple[int, list[str], list[str], str]]:
    """The lines where a translated page changes its numbers, cards or verdicts (or their
    order) while the English page's same line keeps its own: (line, facts before, facts now,
    the English line). Facts come from the engine, so a translation alone cannot change them:
    it can only hide, add or swap them (a placeholder dropped, formatted or swapped).

    >>> list(translation_alone("5 van 7", "7 van 5", "5 of 7", "5 of 7", set(), set()))
    [(1, ['5', '7'], ['7', '5'], '5 of 7')]
    >>> list(translation_alone("5 van 7", "7 van 5", "5 of 7", "7 of 5", set(), set()))
    []
    """
    english_before, english_now = english_old.splitlines(), english_new.splitlines()
    for number, before, after in _changed_lines(old, new):
        was, now = _facts_of(before, verdicts), _facts_of(after, verdicts)
        if was == now:
            continue
        index = number - 1
        english_was = english_before[index] if index < len(english_before) else ""
        english_is = english_now[index] if index < len(english_now) else ""
        if _facts_of(english_was, english_verdicts) != _facts_of(english_is, english_verdicts):
            continue  # the English line changes its facts too: the engine changed them
        yield number, was, now, english_is


def approval_guard(
    languages: list[Language], *, reordered: bool = False
) -> Callable[[dict[Path, tuple[str | None, str]]], None]:
    """The check ``approve`` runs before it writes: every line whose numbers, cards or
    verdicts change must be verified by a two-path check (:mod:`generator.twopath`) or stand
    in a sentence whose claims all hold; else nothing is written. What backs each changed
    fact is reported (:attr:`ApprovalRefused.notes`).

    A translated page may not change a line's facts where the English page's same line keeps
    its own (:func:`translation_alone`): refused, whatever backs the value. A change of their
    order only passes with ``reordered`` (``approve --reordered``: the reviewer has read the
    sentence against the English one and found the new order right)."""

    def guard(changes: dict[Path, tuple[str | None, str]]) -> None:
        from generator import twopath
        from generator.site.build import render_all
        from generator.twopath.reader import Page

        rendered = render_all(languages)
        result = twopath.run(rendered, languages)
        failing: dict[str, list[str]] = {}
        for name, failure in played_claims():
            failing.setdefault(name or "", []).append(failure)
        claimed = [s for s in template_sentences() if s.claims]
        by_code = {language.code: language for language in languages}
        source = source_language()
        english_texts: dict[str, str] = {}
        notes, refused = [], []
        for path, (old, new) in changes.items():
            code, page = path.parent.name, path.stem
            language = by_code.get(code)
            other = page in OTHER_TEXTS
            if language is None or (not other and f"{page}.md" not in rendered.get(code, {})):
                continue
            # a text that is no page reads its verdict words and cards as the examples page
            reader = Page.of(language, page, rendered[code][f"{'examples' if other else page}.md"])
            verdicts = _verdict_words(reader)
            where = relative_to_root(path)
            english_old = english_at_approval(path) if code != source else None
            # a translated text deleted before approving is compared with the committed one
            approved_was = old if old is not None else committed_text(path)
            if approved_was is not None and english_old is not None:
                if not english_texts:
                    english_texts = approved_texts(by_code[source], page_facts(), rendered[source])
                english_reader = Page.of(
                    by_code[source], page, rendered[source][f"{'examples' if other else page}.md"]
                )
                for number, facts_was, facts_now, english in translation_alone(
                    approved_was,
                    new,
                    english_old,
                    english_texts[page],
                    verdicts,
                    _verdict_words(english_reader),
                ):
                    order_only = Counter(facts_was) == Counter(facts_now)
                    change = f"{', '.join(facts_was) or 'nothing'} -> {', '.join(facts_now) or 'nothing'}"
                    if order_only and reordered:
                        notes.append(f"{where}:{number}: {change}: reordered (--reordered)")
                        continue
                    hint = (
                        "; if the new order reads right beside the English, approve with "
                        "--reordered"
                        if order_only
                        else ""
                    )
                    refused.append(
                        f"{where}:{number}: the {code} text changes its facts ({change}) where the "
                        f"English page's line {number} keeps its own ({clip(english, 70)!r}): "
                        f"a translation alone cannot change a number or a card{hint}"
                    )
            if other:
                for number, what, engine in engine_made(reader, old, new, other_labels(page)):
                    if engine:
                        notes.append(
                            f"{where}:{number}: {what}: the example's, in its label ({engine})"
                        )
                    else:
                        refused.append(
                            f"{where}:{number}: the new text changes {what} "
                            f"({clip(new.splitlines()[number - 1], 80)!r}): no value of the "
                            "engine's example in its label; a message's own words cannot "
                            "change a number or a card"
                        )
                continue
            patterns = [(s, reader.pattern(*_translated(reader, s))) for s in claimed]
            for number, before, after in _changed_lines(old, new):
                old_tokens = [
                    t for t, *_ in sorted(_fact_tokens(before, verdicts), key=lambda x: x[1])
                ]
                now = sorted(_fact_tokens(after, verdicts), key=lambda x: x[1])
                if old_tokens == [t for t, *_ in now]:
                    continue  # the same facts in the same order: words changed, no fact
                was = Counter(old_tokens)
                moved = Counter(t for t, *_ in now) - was
                gone = was - Counter(t for t, *_ in now)
                if not moved and not gone:  # the same facts in another order
                    moved = Counter(t for t, *_ in now)
                what = ", ".join(sorted(moved)) or "(" + ", ".join(sorted(gone)) + " gone)"
                checks = result.verified.get((code, page, number))
                if checks:
                    notes.append(
                        f"{where}:{number}: {what}: backed by two-path {', '.join(sorted(checks))}"
                    )
                    continue
                spans = [
                    (s, m.start(), m.end())
                    for s, pattern in patterns
                    for m in pattern.finditer(after)
                ]
                changed_at = [(t, a, b) for t, a, b in now if t in moved] or [("", 0, len(after))]
                covering = {
                    name
                    for _t, a, b in changed_at
                    for s, start, end in spans
                    if start <= a and b <= end
                    for name in s.claims
                }
                uncovered = [
                    t
                    for t, a, b in changed_at
                    if not any(st <= a and b <= en for _s, st, en in spans)
                ]
                broken = sorted(name for name in covering if name in failing)
                if covering and not uncovered and not broken:
                    notes.append(
                        f"{where}:{number}: {what}: backed by claim {', '.join(sorted(covering))}"
                    )
                    continue
                why = (
                    f"claim {broken[0]} fails: {failing[broken[0]][0]}"
                    if broken
                    else "no claim and no two-path check backs it"
                )
                refused.append(
                    f"{where}:{number}: the new text changes {what} ({clip(after, 80)!r}): {why}"
                )
        new_texts: dict[str, dict[str, str]] = {}
        for path, (_old, new) in changes.items():
            with contextlib.suppress(ValueError):
                parts = path.resolve().relative_to(approval.APPROVED.resolve()).parts
                new_texts.setdefault(parts[0], {})["/".join(parts[1:])] = new
        changed = {relative_to_root(path) for path in changes}
        for problem in word_problems(languages, new_texts):
            if problem.split(":", 1)[0] in changed:
                refused.append(problem)
        for language in languages:  # --reordered or not, a placeholder keeps its term
            if language.shipped and language.code in new_texts and not is_source(language):
                refused.extend(catalog_glossary(language))
        if refused:
            raise ApprovalRefused(refused, notes)
        guard.notes = notes  # type: ignore[attr-defined]

    return guard


def engine_made(
    reader: Any, old: str | None, new: str, labels: list[str]
) -> Iterator[tuple[int, str, str]]:
    r"""The changed facts of a text that is no page (:mod:`generator.site.othertexts`), line by
    line: (line, the changed numbers or cards, the line's label when it holds them all, or ""
    when one of them is not in it). A line's label (``labels``, line by line) holds the values
    of the engine's example it shows (a deal code, a card in the engine's notation, a count):
    a number or card of its text is the engine's when its label has it; any other is the
    message's own.

    >>> class Nl:
    ...     def card(self, short): return {"R♣": "KC", "9♣": "9C"}[short]
    >>> list(engine_made(Nl(), "350 punten\n", "360 punten\n", ["won: score 360"]))
    [(1, '360', 'won: score 360')]
    >>> list(engine_made(Nl(), "7 letters, 9♣\n", "8 letters, R♣\n", ["x: 9C"]))
    [(1, '8, R♣', '')]
    """
    for number, before, after in _changed_lines(old, new):
        label = labels[number - 1] if number <= len(labels) else ""
        was = Counter(t for t, *_ in _fact_tokens(before, set()))
        now = [t for t, *_ in sorted(_fact_tokens(after, set()), key=lambda x: x[1])]
        moved = [t for t in now if t not in was] or ([] if Counter(now) == was else ["(gone)"])
        if not moved:
            continue
        notations = set(re.findall(r"[\w=+-]+", label))  # cards as the engine writes them
        numbers = {t for t, *_ in _fact_tokens(label, set())}
        backed = []
        for token in moved:
            if token[-1] in "♣♦♥♠":
                try:
                    backed.append(str(reader.card(token)) in notations)
                except Exception:  # not a card of the language: nothing backs it
                    backed.append(False)
            else:
                backed.append(token in numbers)
        what = ", ".join(sorted(set(moved), key=moved.index))
        yield number, what, label if all(backed) else ""


def _translated(reader: Any, sentence: Sentence) -> list[str]:
    """Every form of a sentence in the reader's language."""
    forms = sentence.forms or (sentence.msgid,)
    if forms[0].startswith("\x04"):
        return [str(reader.t(forms[1], forms[0][1:]))]
    if len(forms) == 2:
        return [str(form) for form in reader.forms(forms[0], forms[1])]
    return [str(reader.t(forms[0]))]


class ApprovalRefused(ApprovalError):
    """``approve`` would write a changed fact that nothing backs; nothing was written."""

    def __init__(self, refused: list[str], notes: list[str]) -> None:
        super().__init__(
            f"approve: {len(refused)} changed fact(s) with no claim or two-path check behind "
            "them; nothing written"
        )
        self.refused = refused
        self.notes = notes

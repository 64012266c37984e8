"""``python -m generator check``: is the help site true and complete?

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

from __future__ import annotations

import contextlib
import difflib
import inspect
import json
import os
import re
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from generator import cache
from generator.i18n.catalogs import (
    POT_FILE,
    ROOT,
    Language,
    is_source,
    message_strings,
    placeholder_problems,
    read_catalog,
    source_language,
    string_line,
)
from generator.i18n.catalogs import languages as site_languages
from generator.i18n.wordrules import check_texts, glossary_problems, word_data
from generator.pages.claims import Claim, ClaimError, Claims, Facts, Misstated
from generator.pages.recorded import (
    DataFileError,
    ExampleDeal,
    RecordedGame,
    load_reference_game,
    load_rules_examples,
)
from generator.patience import DealCode, Game, GolfError, Rules, deal_for_number
from generator.patience.solver import solve
from generator.site import approval
from generator.site.approval import (
    ApprovalError,
    approved_problems,
    approved_texts,
    committed_text,
    english_at_approval,
    seed_problems,
    stray_files,
)
from generator.site.build import BuiltLanguage, Checks, Finish, Submit, build_site
from generator.site.othertexts import OTHER_TEXTS
from generator.site.othertexts import labels as other_labels
from generator.site.pagetext import markdown_text as markdown_text
from generator.site.render import page_facts
from generator.timelimit import CLAIM_SECONDS, TimeLimitExceeded, time_limit

Problems = Iterator[str]
Rendered = dict[str, dict[str, str]]
"""Every language's rendered pages, by language code (:func:`generator.site.build.render_all`)."""
TEMPLATES_DIR = ROOT / "docs_src" / "templates"
UPDATE = "run 'python -m generator catalog update'"


def claim_sets() -> list[Claims]:
    """Every page's claims (the claims live beside their pages' facts, below this room)."""
    from generator.pages.examples_claims import CLAIMS as EXAMPLES
    from generator.pages.patience_claims import CLAIMS as PATIENCE
    from generator.pages.sixcard_claims import CLAIMS as SIX_CARD
    from generator.pages.statistics_claims import CLAIMS as STATISTICS

    return [PATIENCE, EXAMPLES, STATISTICS, SIX_CARD]


def _rel(path: Path | str) -> str:
    path = Path(path)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _located(message: str) -> str:
    """Make a ``/abs/path:line: ...`` message relative to the repository."""
    head, sep, rest = message.partition(":")
    return f"{_rel(head)}{sep}{rest}" if sep and Path(head).is_absolute() else message


# -- examples ----------------------------------------------------------------


def check_examples() -> Problems:
    try:
        recorded = load_reference_game()
        examples = load_rules_examples()
    except DataFileError as error:
        yield _located(str(error))
        return
    # The sentences first: a changed rule is reported where the page states it.
    yield from check_claims()
    where = _rel(recorded.path)
    game = Game(recorded.deal, recorded.rules)
    for number, (move, line) in enumerate(zip(recorded.moves, recorded.move_lines, strict=True), 1):
        reason = game.refusal(move)
        if reason is not None:
            yield f"{where}:{line}: move {number} ({move}) is refused by the engine: {reason.value}"
            break
        game.play(move)
    else:
        if not game.is_won():
            last = recorded.move_lines[-1] if recorded.move_lines else 1
            yield f"{where}:{last}: the recorded game does not win"
    cases = [
        (recorded.deal, recorded.verdicts, recorded.path, recorded.verdicts_line, recorded.code)
    ]
    cases += [(e.deal, e.verdicts, e.path, e.verdicts_line, e.code) for e in examples.values()]
    for deal, verdicts, path, line, code in cases:
        for rules in Rules:
            found = solve(deal, rules).winnable
            if found != verdicts[rules.value]:
                said = "winnable" if verdicts[rules.value] else "unwinnable"
                yield f"{_rel(path)}:{line}: {code} is recorded {said} on {rules.value}, the solver says otherwise"
    yield from check_data_ties(recorded, examples)


def check_data_ties(recorded: RecordedGame, examples: dict[str, ExampleDeal]) -> Problems:
    """Every deal kept in the data is the deal its code deals."""
    deals = [(recorded.path, recorded.code, recorded.deal)]
    deals += [(e.path, e.code, e.deal) for e in examples.values()]
    for path, code, deal in deals:
        try:
            dealt = deal_for_number(DealCode.parse(code).number)
        except GolfError as error:
            yield f"{_rel(path)}:1: {error}"
            continue
        if dealt != deal:
            differ = next(
                i for i, (a, b) in enumerate(zip(dealt.deck, deal.deck, strict=True)) if a != b
            )
            yield (
                f"{_rel(path)}:{_line_of(path, code)}: {code} deals other cards than the file "
                f"records (deck position {differ + 1}: the code deals {dealt.deck[differ]}, "
                f"the file says {deal.deck[differ]})"
            )


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next((n for n, line in enumerate(lines, 1) if text in line), 1)


@dataclass(frozen=True)
class Sentence:
    """A template sentence (its English msgid) and the claims its CLAIM comment names."""

    template: Path
    line: int
    msgid: str
    claims: tuple[str, ...]
    no_claim: str = ""
    """The reason a ``{# NO-CLAIM: ... #}`` comment gives why no claim backs it."""
    forms: tuple[str, ...] = ()
    """Every English form of the message (singular and plural); a context first, after ``\x04``."""


def template_sentences() -> list[Sentence]:
    """Every translatable sentence of the templates, with its claims (kept in
    :mod:`generator.cache` for the same templates)."""
    from generator.site.render import TEMPLATES

    templates = sorted(TEMPLATES.glob("*.j2"))
    parts: list[str | Path] = [cache.versions("jinja2"), Path(__file__)]
    for template in templates:
        parts += [template.name, template]
    entry = cache.key(*parts)
    kept = cache.get("sentences", entry)
    if kept is not None:
        with contextlib.suppress(ValueError, TypeError):
            return [
                Sentence(
                    TEMPLATES / name,
                    int(line),
                    str(msgid),
                    tuple(map(str, claims)),
                    str(why),
                    tuple(map(str, forms)),
                )
                for name, line, msgid, claims, why, forms in json.loads(kept)
            ]
    found = _template_sentences(templates)
    rows = [
        [s.template.name, s.line, s.msgid, list(s.claims), s.no_claim, list(s.forms)] for s in found
    ]
    cache.put("sentences", entry, json.dumps(rows).encode())
    return found


def _template_sentences(templates: list[Path]) -> list[Sentence]:
    """Raises :class:`jinja2.TemplateSyntaxError` for a template that does not parse (Babel's
    extractor would skip it without a word, and its claims would seem to back nothing)."""
    from jinja2.ext import babel_extract

    from generator.site.render import environment

    env = environment()
    found = []
    for template in templates:
        env.parse(template.read_text(encoding="utf-8"), template.name, str(template))
        passes = []
        for tag in ("CLAIM:", NO_CLAIM):  # Babel drops the tag from the comments it returns
            with template.open("rb") as handle:
                passes.append(
                    list(
                        babel_extract(
                            handle,
                            ("gettext", "ngettext", "pgettext"),
                            [tag],
                            {"extensions": "jinja2.ext.i18n", "trimmed": "true"},
                        )
                    )
                )
        # a NO-CLAIM comment before a line holds for every message of the line (Babel gives
        # it to the first one only): a table's row of headings takes one reason
        by_line: dict[int, list[str]] = {}
        for line, *_rest, reasons in passes[1]:
            by_line.setdefault(line, []).extend(reasons)
        for (line, _function, message, comments), _other in zip(*passes, strict=True):
            reasons = by_line.get(line, [])
            texts = [m for m in (message if isinstance(message, tuple) else (message,)) if m]
            names = tuple(
                name for comment in comments for name in re.split(r"[\s,]+", comment) if name
            )
            why = " ".join(reason.strip() for reason in reasons)
            forms = tuple(
                str(m) for m in (message if isinstance(message, tuple) else (message,)) if m
            )
            if _function == "pgettext":
                forms = ("\x04" + forms[0], *forms[1:])  # the context (marked), then the message
            found.append(Sentence(template, line, str(texts[-1]), names, why or "", forms))
    return found


NO_CLAIM = "NO-CLAIM:"
"""A template comment ``{# NO-CLAIM: why #}``: the sentence after it needs no claim, and why."""
RULE_WORDS = (
    "may",
    "must",
    "only",
    "cannot",
    "can",
    "once",
    "never",
    "always",
    "every",
    "each",
    "no",
    "not",
    "nothing",
    "allow",
    "allows",
    "allowed",
    "refuse",
    "refuses",
    "forbid",
    "forbids",
    "easy",
    "classic",
    "strict",
    "wrap-around",
    "redeal",
    "penalty",
    "bonus",
    "score",
    "scores",
    "points",
    "point",
    "cancel",
    "cancels",
    "first",
    "last",
    "left",
    "right",
    "clockwise",
)
VERDICT_WORDS = ("win", "wins", "won", "winnable", "stuck", "lose", "lost", "yes", "agree", "par")
CARD_WORDS = (
    "king",
    "kings",
    "queen",
    "queens",
    "jack",
    "jacks",
    "ace",
    "aces",
    "joker",
    "jokers",
)


def holds_a_fact(msgid: str) -> str:
    """What in a sentence asks for a claim: a number, a card, a rule word or a verdict
    (the first found, as ``a number (35)``); empty if it holds none of them."""
    from generator.i18n.catalogs import PERCENT

    values = [m.group("name") for m in PERCENT.finditer(msgid) if m.group("name")]
    plain = PERCENT.sub(" ", msgid)
    digits = re.findall(r"\d+", plain)
    if digits:
        return f"a number ({digits[0]})"
    if any(symbol in plain for symbol in "♣♦♥♠"):
        return "a card"
    words = re.findall(r"[a-z][a-z'-]*", plain.lower())
    for kind, vocabulary in (
        ("a card", CARD_WORDS),
        ("a verdict", VERDICT_WORDS),
        ("a rule word", RULE_WORDS),
    ):
        found = next((w for w in words if w in vocabulary), None)
        if found:
            return f"{kind} ({found!r})"
    if values:
        return f"a value (%({values[0]})s)"
    return ""


def coverage_problems(sentences: list[Sentence]) -> Problems:
    """Every sentence holding a fact has a claim, or a reason why it needs none."""
    from generator.twopath import checks as two_path_checks

    known = two_path_checks()
    for sentence in sentences:
        at = f"{_rel(sentence.template)}:{sentence.line}"
        if sentence.claims and sentence.no_claim:
            yield f"{at}: the sentence has a CLAIM and a NO-CLAIM reason; keep one"
            continue
        if sentence.no_claim.startswith("two-path "):
            name = sentence.no_claim.removeprefix("two-path ").split(":")[0].split()[0]
            if name not in known:
                yield f"{at}: NO-CLAIM names no two-path check {name!r} ({', '.join(known)})"
            continue
        if sentence.claims or sentence.no_claim:
            continue
        what = holds_a_fact(sentence.msgid)
        if what:
            yield (
                f"{at}: the sentence {_clip(sentence.msgid, 70)!r} holds {what} and has no "
                "claim: name one ({# CLAIM: name #}) or say why it needs none ({# NO-CLAIM: why #})"
            )


def coverage(sentences: list[Sentence] | None = None) -> list[tuple[Sentence, str]]:
    """Each sentence holding a fact, with how it is backed: ``claim a, b`` or the reason."""
    listed = []
    for sentence in sentences if sentences is not None else template_sentences():
        if sentence.claims:
            listed.append((sentence, "claim " + ", ".join(sentence.claims)))
        elif sentence.no_claim:
            listed.append((sentence, "NO-CLAIM: " + sentence.no_claim))
        elif holds_a_fact(sentence.msgid):
            listed.append((sentence, "nothing"))
    return listed


def check_claims() -> Problems:
    """Every sentence that states a rule is played in its engine (:mod:`generator.pages.claims`)."""
    try:
        sentences = template_sentences()
    except jinja2.TemplateSyntaxError as error:
        at = f"{_rel(error.filename or TEMPLATES_DIR)}:{error.lineno}"
        yield f"{at}: the template cannot be read for its claims: {error.message}"
        return
    except Exception as error:  # a template that cannot be read: reported by catalogs/site
        yield f"{_rel(TEMPLATES_DIR)}:1: the templates cannot be read for their claims: {error}"
        return
    yield from coverage_problems(sentences)
    sets = claim_sets()
    claims = {name: item for claims in sets for name, item in claims.items()}
    where: dict[str, list[Sentence]] = {}
    for sentence in sentences:
        for name in sentence.claims:
            at = f"{_rel(sentence.template)}:{sentence.line}"
            if name not in claims:
                yield f"{at}: no claim named {name!r} in generator/pages/"
                continue
            where.setdefault(name, []).append(sentence)
    facts = _facts_of_sets(sets)
    for sentence in sentences:
        for name in sentence.claims:
            item = claims.get(name)
            if item is not None and sentence.msgid not in item.sentences:
                at = f"{_rel(sentence.template)}:{sentence.line}"
                held = {s.msgid for s in where.get(name, [])}
                yield f"{at}: " + _changed_sentence(sentence.msgid, item, held, facts.get(name))
    for name, item in claims.items():
        for says in item.says:
            if says.sentence not in item.sentences:
                yield (
                    f"{_rel(item.file)}:{item.line}: claim {name!r} says the engine's "
                    f"{says.words.what} in a sentence it does not back: {_clip(says.sentence, 70)!r}"
                )
        tied = {s.msgid for s in where.get(name, [])}
        for text in item.sentences:
            if text not in tied:
                yield (
                    f"{_rel(item.file)}:{item.line}: claim {name!r} backs a sentence no "
                    f"template holds with a CLAIM: {name} comment: {_clip(text, 70)!r}"
                )
    played = list(played_claims(sets))
    # a data file's own problem first, then the sentences it leaves unproved
    for claim_name, failure in played:
        if claim_name is None:
            yield _located(failure)
    for claim_name, failure in played:
        if claim_name is not None:
            yield from _claim_failure(where, claims, claim_name, failure)


def _facts_of_sets(sets: list[Claims]) -> dict[str, Callable[[], Facts | None]]:
    """Each claim's page facts, made when first asked for (``None`` if they cannot be made:
    played_claims reports why)."""
    made: dict[int, Facts | None] = {}

    def facts_of(page_claims: Claims) -> Callable[[], Facts | None]:
        def facts() -> Facts | None:
            if id(page_claims) not in made:
                try:
                    with time_limit(CLAIM_SECONDS, "the page facts"):
                        made[id(page_claims)] = page_claims.facts()
                except GolfError:
                    made[id(page_claims)] = None
            return made[id(page_claims)]

        return facts

    return {name: facts_of(page) for page in sets for name in page}


def _changed_sentence(
    msgid: str, item: Claim, held: set[str], facts: Callable[[], Facts | None] | None
) -> str:
    """Why a claimed sentence that is not one of its claim's sentences is reported: what the
    engine gives for each value the claim's replaced sentence stated in words (its sentences
    no template holds any longer), and whether the new wording states it."""
    says = [s for s in item.says if s.sentence not in held]
    known = facts() if facts is not None and says else None
    stated, wrong = [], []
    for each in says:
        if known is None:
            break
        try:
            with time_limit(CLAIM_SECONDS, f"claim {item.name!r}"):
                value = each.value(known)
        except Exception as error:  # reported when the claim is played
            wrong.append(f"its {each.words.what} cannot be measured ({type(error).__name__})")
            continue
        problem = each.misstated(msgid, value)
        rendered = each.rendered(value)
        if problem is None:
            stated.append(f"{each.words.what} {value!r} ({rendered!r})")
        else:
            wrong.append(problem)
    place = f"claim {item.name!r} ({_rel(item.file)}:{item.line})"
    if wrong:
        return (
            f"the sentence {_clip(msgid, 70)!r} must state what the engine gives and what "
            f"{place} renders from it: " + "; ".join(wrong)
        )
    engine = (
        "it states the engine's " + ", ".join(stated)
        if stated
        else "the claim measures none of its words"
    )
    return (
        f"the sentence {_clip(msgid, 70)!r} is not the one {place} was written for; {engine}. "
        "Make the claim play every rule the new wording states (and measure each value it "
        "states in words) before it backs it"
    )


_DATA_PLACE = re.compile(r"(?:.*/)?generator/data/[^:\s]+:\d+: ")
"""A message that names a line of a data file."""


def _function_name(function: Callable[..., object]) -> str:
    return f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"


def _function_place(function: Callable[..., object]) -> str:
    """``file:line`` of a function's definition, relative to the repository."""
    try:
        return (
            f"{_rel(inspect.getsourcefile(function) or '?')}:{inspect.getsourcelines(function)[1]}"
        )
    except (OSError, TypeError):
        return _function_name(function)


def played_claims(sets: list[Claims] | None = None) -> Iterator[tuple[str | None, str]]:
    """Every claim played: ``(claim name, what it found wrong)`` for each failure (the
    name None for a page whose facts cannot be made)."""
    for page_claims in sets if sets is not None else claim_sets():
        try:
            with time_limit(CLAIM_SECONDS, f"the page facts {_function_name(page_claims.facts)}"):
                facts = page_claims.facts()
        except TimeLimitExceeded as error:
            yield None, f"{_function_place(page_claims.facts)}: {error}"
            continue
        except ClaimError as error:
            if _DATA_PLACE.match(str(error)):  # a data file is wrong: say it, where it is
                yield None, str(error)
            else:
                yield error.claim, str(error)
            continue
        except GolfError as error:
            yield None, str(error)
            continue
        for name, item in page_claims.items():
            try:
                with time_limit(CLAIM_SECONDS, f"claim {name!r}"):
                    failures = [*item.play(facts), *item.misstated(facts)]
            except TimeLimitExceeded as error:
                failures = [str(error)]
            except GolfError as error:
                if _DATA_PLACE.match(str(error)):  # a data file is wrong: say it, where it is
                    yield None, str(error)
                    continue
                failures = [f"the claim could not be played: {type(error).__name__}: {error}"]
            except Exception as error:  # an engine change that breaks the situation itself
                failures = [f"the claim could not be played: {type(error).__name__}: {error}"]
            for failure in failures:
                yield name, failure


def _claim_failure(
    where: dict[str, list[Sentence]], claims: dict[str, Claim], name: str, failure: str
) -> Problems:
    sentences = where.get(name)
    item = claims.get(name)
    if not sentences:
        place = f"{_rel(item.file)}:{item.line}" if item else f"{_rel(TEMPLATES_DIR)}:1"
        yield f"{place}: {failure}"
        return
    order = item.sentences if item else ()
    first = min(sentences, key=lambda s: order.index(s.msgid) if s.msgid in order else len(order))
    if isinstance(failure, Misstated):  # about one sentence: name that one
        first = next((s for s in sentences if s.msgid == failure.sentence), first)
    yield (
        f"{_rel(first.template)}:{first.line}: the page says {_clip(first.msgid, 90)!r}, "
        f"and the engine disagrees: {failure}"
    )


# -- values: two paths --------------------------------------------------------


def check_values(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """Every value the pages show, read back and derived again (:mod:`generator.twopath`)."""
    from generator import twopath
    from generator.site.build import render_all

    try:
        pages = rendered if rendered is not None else render_all(languages)
    except GolfError:
        return  # reported by examples and pages
    yield from twopath.run(pages, languages).problems


# -- approve: no changed fact without a backing ----------------------------------

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
                        f"English page's line {number} keeps its own ({_clip(english, 70)!r}): "
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
                            f"({_clip(new.splitlines()[number - 1], 80)!r}): no value of the "
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
                    f"{where}:{number}: the new text changes {what} ({_clip(after, 80)!r}): {why}"
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


def relative_to_root(path: Path) -> str:
    return _rel(path)


# -- pages -------------------------------------------------------------------


def check_pages(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """``rendered``: every language's rendered pages, when the caller has them."""
    try:
        facts = page_facts()
    except GolfError:
        return  # reported by check_examples
    yield from stray_files(languages)
    for language in languages:
        if not language.shipped and not language.seed_pages:
            continue
        try:
            texts = approved_texts(language, facts, (rendered or {}).get(language.code))
        except GolfError as error:
            yield _located(str(error))
            continue
        if language.shipped:
            for page, text in texts.items():
                yield from approved_problems(language, page, text)
        yield from seed_problems(language, texts)
    yield from errata_problems(languages)
    yield from word_problems(languages)


def errata_problems(languages: list[Language]) -> Problems:
    """The seed errata (``docs_src/seed_errata.yaml``): each names a seed page of a language and
    a claim that ``check`` plays (the seed comparison applies them and says if one no longer
    fits its seed's line)."""
    from generator.pages.errata import ERRATA_FILE, ErrataError, read_errata

    try:
        errata = read_errata()
    except ErrataError as error:
        yield str(error)
        return
    seeds = {_rel(path) for language in languages for path in language.seed_pages.values()}
    claims = {name for claims in claim_sets() for name in claims}
    for erratum in errata:
        where = f"{_rel(ERRATA_FILE)}:{erratum.at}"
        if erratum.seed_file not in seeds:
            yield f"{where}: {erratum.seed_file!r} is no language's seed page (locales/languages.yaml)"
        if erratum.claim not in claims:
            yield f"{where}: no claim is named {erratum.claim!r}: an erratum states what a claim plays"


def catalog_glossary(language: Language) -> Problems:
    """The glossary (:func:`generator.i18n.wordrules.glossary_problems`) on a language's catalog."""
    try:
        data = word_data([language.code], source_language())[language.code]
        catalog = read_catalog(language.po_file, language.code)
    except GolfError as error:
        yield _located(str(error))
        return
    messages = []
    for message in catalog:
        if not message.id:
            continue
        ids, strs = message_strings(message)
        messages.append((message.context, ids, strs, string_line(message)))
    yield from glossary_problems(_rel(language.po_file), messages, data)


def word_problems(
    languages: list[Language], texts: dict[str, dict[str, str]] | None = None
) -> Problems:
    """The word rules (:mod:`generator.i18n.wordrules`) on every approved text of the shipped
    languages, each beside the English text of the same name, but for the seed-tied pages:
    they are held word for word to their seeds, which are the oracle (a seed page may say
    more than the English line: nl's "door Jokers en Heren"). ``texts``: {code: {file name:
    text}} to read instead of the approved files (``approve`` passes the texts it would
    write)."""
    shipped = [language.code for language in languages if language.shipped]
    seed_tied = {language.code: set(language.seed_pages) for language in languages}
    # Material's own words (its translations for the language), which no translator of ours
    # writes: "Missing" is Material's French "Non trouvé"
    try:
        labels = other_labels("site")
    except GolfError:
        labels = []  # a catalog that does not read: its own problem, said by part catalogs
    theme = {"site.txt": {n for n, label in enumerate(labels, 1) if label.startswith("theme ")}}
    yield from check_texts(
        approval.APPROVED, shipped, source_language(), seed_tied, texts, not_ours=theme
    )


def _clip(text: str, size: int = 120) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


# -- catalogs ----------------------------------------------------------------


def check_pot() -> Problems:
    from generator.i18n import catalog_cli

    current = read_catalog(POT_FILE)
    with tempfile.TemporaryDirectory() as tmp:
        fresh_path = Path(tmp) / "messages.pot"
        catalog_cli.extracted(fresh_path)
        fresh = read_catalog(fresh_path)
    current_ids = {(m.context, _key(m.id)) for m in current if m.id}
    fresh_ids = {(m.context, _key(m.id)) for m in fresh if m.id}
    added, removed = fresh_ids - current_ids, current_ids - fresh_ids
    if added or removed:
        sample = next(iter(sorted(added or removed, key=str)))[1]
        yield (
            f"{_rel(POT_FILE)}:1: out of date with the templates and code "
            f"({len(added)} new, {len(removed)} gone, e.g. {_clip(sample, 60)!r}); "
            f"{UPDATE}"
        )


def _key(message_id: object) -> str:
    return message_id[0] if isinstance(message_id, list | tuple) else str(message_id)


def check_catalog(language: Language, pot_ids: set[tuple[str | None, str]]) -> Problems:
    """A language's catalog: readable (strictly, Plural-Forms included), complete, placeholders right.

    Obsolete (``#~``) entries are the translator's to delete; they are not checked.
    """
    path = language.po_file
    where = _rel(path)
    try:
        catalog = read_catalog(path, language.code)
    except GolfError as error:
        yield _located(str(error))
        return
    ids = {(m.context, _key(m.id)) for m in catalog if m.id}
    # A language not shipped in full may lag behind: its gaps fall back to English.
    for _context, msgid in sorted(pot_ids - ids, key=str):
        if language.shipped:
            yield f"{where}:1: missing message {_clip(msgid, 60)!r}; {UPDATE}"
    for message in catalog:
        if not message.id:
            continue
        ids_, strs = message_strings(message)
        if message.fuzzy and language.shipped:
            yield f"{where}:{message.lineno}: fuzzy: {_clip(ids_[0], 60)!r}"
        elif not all(strs) and language.shipped:
            yield f"{where}:{message.lineno}: untranslated: {_clip(ids_[0], 60)!r}"
        if (message.context, ids_[0]) not in pot_ids:
            yield f"{where}:{message.lineno}: {_clip(ids_[0], 60)!r} is no longer in the .pot; {UPDATE}"
    yield from (_located(p) for p in placeholder_problems(path, catalog))
    yield from verdict_problems(where, catalog)


VERDICT_NO, VERDICT_YES = "no", ("yes, in %(count)s move", "yes, in %(count)s moves")
"""The examples table's verdict cells: "no", and "yes, in 51 moves"."""


def verdict_problems(where: str, catalog: Any) -> Problems:
    """A translation of the verdicts that would make a cell say the opposite: "no" must be one
    word of letters, and not the first word of "yes, in N moves" (a translator's "ja" for "no"
    would turn every unwinnable deal's verdict around, in a sentence every check reads back
    through the same catalog)."""
    no = catalog.get(VERDICT_NO)
    yes = catalog.get(VERDICT_YES[0])
    if no is None or not no.string or no.fuzzy:
        return
    line = string_line(no)
    word = str(no.string)
    if not re.fullmatch(r"[^\W\d_]+", word):
        yield (
            f"{where}:{line}: the translation of 'no' (a verdict of the examples table) must be "
            f"one word of letters, not {_clip(word, 40)!r}"
        )
        return
    if yes is None or yes.fuzzy:
        return
    for form, text in enumerate(message_strings(yes)[1]):
        first = re.match(r"[^\W\d_]+", text or "")
        if first and first.group(0).lower() == word.lower():
            yield (
                f"{where}:{line}: the translation of 'no' is {word!r}, the first word of the "
                f"translation of 'yes, in %(count)s moves' ({_clip(text, 40)!r}, line "
                f"{string_line(yes, form)}): the verdicts would say the same"
            )
            return


def check_catalogs(languages: list[Language]) -> Problems:
    """The ``.pot`` and every catalog; the source language has none (its text is the templates')."""
    try:
        yield from check_pot()
        pot = read_catalog(POT_FILE)
    except GolfError as error:
        yield _located(str(error))
        return
    pot_ids = {(m.context, _key(m.id)) for m in pot if m.id}
    for language in languages:
        if not is_source(language):
            yield from check_catalog(language, pot_ids)
            yield from catalog_layout(language)
            if language.shipped:  # a language being translated has no word data yet
                yield from catalog_glossary(language)
        elif language.po_file.exists():
            yield (
                f"{_rel(language.po_file)}:1: {language.code} is the source language: its text "
                "is the templates' own and this catalog is never read; change the templates "
                "and delete it"
            )


def catalog_layout(language: Language) -> Problems:
    """A catalog in another layout than the project's (GNU gettext's, :mod:`powriter`): Poedit,
    Weblate's translate-toolkit or polib wrap and order some entries otherwise, and a one-word
    fix then shows as hundreds of changed lines. One problem, at the first line that differs,
    naming the command that writes it back without changing a string."""
    from generator.i18n.powriter import po_text

    try:
        text = language.po_file.read_text(encoding="utf-8")
        ours = po_text(read_catalog(language.po_file, language.code))
    except (GolfError, OSError, UnicodeDecodeError):
        return  # check_catalog says what is wrong with it
    if ours == text:
        return
    theirs, mine = text.splitlines(), ours.splitlines()
    line = next(
        (n for n, (a, b) in enumerate(zip(theirs, mine, strict=False), 1) if a != b),
        min(len(theirs), len(mine)) + 1,
    )
    yield (
        f"{_rel(language.po_file)}:{line}: not in the project's layout (a tool such as Poedit "
        "or polib wrapped or ordered it otherwise): run 'python -m generator catalog update', "
        "which writes it back without changing a string"
    )


# -- safety ------------------------------------------------------------------

MARKUP = [
    (re.compile(r"<\s*/?\s*[a-zA-Z!?]"), "an HTML tag"),
    (re.compile(r"[<>]"), "an angle bracket"),
    (re.compile(r"javascript\s*:", re.IGNORECASE), "a javascript: link"),
    (re.compile(r"\bdata\s*:[^ ]*base64", re.IGNORECASE), "a data: URL"),
    (re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE), "an event handler"),
    (re.compile(r"\]\s*[(\[]|^\s*\[[^\]]*\]:", re.MULTILINE), "a Markdown link"),
    (re.compile(r"!\["), "a Markdown image"),
    (re.compile(r"&#?[a-zA-Z0-9]+;"), "an HTML entity"),
    (re.compile(r"<https?:", re.IGNORECASE), "an autolink"),
    (re.compile(r"\{[%{#]"), "template syntax"),
    (re.compile(r"\*\*|__|~~|(?<![\w*])\*(?=\S)|(?<!\w)_(?=\S)"), "Markdown emphasis"),
    (re.compile(r"`"), "Markdown code"),
    (re.compile(r"\|"), "a table cell separator"),
    (re.compile(r"\\"), "a backslash escape"),
    (re.compile(r"[\r\n]"), "a line break"),
    (
        re.compile(r"^\s*(?:#|>|[-+*]\s|\d+[.)]\s)"),
        "a heading, quote or list marker at the start",
    ),
    (re.compile(r"^(?: {4}|[ ]{0,3}\t)"), "leading blanks (Markdown reads them as a code block)"),
]
"""Markup a translation may hold only where its English text holds the same (as Weblate's
``md-text`` and ``safe-html`` checks): kind of markup -> how it is found."""


def markup_problems(source: str, translation: str) -> list[str]:
    """The kinds of markup ``translation`` has more of than ``source``."""
    return [
        what
        for pattern, what in MARKUP
        if len(pattern.findall(translation)) > len(pattern.findall(source))
    ]


def invisible(text: str) -> list[str]:
    r"""The invisible characters of ``text``: controls, format characters (bidi controls, zero-width
    spaces and joiners, the soft hyphen, the byte order mark: Unicode categories Cc and Cf) and the
    line and paragraph separators (U+2028, U+2029; U+0085 is a control), as ``U+XXXX NAME``.

    >>> invisible("Quel\u200blen \u202egolf\u202c\tok")
    ['U+200B ZERO WIDTH SPACE', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'U+202C POP DIRECTIONAL FORMATTING', 'U+0009 <control>']
    """
    return [
        f"U+{ord(c):04X} {unicodedata.name(c, '<control>')}"
        for c in text
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or c in BLANK_LOOKING
    ]


BLANK_LOOKING = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
    + "".join(map(chr, range(0x180B, 0x1810)))
    + "".join(map(chr, range(0xFE00, 0xFE10)))
)
"""Characters outside Cc and Cf that show nothing either: the combining grapheme joiner, the
Hangul fillers, the Khmer inherent vowels, the blank Braille pattern, the variation selectors."""


def invisible_problems(source: str, translation: str) -> list[str]:
    """The invisible characters ``translation`` has more of than ``source`` (a line break is
    :data:`MARKUP`'s), each once."""
    have = Counter(invisible(source))
    extra = Counter(c for c in invisible(translation) if not c.startswith(("U+000A", "U+000D")))
    return sorted(extra - have)


def check_safety(languages: list[Language]) -> Problems:
    for language in languages:
        try:
            catalog = read_catalog(language.po_file, language.code)
        except GolfError:
            continue  # reported by check_catalogs
        for message in catalog:
            if not message.id:
                continue
            ids, strs = message_strings(message)
            for form, text in enumerate(strs):
                where = f"{_rel(language.po_file)}:{string_line(message, form)}"
                for what in markup_problems(" ".join(ids), text):
                    yield (
                        f"{where}: the translation of {_clip(ids[0], 50)!r} adds {what} the "
                        f"English text does not have: {_clip(text, 80)!r}"
                    )
                hidden = invisible_problems(" ".join(ids), text)
                if hidden:
                    yield (
                        f"{where}: the translation of {_clip(ids[0], 50)!r} holds an invisible "
                        f"character the English text does not have ({', '.join(hidden)}): "
                        f"{_clip(text, 80)!r}; delete it: nobody sees it, browsers act on it"
                    )


# -- site --------------------------------------------------------------------


def check_site(
    languages: list[Language],
    rendered: Rendered | None = None,
    meanwhile: Checks | None = None,
) -> list[str]:
    """Build every language's site into a temporary folder, strictly (link validation included).

    ``meanwhile`` (the other parts of ``check``) runs while the languages build
    (:data:`generator.site.build.Checks`); its problems come first.
    """
    found: list[str] | None = None

    def others(submit: Submit | None) -> Finish:
        finish = meanwhile(submit) if meanwhile else None

        def done(pages: Rendered | None) -> list[str]:
            nonlocal found
            found = finish(pages) if finish else []
            return []  # the site is built into a temporary folder: nothing to refuse

        return done

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            build_site(Path(tmp) / "site", rendered=rendered, checks=others)
        except GolfError as error:
            problems.append(_located(str(error)))
    if found is None:  # the build stopped before the languages were built
        found = meanwhile(None)(rendered) if meanwhile else []
    return found + problems


SEED_VARIABLE = "GOLF_CENSUS_SEED"
"""Set it to replay the 6-Card Golf simulation's sample a failed check drew."""


def check_census() -> Problems:
    """The census: every shard's summary against its rows, then a sample of every shard
    re-solved (drawn from the shard's digest and a salt: $GOLF_CENSUS_SALT, else random); and
    the 6-Card Golf simulation's sample (seed from $GOLF_CENSUS_SEED, else random)."""
    from generator.census.verify import SALT_VARIABLE, sample_problems, summary_problems

    salt = os.environ.get(SALT_VARIABLE) or None
    if salt is not None and not re.fullmatch(r"[0-9a-f]{1,64}", salt):
        yield f"${SALT_VARIABLE}: {salt[:40]!r} is not a salt (1 to 64 hexadecimal digits)"
        return
    problems = list(summary_problems())
    yield from problems
    if not problems:
        from generator.census.verify import PURE_PYTHON_ROWS
        from generator.patience.solver import has_fast_search

        yield from sample_problems(salt=salt, rows=None if has_fast_search() else PURE_PYTHON_ROWS)
    seed = os.environ.get(SEED_VARIABLE, "")
    if seed and not seed.isdigit():
        yield f"${SEED_VARIABLE}: {seed[:40]!r} is not a whole number"
        return
    from generator.twopath.simulation import sample_problems as simulation_sample
    from generator.twopath.tournament import sample_problems as tournament_sample

    yield from simulation_sample(seed=int(seed) if seed else None)
    yield from tournament_sample(seed=int(seed) if seed else None)


PARTS: dict[str, Callable[[list[Language], Rendered | None], Problems]] = {
    "examples": lambda languages, rendered: check_examples(),
    "values": check_values,
    "pages": check_pages,
    "catalogs": lambda languages, rendered: check_catalogs(languages),
    "safety": lambda languages, rendered: check_safety(languages),
    "census": lambda languages, rendered: check_census(),
    "site": lambda languages, rendered: iter(check_site(languages, rendered)),
}


IN_WORKER = [("examples",), ("census",), ("catalogs", "safety")]
"""The parts that run in the build's worker processes, when there are some, longest first (as
they are started before the pages are rendered, none may need them). The parts of a group run
together, one after another."""


VERIFIED_BEFORE_BUILD = ["examples", "values", "pages", "catalogs", "safety"]
"""What ``build`` verifies before it writes anything: ``check`` less the census sample and the
site build itself."""


def build_verified(site: Path, **options: object) -> list[BuiltLanguage]:
    """:func:`generator.site.build.build_site`, refused if :data:`VERIFIED_BEFORE_BUILD`
    finds a problem (the checks run while the languages build)."""

    def checks(submit: Submit | None) -> Finish:
        finish = start_checks(VERIFIED_BEFORE_BUILD, submit)
        return lambda rendered: said_once(finish(rendered))

    return build_site(site, checks=checks, **options)  # type: ignore[arg-type]


def run_parts(names: tuple[str, ...]) -> list[str]:
    """The named parts' problems, in this process (what a worker process runs)."""
    return run_checks(list(names))


def start_checks(parts: list[str], submit: Submit | None = None) -> Finish:
    """Start the named parts (not ``site``): those of :data:`IN_WORKER` now, through ``submit``
    (if given); the returned function runs the others, given the rendered pages (or None: each
    part then renders what it needs), and returns every problem, in the parts' order."""
    try:
        languages = site_languages()
    except GolfError as error:
        problem = _located(str(error))
        return lambda rendered: [problem]
    started: list[tuple[tuple[str, ...], Future[list[str]]]] = []
    for group in IN_WORKER:
        chosen = tuple(name for name in group if name in parts)
        if submit and chosen:
            started.append((chosen, submit(run_parts, chosen)))

    def finish(rendered: Rendered | None) -> list[str]:
        elsewhere = {name for group, _future in started for name in group}
        found = {
            name: list(PARTS[name](languages, rendered)) for name in parts if name not in elsewhere
        }
        for group, future in started:
            found.update((name, []) for name in group)
            found[group[0]] = future.result()  # the group's problems, in its parts' order
        return [problem for name in parts for problem in found[name]]

    return finish


def run_checks(
    parts: list[str] | None = None,
    *,
    rendered: Rendered | None = None,
    submit: Submit | None = None,
) -> list[str]:
    """Every problem found by the named parts (all by default), in the parts' order.

    With ``site`` last, the languages build while the other parts run (those
    of :data:`IN_WORKER` in the build's worker processes), and the pages are
    rendered once for ``pages`` and ``site``. ``submit`` runs the parts of
    :data:`IN_WORKER` in a worker process meanwhile.
    """
    return said_once(_problems(parts, rendered, submit))


_SAID_BY = re.compile(
    r"^(?:the template cannot be read for its claims: |TemplateSyntaxError: |"
    r"TemplateAssertionError: |error: )"
)
"""What the parts put before a problem another part reports too (a template's syntax error is
found by the claims, by the catalog extraction and by the rendering)."""


def said_once(problems: list[str]) -> list[str]:
    """``problems`` with each said once: the same ``file:line`` and words, whichever part
    found it (the first one's words are kept).

    >>> said_once(["a.j2:4: the template cannot be read for its claims: bad `x`",
    ...            "a.j2:4: TemplateSyntaxError: bad `x`", "a.j2:4: bad `x`", "b:1: other"])
    ['a.j2:4: the template cannot be read for its claims: bad `x`', 'b:1: other']
    """
    seen: set[tuple[str, str]] = set()
    kept = []
    for problem in problems:
        match = re.match(r"([^:\s]+:\d+): ", problem)
        where, words = (match.group(1), problem[match.end() :]) if match else ("", problem)
        key = (where, _SAID_BY.sub("", words))
        if key not in seen:
            seen.add(key)
            kept.append(problem)
    return kept


def _problems(
    parts: list[str] | None, rendered: Rendered | None, submit: Submit | None
) -> list[str]:
    try:
        languages = site_languages()
    except GolfError as error:
        return [_located(str(error))]
    parts = parts or list(PARTS)
    if "site" not in parts:
        return start_checks(parts, submit)(rendered)
    if parts[-1] != "site":  # keep the order asked for: no building alongside
        problems: list[str] = []
        for name in parts:
            problems.extend(PARTS[name](languages, rendered))
        return problems
    others = parts[:-1]
    return check_site(languages, rendered, lambda submit: start_checks(others, submit))

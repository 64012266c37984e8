"""Part ``examples``, its first half: every template sentence that states a fact names the
claims that back it (or why none is needed), and every claim is played in its engine."""

from __future__ import annotations

import contextlib
import inspect
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import jinja2

from generator import cache
from generator.check.clauses import clause_problems
from generator.check.common import (
    TEMPLATES_DIR,
    Problems,
    clip,
    located,
    rel,
)
from generator.pages.claims import Claim, ClaimError, Claims, Facts, Misstated, Words
from generator.patience import GolfError
from generator.timelimit import CLAIM_SECONDS, TimeLimitExceeded, time_limit


def claim_sets() -> list[Claims]:
    """Every page's claims (the claims live beside their pages' facts, below this room)."""
    from generator.pages.examples_claims import CLAIMS as EXAMPLES
    from generator.pages.patience_claims import CLAIMS as PATIENCE
    from generator.pages.sixcard_claims import CLAIMS as SIX_CARD
    from generator.pages.statistics_claims import CLAIMS as STATISTICS

    return [PATIENCE, EXAMPLES, STATISTICS, SIX_CARD]


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
        at = f"{rel(sentence.template)}:{sentence.line}"
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
                f"{at}: the sentence {clip(sentence.msgid, 70)!r} holds {what} and has no "
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
        at = f"{rel(error.filename or TEMPLATES_DIR)}:{error.lineno}"
        yield f"{at}: the template cannot be read for its claims: {error.message}"
        return
    except Exception as error:  # a template that cannot be read: reported by catalogs/site
        yield f"{rel(TEMPLATES_DIR)}:1: the templates cannot be read for their claims: {error}"
        return
    yield from coverage_problems(sentences)
    sets = claim_sets()
    claims = {name: item for claims in sets for name, item in claims.items()}
    where: dict[str, list[Sentence]] = {}
    for sentence in sentences:
        for name in sentence.claims:
            at = f"{rel(sentence.template)}:{sentence.line}"
            if name not in claims:
                yield f"{at}: no claim named {name!r} in generator/pages/"
                continue
            where.setdefault(name, []).append(sentence)
    facts = _facts_of_sets(sets)
    for sentence in sentences:
        for name in sentence.claims:
            item = claims.get(name)
            if item is not None and sentence.msgid not in item.sentences:
                at = f"{rel(sentence.template)}:{sentence.line}"
                held = {s.msgid for s in where.get(name, [])}
                yield f"{at}: " + _changed_sentence(sentence.msgid, item, held, facts.get(name))
    for name, item in claims.items():
        for says in item.says:
            if says.sentence not in item.sentences:
                yield (
                    f"{rel(item.file)}:{item.line}: claim {name!r} says the engine's "
                    f"{says.words.what} in a sentence it does not back: {clip(says.sentence, 70)!r}"
                )
        tied = {s.msgid for s in where.get(name, [])}
        for text in item.sentences:
            if text not in tied:
                yield (
                    f"{rel(item.file)}:{item.line}: claim {name!r} backs a sentence no "
                    f"template holds with a CLAIM: {name} comment: {clip(text, 70)!r}"
                )
    yield from wording_problems(claims)
    yield from clause_problems(claimed_texts(sentences, claims))
    played = list(played_claims(sets))
    # a data file's own problem first, then the sentences it leaves unproved
    for claim_name, failure in played:
        if claim_name is None:
            yield located(failure)
    for claim_name, failure in played:
        if claim_name is not None:
            yield from _claim_failure(where, claims, claim_name, failure)


def claimed_texts(
    sentences: list[Sentence], claims: dict[str, Claim]
) -> list[tuple[Path, int, str, list[Claim], bool, str]]:
    """Each English text of each claimed sentence (its singular and plural forms), with where
    it stands, its claims and its msgid (the claims' frames of the msgid hold in each of its
    forms): what :func:`generator.check.clauses.clause_problems` reads. A
    sentence none of its claims was written for is reported as changed, not here: its claims'
    old wording stands in for it, not to be reported (the last bool), only to keep the clauses
    listed for it."""
    found = []
    held = {s.msgid for s in sentences}
    for sentence in sentences:
        backing = [claims[name] for name in sentence.claims if name in claims]
        if not any(sentence.msgid in claim.sentences for claim in backing):
            # a sentence its claims were not written for, reported as changed: its clauses
            # are read once it is theirs; their old wording keeps its listed clauses
            old = [t for claim in backing for t in claim.sentences if t not in held]
            found += [(sentence.template, sentence.line, t, backing, False, t) for t in old]
            continue
        for text in dict.fromkeys((sentence.msgid, *sentence.forms)):
            if not text.startswith("\x04"):
                found.append(
                    (sentence.template, sentence.line, text, backing, True, sentence.msgid)
                )
    return found


def wording_problems(claims: dict[str, Claim]) -> Problems:
    """Each claim's tables read back apart from the claim (:mod:`generator.twopath.wording`):
    the words a table gives an engine value must state that value, read by the second path's
    own vocabulary, so that editing a table ("twice" for the engine's one pass) is refused at
    the table's line, naming the claims that render from it."""
    from generator.twopath.wording import misread

    tables: dict[int, tuple[Words, list[Claim]]] = {}
    for item in claims.values():
        for says in item.says:
            users = tables.setdefault(id(says.words), (says.words, []))[1]
            if item not in users:
                users.append(item)
    for words, users in tables.values():
        for value, said in words.table.items():
            wrong = misread(words.reads, said, value)
            if wrong is not None:
                names = ", ".join(repr(user.name) for user in users)
                yield (
                    f"{_table_place(said, users)}: the {words.what} table gives the engine's "
                    f"{value!r} the words {said!r}: {wrong}; claim {names} renders them on the "
                    "page. Words state the value they stand for: change the table with the engine"
                )


def _table_place(said: str, users: list[Claim]) -> str:
    """``file:line`` of the words in the first claim file that writes them (a table is written
    beside its claims), else the first claim's own line."""
    for user in users:
        try:
            lines = user.file.read_text(encoding="utf-8").splitlines()
        except OSError:
            continue
        for number, line in enumerate(lines, 1):
            if f'"{said}"' in line or f"'{said}'" in line:
                return f"{rel(user.file)}:{number}"
    return f"{rel(users[0].file)}:{users[0].line}"


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
    place = f"claim {item.name!r} ({rel(item.file)}:{item.line})"
    if wrong:
        return (
            f"the sentence {clip(msgid, 70)!r} must state what the engine gives and what "
            f"{place} renders from it: " + "; ".join(wrong)
        )
    engine = (
        "it states the engine's " + ", ".join(stated)
        if stated
        else "the claim measures none of its words"
    )
    return (
        f"the sentence {clip(msgid, 70)!r} is not the one {place} was written for; {engine}. "
        "Make the claim play every rule the new wording states (and measure each value it "
        "states in words) before it backs it"
    )


_DATA_PLACE = re.compile(r"(?:.*/)?(?:generator/data|docs_src)/[^:\s]+\.(?:yaml|json|txt):\d+: ")
"""A message that names a line of a data file (the engine's, or the errata's)."""


def _function_name(function: Callable[..., object]) -> str:
    return f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"


def _function_place(function: Callable[..., object]) -> str:
    """``file:line`` of a function's definition, relative to the repository."""
    try:
        return (
            f"{rel(inspect.getsourcefile(function) or '?')}:{inspect.getsourcelines(function)[1]}"
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
        place = f"{rel(item.file)}:{item.line}" if item else f"{rel(TEMPLATES_DIR)}:1"
        yield f"{place}: {failure}"
        return
    order = item.sentences if item else ()
    first = min(sentences, key=lambda s: order.index(s.msgid) if s.msgid in order else len(order))
    if isinstance(failure, Misstated):  # about one sentence: name that one
        first = next((s for s in sentences if s.msgid == failure.sentence), first)
    yield (
        f"{rel(first.template)}:{first.line}: the page says {clip(first.msgid, 90)!r}, "
        f"and the engine disagrees: {failure}"
    )

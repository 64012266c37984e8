"""Facts in words: a translated line states the facts its English line states.

The numbers, cards and verdicts a page shows are held to the engine by the claims and the
second path, and ``approve``'s guard refuses a translation that changes them. Words carry
facts too: "not", "must", "left", "only", "twice", "a Jack". Each language has a reviewed
data file, ``docs_src/words/<code>.yaml`` (the project's, beside the approved texts it holds,
outside the translators' ``locales/``: a change to what the rule reads is a change a reviewer
sees; a project that adds a language adds its file), with

- ``classes``: classes of fact words (negation, modality, direction and order, quantity,
  numbers in words, cards in words), each divided into senses (modality: ``must``, ``may``)
  that every language names alike. A translated line must hold as many words of each sense
  as its English line: "MUSS" turned "DARF", "links" turned "rechts", a "NICHT" dropped or
  a "Bube" become a "König" changes a sense's count;
- ``plurals``: nouns with their singular and plural forms; a number written beside a noun
  must stand with the form its number takes ("in 51 Zug" is refused);
- ``glossary`` (translations only): the interface's terms, each with its one translation
  (:mod:`generator.i18n.glossary`).

A seed-tied page (the Dutch and German rules pages, the Dutch 6-Card Golf page) is held to
its English lines too, beside the English page rendered as the seed-tied page is (what the
seed lacks left out on both): the seed's words are one more translation, so a rule's value
changed in the English shows there, and where the seed words a fact otherwise on purpose a
reviewed exception says why.

The sentences of a line are counted too (a sentence dropped or pasted). A quotation that
stands alike in both lines, :data:`SHARED` characters or more (the sources page quotes the Dutch
seed's words on every page), states the same facts in both: a line passes if its words agree
with that text counted on both sides or left out of both (English's word lists do not read a
Dutch "Twee", German's would count its "alle"; a German line that quotes PySolFC's English
tip and translates it needs the quote counted). A line the rule
misreads is written into ``docs_src/words/exceptions.yaml`` with the English, the
translation and the reason (found by the two lines' texts, wherever they stand), and
``check --review`` shows every such entry added or changed.

Matching: a line's words are its runs of letters (an apostrophe inside a word keeps it
whole: "can't"), compared in lower case (``casefold``). A word list entry matches

- ``word``: that whole word;
- ``word*``: a word that begins so (inflection: ``kein*`` for kein, keine, keinen, keiner);
- ``*word``: a word that ends so (a compound's last part: ``*könig`` for Pikkönig);
- ``*word*``: a word that holds it anywhere;
- ``word word``, ``word-word``: a phrase, its words in a row (``gegen den uhrzeigersinn``,
  ``au-dessus``), read before the single words and counted once for its sense, its words not
  counted again (each part may be a pattern).

Two more keys of a language's file, for what a language writes otherwise than English:
``elisions``, the words it elides before an apostrophe (French ``l``, ``d``, ``qu``, ``n``):
``qu'aucune`` is read as two words, ``qu`` and ``aucune``; and ``idioms``, phrases that state
no fact though a word of theirs is a class word (French "tour après tour", turn by turn, holds
"après", after): their words are not counted. Both are data, reviewed like the rest.

A class word inside a compound is not counted unless an entry says so: a compound's parts
are not split (German "Zurücklegeverbot" holds no negation word; its English "anti-stall
rule" none either), so the lists name the compounds that carry a fact (``*könig``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import yaml
from babel.core import Locale, UnknownLocaleError

from generator.bounded import InputError, compose_yaml, read_text, yaml_error
from generator.i18n.catalogs import ROOT
from generator.patience import GolfError

WORDS_DIR = ROOT / "docs_src" / "words"
EXCEPTIONS_FILE = WORDS_DIR / "exceptions.yaml"
APPROVED_TEXTS = ROOT / "docs_src" / "approved"
"""Where the approved texts live: an exception names its file as a path below it."""
CLASSES = (
    "negation",
    "modality",
    "direction",
    "quantity",
    "outcome",
    "comparison",
    "sameness",
    "action",
    "numbers",
    "cards",
)
"""The classes every language's file has, in this order."""
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
SENTENCE_END = re.compile(
    r"(?:(?<=[^\s.])[.!?؟।]|(?<=[^\s.]\s)[!?])(?:[\"'’”“»«)]*)"
    r"(?=\s+[\"'‘“„«(]*(?P<next>[^\W_]))"
)
"""A full stop, question or exclamation mark (Arabic's ؟ and the Devanagari full stop too)
that may end a sentence followed by another in the same line, right after a word, or a ? or !
after the space French typography puts before them (a no-break space, which a page's text
reads as a space); :func:`sentences`
keeps those after which a capital, a digit or a letter of a script without case begins."""


def _begins_sentence(letter: str) -> bool:
    """Whether a sentence may begin with ``letter``: a capital in any script (À, Ł, Ж), a digit,
    or a letter of a script without case (Arabic, Hebrew, CJK)."""
    return (
        letter.isdigit()
        or letter.isupper()
        or (letter.isalpha() and letter == letter.lower() == letter.upper())
    )


ABBREVIATIONS = re.compile(r"\b(?:e\.g|i\.e|z\.\s?B|d\.\s?h|bzw|vs|ca|Nr|o\.a|m\.a\.w|bijv|etc)\.")
COMMAND_OPTION = re.compile(r"(?<!\S)--[\w-]+(?:[= ][^\s-]\S*)?")
"""A command's option as a page quotes it (``--variant jokers=1``): the command's, no words."""
CARD = re.compile(r"(?:10|[2-9A-Z])[♣♦♥♠]")
"""A card written with its suit's symbol (``A♠``, ``R♥``): held by the numbers rule, no word."""
_SCALARS = yaml.constructor.SafeConstructor()
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class WordRulesError(GolfError):
    """A word-class file or the exceptions file is malformed; one line ``file:line: what``."""


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


# -- the data --------------------------------------------------------------------


PHRASE_SPLIT = re.compile(r"[ \-‐]+")
"""Between the words of a phrase entry (``gegen den uhrzeigersinn``, ``au-dessus``)."""


@dataclass(frozen=True)
class Pattern:
    """One word list entry (``kein*``, ``*könig``; ``?een``: a word that may stand for the
    sense or not, the article "een" for "one")."""

    text: str

    @property
    def loose(self) -> bool:
        return self.text.startswith("?")

    @property
    def parts(self) -> tuple[Pattern, ...]:
        """A phrase's words, each a pattern (one for a word)."""
        return tuple(Pattern(part) for part in PHRASE_SPLIT.split(self.text.removeprefix("?")))

    def matches(self, word: str) -> bool:
        text = self.text.removeprefix("?")
        body = text.strip("*")
        if text.startswith("*") and text.endswith("*") and len(text) > 1:
            return body in word
        if text.endswith("*"):
            return word.startswith(body)
        if text.startswith("*"):
            return word.endswith(body)
        return word == body


@dataclass(frozen=True)
class Noun:
    """A noun's forms: the singular's and the plural's (either may have several)."""

    singular: tuple[str, ...]
    plural: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class WordData:
    """One language's word classes, plural nouns and glossary."""

    code: str
    path: Path
    classes: dict[str, dict[str, tuple[Pattern, ...]]]
    """{class: {sense: patterns}}."""
    nouns: tuple[Noun, ...] = ()
    glossary: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """{English term: (its translation, other forms of it)}."""
    glossary_lines: dict[str, int] = field(default_factory=dict)
    elisions: frozenset[str] = frozenset()
    """The words the language elides before an apostrophe (French ``l``, ``d``, ``qu``): a word
    ``qu'aucune`` is read as ``qu`` and ``aucune``."""
    idioms: tuple[Pattern, ...] = ()
    """Phrases that state no fact although a word of theirs is a class word (French "tour après
    tour", turn by turn): their words are not counted."""
    _seen: dict[str, list[tuple[str, str, bool]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _index: dict[str, list[tuple[str, str, Pattern]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _phrases: dict[str, list[tuple[Pattern, tuple[tuple[str, str] | None, ...]]]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def words(self, line: str) -> list[str]:
        """The words of ``line`` as the rules read them: runs of letters (an apostrophe inside
        a word keeps it whole, "can't"), an elided word split from the word it leans on
        ("qu'aucune": "qu", "aucune"), no card and no command option."""
        found: list[str] = []
        for word in WORD.findall(CARD.sub(" ", COMMAND_OPTION.sub(" ", line))):
            while self.elisions:
                cut = re.search(r"['’]", word)
                if cut is None or word[: cut.start()].casefold() not in self.elisions:
                    break
                found.append(word[: cut.start()])
                word = word[cut.end() :]
            found.append(word)
        return found

    @property
    def phrases(self) -> list[tuple[Pattern, tuple[tuple[str, str] | None, ...]]]:
        """Every phrase entry (several words) with the senses it stands for (None: an idiom),
        longest first."""
        cached = self._phrases.get("all")
        if cached is None:
            found: dict[str, tuple[Pattern, list[tuple[str, str] | None]]] = {}
            for kind, senses in self.classes.items():
                for sense, patterns in senses.items():
                    for pattern in patterns:
                        if len(pattern.parts) > 1:
                            found.setdefault(pattern.text, (pattern, []))[1].append((kind, sense))
            for idiom in self.idioms:
                found.setdefault(idiom.text, (idiom, []))[1].append(None)
            ordered = sorted(found.values(), key=lambda item: -len(item[0].parts))
            cached = [(pattern, tuple(senses)) for pattern, senses in ordered]
            self._phrases["all"] = cached
        return cached

    def senses(self, line: str) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
        """The class words of ``line``: {(class, sense): ([the words], [the loose words])}. A
        phrase of the data (several words: "gegen den Uhrzeigersinn") is read first, as one
        word of its senses; an idiom's words count for nothing."""
        found: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
        words = self.words(line)
        folded = [word.casefold() for word in words]
        phrases = self.phrases
        at = 0
        while at < len(words):
            for pattern, senses in phrases:
                parts = pattern.parts
                if len(parts) <= len(words) - at and all(
                    part.matches(folded[at + i]) for i, part in enumerate(parts)
                ):
                    said = " ".join(words[at : at + len(parts)])
                    for kind_sense in senses:
                        if kind_sense is not None:
                            strict, loose = found.setdefault(kind_sense, ([], []))
                            (loose if pattern.loose else strict).append(said)
                    at += len(parts)
                    break
            else:
                for kind, sense, is_loose in self._senses_of(folded[at]):
                    strict, loose = found.setdefault((kind, sense), ([], []))
                    (loose if is_loose else strict).append(words[at])
                at += 1
        return found

    def _senses_of(self, folded: str) -> list[tuple[str, str, bool]]:
        """The senses a word (lower case) stands for: (class, sense, loose only), remembered."""
        known = self._seen.get(folded)
        if known is None:
            if not self._index:  # the whole words first, then the few patterns with a *
                for kind, senses in self.classes.items():
                    for sense, patterns in senses.items():
                        for pattern in patterns:
                            if len(pattern.parts) > 1:
                                continue  # a phrase: read by senses()
                            key = pattern.text.removeprefix("?")
                            self._index.setdefault("*" if "*" in key else key, []).append(
                                (kind, sense, pattern)
                            )
            candidates = self._index.get(folded, []) + self._index.get("*", [])
            matched: dict[tuple[str, str], bool] = {}
            for kind, sense, pattern in candidates:
                if pattern.matches(folded):
                    loose = matched.get((kind, sense), True)
                    matched[kind, sense] = loose and pattern.loose
            known = [(kind, sense, loose) for (kind, sense), loose in matched.items()]
            self._seen[folded] = known
        return known


def _fail(path: Path, node: yaml.Node | None, message: str) -> WordRulesError:
    line = node.start_mark.line + 1 if node is not None else 1
    return WordRulesError(f"{_rel(path)}:{line}: {message}")


def _mapping(path: Path, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        raise _fail(path, node, f"{what} must be a mapping")
    result: dict[str, tuple[yaml.Node, yaml.Node]] = {}
    for key, value in node.value:
        name = _SCALARS.construct_object(key) if isinstance(key, yaml.ScalarNode) else None
        if not isinstance(name, str) or not name:
            raise _fail(path, key, f"a key of {what} must be a word")
        if name in result:
            raise _fail(path, key, f"{name!r} appears twice in {what}")
        result[name] = (key, value)
    return result


def _words(path: Path, node: yaml.Node, what: str, phrases: bool = False) -> tuple[str, ...]:
    """A list of lower-case words (or patterns), or one such word; ``phrases``: an entry may be
    several words, joined by spaces or hyphens (each a word or pattern)."""
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    words = []
    for item in items:
        value = _SCALARS.construct_object(item) if isinstance(item, yaml.ScalarNode) else None
        if not isinstance(value, str) or not value.strip("?*") or value != value.strip():
            raise _fail(path, item, f"{what}: each entry must be a word, not {value!r}")
        parts = (
            PHRASE_SPLIT.split(value.removeprefix("?")) if phrases else [value.removeprefix("?")]
        )
        if not all(WORD.fullmatch(part.strip("*")) for part in parts):
            kind = "a word or words joined by spaces or hyphens" if phrases else "one word"
            raise _fail(path, item, f"{what}: {value!r} is not {kind} (letters only)")
        words.append(value)
    if not words:
        raise _fail(path, node, f"{what}: no words")
    return tuple(words)


def _compose(path: Path, text: str | None = None) -> yaml.Node:
    try:
        root = compose_yaml(path, _LOADER, text=text)
    except FileNotFoundError:
        raise WordRulesError(f"{_rel(path)}:1: missing") from None
    except yaml.YAMLError as error:
        line, what = yaml_error(error)
        raise WordRulesError(f"{_rel(path)}:{line}: {what}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise WordRulesError(f"{_rel(path)}:1: cannot read: {error}") from None
    if root is None:
        raise WordRulesError(f"{_rel(path)}:1: empty")
    node: yaml.Node = root
    return node


def read_word_data(
    code: str, path: Path | None = None, english: WordData | None = None
) -> WordData:
    """``docs_src/words/<code>.yaml``, read strictly: every class of :data:`CLASSES`,
    and in a translation's file the senses the English file names, no more, no fewer."""
    path = path or WORDS_DIR / f"{code}.yaml"
    if not path.is_file():
        raise WordRulesError(
            f"{_rel(path)}:1: missing: a shipped language needs its word classes, plural nouns "
            f"and glossary (the senses of {_rel(WORDS_DIR / 'en.yaml')})"
        )
    top = _mapping(path, _compose(path), "the file")
    allowed = ("classes", "plurals", "glossary", "elisions", "idioms")
    for name, (key, _value) in top.items():
        if name not in allowed:
            raise _fail(path, key, f"unknown key {name!r} (keys: {', '.join(allowed)})")
    if "classes" not in top:
        raise _fail(path, None, "no 'classes'")
    classes: dict[str, dict[str, tuple[Pattern, ...]]] = {}
    given = _mapping(path, top["classes"][1], "classes")
    for name, (key, _value) in given.items():
        if name not in CLASSES:
            raise _fail(path, key, f"unknown class {name!r} (classes: {', '.join(CLASSES)})")
    for kind in CLASSES:
        if kind not in given:
            raise _fail(path, top["classes"][0], f"class {kind!r} missing")
        senses = _mapping(path, given[kind][1], f"class {kind}")
        if english is not None:
            wanted = english.classes[kind]
            for sense, (key, _value) in senses.items():
                if sense not in wanted:
                    raise _fail(
                        path, key, f"class {kind}: sense {sense!r} is not in {_rel(english.path)}"
                    )
            for sense in wanted:
                if sense not in senses:
                    raise _fail(path, given[kind][0], f"class {kind}: sense {sense!r} missing")
        classes[kind] = {
            sense: tuple(
                Pattern(w.casefold()) for w in _words(path, value, f"{kind}.{sense}", phrases=True)
            )
            for sense, (_key, value) in senses.items()
        }
    nouns: list[Noun] = []
    if "plurals" in top:
        node = top["plurals"][1]
        if not isinstance(node, yaml.SequenceNode):
            raise _fail(path, node, "plurals must be a list of {singular: ..., plural: ...}")
        for item in node.value:
            forms = _mapping(path, item, "a plural entry")
            if set(forms) != {"singular", "plural"}:
                raise _fail(path, item, "a plural entry has exactly 'singular' and 'plural'")
            nouns.append(
                Noun(
                    tuple(w.casefold() for w in _words(path, forms["singular"][1], "singular")),
                    tuple(w.casefold() for w in _words(path, forms["plural"][1], "plural")),
                    item.start_mark.line + 1,
                )
            )
    glossary: dict[str, tuple[str, ...]] = {}
    glossary_lines: dict[str, int] = {}
    if "glossary" in top:
        if english is None:
            raise _fail(path, top["glossary"][0], "the source language has no glossary")
        for term, (key, value) in _mapping(path, top["glossary"][1], "glossary").items():
            listed = value.value if isinstance(value, yaml.SequenceNode) else [value]
            texts: list[str] = []
            for item in listed:
                text = (
                    _SCALARS.construct_object(item) if isinstance(item, yaml.ScalarNode) else None
                )
                if not isinstance(text, str) or not text.strip() or text != text.strip():
                    raise _fail(path, item, f"glossary {term!r}: each form must be a text")
                texts.append(text)
            if not texts:
                raise _fail(path, value, f"glossary {term!r}: no translation")
            glossary[term] = tuple(texts)
            glossary_lines[term] = key.start_mark.line + 1
    elisions = (
        frozenset(w.casefold() for w in _words(path, top["elisions"][1], "elisions"))
        if "elisions" in top
        else frozenset()
    )
    if any("*" in w or "?" in w for w in elisions):
        raise _fail(path, top["elisions"][1], "elisions: words only, no * or ?")
    idioms = (
        tuple(Pattern(w.casefold()) for w in _words(path, top["idioms"][1], "idioms", phrases=True))
        if "idioms" in top
        else ()
    )
    return WordData(code, path, classes, tuple(nouns), glossary, glossary_lines, elisions, idioms)


def word_data(codes: Sequence[str], source: str) -> dict[str, WordData]:
    """Every language's word data, the source language's first (the senses' reference)."""
    english = read_word_data(source)
    found = {source: english}
    for code in codes:
        if code != source:
            found[code] = read_word_data(code, english=english)
    return found


# -- the rules --------------------------------------------------------------------


def sentences(line: str) -> tuple[int, int]:
    """How many sentences a line holds, at least and at most: one, and one more after each
    full stop, question or exclamation mark followed by a capital or a digit (a numbered
    item's own number, an abbreviation and an ellipsis are no end); a full stop after a
    number may end a sentence or not (German writes "am 30. November").

    >>> sentences("Draw a card. Then play it."), sentences("2. Deal 6 cards, e.g. to Bob.")
    ((2, 2), (1, 1))
    >>> sentences("Am 30. November. Dann 2.")
    (2, 3)
    """
    body = re.sub(r"^(?:\d+\.|[-*])\s+", "", line)
    body = ABBREVIATIONS.sub("", body)
    body = body.replace("…", "").replace("...", "")
    ends = [m.start() for m in SENTENCE_END.finditer(body) if _begins_sentence(m.group("next"))]
    loose = sum(1 for at in ends if body[at - 1].isdigit())
    return 1 + len(ends) - loose, 1 + len(ends)


def _range(least: int, most: int) -> str:
    return str(least) if least == most else f"{least}-{most}"


def _count(words: Sequence[str], loose: Sequence[str]) -> str:
    return f"{len(words)}-{len(words) + len(loose)}" if loose else str(len(words))


def _shown(words: Sequence[str]) -> str:
    return ", ".join(words) if words else "none"


SHARED = 20
"""The length from which a quotation alike in an English line and its translation is a quote of
one text in both, left out of the fact words' comparison."""


_QUOTED = re.compile(r"[“„«‘‚\"]([^“”„«»‘’‚\"]+)[”“»’‘\"]")
"""A quotation: its words between a pair of quotation marks of any of the languages."""


def without_shared(english: str, translated: str) -> tuple[str, str]:
    """Both lines without the quotations of :data:`SHARED` characters or more that stand alike
    in both (each replaced by a space).

    >>> without_shared("The text: “Twee Jokers in een kolom”.", "Der Text: „Twee Jokers in een kolom“.")
    ('The text: “ ”.', 'Der Text: „ “.')
    """
    quotes = dict.fromkeys(m.group(1) for m in _QUOTED.finditer(translated))
    for quoted in sorted(quotes, key=len, reverse=True):  # a quote inside a longer one after it
        if len(quoted) >= SHARED and quoted in english:
            english, translated = english.replace(quoted, " "), translated.replace(quoted, " ")
    return english, translated


def class_problems(english: str, translated: str, theirs: WordData, ours: WordData) -> list[str]:
    """What differs between a translated line and its English line: each sense whose count
    differs, with the words, and the count of sentences.

    >>> from generator.i18n.wordrules import word_data
    >>> data = word_data(["de"], "en")
    >>> class_problems("You may NOT put it back.", "Sie dürfen es zurücklegen.", data["en"], data["de"])
    ['negation: 1 in English (NOT), 0 here (none)']
    """
    problems = _class_problems(english, translated, theirs, ours)
    if problems:
        shorter = without_shared(english, translated)
        if shorter != (english, translated) and not _class_problems(*shorter, theirs, ours):
            return []
    return problems


def _class_problems(english: str, translated: str, theirs: WordData, ours: WordData) -> list[str]:
    problems = []
    english_senses, translated_senses = theirs.senses(english), ours.senses(translated)
    for kind, senses in theirs.classes.items():
        for sense in senses:
            was, was_loose = english_senses.get((kind, sense), ([], []))
            now, now_loose = translated_senses.get((kind, sense), ([], []))
            # the loose words may count or not: the English line's possible counts and the
            # translation's must meet
            if len(was) + len(was_loose) < len(now) or len(now) + len(now_loose) < len(was):
                label = kind if kind == sense else f"{kind} {sense!r}"
                problems.append(
                    f"{label}: {_count(was, was_loose)} in English ({_shown(was + was_loose)}), "
                    f"{_count(now, now_loose)} here ({_shown(now + now_loose)})"
                )
    (least, most), (fewest, many) = sentences(english), sentences(translated)
    if most < fewest or many < least:
        problems.append(f"sentences: {_range(least, most)} in English, {_range(fewest, many)} here")
    return problems


VALUE_OF = re.compile(r"(?<![^\W\d_])([^\W\d_]+)\s*=\s*([−-]?\d+)")
"""A word given a value in a list of values (``King=0``, ``Dame = 10``, ``Joker=−2``)."""


def value_problems(english: str, translated: str, theirs: WordData, ours: WordData) -> list[str]:
    """A list of values that gives a card another value than the English does: the pairs
    (card, value) of both lines (``König = 0``) must be the same, whatever their order; two
    rank names swapped with their numbers in place ("König = 10, Dame = 0") change the pairs
    though they change no count of words.

    >>> data = word_data(["de"], "en")
    >>> value_problems("Queen=10, King=0", "Dame = 0, König = 10", data["en"], data["de"])
    ['values: queen=10, king=0 in English, queen=0, king=10 here']
    """

    def pairs(line: str, data: WordData) -> list[str]:
        found = []
        for match in VALUE_OF.finditer(COMMAND_OPTION.sub(" ", line)):
            senses = [
                sense
                for kind, sense, _loose in data._senses_of(match.group(1).casefold())
                if kind == "cards"
            ]
            if len(senses) == 1:
                found.append(f"{senses[0]}={match.group(2).replace('−', '-')}")
        return found

    was, now = pairs(english, theirs), pairs(translated, ours)
    if sorted(was) != sorted(now):
        return [f"values: {', '.join(was) or 'none'} in English, {', '.join(now) or 'none'} here"]
    return []


ORDERED = ("sameness", "comparison", "outcome")
"""The classes whose words say which value goes with which case ("in one column 0 points, in
different columns 20"): each such word must stand among the line's numbers where the English
one stands. Order words (left, last, before) move freely against numbers between languages
("the last 100 actions", "les 100 dernières actions"), so they are not held so."""
_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['’][^\W\d_]+)*")


def _placed(line: str, data: WordData) -> list[tuple[str, int]]:
    """Each strict word of :data:`ORDERED` in ``line`` with how many numbers stand before it."""
    placed, numbers = [], 0
    for token in _TOKEN.findall(CARD.sub(" ", COMMAND_OPTION.sub(" ", line))):
        if token[0].isdigit():
            numbers += 1
            continue
        for kind, sense, loose in data._senses_of(token.casefold()):
            if kind in ORDERED and not loose:
                placed.append((sense, numbers))
    return sorted(placed)


def order_problems(english: str, translated: str, theirs: WordData, ours: WordData) -> list[str]:
    """A word of a case (same, different; more, fewer; win, lose) moved to another of the
    line's numbers than in the English line, its counts unchanged: two cases swapped with
    their values in place.

    >>> data = word_data(["de"], "en")
    >>> english = "Two Jacks in one column score 0 points; in different columns 20 points."
    >>> order_problems(english, "Zwei Buben in verschiedenen Spalten 0 Punkte, in einer 20.", data["en"], data["de"])
    ["order: 'different' after 0 of the numbers here, after 1 in English"]
    """
    was, now = _placed(english, theirs), _placed(translated, ours)
    if [sense for sense, _n in was] != [sense for sense, _n in now] or was == now:
        return []  # a count that differs is class_problems' to say
    return [
        f"order: {sense!r} after {here} of the numbers here, after {there} in English"
        for (sense, there), (_same, here) in zip(was, now, strict=True)
        if there != here
    ][:1]


NUMBER_BEFORE = re.compile(
    r"(?<![\w.,])(?<!\d )(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d+(?:[.,]\d+)?)"
    r"(?:\s|\u00a0|\u202f)+([^\W\d_]+)"
)
"""A number before a word: ``51 Zug``, ``1,5 point``, and a number grouped with spaces, as French
and Polish write it (``4 000 donnes``), whole."""


def _takes_singular(number: str, code: str) -> bool:
    """Whether ``number`` (as a page writes it) takes the singular in the language: CLDR's
    plural category "one" for it (English and German: 1; French: 0 and 1, and 1,5; Polish: 1).
    A number written with a separator is read as a decimal (``1,5``, ``0.5``) unless its digits
    after it are a group of three (``1.000``: a thousand)."""
    try:
        rule = Locale.parse(code).plural_form
    except (ValueError, UnknownLocaleError):
        return number == "1"
    number = re.sub(r"[ \u00a0\u202f]", "", number)
    head, _separator, tail = number.replace(",", ".").partition(".")
    if tail and len(tail) == 3:
        value: Decimal | int = int(head + tail)
    elif tail:
        value = Decimal(f"{head}.{tail}")
    else:
        value = int(head)
    return bool(rule(value) == "one")


def plural_problems(line: str, data: WordData) -> list[str]:
    """A number written beside a noun of the plural list in the form its number does not take:
    the singular where CLDR's plural rule of the language puts the number in the category
    "one" (1 in English; 0 and 1 in French), the plural otherwise.

    >>> from generator.i18n.wordrules import read_word_data
    >>> plural_problems("ja, in 51 Zug", read_word_data("de", english=read_word_data("en")))
    ["'51 Zug': the singular beside 51 (its plural: züge, zügen)"]
    """
    problems = []
    for match in NUMBER_BEFORE.finditer(line):
        number, word = match.group(1), match.group(2).casefold()
        one = _takes_singular(number, data.code)
        for noun in data.nouns:
            if one and word in noun.plural and word not in noun.singular:
                problems.append(
                    f"{match.group(0)!r}: the plural beside {number} "
                    f"(its singular: {', '.join(noun.singular)})"
                )
            elif not one and word in noun.singular and word not in noun.plural:
                problems.append(
                    f"{match.group(0)!r}: the singular beside {number} "
                    f"(its plural: {', '.join(noun.plural)})"
                )
    return problems


# -- the exceptions ---------------------------------------------------------------


@dataclass(frozen=True)
class WordException:
    """A reviewed line the word rules misread: its file, the English and the translation it was
    reviewed with, and why it is right. It is keyed by the two lines' texts, never by a line
    number: rows added above it leave it where it applies."""

    file: str
    english: str
    translation: str
    reason: str
    at: int
    """The entry's line in the exceptions file."""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.file, self.english, self.translation)


EXCEPTION_KEYS = ("file", "english", "translation", "reason")


def read_exceptions(path: Path = EXCEPTIONS_FILE, text: str | None = None) -> list[WordException]:
    """The exceptions file (or its ``text``, read already), read strictly: a list of entries
    with exactly ``file``, ``english``, ``translation`` and ``reason``, each a text, no two for
    the same lines."""
    root = _compose(path, text)
    if isinstance(root, yaml.ScalarNode) and _SCALARS.construct_object(root) in ([], None):
        return []
    if not isinstance(root, yaml.SequenceNode):
        raise _fail(path, root, "the exceptions must be a list")
    found: list[WordException] = []
    seen: dict[tuple[str, str, str], int] = {}
    for item in root.value:
        fields = _mapping(path, item, "an exception")
        for name, (key, _value) in fields.items():
            if name == "line":
                raise _fail(
                    path,
                    key,
                    "unknown key 'line': an exception is found by its English and translated "
                    "lines, not by a line number (delete the key)",
                )
            if name not in EXCEPTION_KEYS:
                raise _fail(path, key, f"unknown key {name!r} (keys: {', '.join(EXCEPTION_KEYS)})")
        values: dict[str, str] = {}
        for name in EXCEPTION_KEYS:
            if name not in fields:
                raise _fail(path, item, f"an exception needs {name!r}")
            node = fields[name][1]
            value = _SCALARS.construct_object(node) if isinstance(node, yaml.ScalarNode) else None
            if not isinstance(value, str) or not value:
                raise _fail(path, node, f"{name} must be a text")
            if name == "reason" and len(value.split()) < 3:
                raise _fail(path, node, "reason: say why the line is right (a few words at least)")
            values[name] = value
        at = item.start_mark.line + 1
        entry = WordException(
            values["file"], values["english"], values["translation"], values["reason"], at
        )
        if entry.key in seen:
            raise _fail(
                path,
                item,
                f"the same lines of {entry.file} have an exception already (line {seen[entry.key]})",
            )
        seen[entry.key] = at
        found.append(entry)
    return found


# -- the approved texts -------------------------------------------------------------


_FIGURES = re.compile(r"\d+(?:[.,]\d+)*")


def _with_other_figures(
    exceptions: Mapping[tuple[str, str, str], WordException], where: str, english: str, line: str
) -> WordException | None:
    """The exception for ``where``'s two lines as they read with other figures, if any."""
    figures = (_FIGURES.sub("#", english), _FIGURES.sub("#", line))
    return next(
        (
            entry
            for (file, their_english, translation), entry in exceptions.items()
            if file == where
            and (_FIGURES.sub("#", their_english), _FIGURES.sub("#", translation)) == figures
        ),
        None,
    )


def text_problems(
    where: str,
    text: str,
    english: str,
    theirs: WordData,
    ours: WordData,
    exceptions: Mapping[tuple[str, str, str], WordException],
    used: set[tuple[str, str, str]] | None = None,
    skipped: Collection[int] = (),
) -> Iterator[str]:
    """``where:line: ...`` for each line of a translated approved text whose fact words or
    sentences differ from its English line's (the English text's same line) or whose plural
    form disagrees with its number; ``used``: the exceptions applied are added to it."""
    lines, english_lines = text.splitlines(), english.splitlines()
    if len(lines) != len(english_lines):
        page = Path(where).stem
        yield (
            f"{where}:1: {len(lines)} lines where the English text has {len(english_lines)}: the "
            "word classes compare line for line; the English text changed too, so approve it "
            f"with this one (python -m generator approve --page {page}, every language at once; "
            "after a language is added, --page site,messages)"
        )
        return
    for number, (line, original) in enumerate(zip(lines, english_lines, strict=True), start=1):
        if number in skipped:
            continue
        values = value_problems(original, line, theirs, ours)
        found = (
            class_problems(original, line, theirs, ours)
            + values
            + order_problems(original, line, theirs, ours)
            + plural_problems(line, ours)
            + label_problems(original, line, ours)
        )
        if not found:
            continue
        entry = exceptions.get((where, original, line))
        if entry is None and not values:
            # the same two lines with other figures: a rule's value changed in both (the
            # figures are held apart from the words, and agree here)
            entry = _with_other_figures(exceptions, where, original, line)
        if entry is not None:
            if used is not None:
                used.add(entry.key)
            continue
        yield (
            f"{where}:{number}: the translation's fact words differ from the English line's: "
            f"{'; '.join(found)} (English: {_clip(original)!r}); a translation states what the "
            f"English states, or a reviewed exception in {_rel(EXCEPTIONS_FILE)} says why not"
        )


def english_plural_problems(where: str, text: str, data: WordData) -> Iterator[str]:
    """The plural rule on the English texts themselves."""
    for number, line in enumerate(text.splitlines(), start=1):
        for problem in plural_problems(line, data):
            yield f"{where}:{number}: {problem}"


def _clip(text: str, size: int = 70) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def approved_files(approved: Path, code: str) -> dict[str, Path]:
    """Every approved text of a language, by its path under the language's folder
    (``rules.txt``, or deeper: every file the approved texts hold, whatever made it)."""
    folder = approved / code
    if not folder.is_dir():
        return {}
    return {
        "/".join(p.relative_to(folder).parts): p
        for p in sorted(folder.rglob("*.txt"))
        if p.is_file()
    }


def check_texts(
    approved: Path,
    codes: Sequence[str],
    source: str,
    shapes: Mapping[str, Mapping[str, str]],
    texts: Mapping[str, Mapping[str, str]] | None = None,
    not_ours: Mapping[str, Collection[int]] | None = None,
) -> Iterator[str]:
    """The word rules on every approved text of every language in ``codes``, each beside the
    English text of the same name; ``texts``: {code: {name: text}} to read instead of the
    files, and the only ones read (``approve`` passes the texts it would write); ``shapes``: {code: {name: text}}, the
    English text a language's page is compared with where the language renders it otherwise
    than English does (a seed-tied page leaves out what its seed lacks: the English page
    rendered the same way; its seed's words are one more translation);
    ``not_ours``: {file name: line numbers} of lines no translator of the project writes (the
    theme's own words, from Material's translations), left out. The
    exceptions that match no line any more are reported, so none stays behind unseen."""
    try:
        data = word_data(codes, source)
        exceptions = {e.key: e for e in read_exceptions()}
    except WordRulesError as error:
        yield str(error)
        return
    given = texts or {}
    unread: list[str] = []
    unread_files: set[str] = set()

    def read(code: str) -> dict[str, str]:
        found = {}
        for name, path in approved_files(approved, code).items():
            try:
                found[name] = read_text(path)
            except (OSError, InputError) as error:  # not UTF-8, too large: said once, skipped
                unread_files.add(_rel(APPROVED_TEXTS / code / name))
                unread.append(
                    str(error) if isinstance(error, InputError) else f"{_rel(path)}:1: {error}"
                )
        found.update(given.get(code, {}))
        return found

    english = read(source)

    def chosen(code: str, name: str) -> bool:
        """Whether to read the text: every one, or with ``texts`` the given ones alone (what
        ``approve`` would write; it refuses only for those)."""
        return texts is None or name in given.get(code, {})

    for name, text in sorted(english.items()):
        if chosen(source, name):
            yield from english_plural_problems(_rel(approved / source / name), text, data[source])
    used: set[tuple[str, str, str]] = set()
    checked: set[str] = set()
    for code in codes:
        if code == source:
            continue
        for name, text in sorted(read(code).items()):
            where = _rel(approved / code / name)
            source_text = shapes.get(code, {}).get(name, english.get(name))
            if source_text is None:
                continue
            if not chosen(code, name):
                continue
            named = _rel(APPROVED_TEXTS / code / name)  # the exceptions' name, wherever read
            checked.add(named)
            skipped = (not_ours or {}).get(name, ())
            for problem in text_problems(
                named, text, source_text, data[source], data[code], exceptions, used, skipped
            ):
                yield where + problem[len(named) :] if problem.startswith(named) else problem
    yield from dict.fromkeys(unread)
    for key, entry in exceptions.items():
        if entry.file in unread_files:
            continue  # its text cannot be read: said above
        if key not in used and (texts is None or entry.file in checked):
            yield (
                f"{_rel(EXCEPTIONS_FILE)}:{entry.at}: the exception for {entry.file} "
                f"({_clip(entry.english, 40)!r}) matches no line the word rules refuse (the lines "
                "changed, or the rule reads them right now): delete it or review it again"
            )


# -- the glossary -------------------------------------------------------------------

BESIDE = re.compile(r"(?<![^\W\d_])([^\W\d_]+)\s+%\((\w+)\)s")
"""A word right before a placeholder: ``Move %(number)s``, ``kolom %(column)s``."""


def _term_form(word: str, forms: Sequence[str]) -> bool:
    """Whether a word is one of a glossary term's forms (lower case; an inflected ending
    allowed: ``Spalten`` for ``Spalte``)."""
    folded = word.casefold()
    return any(folded.startswith(form.casefold()) for form in forms)


def glossary_problems(
    where: str, messages: Sequence[tuple[str | None, list[str], list[str], int]], data: WordData
) -> Iterator[str]:
    """``where:line: ...`` for each translation that breaks the glossary: a message whose
    English is a glossary term translated otherwise than the glossary says (one English term,
    one translation everywhere: Weblate's "inconsistent" check), and a placeholder that
    stands beside a glossary term in the English (``Move %(number)s``) and beside another
    word, or none, in the translation (``Zet %(column)s``).

    ``messages``: (context, English forms, translated forms, the translation's line).
    """
    terms = {term.casefold(): (term, forms) for term, forms in data.glossary.items()}
    for _context, ids, strs, line in messages:
        for text in strs:
            if not text:
                continue
            for source in ids[:1]:
                known = terms.get(source.strip().casefold())
                if known is not None and text.strip().casefold() not in (
                    f.casefold() for f in known[1]
                ):
                    yield (
                        f"{where}:{line}: {source!r} is translated {text!r}; the glossary "
                        f"({_rel(data.path)}:{data.glossary_lines[known[0]]}) says "
                        f"{known[1][0]!r} everywhere"
                    )
            beside = {m.group(2): m.group(1) for m in BESIDE.finditer(text)}
            for source in ids:
                for match in BESIDE.finditer(source):
                    word, name = match.group(1), match.group(2)
                    known = terms.get(word.casefold())
                    if known is None or word not in (known[0], known[0].capitalize()):
                        continue  # case told: "Score" the label, "score" the verb
                    got = beside.get(name)
                    if got is None or not _term_form(got, known[1]):
                        yield (
                            f"{where}:{line}: %({name})s stands beside {word!r} in the English "
                            f"and beside {got or 'no word'!r} here; the glossary "
                            f"({_rel(data.path)}:{data.glossary_lines[known[0]]}) says "
                            f"{known[1][0]!r}"
                        )
                    break


def label_problems(english: str, translated: str, data: WordData) -> list[str]:
    """A line that is a glossary term alone in the English (a button's label, "Undo") must be
    the term's translation alone."""
    for term, forms in data.glossary.items():
        if english.strip() == term and translated.strip() not in forms:
            return [f"the label {term!r} reads {translated.strip()!r} (glossary: {forms[0]!r})"]
    return []


def exceptions_review(base: str, old_text: str | None) -> list[str]:
    """What a reviewer reads of the exceptions (``check --review BASE``): every entry added or
    changed since ``base`` (``old_text``: the file there, None where it did not exist), with
    its English, its translation and its reason, and every entry removed."""
    where = _rel(EXCEPTIONS_FILE)
    now = read_exceptions()
    try:
        before = read_exceptions(EXCEPTIONS_FILE, old_text) if old_text is not None else []
    except WordRulesError:
        before = []  # unreadable then: every entry is shown as new
    old = {e.key: e for e in before}
    shown: list[str] = []
    for entry in now:
        was = old.pop(entry.key, None)
        if was is not None and was.reason == entry.reason:
            continue
        status = "new" if was is None else "changed"
        shown += [
            f"{where}:{entry.at}: {status} word-rule exception for {entry.file}: {entry.reason}",
            f"    en: {_clip(entry.english, 100)}",
            f"    {Path(entry.file).parent.name}: {_clip(entry.translation, 100)}",
        ]
    for entry in old.values():
        shown.append(
            f"{where}:1: word-rule exception for {entry.file} ({_clip(entry.english, 40)!r}) "
            f"removed since {base}"
        )
    return shown

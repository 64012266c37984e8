"""Errata to the seed pages: where a seed contradicts itself or the engine, the page says what is
true, and nothing else differs from the seed.

The seed pages are the project's oracle: a seed-tied page must read exactly like its seed
(:mod:`generator.site.approval`). A seed can be wrong, though (seed 003's Dutch says Kings make
scores negative while its own value table says a King is 0), and a page never states something
false because a seed did. ``docs_src/seed_errata.yaml`` lists each such place: the seed file and
its line, the words of that line (``seed``) and the words the page says instead (``page``), why
(``reason``), and the claim ``check`` plays that backs the page's words (``claim``). The seed
comparison applies exactly these, each to its line (the line must hold the words once, or the
erratum is a problem: the seed changed under it), and refuses any other difference. The claim
must be one that plays the sentence saying the page's words (``check`` finds that sentence on
the page through the language's catalog): a claim of another sentence, which passes whatever
the erratum says, is refused, naming the erratum and the claims of its sentence.

The sources page lists every erratum, its ``reason`` in the page's language: the reasons are
messages of the catalogs (context :data:`CONTEXT`), which ``python -m generator catalog extract``
takes from the errata file through :func:`extract_reasons` (``babel.cfg``).

An erratum of ``kind: addition`` adds to a seed's line what the seed leaves unsaid and players
ask (seed 003 does not say whether a tie for the lowest score counts as lowest): its ``page``
is the seed's words followed by the added ones, in the seed's style, and its claim backs the
added words. Added words that begin with a line break are lines of their own after the seed's
line (a section the seed lacks: its heading, sentences and list items, each a line as the page
text reads them); the seed's words then end their line, and the claim backs each added line
that a claimed sentence says. Without ``kind`` an erratum is a correction.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import yaml

from generator.bounded import compose_yaml, yaml_error
from generator.i18n.catalogs import ROOT, languages
from generator.i18n.numerals import minus_signs
from generator.patience import GolfError

ERRATA_FILE = ROOT / "docs_src" / "seed_errata.yaml"
KEYS = ("seed_file", "line", "seed", "page", "reason", "claim")
OPTIONAL = ("kind",)
KINDS = ("correction", "addition")
_SCALARS = yaml.constructor.SafeConstructor()
CONTEXT = "seed erratum"
"""The catalogs' context of an erratum's reason (a message of its own: the same words elsewhere
may be translated otherwise)."""


class ErrataError(GolfError):
    """The errata file is malformed, or an erratum no longer fits its seed; one line."""


@dataclass(frozen=True)
class Erratum:
    seed_file: str
    """The seed page, as ``locales/languages.yaml`` names it (``tests/golden/nl-six-card-golf.txt``)."""
    line: int
    """The line of the seed file the erratum corrects."""
    seed: str
    """The words of that line that are wrong (found there exactly once)."""
    page: str
    """The words the page says instead."""
    reason: str
    claim: str
    """The name of the claim ``check`` plays that backs the page's words."""
    at: int
    """The erratum's line in the errata file."""
    kind: str = "correction"
    """``correction`` (the seed's words are wrong) or ``addition`` (the page says more)."""

    @property
    def added(self) -> str:
        """What an addition adds to the seed's words (its page words after them)."""
        return self.page[len(self.seed) :].strip()

    @property
    def added_lines(self) -> tuple[str, ...]:
        """An addition's added words by line of the page (one, unless they are lines of their
        own after the seed's line)."""
        return tuple(line.strip() for line in self.added.split("\n") if line.strip())

    @property
    def adds_lines(self) -> bool:
        """The addition's words are lines of their own after the seed's line."""
        return self.kind == "addition" and self.page[len(self.seed) :].lstrip(" ").startswith("\n")

    def shown(self, words: str) -> str:
        """Words of the erratum as the site shows them: each number's sign the minus sign, as
        the corrected page shows the seed's hyphens (:func:`~generator.i18n.numerals.minus_signs`)."""
        return minus_signs(words)


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _fail(path: Path, node: yaml.Node | None, message: str) -> ErrataError:
    line = node.start_mark.line + 1 if node is not None else 1
    return ErrataError(f"{_rel(path)}:{line}: {message}")


def read_errata(path: Path | None = None) -> list[Erratum]:
    """The errata file (:data:`ERRATA_FILE` unless ``path``), read strictly: a list of entries
    with exactly :data:`KEYS`, each a text (``line`` a number); no file, no errata."""
    path = path or ERRATA_FILE
    if not path.exists():
        return []
    try:
        root = compose_yaml(path, yaml.SafeLoader)
    except yaml.YAMLError as error:
        line, what = yaml_error(error)
        raise ErrataError(f"{_rel(path)}:{line}: {what}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ErrataError(f"{_rel(path)}:1: cannot read: {error}") from None
    if root is None or (isinstance(root, yaml.ScalarNode) and root.value in ("", "[]")):
        return []
    if not isinstance(root, yaml.SequenceNode):
        raise _fail(path, root, "the errata must be a list")
    found: list[Erratum] = []
    for item in root.value:
        if not isinstance(item, yaml.MappingNode):
            raise _fail(path, item, "an erratum must be a mapping")
        fields: dict[str, yaml.Node] = {}
        for key, value in item.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else None
            if name not in KEYS + OPTIONAL:
                raise _fail(path, key, f"unknown key {name!r} (keys: {', '.join(KEYS + OPTIONAL)})")
            if name in fields:
                raise _fail(path, key, f"{name!r} appears twice in an erratum")
            fields[name] = value
        values: dict[str, object] = {}
        for name in KEYS:
            if name not in fields:
                raise _fail(path, item, f"an erratum needs {name!r}")
            node = fields[name]
            value = _SCALARS.construct_object(node) if isinstance(node, yaml.ScalarNode) else None
            wanted = int if name == "line" else str
            if not isinstance(value, wanted) or isinstance(value, bool) or value in ("", 0):
                raise _fail(
                    path, node, f"{name} must be a {'line number' if name == 'line' else 'text'}"
                )
            values[name] = value
        if len(str(values["reason"]).split()) < 3:
            raise _fail(path, fields["reason"], "reason: say why the seed is wrong")
        kind = "correction"
        if "kind" in fields:
            node = fields["kind"]
            kind = str(node.value) if isinstance(node, yaml.ScalarNode) else ""
            if kind not in KINDS:
                raise _fail(path, node, f"kind must be one of {', '.join(KINDS)}")
        page, seed = str(values["page"]), str(values["seed"])
        if kind == "addition" and not (page.startswith(seed) and page[len(seed) :].strip()):
            raise _fail(
                path,
                fields["page"],
                "an addition's page words are the seed's words followed by the added ones",
            )
        if "\n" in seed or (kind != "addition" and "\n" in page):
            raise _fail(
                path,
                fields["page"],
                "only an addition's added words may be lines of their own (the seed's words "
                "are on one line)",
            )
        found.append(
            Erratum(
                str(values["seed_file"]),
                int(str(values["line"])),
                str(values["seed"]),
                str(values["page"]),
                str(values["reason"]),
                str(values["claim"]),
                item.start_mark.line + 1,
                kind,
            )
        )
    return found


@dataclass(frozen=True)
class PageErrata:
    """The errata of one seed page, as the sources page lists them."""

    language: str
    """The code of the page's language (``nl``)."""
    page: str
    """The page's name (``six-card-golf``, ``rules``)."""
    errata: tuple[Erratum, ...]
    """Its errata in the order of their lines (an addition after a correction of the same line)."""


def errata_by_page(errata: list[Erratum] | None = None) -> list[PageErrata]:
    """The errata (the errata file's unless given) by seed page, in the order of the languages and
    their pages; :class:`ErrataError` naming the erratum that names no language's seed page."""
    errata = read_errata() if errata is None else errata
    pages = {
        _rel(path): (language.code, page)
        for language in languages()
        for page, path in language.seed_pages.items()
    }
    found: dict[tuple[str, str], list[Erratum]] = {place: [] for place in pages.values()}
    for erratum in errata:
        if erratum.seed_file not in pages:
            raise ErrataError(
                f"{_rel(ERRATA_FILE)}:{erratum.at}: {erratum.seed_file!r} is no language's seed "
                "page (locales/languages.yaml)"
            )
        found[pages[erratum.seed_file]].append(erratum)
    return [
        PageErrata(
            code, page, tuple(sorted(listed, key=lambda e: (e.line, e.kind != "correction")))
        )
        for (code, page), listed in found.items()
        if listed
    ]


def corrected(seed_path: Path, seed: str, errata: list[Erratum] | None = None) -> str:
    """The text of the seed file ``seed_path`` (read already: ``seed``) with its errata applied;
    :class:`ErrataError` naming the erratum if its line no longer holds its words once."""
    return "\n".join(text for _, text in corrected_lines(seed_path, seed, errata))


def corrected_lines(
    seed_path: Path, seed: str, errata: list[Erratum] | None = None
) -> list[tuple[int, str]]:
    """The lines of :func:`corrected`, each with the seed file's line it comes from (an added
    line: the line it follows)."""
    errata = read_errata() if errata is None else errata
    where = _rel(seed_path)
    lines = seed.split("\n")
    for erratum in errata:
        if erratum.seed_file != where:
            continue
        place = f"{_rel(ERRATA_FILE)}:{erratum.at}"
        if not 1 <= erratum.line <= len(lines):
            raise ErrataError(f"{place}: {where} has no line {erratum.line}")
        count = lines[erratum.line - 1].count(erratum.seed)
        if count != 1:
            raise ErrataError(
                f"{place}: {where}:{erratum.line} holds the erratum's words {count} times, not "
                f"once: {erratum.seed[:60]!r} (has the seed changed?)"
            )
        if erratum.adds_lines and not lines[erratum.line - 1].rstrip().endswith(erratum.seed):
            raise ErrataError(
                f"{place}: {where}:{erratum.line} does not end with the erratum's words, which "
                f"the added lines follow: {erratum.seed[:60]!r} (has the seed changed?)"
            )
        lines[erratum.line - 1] = lines[erratum.line - 1].replace(erratum.seed, erratum.page)
    return [
        (number, text) for number, line in enumerate(lines, start=1) for text in line.split("\n")
    ]


def extract_reasons(
    fileobj: BinaryIO, keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extractor for the errata file (``babel.cfg``): each erratum's reason, a message
    of context :data:`CONTEXT` at the erratum's line, with a comment for the translator."""
    for erratum in read_errata(Path(fileobj.name)):
        comment = (
            f"why a page differs from the text it was written from ({erratum.seed_file}, line "
            f"{erratum.line}), in the sources page's list; the page says: {erratum.page}"
        )
        yield erratum.at, "pgettext", (CONTEXT, erratum.reason), [comment]

"""Approved texts: every page in every shipped language, as a reviewer read it.

``docs_src/approved/<lang>/<page>.txt`` holds a page's text as
:func:`generator.site.pagetext.markdown_text` extracts it from the Markdown the
generator renders (one line per heading, paragraph, list item and table row),
with one ``[picture] <title>: <desc>`` line per picture. ``check`` (part
``pages``) compares each page with its approved text and names the words that
differ; ``python -m generator approve`` writes the texts anew, for a reviewer
to read in the git diff.

The rules pages of the languages with a ``golden:`` text in
``locales/languages.yaml`` are tied to the seed pages, the project's oracle:
``approve`` refuses to write such a page when its text (without the picture
lines) differs from the seed, and ``check`` compares it with the seed as well.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.atomic import write_text_atomic
from generator.bounded import InputError, read_text
from generator.i18n.catalogs import ROOT, Language
from generator.i18n.numerals import minus_signs
from generator.pages.errata import ErrataError, corrected_lines
from generator.paths import project_file
from generator.patience import GolfError
from generator.site.pagetext import markdown_text, without_pictures
from generator.site.worddiff import Difference, differences, review, shown_word

APPROVED = ROOT / "docs_src" / "approved"
APPROVE = "python -m generator approve"


class ApprovalError(GolfError):
    """``approve`` cannot do what it was asked; the message is one line."""


def page_names() -> list[str]:
    """The pages' names (``index``, ``rules``, ``won-game``), from ``generator.site.render.PAGES``."""
    from generator.site.render import PAGES

    return [page.removesuffix(".md") for page in PAGES]


def text_names() -> list[str]:
    """The names of every approved text of a language: the pages', then the texts that are
    no page (:data:`generator.site.othertexts.OTHER_TEXTS`: ``site``, ``messages``, and the
    source language's ``root``)."""
    from generator.site.othertexts import OTHER_TEXTS

    return [*page_names(), *OTHER_TEXTS]


def approved_path(code: str, page: str) -> Path:
    return APPROVED / code / f"{page}.txt"


def relative(path: Path) -> str:
    """``path`` relative to the repository, for messages."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def page_texts(
    language: Language, facts: dict[str, Any], rendered: dict[str, str] | None = None
) -> dict[str, str]:
    """Every page of ``language`` as its approved text would hold it: {page name: text}.

    ``rendered``: the language's rendered pages, when the caller has them.
    """
    from generator.site.render import render_language

    rendered = rendered if rendered is not None else render_language(language, facts)
    return {page: markdown_text(rendered[f"{page}.md"], pictures=True) for page in page_names()}


def approved_texts(
    language: Language, facts: dict[str, Any], rendered: dict[str, str] | None = None
) -> dict[str, str]:
    """Every approved text of ``language`` as it would hold it now: its pages'
    (:func:`page_texts`) and the texts that are no page
    (:func:`generator.site.othertexts.other_texts`)."""
    from generator.site.othertexts import other_texts

    return page_texts(language, facts, rendered) | other_texts(language)


def labels_of(path: Path) -> list[str]:
    """What each line of an approved text that is no page is
    (:func:`generator.site.othertexts.labels`); nothing for a page."""
    from generator.site.othertexts import OTHER_TEXTS, labels

    return labels(path.stem) if path.stem in OTHER_TEXTS else []


def english_of(path: Path, english: dict[str, str] | None = None) -> str | None:
    """The English page beside a translated approved text (``english``: {page: text}, else the
    approved English text); None for the English page itself."""
    from generator.i18n.catalogs import source_language

    source = source_language()
    if path.parent.name == source:
        return None
    if english is not None and path.stem in english:
        return english[path.stem]
    counterpart = approved_path(source, path.stem)
    return counterpart.read_text(encoding="utf-8") if counterpart.is_file() else None


def _git(*args: str) -> subprocess.CompletedProcess[bytes] | None:
    """``git -C ROOT args``; None where there is no git (an installed package, no git)."""
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=False)
    except OSError:
        return None


def committed_text(path: Path) -> str | None:
    """``path`` as the last commit holds it (None: not committed, or no git). An approved text
    deleted from the working tree is still compared with what was approved."""
    name = relative(path)
    if Path(name).is_absolute():
        return None
    shown = _git("show", f"HEAD:{name}")
    if shown is None or shown.returncode != 0:
        return None
    return shown.stdout.decode("utf-8", errors="replace")


def english_at_approval(path: Path) -> str | None:
    """The English approved text as it was when the translated approved text ``path`` was
    last approved: the English text of the commit that last changed ``path`` (if ``path`` is
    committed unchanged), else the English approved text as it is now."""
    from generator.i18n.catalogs import source_language

    counterpart = approved_path(source_language(), path.stem)
    name, other = relative(path), relative(counterpart)
    if not Path(name).is_absolute():
        changed = _git("status", "--porcelain", "--", name)
        last = _git("log", "-1", "--format=%H", "--", name)
        if changed is not None and last is not None and not changed.stdout.strip():
            commit = last.stdout.decode("ascii", errors="replace").strip()
            shown = _git("show", f"{commit}:{other}") if commit else None
            if shown is not None and shown.returncode == 0:
                return shown.stdout.decode("utf-8", errors="replace")
    return counterpart.read_text(encoding="utf-8") if counterpart.is_file() else None


def review_since(base: str) -> list[str]:
    """:func:`review` of every approved text changed since the git revision ``base`` (the
    working tree's text against ``base``'s), for a second person to read; the English beside
    a translated page is the working tree's. Then every changed value of the data files
    ``check`` cannot derive again in full (:func:`generator.site.datareview.data_review`)."""
    from generator.site.datareview import data_review

    if (
        not base
        or len(base) > 200
        or base.startswith("-")
        or any(c.isspace() or c == ":" or not c.isprintable() for c in base)
    ):
        raise ApprovalError(
            f"--review {shown_word(base)!r}: not a git revision (a branch, tag or commit)"
        )

    def git(*args: str) -> subprocess.CompletedProcess[bytes]:
        done = _git(*args)
        if done is None:
            raise ApprovalError("--review: git is not installed")
        return done

    found = git("rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    if found.returncode != 0:
        raise ApprovalError(f"--review {base}: no such git revision in {relative(ROOT) or '.'}")
    listed = git("ls-tree", "-r", "--name-only", base, "--", relative(APPROVED))
    before = {name.strip() for name in listed.stdout.decode("utf-8").splitlines() if name.strip()}
    now = {relative(path) for path in APPROVED.rglob("*.txt")} if APPROVED.is_dir() else set()
    shown: list[str] = []
    for name in sorted(before | now):
        old = None
        if name in before:
            old = git("show", f"{base}:{name}").stdout.decode("utf-8", errors="replace")
        path = ROOT / name
        if not path.is_file():
            shown.append(f"{name}:1: deleted since {base}")
            continue
        new = path.read_text(encoding="utf-8")
        if old == new:
            continue
        shown += review(name, old, new, english_of(path), labels=labels_of(path))
    return shown + data_review(base, git, ROOT)


# -- the comparisons ----------------------------------------------------------


def approve_command(code: str, page: str) -> str:
    return f"{APPROVE} --lang {code} --page {page}"


def approved_problems(language: Language, page: str, text: str) -> Iterator[str]:
    """``file:line: ...`` for each run of lines where ``text`` differs from the page's approved text."""
    path = approved_path(language.code, page)
    where = relative(path)
    project_file(path, APPROVED.parents[1])  # a symlink out is refused, never printed
    try:
        approved = read_text(path)
    except FileNotFoundError:
        yield f"{where}:1: missing; run '{APPROVE}'"
        return
    except InputError as error:  # not UTF-8 (its line named), too large
        yield str(error)
        return
    except OSError as error:
        yield f"{where}:1: cannot read: {error}"
        return
    what = "page" if page in page_names() else "text"
    for difference in differences(approved.splitlines(), text.splitlines()):
        yield (
            f"{where}:{difference.line}: the {language.code} {page} {what} differs: "
            f"{difference.words}; if intended, run '{approve_command(language.code, page)}' "
            f"and review the diff"
        )


SEED_IS_ORACLE = "the seed is the oracle"


def _seed_differences(language: Language, page: str, text: str) -> tuple[str, list[Difference]]:
    """The seed file (for messages) and where the page, without its pictures, differs from it
    with the seed's errata applied (:mod:`generator.pages.errata`: exactly those, no other)."""
    seed_path = language.seed_pages[page]
    where = relative(seed_path)
    try:
        raw = read_text(seed_path)
    except InputError as error:  # not UTF-8 (its line named), too large
        raise ApprovalError(str(error)) from None
    except OSError as error:
        raise ApprovalError(f"{where}:1: cannot read the seed page: {error}") from None
    try:
        lines = corrected_lines(seed_path, raw)
    except ErrataError as error:
        raise ApprovalError(str(error)) from None
    seed = seed_text("\n".join(line for _, line in lines))
    # seed_text drops the blank lines: a difference is named by the seed file's own line (an
    # erratum's added line by the line it follows)
    kept = [number for number, line in lines if line.strip()]
    found = differences(seed.splitlines(), without_pictures(text).splitlines())
    return where, [
        dataclasses.replace(d, line=kept[d.line - 1] if d.line <= len(kept) else d.line)
        for d in found
    ]


def seed_text(seed: str) -> str:
    """A seed page as the page text reads: blank lines dropped, ``• `` bullets as ``- ``,
    the runs of card symbols removed that the page shows as card pictures
    (the seed's ``Joker = -2.A♠K♠Q♠J♠``: the page has pictures there, whose text
    alternative is the approved texts' business), and a number's sign typed as a
    hyphen-minus (003's ``Joker=-2``) read as the minus sign every page writes
    (:mod:`generator.i18n.numerals`; the patience seeds write ``−10`` so).

    >>> seed_text("• Heer=0, Joker=-2.A♠K♠\\n\\n2-9, 5-6 spelers")
    '- Heer=0, Joker=−2.\\n2-9, 5-6 spelers\\n'
    """
    lines = []
    for line in seed.splitlines():
        if not line.strip():
            continue
        line = re.sub(r"^• ", "- ", line)
        line = re.sub(r"(?<=\.)(?:[AKQJT2-9][♠♣♥♦]){2,}$", "", line)
        lines.append(minus_signs(line))
    return "\n".join(lines) + "\n"


def _seed_message(language: Language, page: str, where: str, difference: Difference) -> str:
    return (
        f"{where}:{difference.line}: the {language.code} {page} page differs from its seed: "
        f"{difference.words}; {SEED_IS_ORACLE}"
    )


def seed_problems(language: Language, texts: dict[str, str]) -> Iterator[str]:
    """``file:line: ...`` for each run of lines where a seed-tied page differs from its seed."""
    for page in language.seed_pages:
        try:
            where, found = _seed_differences(language, page, texts[page])
        except ApprovalError as error:
            yield str(error)
            continue
        for difference in found:
            yield (
                f"{_seed_message(language, page, where, difference)}: "
                "change the catalog or template back; where the seed is wrong, list an erratum "
                "in docs_src/seed_errata.yaml (the seed itself is never changed; 'python -m "
                "generator errata draft' drafts them)"
            )


def stray_files(languages: list[Language]) -> Iterator[str]:
    """Approved texts of no shipped language's page or other text (a page or language gone)."""
    from generator.i18n.catalogs import source_language
    from generator.site.othertexts import SOURCE_ONLY

    shipped = {language.code for language in languages if language.shipped}
    pages = set(text_names())
    if not APPROVED.is_dir():
        return
    for path in sorted(APPROVED.rglob("*")):
        if not path.is_file():
            continue
        parts = path.relative_to(APPROVED).parts
        if len(parts) != 2 or parts[0] not in shipped or path.suffix != ".txt":
            yield f"{relative(path)}:1: not the approved text of a shipped language's page; delete it"
        elif path.stem not in pages:
            yield f"{relative(path)}:1: no page {path.stem!r} (pages: {', '.join(text_names())}); delete it"
        elif path.stem in SOURCE_ONLY and parts[0] != source_language():
            yield (
                f"{relative(path)}:1: {path.stem} is a text of the source language alone "
                f"({source_language()}); delete it"
            )


# -- approve ------------------------------------------------------------------


@dataclass(frozen=True)
class Approved:
    path: Path
    status: str
    """``created``, ``updated`` or ``unchanged``."""


def _selected(given: str | None, known: list[str], what: str) -> list[str]:
    if not given:
        return known
    chosen = [item.strip() for item in given.split(",") if item.strip()]
    unknown = [item for item in chosen if item not in known]
    if unknown:
        shown = ", ".join(shown_word(item) for item in unknown[:5])
        raise ApprovalError(f"no such {what}: {shown} ({what}s: {', '.join(known)})")
    return chosen


Guard = Callable[[dict[Path, tuple[str | None, str]]], None]
"""Given every approved text ``approve`` would write (path -> (old text or None, new text)),
raises :class:`ApprovalError` to refuse them all (``python -m generator approve`` passes
:func:`generator.check.approval_guard`: a changed fact needs a claim or a two-path check)."""


def approve(
    languages: list[Language],
    lang: str | None = None,
    page: str | None = None,
    guard: Guard | None = None,
) -> list[Approved]:
    """Write the approved texts of the chosen pages (all shipped languages, all pages by default).

    Refuses, writing nothing, if a chosen seed-tied page differs from its seed, or if
    ``guard`` refuses the changes.
    """
    from generator.site.render import page_facts

    shipped = [language for language in languages if language.shipped]
    codes = _selected(lang, [language.code for language in shipped], "shipped language")
    pages = _selected(page, text_names(), "page")
    facts = page_facts()
    texts: dict[Path, str] = {}
    for language in shipped:
        if language.code not in codes:
            continue
        rendered = approved_texts(language, facts)
        for seed_page in language.seed_pages:
            if seed_page not in pages:
                continue
            where, found = _seed_differences(language, seed_page, rendered[seed_page])
            if found:
                raise ApprovalError(
                    f"{_seed_message(language, seed_page, where, found[0])}: approve does not "
                    f"write {relative(approved_path(language.code, seed_page))} "
                    f"({len(found)} difference(s); nothing written): change the catalog or "
                    "template back; where the seed is wrong (a rule's value changed), list an "
                    "erratum in docs_src/seed_errata.yaml ('python -m generator errata draft' "
                    "drafts them)"
                )
        for name in pages:
            if name in rendered:  # (a text of the source language alone: not in the others)
                texts[approved_path(language.code, name)] = rendered[name]
    for path in texts:  # read and written only inside the project (no symlinked folder out)
        project_file(path, APPROVED.parents[1])
    olds = {path: path.read_text(encoding="utf-8") if path.is_file() else None for path in texts}
    changes = {path: (olds[path], text) for path, text in texts.items() if olds[path] != text}
    if guard is not None and changes:
        guard(changes)
    results = []
    for path, text in texts.items():
        old = olds[path]
        if old == text:
            results.append(Approved(path, "unchanged"))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)  # a killed approve leaves every text whole
        results.append(Approved(path, "created" if old is None else "updated"))
    return results

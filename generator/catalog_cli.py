"""The translators' commands: ``python -m generator catalog extract|update|init|compile``.

They run Babel's own ``pybabel`` commands with this project's options, so the
``.pot`` and ``.po`` files always come out the same way (wrapped at 76
columns, sorted, no source locations, which would change on every edit) and a
refresh that changes nothing leaves the files untouched.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import write_po

from generator.catalogs import (
    DOMAIN,
    LOCALES,
    POT_FILE,
    ROOT,
    Language,
    languages,
    message_strings,
    read_catalog,
    source_language,
)

BABEL_CFG = ROOT / "babel.cfg"
KEYWORDS = ["-k", "N_", "-k", "NP_:1c,2", "-k", "NN_:1,2"]
WIDTH = "76"
_VOLATILE = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.MULTILINE)


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def _undated(path: Path) -> str:
    return _VOLATILE.sub("", path.read_text(encoding="utf-8"))


def _replace_if_changed(new: Path, old: Path) -> bool:
    """Move ``new`` over ``old`` unless they differ only in their dates; True if replaced."""
    if old.exists() and _undated(new) == _undated(old):
        new.unlink()
        return False
    old.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(new), str(old))
    return True


def extract(pot: Path = POT_FILE) -> bool:
    """Extract the messages of the templates and Python modules into the ``.pot``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / pot.name
        _pybabel(
            "extract",
            "-F",
            str(BABEL_CFG),
            *KEYWORDS,
            "-c",
            "TRANSLATORS:",
            "--no-location",
            "--sort-output",
            "-w",
            WIDTH,
            "--project",
            "Golf rules",
            "--version",
            "0.1.0",
            "--msgid-bugs-address",
            "https://example.invalid/golf-rules/issues",
            "--copyright-holder",
            "The Golf rules authors",
            "-o",
            str(out),
            str(ROOT),
        )
        return _replace_if_changed(out, pot)


def update(language: Language) -> bool:
    """Merge the ``.pot`` into a language's ``.po`` (new strings empty, changed ones fuzzy)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "messages.po"
        shutil.copy(language.po_file, out)
        _pybabel(
            "update",
            "-i",
            str(POT_FILE),
            "-o",
            str(out),
            "-l",
            language.code,
            "-w",
            WIDTH,
            "--ignore-obsolete",
            "--init-missing",
            "--ignore-pot-creation-date",
        )
        if language.code == source_language():
            _copy_source_text(out, language.code)
        return _replace_if_changed(out, language.po_file)


def _copy_source_text(path: Path, code: str) -> None:
    """In the source language's catalog, a new or changed string reads as its msgid.

    The English catalog lets editors polish wording without touching the
    templates; until they do, English is the template's own text.
    """
    catalog = read_catalog(path, code)
    for message in catalog:
        if not message.id:
            continue
        _ids, strs = message_strings(message)
        if message.fuzzy or not all(strs):
            message.string = (
                tuple(message.id) if isinstance(message.id, list | tuple) else message.id
            )
            message.flags.discard("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=int(WIDTH), ignore_obsolete=True)


def init(code: str) -> Path:
    """Start a new language's catalog from the ``.pot``."""
    po = LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise FileExistsError(f"{po} exists already; use 'catalog update'")
    _pybabel("init", "-i", str(POT_FILE), "-d", str(LOCALES), "-l", code, "-D", DOMAIN, "-w", WIDTH)
    return po


def compile_all(out: Path) -> list[Path]:
    """Compile every catalog into ``out/<code>/LC_MESSAGES/messages.mo`` (the build does not need this)."""
    written = []
    for language in languages():
        read_catalog(language.po_file, language.code)  # clear error first
        mo = out / language.code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        _pybabel(
            "compile",
            "-i",
            str(language.po_file),
            "-o",
            str(mo),
            "-l",
            language.code,
            "--statistics",
        )
        written.append(mo)
    return written

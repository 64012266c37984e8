"""The offline help an app ships: the site built to open from disk, with its topic map, in one
zip archive for all languages or one per language (``python -m generator bundle``).

An archive holds an offline build as it is: ``<code>/...`` per language, ``index.html``,
``404.html`` and ``topics.json`` (:mod:`generator.site.topics`) at its top; a language's
archive is a build of that language alone (its switcher names no other, its map has no
other). It leaves out the theme's source maps (``*.map``: a browser's developer tools read them, a player's
never). An app unpacks it into a folder and opens a topic's address from the map below that
folder: ``<folder>/nl/rules.html#patience.legal-moves``.

The archives are the same bytes for the same site (entries sorted, one date, one mode) and
each is held to :data:`BUDGET` per language it holds: one over it is refused, and nothing is
written.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

from generator.atomic import shown, write_bytes_atomic
from generator.patience import GolfError
from generator.site.topics import MAP_NAME

BUDGET = 1024 * 1024
"""The most bytes an archive may hold per language in it (a language's archive: 0.6 MB, the
archive of four languages 2.5 MB when this was set; see the README)."""
LEFT_OUT = (".map",)
"""The endings of the built files an archive leaves out."""
DATE = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the zip format's first, so that the same site makes the same bytes."""


class BundleError(GolfError):
    """An archive over its budget, or a site that is not an offline build with a topic map."""


@dataclass(frozen=True)
class Archive:
    name: str
    """The archive's file name: ``golf-help.zip``, ``golf-help-nl.zip``."""
    data: bytes
    languages: tuple[str, ...]

    @property
    def budget(self) -> int:
        return BUDGET * len(self.languages)


def _files(site: Path, top: Path) -> list[tuple[str, Path]]:
    """Every file below ``top`` by its name in the archive (relative to ``site``), sorted."""
    return sorted(
        (path.relative_to(site).as_posix(), path)
        for path in top.rglob("*")
        if path.is_file() and not path.name.endswith(LEFT_OUT)
    )


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def archive(site: Path, name: str) -> Archive:
    """The archive ``name`` of an offline build ``site`` (with its topic map), its hidden
    files (the build's marker) and :data:`LEFT_OUT` left out."""
    path = site / MAP_NAME
    if not path.is_file():
        raise BundleError(f"{shown(str(site))}: no {MAP_NAME}: not a site the build made")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not data.get("offline"):
        raise BundleError(f"{shown(str(site))}: not an offline build (build --offline)")
    entries = [
        (name, file.read_bytes())
        for name, file in _files(site, site)
        if not any(part.startswith(".") for part in name.split("/"))
    ]
    codes = tuple(language["code"] for language in data["languages"])
    return Archive(name, _zip(entries), codes)


def over_budget(made: list[Archive]) -> list[str]:
    return [
        f"{archive.name}: {archive_size(len(archive.data))}, over its budget of "
        f"{archive_size(archive.budget)} ({archive_size(BUDGET)} per language; "
        "generator/site/bundle.py, BUDGET)"
        for archive in made
        if len(archive.data) > archive.budget
    ]


def archive_size(size: int) -> str:
    return f"{size / (1024 * 1024):.2f} MiB"


def write_archives(made: list[Archive], out: Path) -> list[Path]:
    """Write every archive into ``out`` (each whole or not at all), after checking them all
    against their budget: one over it and nothing is written (:class:`BundleError`)."""
    problems = over_budget(made)
    if problems:
        raise BundleError("; ".join(problems))
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for archive in made:
        write_bytes_atomic(out / archive.name, archive.data)
        written.append(out / archive.name)
    return written

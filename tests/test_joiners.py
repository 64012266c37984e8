"""Every separator and joiner a page shows comes from the catalogs, and every message with a
placeholder tells its translator what the placeholder holds.

The pages are rendered with the Dutch catalog's translations, but for the separators (and the
end of a picture's text alternative), which are given marks no catalog holds: each mark must
appear where its joiner stands (between a board's columns, a grid's rows, a chart's bars, the
cards of a column, the rule sets of the statistics page, a range's ends), so that a catalog
can write, say, French typography (`` ; ``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import POT_FILE, languages, translations
from generator.i18n.pofile import read
from generator.site.render import render_language

MARKS = {", ": "⟨list⟩", "; ": "⟨parts⟩", " ": "⟨sentences⟩", "–": "⟨range⟩", " → ": "⟨steps⟩"}
END = "⟨end⟩"


class Marked:
    """The Dutch translations, with a mark for each separator and for the end of a text
    alternative made of parts."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def gettext(self, message: str) -> str:
        return "%(parts)s" + END if message == "%(parts)s." else str(self.inner.gettext(message))

    def pgettext(self, context: str, message: str) -> str:
        if context == "separator":
            return MARKS[message]
        return str(self.inner.pgettext(context, message))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    dutch = next(language for language in languages() if language.code == "nl")
    return render_language(dutch, t=Marked(translations(dutch)))  # type: ignore[arg-type]


def _alternatives(page: str) -> list[str]:
    return re.findall(r"<(?:desc|title)[^>]*>(.*?)</(?:desc|title)>", page, re.S)


def test_a_boards_text_alternative_is_joined_by_the_catalog(pages: dict[str, str]) -> None:
    boards = [a for a in _alternatives(pages["won-game.md"]) if "kolom 7" in a]
    assert len(boards) == 2  # the deal's and the last move's (the script draws the others)
    for text in boards:
        # the stock sentence, then the columns: each column's cards, the columns, the end
        assert re.fullmatch(
            r"Trekstapel: .*?\.⟨sentences⟩Kolom 1: .*?(?:⟨parts⟩kolom \d: .*?){6}⟨end⟩", text
        ), text
        assert "; kolom" not in text and ", " not in text.split(".", 1)[1]
    assert "⟨list⟩" in boards[0]  # the deal's columns: five cards each


def test_the_stepper_says_its_boards_with_the_catalog_s_joiners(pages: dict[str, str]) -> None:
    """The won game's script draws the boards between the deal and the last move and says them
    with the words the page gives it: the catalog's separators and end, not its own."""
    found = re.search(
        r'<script type="application/json" id="golf-stepper-words">(.*?)</script>',
        pages["won-game.md"],
        re.S,
    )
    assert found, "the won game's page gives its script no words"
    words = json.loads(found.group(1))
    assert words["separators"] == {
        "list": MARKS[", "],
        "parts": MARKS["; "],
        "sentences": MARKS[" "],
    }
    assert words["parts"] == "%(parts)s" + END


def test_a_grids_text_alternative_is_joined_by_the_catalog(pages: dict[str, str]) -> None:
    page = pages["six-card-golf.md"]
    grids = [a for a in _alternatives(page) if a.startswith("Rij 1: ")]
    assert len(grids) == 4
    for text in grids:
        assert re.match(r"Rij 1: [^;]*?⟨list⟩.*?⟨parts⟩rij 2: .*?⟨end⟩", text), text
    scored = [a for a in grids if "Kolomscores" in a]
    assert scored and all(
        re.search(r"⟨end⟩⟨sentences⟩Kolomscores: −?\d+(⟨list⟩−?\d+)+\.", a) for a in scored
    )
    runs = [a for a in _alternatives(page) if "⟨list⟩" in a and not a.startswith("Rij")]
    assert runs  # the small card pictures in a sentence: their cards' names


def test_the_statistics_pages_joiners_come_from_the_catalog(pages: dict[str, str]) -> None:
    page = pages["statistics.md"]
    chart = next(a for a in _alternatives(page) if "⟨parts⟩" in a)
    assert chart.endswith(END) and "; " not in chart
    assert re.search(r"\d,\d%⟨range⟩\d+,\d%", chart)  # an interval's ends
    assert "⟨steps⟩" in page and " → " not in page  # the rule sets from the strictest
    assert re.search(r"\| \d+,\d%⟨range⟩\d+,\d% \|", page)  # the table's intervals


def test_lists_in_the_text_come_from_the_catalog(pages: dict[str, str]) -> None:
    assert re.search(r"\d+%\s\([^)]*\)⟨list⟩\d+%", pages["sources.md"])  # a source's figures
    assert "⟨list⟩" in pages["examples.md"]  # the cards of an example


def test_every_placeholder_is_explained_to_the_translator() -> None:
    """Every message with a placeholder has a translator comment naming each of them
    (``%(count)s``), and every separator a comment saying where it stands."""
    catalog = read(POT_FILE)
    silent = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        comment = " ".join(message.auto_comments)
        names = sorted(set(re.findall(r"%\((\w+)\)", " ".join(ids))))
        unnamed = [name for name in names if f"%({name})" not in comment]
        if unnamed or (message.context == "separator" and not comment.strip()):
            where = message.locations[0][0] if message.locations else POT_FILE.name
            silent.append(f"{where}: {ids[0][:50]!r} says nothing of {unnamed or 'itself'}")
    assert not silent, "\n".join(silent)


def test_the_catalogs_hold_every_separator() -> None:
    catalog = read(POT_FILE)
    separators = {m.id for m in catalog if m.context == "separator"}
    assert separators == set(MARKS), separators
    assert Path(POT_FILE).exists()

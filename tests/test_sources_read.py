"""A published figure is credited only to a work the project read, quoted from an address
that was read (generator/data/sources.yaml's header): each of the file's two readers, the
statistics page's (`load_sources`) and the second path's (`generator/twopath/sources.py`),
refuses any other with one line naming the file's line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.pages.recorded import DataFileError
from generator.pages.statistics import SOURCES, load_sources
from generator.twopath import sources as quotes

GAMBITER = "      - https://gambiter.com/solitaire/Golf_patience.html\n"


def edited(tmp_path: Path, old: str, new: str, count: int = 1) -> tuple[Path, str]:
    text = SOURCES.read_text(encoding="utf-8")
    assert old in text, old
    text = text.replace(old, new, count)
    path = tmp_path / "sources.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def second_path(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(quotes, "SOURCES", path)
    quotes._data.cache_clear()
    try:
        return quotes.data_problems()
    finally:
        quotes._data.cache_clear()


def line_of(text: str, needle: str, after: int = 0) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if n > after and needle in line)


def test_todays_figures_are_quoted_from_addresses_that_were_read() -> None:
    assert quotes.data_problems() == []
    assert len(load_sources().figures) == 3


def test_a_scoring_figure_credited_to_a_work_not_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The par credited to Morehead and Mott-Smith, whose chapter nobody here read (the entry is
    under `unchecked`): the quote still gives 45, the page still says 45."""
    path, text = edited(
        tmp_path,
        "    value: 45\n    source: wikipedia-golf\n",
        "    value: 45\n    source: morehead-mott-smith\n",
    )
    line = line_of(text, "source: morehead-mott-smith")
    assert second_path(path, monkeypatch) == [
        f"generator/data/sources.yaml:{line}: the figure of par is credited to "
        "'morehead-mott-smith', an entry this file marks as not read (under unchecked): a "
        "figure may be credited only to an entry under sources, a work the project read"
    ]


def test_a_winnable_share_credited_to_a_work_not_read_is_refused_by_both_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = edited(
        tmp_path,
        "    percent: 26\n    source: wikipedia-golf\n",
        "    percent: 26\n    source: morehead-mott-smith\n",
    )
    found = second_path(path, monkeypatch)
    assert len(found) == 1 and "the figure of classic+nothing-on-king is credited to" in found[0]
    assert found[0].startswith(
        f"generator/data/sources.yaml:{line_of(text, 'source: morehead-mott-smith')}: "
    )
    with pytest.raises(DataFileError, match=r"sources\.yaml:\d+: .*under unchecked: not read"):
        load_sources(path)


def test_a_quote_from_an_address_that_did_not_confirm_the_work_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = edited(
        tmp_path,
        "    percent: 45\n    source: wikipedia-golf\n    quoted_from:\n" + GAMBITER,
        "    percent: 45\n    source: wikipedia-golf\n    quoted_from:\n"
        "      - https://example.org/golf-figures.html\n",
    )
    figure = line_of(text, "  - rules: classic")
    assert second_path(path, monkeypatch) == [
        f"generator/data/sources.yaml:{line_of(text, 'quoted_from:', figure)}: the figure of "
        "classic: 'https://example.org/golf-figures.html' is not one of wikipedia-golf's "
        "confirmed_by addresses: a quote is confirmed by an address that was read"
    ]
    with pytest.raises(DataFileError, match=r"sources\.yaml:\d+: quoted_from must list"):
        load_sources(path)


def test_a_figure_that_names_no_address_its_quote_was_read_at_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _text = edited(
        tmp_path,
        "    percent: 93\n    source: wikipedia-golf\n    quoted_from:\n" + GAMBITER,
        "    percent: 93\n    source: wikipedia-golf\n",
    )
    (problem,) = second_path(path, monkeypatch)
    assert re.fullmatch(
        r"generator/data/sources\.yaml:\d+: the figure of easy names no address its quote was "
        r"read at \(quoted_from: one or more of wikipedia-golf's confirmed_by\)",
        problem,
    ), problem
    with pytest.raises(DataFileError, match=r"sources\.yaml:\d+: quoted_from must list"):
        load_sources(path)

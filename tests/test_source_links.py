"""A source's link goes where the search confirmed the work: its ``url`` is one of its
``confirmed_by`` addresses or on the same host, and no address holds a blank or a quote (which
would end the link's attribute on the page)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.pages.recorded import DataFileError
from generator.pages.statistics import SOURCES, load_sources

EDITS = {
    "url moved to another host": (
        "    url: https://www.pagat.com/draw/golf.html\n",
        "    url: https://pagat.example.net/draw/golf.html\n",
        "url 'https://pagat.example.net/draw/golf.html' is not the address its confirming page "
        "https://github.com/mgoadric/cardstock shows",
    ),
    "a quote inside the url": (
        "    url: https://www.pagat.com/draw/golf.html\n",
        "    url: 'https://www.pagat.com/draw/golf.html\" onmouseover=\"alert(1)'\n",
        "url: not an http(s) address without blanks or quotes",
    ),
    "a blank inside the url": (
        "    url: https://www.pagat.com/draw/golf.html\n",
        "    url: https://www.pagat.com/draw/golf .html\n",
        "url: not an http(s) address without blanks or quotes",
    ),
    "a javascript: url": (
        "    url: https://www.pagat.com/draw/golf.html\n",
        "    url: javascript:alert(1)\n",
        "url: not an http(s) address",
    ),
    "url moved to another host (no page shows it)": (
        "    url: http://politaire.com/article/golf.html\n",
        "    url: http://politaire.example.com/article/golf.html\n",
        "url 'http://politaire.example.com/article/golf.html' is on none of the hosts that "
        "confirmed the entry (politaire.com)",
    ),
    "a quote in a confirming address": (
        "      - http://politaire.com/article/golf.html\n",
        "      - 'http://politaire.com/article/golf.html\"x'\n",
        "confirmed_by: not an http(s) address without blanks or quotes",
    ),
    "a right-to-left override in a title": (
        "    title: Golf\n",
        '    title: "Go\\u202elf"\n',
        "title 'Go\\u202elf' holds an invisible character (U+202E)",
    ),
}


@pytest.mark.parametrize("name", list(EDITS))
def test_a_source_link_that_leaves_its_confirmation_is_refused(name: str, tmp_path: Path) -> None:
    old, new, refused = EDITS[name]
    text = SOURCES.read_text(encoding="utf-8")
    assert old in text
    edited = tmp_path / "sources.yaml"
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"sources\.yaml:\d+: ") as raised:
        load_sources(edited)
    assert refused in str(raised.value)


def test_a_url_on_a_confirming_host_passes(tmp_path: Path) -> None:
    text = SOURCES.read_text(encoding="utf-8").replace(
        "    url: http://politaire.com/article/golf.html\n",
        "    url: http://politaire.com/article/golf-results.html\n",
        1,
    )
    edited = tmp_path / "sources.yaml"
    edited.write_text(text, encoding="utf-8")
    urls = [source.url for source in load_sources(edited).sources]
    assert "http://politaire.com/article/golf-results.html" in urls

"""generator/twopath/pictures.py: every picture read back from its drawing.

Each break in ``tests/data/twopath_picture_breaks.yaml`` changes what a picture draws
(a pip, a corner, a colour, a card's place, a grid's cell or score, a bar's length) and
leaves its text alternative and the classes that name its cards as they were: the
drawing's own check must fail on it, naming the picture and the page, and agree with
the picture as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import twopath
from generator.i18n.catalogs import shipped_languages
from generator.site import sixcard_pictures
from generator.site.build import render_all
from generator.sixcard.cards import Card as SixCard
from generator.twopath import css, drawing
from generator.twopath.css import Stylesheet, View, colour, kind
from generator.twopath.reader import ReadError

Rendered = dict[str, dict[str, str]]

BREAKS = yaml.safe_load(
    (Path(__file__).parent / "data" / "twopath_picture_breaks.yaml").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
def rendered() -> Rendered:
    return render_all(shipped_languages())


def drawn_problems(rendered: Rendered, code: str, page: str, text: str | None = None) -> list[str]:
    """The problems of the drawing checks on one language's page (``text``: that page broken)."""
    pages = {c: dict(p) for c, p in rendered.items()}
    if text is not None:
        pages[code][f"{page}.md"] = text
    language = [lang for lang in shipped_languages() if lang.code == code]
    found = twopath.run(pages, language, pages={page})
    assert any(name.startswith("drawn-") for name in found.counts), found.counts
    return [p for p in found.problems if "(two-path drawn-" in p]


@pytest.mark.parametrize("case", BREAKS, ids=[case["name"] for case in BREAKS])
def test_a_picture_drawn_wrong_is_caught(rendered: Rendered, case: dict[str, object]) -> None:
    code, page = str(case["lang"]), str(case["page"])
    assert drawn_problems(rendered, code, page) == []  # the true picture passes
    text = rendered[code][f"{page}.md"]
    for edit in case["edits"]:  # type: ignore[attr-defined]
        assert edit["old"] in text, edit["old"]
        text = text.replace(edit["old"], edit["new"], 1)
    found = drawn_problems(rendered, code, page, text)
    expect = [str(e) for e in case["expect"]]  # type: ignore[attr-defined]
    assert any(all(e in p for e in expect) for p in found), found


def test_every_page_with_pictures_is_read_in_every_language(rendered: Rendered) -> None:
    result = twopath.run(rendered, shipped_languages())
    assert [p for p in result.problems if "(two-path drawn-" in p] == []
    for name in (
        "drawn-examples",
        "drawn-won-game",
        "drawn-rules",
        "drawn-solve",
        "drawn-six-card-golf",
        "drawn-statistics",
    ):
        # one finding per picture at least, in each of the three languages
        assert result.counts.get(name, 0) >= 3 * 2, (name, result.counts)


def test_each_suit_is_read_from_its_shape() -> None:
    # the 6-Card Golf pictures draw suits as shapes: each is read as its suit, from the
    # geometry alone (three round lobes, a point up, a point down, four straight sides)
    for notation, suit in (("KC", "C"), ("KS", "S"), ("KH", "H"), ("KD", "D"), ("JK", "")):
        svg = sixcard_pictures.card_run(
            [SixCard.from_str(notation)], label=str, title="t", desc="", ident="r"
        )
        (picture,) = drawing.pictures(svg)
        (face,) = drawing.cards(picture)
        assert [drawing.pip_suit(picture, pip) for pip in face.pips] == [suit], notation
    # a shape of no suit: a square
    (picture,) = drawing.pictures(
        '<svg xmlns="http://www.w3.org/2000/svg"><g><path d="M0 0H10V10H0Z"/></g></svg>'
    )
    assert drawing.shape_suit(picture.root.children[0]) is None


def test_colours_are_read_through_the_style_sheet() -> None:
    sheet = Stylesheet.parse(
        ":root { --red: #c62828; } .b .card.red text { fill: var(--red); }"
        " .b .card text { fill: #000000de; } .b .card.red text.x { fill: none; }"
    ).under(View("default"))
    from generator.twopath.css import Element

    html = Element("html")
    svg = Element("svg", {"class": "b"}, html)
    red = Element("text", {}, Element("g", {"class": "card red"}, svg))
    black = Element("text", {}, Element("g", {"class": "card black"}, svg))
    hidden = Element("text", {"class": "x"}, Element("g", {"class": "card red"}, svg))
    assert kind(colour(sheet.computed(red, "fill"))) == "red"
    assert kind(colour(sheet.computed(black, "fill"))) == "black"
    assert colour(sheet.computed(hidden, "fill"))[3] == 0
    assert kind(colour("#00796b")) == "other"


STYLE_BREAKS = yaml.safe_load(
    (Path(__file__).parent / "data" / "twopath_style_breaks.yaml").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", STYLE_BREAKS, ids=[case["name"] for case in STYLE_BREAKS])
def test_a_stylesheet_that_paints_a_card_wrong_under_a_condition_is_caught(
    rendered: Rendered, case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rules page's pictures read through the broken sheet: the true sheet passes, the
    broken one is caught in the view that shows it (or refused, naming its line)."""
    text = drawing.GOLF_CSS.read_text(encoding="utf-8")
    if "after" in case:
        assert text.count(case["after"]) == 1, case["after"]
        at = text.index(case["after"]) + len(case["after"])
        text = text[:at] + "\n" + case["css"] + "\n" + text[at:]
    else:
        text += "\n" + case["css"] + "\n"
    broken = tmp_path / "docs_src" / "assets" / "golf.css"
    broken.parent.mkdir(parents=True)
    broken.write_text(text, encoding="utf-8")
    monkeypatch.setattr(css, "_shown", lambda path: "docs_src/assets/golf.css")
    assert drawn_problems(rendered, "en", "rules") == []
    monkeypatch.setattr(drawing, "GOLF_CSS", broken)
    drawing.pictures.cache_clear()
    try:
        if "sheet_error" in case:
            with pytest.raises(ReadError) as refused:
                css.site_sheet(broken)
            said = str(refused.value)
            assert all(piece in said for piece in case["sheet_error"]), said
            line = int(said.split(":")[1])
            assert case["css"].split("{")[0].strip() in text.splitlines()[line - 1], said
            return
        found = drawn_problems(rendered, "en", "rules")
        assert any(all(piece in problem for piece in case["expect"]) for problem in found), found
    finally:
        drawing.pictures.cache_clear()

"""The 6-Card Golf pictures: one element per card and slot, backs without text, the caller's text only."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
import pytest

from generator.site.sixcard_pictures import card_run, grid_picture
from generator.sixcard.cards import Card
from generator.sixcard.errors import GridError, SixCardError

SVG = "{http://www.w3.org/2000/svg}"
CSS = Path(__file__).resolve().parent.parent / "docs_src" / "assets" / "golf.css"


def grid_of(*rows: str) -> list[list[Card]]:
    return [[Card.from_str(c) for c in row.split()] for row in rows]


def label(card: Card) -> str:
    return f"L{card}"


def card_groups(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if "six-card" in g.get("class", "").split()]


def first_rect(group: ET.Element) -> tuple[float, float]:
    rect = group.find(f"{SVG}rect")
    assert rect is not None
    return float(rect.get("x", "")), float(rect.get("y", ""))


def test_each_slot_is_one_element_named_by_its_card_up_or_down_with_its_colour() -> None:
    grid = grid_of("KS 5D JK", "KH 5C QS")
    up = {(0, 1), (1, 2)}
    svg = ET.fromstring(grid_picture(grid, label=label, title="t", desc="d", ident="g", face_up=up))
    groups = card_groups(svg)
    expected = [
        ["six-card", f"six-card-{card}", "up" if (r, c) in up else "down", colour]
        for r, row in enumerate(grid)
        for c, card in enumerate(row)
        for colour in ["red" if card.suit in ("D", "H") else "black"]
    ]
    assert [g.get("class", "").split() for g in groups] == expected
    assert "six-card-JK" in groups[2].get("class", "")
    # Rows top to bottom, columns left to right.
    positions = [first_rect(g) for g in groups]
    assert positions[0][0] < positions[1][0] < positions[2][0]
    assert positions[0][0] == positions[3][0] and positions[0][1] < positions[3][1]


def test_face_down_slots_show_no_text_and_face_up_slots_show_only_their_label() -> None:
    grid = grid_of("AS 2D 3C", "4H JK TS")
    up = {(0, 0), (1, 1)}
    svg = ET.fromstring(grid_picture(grid, label=label, title="t", desc="d", ident="g", face_up=up))
    for group in card_groups(svg):
        name = next(c for c in group.get("class", "").split() if c.startswith("six-card-"))[9:]
        texts = [t.text for t in group.iter(f"{SVG}text")]
        if "down" in group.get("class", "").split():
            assert texts == []
            assert any(r.get("class") == "six-back" for r in group.iter(f"{SVG}rect"))
        else:
            assert texts == [f"L{name}"]


def test_all_slots_face_up_by_default_and_no_text_but_the_callers() -> None:
    svg_text = grid_picture(
        grid_of("AS 2D", "4H JK"),
        label=label,
        title="t",
        desc="d",
        ident="g",
        scores=[5, -2],
        score_label=lambda n: f"S{n}",
    )
    svg = ET.fromstring(svg_text)
    assert all("up" in g.get("class", "").split() for g in card_groups(svg))
    texts = sorted(t.text or "" for t in svg.iter(f"{SVG}text"))
    assert texts == sorted(["LAS", "L2D", "L4H", "LJK", "S5", "S-2"])
    # Colours only through classes; nothing loaded.
    for forbidden in ("fill=", "stroke=", "style=", "font", "href", "<image", "url("):
        assert forbidden not in svg_text


def test_title_and_desc_are_the_callers_and_escaped() -> None:
    title, desc = "<script>alert(1)</script> & co", 'a "quoted" <b>desc</b>'
    for svg_text in (
        grid_picture(grid_of("AS 2D", "4H JK"), label=label, title=title, desc=desc, ident="g"),
        card_run([Card.from_str("AS")], label=label, title=title, desc=desc, ident="r"),
    ):
        assert "<script>" not in svg_text and "<b>" not in svg_text
        assert "&lt;script&gt;" in svg_text
        svg = ET.fromstring(svg_text)
        title_el, desc_el = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
        assert title_el is not None and desc_el is not None
        assert (title_el.text, desc_el.text) == (title, desc)
        ident = svg.get("id")
        assert svg.get("role") == "img"
        assert svg.get("aria-labelledby") == title_el.get("id") == f"{ident}-title"
        assert svg.get("aria-describedby") == desc_el.get("id") == f"{ident}-desc"


def test_an_empty_desc_is_left_out() -> None:
    svg = ET.fromstring(card_run([Card.from_str("AS")], label=label, title="t", desc="", ident="r"))
    assert svg.find(f"{SVG}desc") is None and svg.get("aria-describedby") is None


def test_the_run_is_one_line_of_small_cards_in_order() -> None:
    cards = [Card.from_str(c) for c in ("AS", "KS", "QS", "JS")]
    run = card_run(
        cards, label=label, title="schoppen aas,\n\nschoppen heer", desc="", ident="run-1"
    )
    assert "\n" not in run and "\r" not in run and run == run.strip() and run.startswith("<svg")
    svg = ET.fromstring(run)
    assert svg.get("class") == "six-run"
    assert [g.get("class") for g in card_groups(svg)] == [
        f"six-card six-card-{c} up black" for c in ("AS", "KS", "QS", "JS")
    ]
    xs = [first_rect(g)[0] for g in card_groups(svg)]
    assert xs == sorted(xs) and len(set(xs)) == 4
    title = svg.find(f"{SVG}title")
    assert title is not None and title.text == "schoppen aas, schoppen heer"


def test_the_run_stays_whole_inside_a_markdown_list_item() -> None:
    title = "*aas* _heer_ [vrouw](x) `boer` | {x} \\"
    run = card_run(
        [Card.from_str("AS"), Card.from_str("JK")],
        label=lambda card: "🃏" if card.is_joker else "A*",
        title=title,
        desc="",
        ident="run-2",
    )
    html = markdown.markdown(f"- Een reeks {run} telt.\n- Nog een punt\n")
    assert html.count("<li>") == 2
    start, end = html.index("<svg"), html.index("</svg>") + len("</svg>")
    svg = ET.fromstring(html[start:end])
    title_el = svg.find(f"{SVG}title")
    assert title_el is not None and title_el.text == title
    assert sorted(t.text or "" for t in svg.iter(f"{SVG}text")) == ["A*", "🃏"]


def test_a_pair_is_outlined_and_joined_in_its_column_and_scores_sit_under_their_columns() -> None:
    grid = grid_of("7S 5D 9C", "3H 5C 9H")
    svg = ET.fromstring(
        grid_picture(
            grid,
            label=label,
            title="t",
            desc="d",
            ident="g",
            highlights={(0, 1): "pair", (1, 1): "pair", (1, 2): "mark"},
            scores=[10, 0, 18],
            score_label=lambda n: f"<{n}>",
        )
    )
    groups = card_groups(svg)
    marked = {
        str(grid[i // 3][i % 3]): cls
        for i, g in enumerate(groups)
        for cls in g.get("class", "").split()
        if cls in ("pair", "mark")
    }
    assert marked == {"5D": "pair", "5C": "pair", "9H": "mark"}
    joins = [p for p in svg.iter(f"{SVG}path") if "six-join" in p.get("class", "").split()]
    assert len(joins) == 1  # the 9s are not a marked pair: only column 2 is joined
    xs = [float(n) for n in re.findall(r"[MH](-?[\d.]+)", joins[0].get("d", ""))]
    col0_right = first_rect(groups[0])[0] + 60
    col1_left = first_rect(groups[1])[0]
    assert all(col0_right < x < col1_left for x in xs)
    ys = [float(n) for n in re.findall(r"V(-?[\d.]+)", joins[0].get("d", ""))]
    assert ys and first_rect(groups[4])[1] < ys[0] < first_rect(groups[4])[1] + 84
    scores = [t for t in svg.iter(f"{SVG}text") if "six-score" in t.get("class", "").split()]
    assert [t.text for t in scores] == ["<10>", "<0>", "<18>"]
    for column, text in enumerate(scores):
        left = first_rect(groups[column])[0]
        assert left < float(text.get("x", "")) < left + 60
        assert f"six-score-{column + 1}" in text.get("class", "").split()
        assert float(text.get("y", "")) > first_rect(groups[3 + column])[1] + 84


def test_a_pair_in_rows_one_and_three_of_a_nine_card_grid_points_at_both() -> None:
    grid = grid_of("7S 2D JK", "3H 9C JK", "7C 2H QS")
    svg = ET.fromstring(
        grid_picture(
            grid,
            label=label,
            title="t",
            desc="d",
            ident="g",
            highlights={(0, 0): "pair", (2, 0): "pair"},
        )
    )
    groups = card_groups(svg)
    assert len(groups) == 9
    (join,) = [p for p in svg.iter(f"{SVG}path") if "six-join" in p.get("class", "").split()]
    ticks = [float(y) for y in re.findall(r"M[\d.-]+ (-?[\d.]+)", join.get("d", ""))]
    top, bottom = first_rect(groups[0])[1], first_rect(groups[6])[1]
    assert top < ticks[0] < top + 84
    assert float(re.findall(r"V(-?[\d.]+)", join.get("d", ""))[0]) > bottom


@pytest.mark.parametrize(("rows", "count"), [(("AS 2D", "4H JK"), 4), (("AS 2D 3C",) * 3, 9)])
def test_four_and_nine_card_grids(rows: tuple[str, ...], count: int) -> None:
    grid = grid_of(*rows)
    svg = ET.fromstring(grid_picture(grid, label=label, title="t", desc="d", ident="g"))
    assert len(card_groups(svg)) == count
    columns = len(grid[0])
    _, _, width, height = (float(n) for n in svg.get("viewBox", "").split())
    assert width > columns * 60 and height > len(grid) * 84


def test_bad_input_is_refused_with_a_one_line_message() -> None:
    grid = grid_of("AS 2D 3C", "4H JK TS")
    cases: list[tuple[type[Exception], dict[str, object], str]] = [
        (GridError, dict(grid=grid_of("AS 2D 3C")), "2x3"),
        (GridError, dict(face_up={(2, 0)}), "(2, 0)"),
        (GridError, dict(highlights={(0, 3): "pair"}), "(0, 3)"),
        (GridError, dict(scores=[1, 2]), "2 column scores"),
        (SixCardError, dict(highlights={(0, 0): "pair x"}), "'pair x'"),
        (SixCardError, dict(ident="1 bad"), "'1 bad'"),
    ]
    for error, kwargs, quoted in cases:
        args: dict[str, object] = {"grid": grid, "title": "t", "desc": "d", "ident": "g", **kwargs}
        with pytest.raises(error) as caught:
            grid_picture(label=label, **args)  # type: ignore[arg-type]
        assert quoted in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(SixCardError):
        card_run([], label=label, title="t", desc="", ident="r")


def test_the_same_input_gives_the_same_bytes() -> None:
    grid = grid_of("KS 5D JK", "KH 5C QS")

    def draw(face_up: object, highlights: dict[tuple[int, int], str]) -> str:
        return grid_picture(
            grid,
            label=label,
            title="t",
            desc="d",
            ident="g",
            face_up=face_up,  # type: ignore[arg-type]
            highlights=highlights,
            scores=[0, 0, 8],
        )

    first = draw({(0, 0), (1, 0), (1, 2)}, {(0, 0): "pair", (1, 0): "pair"})
    assert first == draw([(1, 2), (1, 0), (0, 0)], {(1, 0): "pair", (0, 0): "pair"})
    assert "\n" not in first
    run = card_run(grid[0], label=label, title="t", desc="", ident="r")
    assert run == card_run(tuple(grid[0]), label=label, title="t", desc="", ident="r")


def test_the_css_styles_every_class_the_pictures_draw_and_only_six_selectors() -> None:
    css = CSS.read_text(encoding="utf-8")
    six = css[css.index("/* The 6-Card Golf pictures") :]
    selectors = [
        part.strip()
        for block in re.findall(r"([^{}]+)\{", re.sub(r"/\*.*?\*/", "", six, flags=re.S))
        for part in block.split(",")
    ]
    assert selectors and all(
        re.fullmatch(r'(\[data-md-color-scheme="slate"\] )?\.six-[^\s]*( \.six-[^\s]*)*', s)
        for s in selectors
    ), selectors
    drawn = grid_picture(
        grid_of("KS 5D JK", "KH 5C QS"),
        label=label,
        title="t",
        desc="d",
        ident="g",
        face_up={(0, 0), (1, 0), (0, 2)},
        highlights={(0, 0): "pair", (1, 0): "pair", (0, 2): "mark"},
        scores=[0, 10, 8],
    ) + card_run([Card.from_str("AS")], label=label, title="t", desc="", ident="r")
    classes = {c for attr in re.findall(r'class="([^"]*)"', drawn) for c in attr.split()}
    styled = {c for c in classes if not c.startswith(("six-card-", "six-score-"))}
    styled -= {"up", "down", "six-join-pair"}  # hooks for tests and later styles
    for cls in sorted(styled):
        assert f".{cls}" in six, cls

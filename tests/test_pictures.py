"""The boards: SVG pictures (rules page) with their snapshot as caption and a legend, and the
won game's stepper of the same pictures, one section per move."""

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import ROOT, languages, translations
from generator.i18n.words import LEGEND, POSITION_FOLD, SHORT_FORM, Words
from generator.pages.recorded import load_reference_game
from generator.patience import FULL_DECK, Game, Move, deal_for_number
from generator.patience.cards import parse_card
from generator.site.build import build_site
from generator.site.pictures import board, card_sheet

SVG = "{http://www.w3.org/2000/svg}"


def cards_in(svg: ET.Element) -> dict[str, list[str]]:
    """card notation -> the classes of its element."""
    found = {}
    for group in svg.iter(f"{SVG}g"):
        classes = group.get("class", "").split()
        if "card" in classes:
            name = next(c[5:] for c in classes if c.startswith("card-"))
            assert name not in found, f"{name} drawn twice"
            found[name] = classes
    return found


def test_picture_is_svg_with_one_element_per_card_and_free_cards_marked() -> None:
    game = Game(deal_for_number(3))
    for move in game.legal_moves()[:1]:
        game.play(move)
    position = game.position()
    svg = ET.fromstring(
        board(position, label=str, title="T", desc="D", highlights={position.waste: "move"})
    )
    assert svg.tag == f"{SVG}svg" and svg.get("role") == "img"
    assert svg.find(f"{SVG}title").text == "T" and svg.find(f"{SVG}desc").text == "D"  # type: ignore[union-attr]
    cards = cards_in(svg)
    expected = [c for column in position.columns for c in column] + [position.waste]
    assert sorted(cards) == sorted(str(c) for c in expected)
    free = {name for name, classes in cards.items() if "free" in classes}
    assert free == {str(column[-1]) for column in position.columns if column}
    assert "move" in cards[str(position.waste)]
    count = next(t for t in svg.iter(f"{SVG}text") if t.get("class") == "count")
    assert count.text == str(position.stock_count)


def test_a_board_drawn_from_the_sheet_names_the_same_cards_with_one_element_each() -> None:
    """``from_sheet``: each card a ``<use>`` of the sheet's card of that name, with the classes
    and the place the card drawn in place has (the corner's 5, 19 inside the frame)."""
    game = Game(deal_for_number(3))
    game.play(game.legal_moves()[0])
    position = game.position()
    drawn = {}
    for from_sheet in (False, True):
        svg = ET.fromstring(
            board(
                position,
                label=str,
                title="T",
                desc="",
                highlights={position.waste: "move"},
                from_sheet=from_sheet,
            )
        )
        drawn[from_sheet] = svg
    in_place = cards_in(drawn[False])
    uses = {u.get("href"): u for u in drawn[True].iter(f"{SVG}use")}
    assert len(uses) == len(in_place)  # one element a card, not a frame and two texts
    assert len(list(drawn[True].iter())) == len(list(drawn[False].iter())) - 3 * len(in_place)
    sheet = ET.fromstring(card_sheet(FULL_DECK, label=str, title="S", ids=True))
    named = {g.get("id"): g for g in sheet.iter(f"{SVG}g")}
    for name, classes in in_place.items():
        use = uses[f"#golf-card-{name}"]
        assert use.get("class", "").split() == classes
        assert f"card-{name}" in named[f"golf-card-{name}"].get("class", "").split()
        group = next(
            g for g in drawn[False].iter(f"{SVG}g") if f"card-{name}" in g.get("class", "")
        )
        corner = next(t for t in group if t.get("class") == "corner")
        assert (int(use.get("x")) + 5, int(use.get("y")) + 19) == (  # type: ignore[arg-type]
            int(corner.get("x")),
            int(corner.get("y")),  # type: ignore[arg-type]
        )


def test_every_use_of_a_built_page_names_an_element_of_that_page(site: Path) -> None:
    """A ``<use>`` of an id its page lacks draws nothing (the examples' cards name the card
    sheet's): every one resolves on its own page, in every language."""
    seen = 0
    for path in sorted(site.glob("**/*.html")):
        html = path.read_text(encoding="utf-8")
        ids = set(re.findall(r'\bid="([^"]+)"', html))
        for href in re.findall(r'<use\b[^>]*\bhref="#([^"]+)"', html):
            seen += 1
            assert href in ids, f"{path.relative_to(site)}: a <use> of #{href}, which it lacks"
    assert seen >= 3 * 6 * 36  # the examples' six deals in three languages


def test_empty_columns_and_empty_stock_are_drawn() -> None:
    game = Game(deal_for_number(1))
    while game.stock:
        game.play(Move.draw(game.stock[0]))
    position = game.position()
    svg = ET.fromstring(board(position, label=str, title="T", desc="D"))
    stock = next(g for g in svg.iter(f"{SVG}g") if "stock" in g.get("class", "").split())
    assert "empty" in stock.get("class", "")


def test_card_labels_and_text_are_in_the_pages_language() -> None:
    nl = next(lang for lang in languages() if lang.code == "nl")
    words = Words(translations(nl))
    position = Game(deal_for_number(1)).position()
    svg = board(position, label=words.short, title="t", desc=words.snapshot(position))
    assert "R♣" in svg and "K♣" not in svg  # king of clubs, Dutch short form
    assert "klaveren aas" in svg


def test_without_a_desc_the_picture_is_hidden_from_screen_readers() -> None:
    svg = ET.fromstring(board(Game(deal_for_number(1)).position(), label=str, title="T", desc=""))
    assert svg.get("aria-hidden") == "true" and svg.get("role") is None
    assert svg.find(f"{SVG}desc") is None


def _height(svg: str) -> int:
    return int(ET.fromstring(svg).get("viewBox", "").split()[3])


def test_the_picture_is_as_tall_as_its_longest_column() -> None:
    game = Game(deal_for_number(1))
    full = game.position()
    short = replace(full, columns=tuple(column[:2] for column in full.columns))
    one = replace(full, columns=tuple(column[:1] for column in full.columns))
    heights = [_height(board(p, label=str, title="T", desc="")) for p in (full, short, one)]
    assert heights[0] > heights[1] > heights[2]
    # the stock and the waste stand below the longest column, not over it
    svg = ET.fromstring(board(short, label=str, title="T", desc=""))
    bottoms = [
        int(rect.get("y", "0")) + int(rect.get("height", "0"))
        for group in svg.iter(f"{SVG}g")
        if "card" in group.get("class", "").split() and "top" not in group.get("class", "")
        for rect in group.findall(f"{SVG}rect")
    ]
    stock = next(g for g in svg.iter(f"{SVG}g") if "stock" in g.get("class", "").split())
    assert int(stock.find(f"{SVG}rect").get("y", "0")) > max(bottoms)  # type: ignore[union-attr]


def test_a_series_of_boards_can_share_one_height_and_stay_out_of_search() -> None:
    full = Game(deal_for_number(1)).position()
    one = replace(full, columns=tuple(column[:1] for column in full.columns))
    tall = [_height(board(p, label=str, title="T", desc="", rows=5)) for p in (full, one)]
    assert tall[0] == tall[1] == _height(board(full, label=str, title="T", desc=""))
    assert _height(board(one, label=str, title="T", desc="")) < tall[1]
    assert "data-search-exclude" not in board(one, label=str, title="T", desc="")
    hidden = ET.fromstring(board(one, label=str, title="T", desc="D", searchable=False))
    assert hidden.get("data-search-exclude") == ""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pictures") / "site"
    build_site(out)
    return out


class Figures(HTMLParser):
    """Each board figure: its SVG's id, what names and describes it, its <desc> (if any), the
    fold's summary, the words it folds (``caption``: the element the SVG is described by) and
    its legend."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[dict[str, str]] = []
        self.part: str | None = None
        self.in_figure = False  # the page's other folds are not a figure's

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "figure":
            self.in_figure = True
        if tag == "svg" and "golf-board" in (a.get("class") or ""):
            self.figures.append(
                {"id": a.get("id") or "", "hidden": a.get("aria-hidden") or "", "desc": ""}
                | {"role": a.get("role") or "", "named": a.get("aria-labelledby") or ""}
                | {"described": a.get("aria-describedby") or "", "fold": ""}
                | {"caption": "", "legend": ""}
            )
        elif self.figures and tag == "desc":
            self.part = "desc"
        elif self.figures and self.in_figure and tag == "summary":
            self.part = "fold"
        elif self.figures and a.get("id") and a.get("id") == self.figures[-1]["described"]:
            self.part = "caption"
        elif self.figures and "golf-legend" in (a.get("class") or ""):
            self.part = "legend"
        elif self.part == "legend" and tag == "li":
            self.figures[-1]["legend"] += "|"

    def handle_endtag(self, tag: str) -> None:
        if tag in {"desc", "summary", "p", "ul"}:
            self.part = None
        if tag == "figure":
            self.in_figure = False

    def handle_data(self, data: str) -> None:
        if self.part:
            self.figures[-1][self.part] += data


@pytest.mark.parametrize("code", ["en", "nl", "de"])
def test_each_rules_picture_has_one_text_alternative_its_caption_and_a_legend(
    site: Path, code: str
) -> None:
    parser = Figures()
    parser.feed((site / code / "rules" / "index.html").read_text(encoding="utf-8"))
    recorded = load_reference_game()
    words = Words(translations(next(lang for lang in languages() if lang.code == code)))
    assert [f["id"] for f in parser.figures] == ["position-0", "position-3", "position-34"]
    legends = {
        "position-0": ["free", "refused", "blocked"],
        "position-3": ["free", "move"],
        "position-34": ["free", "move", "target"],
    }
    for figure in parser.figures:
        after = int(figure["id"].split("-")[1])
        game = Game(recorded.deal, recorded.rules)
        for move in recorded.moves[:after]:
            game.play(move)
        # the picture is an image named by its title and described by the position in words,
        # which a fold under it shows to the eye
        assert figure["role"] == "img" and figure["hidden"] == "" and figure["desc"] == ""
        assert figure["named"] == f"{figure['id']}-title"
        assert re.sub(r"\s+", " ", figure["caption"]).strip() == words.snapshot(game.position())
        assert figure["fold"] == words.t.gettext(POSITION_FOLD)
        expected = "".join("|" + words.p(LEGEND[kind]) for kind in legends[figure["id"]])
        if figure["id"] == "position-0":  # the first board says what J, Q and K stand for
            expected += "".join(
                "|" + words.p(SHORT_FORM) % {"short": words.short(card), "card": words.card(card)}
                for card in (parse_card("JC"), parse_card("QC"), parse_card("KC"))
            )
        assert figure["legend"] == expected


def test_rules_page_highlights_what_the_examples_talk_about(site: Path) -> None:
    html = (site / "nl" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'class="card card-6H free refused red"' in html
    assert 'class="card card-TS blocked black"' in html
    assert 'class="card card-AH free move red"' in html
    assert 'class="card card-KC top target black"' in html


class Stepper(HTMLParser):
    """The won game's stepper: its sections (id, heading, board, a slot for the script's
    board), its controls, and the move list's links with what a screen reader reads of them
    (their text but the aria-hidden) and the move they give the script (card, column)."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[dict[str, Any]] = []
        self.controls: dict[str, dict[str, str | None]] = {}
        self.links: list[str] = []
        self.link_words: list[str] = []
        self.link_moves: list[tuple[str | None, str | None]] = []
        self.where: str | None = None
        self.hidden = 0
        self.svg: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.svg is not None:
            self.svg.append(self.get_starttag_text() or "")
            return
        for name in a:
            if name.startswith("data-stepper"):
                self.controls[name] = a
        if tag == "section" and "golf-step" in (a.get("class") or ""):
            self.sections.append({"id": a.get("id"), "h2": "", "svg": [], "slot": False})
        elif self.sections and tag == "div" and "data-stepper-slot" in a:
            self.sections[-1]["slot"] = True
        elif self.sections and tag == "h2" and not self.sections[-1]["h2"]:
            self.where = "h2"
        elif self.sections and tag == "svg" and self.where != "nav":
            self.svg = [self.get_starttag_text() or ""]
        elif tag == "a" and (a.get("href") or "").startswith("#move-"):
            self.links.append(a.get("href") or "")
            self.link_words.append("")
            self.link_moves.append((a.get("data-card"), a.get("data-column")))
            self.where = "link"
        elif self.where == "link" and (self.hidden or a.get("aria-hidden") == "true"):
            self.hidden += 1
        if tag == "nav":
            self.where = "nav"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.svg is not None:
            self.svg.append(self.get_starttag_text() or "")
        else:
            super().handle_startendtag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self.svg is not None:
            self.svg.append(f"</{tag}>")
            if tag == "svg":
                self.sections[-1]["svg"].append("".join(self.svg))
                self.svg = None
        elif tag == "h2" and self.where == "h2":
            self.where = None
        elif tag == "a" and self.where == "link":
            self.where = "nav"
        elif tag == "span" and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.svg is not None:
            self.svg.append(escape(data))
        elif self.where == "h2":
            self.sections[-1]["h2"] += data
        elif self.where == "link" and not self.hidden:
            self.link_words[-1] += data


DRAW_ENTRY = "Move %(number)s: draw %(card)s"
REMOVE_ENTRY = "Move %(number)s: remove %(card)s"
"""The move list's entries in words (docs_src/templates/won_game.md.j2)."""


@pytest.mark.parametrize("code", ["en", "nl", "de"])
def test_won_game_page_is_a_stepper_of_every_position(site: Path, code: str) -> None:
    html = (site / code / "won-game" / "index.html").read_text(encoding="utf-8")
    assert len(html.encode()) < 80_000  # issue 36; tests/data/page_weights.yaml holds it closer
    parser = Stepper()
    parser.feed(html)
    recorded = load_reference_game()
    t = translations(next(lang for lang in languages() if lang.code == code))
    words = Words(t)
    moves = len(recorded.moves)
    assert [s["id"] for s in parser.sections] == [f"move-{n}" for n in range(moves + 1)]
    assert parser.links == [f"#move-{n}" for n in range(moves + 1)]
    slider = parser.controls["data-stepper-slider"]
    assert (slider["type"], slider["min"], slider["max"]) == ("range", "0", str(moves))
    assert {"data-stepper", "data-stepper-prev", "data-stepper-next"} <= set(parser.controls)
    assert "hidden" not in parser.controls["data-stepper-bar"]  # its room is kept (golf.css)
    assert parser.controls["data-stepper-status"]["aria-live"] == "polite"
    # the moves the script draws the boards between from: the recorded game's
    assert parser.link_moves[0] == (None, None)
    for move, (card, column) in zip(recorded.moves, parser.link_moves[1:], strict=True):
        assert (card, column) == (str(move.card), None if move.column is None else str(move.column))
    game = Game(recorded.deal, recorded.rules)
    heights = set()
    for number, section in enumerate(parser.sections):
        if number:
            game.play(recorded.moves[number - 1])
        position = game.position()
        assert "\\" not in section["h2"]  # no Markdown escape shows in the raw HTML block
        if 0 < number < moves:
            # the script draws this one into the section's room (tests/browser/test_won_game.py)
            assert section["svg"] == [] and section["slot"], f"move {number}"
            continue
        # the deal and the last move: a picture, as the other pages draw them, described by
        # the position
        [svg_text] = section["svg"]
        assert not section["slot"]
        svg = ET.fromstring(svg_text)
        assert svg.get("id") == f"board-{number}" and svg.get("role") == "img"
        assert svg.get("aria-labelledby") == f"board-{number}-title"
        assert svg.get("aria-describedby") == f"board-{number}-desc"
        assert svg.find(f"{SVG}title").text == words.picture_title(number)  # type: ignore[union-attr]
        assert svg.find(f"{SVG}desc").text == words.snapshot(position)  # type: ignore[union-attr]
        cards = cards_in(svg)
        expected = [card for column in position.columns for card in column]
        assert sorted(cards) == sorted(str(card) for card in [*expected, position.waste])
        if number:
            assert "move" in cards[str(recorded.moves[number - 1].card)]
        heights.add(svg.get("viewBox"))
    # the room the script's board takes while it loads is the boards' own shape
    [view_box] = heights
    width, height = view_box.split()[2:]
    css = (ROOT / "docs_src" / "assets" / "golf.css").read_text(encoding="utf-8")
    assert f"aspect-ratio: {width} / {height};" in css
    # the move list says each move in words: a draw is a draw
    assert parser.link_words[0] == t.gettext("The deal")
    entries = zip(recorded.moves, parser.link_words[1:], strict=True)
    for number, (move, entry) in enumerate(entries, start=1):
        message = DRAW_ENTRY if move.column is None else REMOVE_ENTRY
        assert entry == t.gettext(message) % {"number": number, "card": words.short(move.card)}


def test_won_game_page_steps_through_every_move(site: Path) -> None:
    html = (site / "en" / "won-game" / "index.html").read_text(encoding="utf-8")
    assert "Move 2: you remove 9♣ from column 5 (one rank higher than 8♠)" in html
    assert "Move 35: you remove A♥ from column 3 (onto K♣: King and Ace connect)" in html
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves:
        game.play(move)
    assert f"Score: {game.score} points." in html
    assert f"with {len(game.stock)} cards left in the stock" in html
    nl = (site / "nl" / "won-game" / "index.html").read_text(encoding="utf-8")
    for label in ("Vorige zet", "Volgende zet", "Alle zetten", "vrije kaart", "gespeelde kaart"):
        assert label in nl
    assert "Previous move" not in nl


def test_picture_of_a_deal_with_a_joker_and_an_empty_waste() -> None:
    from generator.patience import Variant

    variants = [Variant.JOKERS_1, Variant.EMPTY_WASTE]
    deals = (deal_for_number(n, jokers=1, empty_waste=True) for n in range(1, 100))
    deal = next(d for d in deals if any(c.is_joker for column in d.columns for c in column))
    svg = ET.fromstring(
        board(Game(deal, variants=variants).position(), label=str, title="T", desc="D")
    )
    cards = cards_in(svg)
    assert sorted(cards) == sorted(str(card) for column in deal.columns for card in column)
    waste = next(g for g in svg.iter(f"{SVG}g") if g.get("class") == "waste")
    assert [rect.get("class") for rect in waste.iter(f"{SVG}rect")] == ["empty"]
    joker = next(g for g in svg.iter(f"{SVG}g") if "card-JK" in g.get("class", "").split())
    assert [t.text for t in joker.iter(f"{SVG}text")] == ["JK", "JK"]
    game = Game(deal_for_number(4, jokers=1), variants=[Variant.JOKERS_1])
    while game.waste_card is None or not game.waste_card.is_joker:
        game.push(Move.draw(game.stock[0]))  # deal 4 holds its Joker in the stock
    svg = ET.fromstring(board(game.position(), label=str, title="T", desc="D"))
    assert "top" in cards_in(svg)["JK"]

"""The board pictures: valid SVG, one element per card, free cards marked, each beside its snapshot."""

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.i18n.catalogs import languages, translations
from generator.i18n.words import Words
from generator.pages.recorded import load_reference_game
from generator.patience import Game, Move, deal_for_number
from generator.site.build import build_site
from generator.site.pictures import board

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
    assert svg.tag == f"{SVG}svg"
    assert svg.find(f"{SVG}title").text == "T" and svg.find(f"{SVG}desc").text == "D"  # type: ignore[union-attr]
    cards = cards_in(svg)
    expected = [c for column in position.columns for c in column] + [position.waste]
    assert sorted(cards) == sorted(str(c) for c in expected)
    free = {name for name, classes in cards.items() if "free" in classes}
    assert free == {str(column[-1]) for column in position.columns if column}
    assert "move" in cards[str(position.waste)]
    count = next(t for t in svg.iter(f"{SVG}text") if t.get("class") == "count")
    assert count.text == str(position.stock_count)


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


class Figures(HTMLParser):
    """Each figure's SVG description, and the text of the paragraph after it."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[dict[str, str]] = []
        self.stack: list[str] = []
        self.want_paragraph = False
        self.in_desc = False
        self.in_p = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "svg" and "golf-board" in (a.get("class") or ""):
            self.figures.append({"id": a.get("id") or "", "desc": "", "next": ""})
        elif tag == "desc" and self.figures:
            self.in_desc = True
        elif tag == "p" and self.want_paragraph:
            self.in_p = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "desc":
            self.in_desc = False
        elif tag == "figure":
            self.want_paragraph = True
        elif tag == "p" and self.in_p:
            self.in_p = self.want_paragraph = False

    def handle_data(self, data: str) -> None:
        if self.in_desc:
            self.figures[-1]["desc"] += data
        elif self.in_p:
            self.figures[-1]["next"] += data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pictures") / "site"
    build_site(out)
    return out


@pytest.mark.parametrize("code", ["en", "nl", "de"])
def test_each_snapshot_on_the_rules_page_has_its_picture(site: Path, code: str) -> None:
    parser = Figures()
    parser.feed((site / code / "rules" / "index.html").read_text(encoding="utf-8"))
    recorded = load_reference_game()
    words = Words(translations(next(lang for lang in languages() if lang.code == code)))
    assert [f["id"] for f in parser.figures] == ["position-0", "position-3", "position-34"]
    for figure in parser.figures:
        after = int(figure["id"].split("-")[1])
        game = Game(recorded.deal, recorded.rules)
        for move in recorded.moves[:after]:
            game.play(move)
        expected = words.snapshot(game.position())
        assert figure["desc"] == expected  # the picture shows this position
        assert re.sub(r"\s+", " ", figure["next"]).strip() == expected  # and stands beside its text


def test_rules_page_highlights_what_the_examples_talk_about(site: Path) -> None:
    html = (site / "nl" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'class="card card-6H free refused red"' in html
    assert 'class="card card-TS blocked black"' in html
    assert 'class="card card-AH free move red"' in html
    assert 'class="card card-KC top target black"' in html


def test_won_game_page_steps_through_every_move(site: Path) -> None:
    recorded = load_reference_game()
    for code in ("en", "nl", "de"):
        parser = Figures()
        parser.feed((site / code / "won-game" / "index.html").read_text(encoding="utf-8"))
        assert [f["id"] for f in parser.figures] == [
            f"position-{n}" for n in range(len(recorded.moves) + 1)
        ]
    html = (site / "en" / "won-game" / "index.html").read_text(encoding="utf-8")
    assert "Move 2: you remove 9♣ from column 5 (one rank higher than 8♠)" in html
    assert "Move 35: you remove A♥ from column 3 (King and Ace connected, onto K♣)" in html
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves:
        game.play(move)
    assert f"Score: {game.score} points." in html
    assert f"with {len(game.stock)} cards left in the stock" in html


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

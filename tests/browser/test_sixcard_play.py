"""6-Card Golf played in the page against the computer (issue 49), as a reader meets it.

What a test expects comes from the Python engine (the reference: its deal, its strong player,
its scores), the catalogs and the page's pictures as Python draws them, never from the page's
script or its C core: what is read is what the page shows (the cards drawn in its pictures,
the words on screen, the scores in its table).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import SIX_PLAY_WORDS, SIX_TIP_NAMES, Words
from generator.site import sixcard_pictures
from generator.site.mdtext import OneLine
from generator.sixcard.cards import Card
from generator.sixcard.hole import Action, Hole
from generator.sixcard.rules import HOLES, TURN_LIMIT, JokerPair, Layout, Options
from generator.sixcard.strong import StrongPlayer, hint
from tests.browser.conftest import Site
from tests.browser.cputime import MAIN, traced
from tests.browser.pagecheck import axe_problems

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-sixcard")]

CODES = [language.code for language in shipped_languages()]
PAGE = "six-card-golf-play"
READY = "[data-six-ready]"
NO_PAUSE = "window.golfSixDelay = 0;"
LONG_TASK_MS = 50
SVG = "{http://www.w3.org/2000/svg}"


# --- the reference: the Python engine plays what the address holds ---------------------------


class Game:
    """A game as the address holds it, played by the Python engine: each hole dealt as
    :class:`generator.sixcard.match.Match` deals it (hole ``k`` from ``"<seed>/<k>"``, the deal
    passing clockwise from the last seat, so the reader, seat 0, starts), the reader's recorded
    actions, the strong player in every other seat."""

    def __init__(self, address: str) -> None:
        found = re.search(
            r"#six=1\.(\d+)\.(\d)\.(\d+)\.([649])\.([01]{3})((?:\.[0-9a-f]*)*)$", address
        )
        assert found, address
        self.seed, self.computers, self.holes = found[1], int(found[2]), int(found[3])
        layout = {"6": Layout.SIX, "4": Layout.FOUR, "9": Layout.NINE}[found[4]]
        flags = found[5]
        self.options = Options(
            layout=layout,
            jokers=flags[0] == "1",
            joker_pair=JokerPair.MINUS_FOUR if flags[1] == "1" else JokerPair.ZERO,
            knock=flags[2] == "1",
        )
        self.players = self.computers + 1
        moves = found[6][1:].split(".") if found[6] else [""]
        self.results: list[tuple[int, ...]] = []
        self.hole = None
        for number, text in enumerate(moves):
            codes = [int(text[i : i + 2], 16) for i in range(0, len(text), 2)]
            hole = self.deal(number)
            self.play(hole, codes)
            if number < len(moves) - 1:
                self.results.append(hole.scores())
            self.hole = hole

    def deal(self, number: int) -> Hole:
        dealer = (self.players - 1 + number) % self.players
        return Hole(self.players, self.options, f"{self.seed}/{number}", dealer)

    def play(self, hole: Hole, codes: list[int]) -> None:
        strong = StrongPlayer()
        for code in codes:
            while not hole.over and hole.current != 0:
                hole.play(strong.choose(hole, random.Random(0)))
            hole.play(action_of(code, hole.columns))
        while not hole.over and hole.current != 0:
            hole.play(strong.choose(hole, random.Random(0)))


def action_of(code: int, columns: int) -> Action:
    kind = ("draw-stock", "draw-discard", "replace", "discard", "knock")[code >> 4]
    slot = code & 15
    if kind in ("replace", "discard"):
        return Action(0, kind, slot // columns + 1, slot % columns + 1)  # type: ignore[arg-type]
    return Action(0, kind)  # type: ignore[arg-type]


# --- what the page shows ----------------------------------------------------------------------


def shown_grid(page: Any, seat: int) -> list[tuple[str | None, bool]]:
    """Seat ``seat``'s grid as its picture draws it: each card's notation (its class; none for
    a card drawn face down) and whether it is face up, slot by slot."""
    found: list[tuple[str | None, bool]] = page.evaluate(
        """(seat) => Array.from(document.querySelectorAll('#six-grid-' + seat + ' g.six-card'))
            .map((g) => {
              const named = Array.from(g.classList).find((c) => /^six-card-/.test(c));
              return [named ? named.slice(9) : null, g.classList.contains('up')];
            })""",
        seat,
    )
    return [(card, up) for card, up in found]


def expected_grid(hole: Hole, seat: int) -> list[tuple[str | None, bool]]:
    """What a reader at seat 0 may see of seat ``seat``'s grid: a face-down card is a back that
    names nothing of its card, not even in its markup."""
    return [
        (str(card) if hole.face_up[seat][i] else None, hole.face_up[seat][i])
        for i, card in enumerate(hole.grids[seat])
    ]


def face_up_cards(cells: list[tuple[str | None, bool]]) -> list[str | None]:
    return [card if up else None for card, up in cells]


def open_game(context: Any, site: Site, code: str, after: str = "") -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.six_errors = errors
    page.add_init_script(NO_PAUSE)
    page.goto(site.url + site.page_path(code, PAGE) + after)
    page.wait_for_selector(READY, state="attached")
    return page


def wait_for_reader(page: Any) -> dict[str, Any]:
    """The state once it is the reader's turn or the hole is over (the computer's moves shown)."""
    page.wait_for_function("() => { const s = GolfSix.state(); return s.over || s.current === 0; }")
    page.wait_for_timeout(30)
    state: dict[str, Any] = page.evaluate("GolfSix.state()")
    return state


def t_of(code: str) -> Any:
    language = next(lang for lang in shipped_languages() if lang.code == code)
    return OneLine(translations(language, fallback_warning=False))


def word(t: Any, key: str, **values: Any) -> str:
    message = SIX_PLAY_WORDS[key]
    assert isinstance(message, str)
    return str(t.gettext(message) % values)


# --- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_a_whole_hole_is_played_by_keyboard(context: Any, site: Site, code: str) -> None:
    """The keyboard alone: Tab to Deal, Enter; at each turn Enter draws from the stock (where
    the focus is), Tab moves to another card of the grid, Enter puts the card there. Every grid
    the page draws is the Python engine's for the address it writes, the hole ends, and the
    table scores it as the engine does, in the page's language."""
    page = open_game(context, site, code)
    t = t_of(code)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-six-form] button[type=submit]')"):
            break
    else:
        pytest.fail("Tab never reaches the Deal button")
    page.keyboard.press("Enter")
    turns = 0
    while True:
        state = wait_for_reader(page)
        game = Game(page.evaluate("location.hash"))
        assert game.hole is not None
        for seat in range(game.players):
            assert shown_grid(page, seat) == expected_grid(game.hole, seat), (
                f"seat {seat} after {turns} turns at {page.evaluate('location.hash')}"
            )
        if state["over"]:
            break
        focused = page.evaluate("document.activeElement.getAttribute('data-six-stock') !== null")
        assert focused, "at the reader's turn the focus is on the stock's button"
        page.keyboard.press("Enter")
        page.wait_for_function("() => GolfSix.state().hand !== 255")
        assert page.evaluate("document.activeElement.matches('[data-six-slot]')")
        for _ in range(turns % game.options.layout.size):
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.matches('[data-six-slot]')")
        page.keyboard.press("Enter")
        turns += 1
        assert turns < 60, "the hole does not end"
    game = Game(page.evaluate("location.hash"))
    assert game.hole is not None and game.hole.over
    rows = page.evaluate(
        """() => Array.from(document.querySelectorAll('[data-six-scores] tr'))
            .map((row) => Array.from(row.cells).map((cell) => cell.textContent))"""
    )
    words_of = Words(t)
    assert rows[0] == [word(t, "player"), word(t, "hole_score"), word(t, "total")]
    names = [word(t, "you")] + [word(t, "computer", number=n) for n in range(1, game.players)]
    scores = game.hole.scores()
    assert rows[1:] == [
        [names[seat], score_text(scores[seat]), score_text(scores[seat])]
        for seat in range(game.players)
    ]
    # the grids at the end: every card face up, the engine's own
    for seat in range(game.players):
        assert shown_grid(page, seat) == expected_grid(game.hole, seat)
    message = page.inner_text("[data-six-message]")
    if game.hole.ended_by == "limit":
        assert counted(t, "turn_limit", TURN_LIMIT) in message
    elif game.hole.ender == 0:
        assert word(t, "you_ended") in message
    else:
        assert word(t, "hole_over", player=names[game.hole.ender]) in message
    assert words_of is not None
    assert page.six_errors == []


def counted(t: Any, key: str, count: int) -> str:
    message = SIX_PLAY_WORDS[key]
    assert isinstance(message, tuple)
    return str(t.ngettext(*message, count) % {"count": score_text(count)})


def score_text(score: int) -> str:
    from generator.i18n.numerals import integer

    return integer(score)


def first_tip_position(tip: str) -> tuple[int, str]:
    """A deal (seed) whose first decision of the reader's has a hint following ``tip``, by the
    Python engine (:func:`generator.sixcard.strong.hint`)."""
    for seed in range(1, 3000):
        hole = Hole(2, Options(), f"{seed}/0", dealer=1)
        if hint(hole, list(SIX_TIP_NAMES))[1] == tip:
            return seed, str(hole.top_discard)
    raise AssertionError(f"no deal's first decision follows {tip}")


@pytest.mark.parametrize("code", CODES)
def test_the_hint_names_the_tip_its_move_follows(context: Any, site: Site, code: str) -> None:
    """A deal whose first hint is to take the Joker: the hint says so, and names the page's tip
    "Jokers are gold" as a link to the 6-Card Golf page's tips, in the page's language."""
    seed, top = first_tip_position("jokers")
    assert top == "JK"
    page = open_game(context, site, code, f"#six=1.{seed}.1.1.6.100")
    wait_for_reader(page)
    page.click("[data-six-hint-button]")
    t = t_of(code)
    joker = t.gettext("Joker")
    move = word(t, "move_discard", card=joker)
    tip = t.gettext(SIX_TIP_NAMES["jokers"])
    assert page.inner_text("[data-six-hint]") == word(t, "hint_tip", move=move, tip=tip)
    link = page.query_selector("[data-six-hint] a")
    assert link is not None and link.inner_text() == tip
    assert link.get_attribute("href").endswith("/six-card-golf/#card-game.tips")
    page.click("[data-six-hint] a")
    page.wait_for_url(re.compile(r".*#card-game\.tips$"))


@pytest.mark.parametrize("code", CODES[:1])
def test_a_reload_continues_the_game_and_the_link_deals_it_again(
    context: Any, site: Site, code: str
) -> None:
    """Two turns of a match of 9 holes with 2 computer players and the knock variant; a reload
    shows the same grids, the same hole, the reader's turn; the link to the deal opens it from
    its start: the engine's deal, every grid's start cards face up."""
    page = open_game(context, site, code)
    page.select_option("#six-opponents", "2")
    page.select_option("#six-length", str(HOLES))
    page.check("[data-six-form] input[name=knock]")
    page.click("[data-six-form] button[type=submit]")
    for _ in range(2):
        wait_for_reader(page)
        page.click("[data-six-stock]")
        page.click("[data-six-slot]:not([disabled])")
    wait_for_reader(page)
    before = [shown_grid(page, seat) for seat in range(3)]
    address = page.evaluate("location.hash")
    assert re.fullmatch(r"#six=1\.\d+\.2\.9\.6\.101\.[0-9a-f]{8}", address), address
    share = page.get_attribute("[data-six-share]", "href")
    page.reload()
    page.wait_for_selector(READY, state="attached")
    wait_for_reader(page)
    assert [shown_grid(page, seat) for seat in range(3)] == before
    assert page.evaluate("location.hash") == address
    t = t_of(code)
    assert page.inner_text("[data-six-hole]") == word(t, "hole_of", number=1, count=HOLES)
    assert page.input_value("#six-opponents") == "2"
    page.goto(share)
    page.reload()
    page.wait_for_selector(READY, state="attached")
    wait_for_reader(page)
    game = Game(page.evaluate("location.hash"))
    assert game.hole is not None
    for seat in range(3):
        assert face_up_cards(shown_grid(page, seat)) == face_up_cards(
            expected_grid(game.hole, seat)
        )
    seed = address.split(".")[1]
    assert page.inner_text("[data-six-seed]") == word(t, "deal_number", seed=seed)


def test_it_plays_from_disk(context: Any, disk_site: Site) -> None:
    """Opened from disk (file://): the module comes in its script, the deal is dealt, a move is
    played."""
    page = open_game(context, disk_site, CODES[0])
    page.click("[data-six-form] button[type=submit]")
    wait_for_reader(page)
    page.click("[data-six-stock]")
    page.click("[data-six-slot]:not([disabled])")
    wait_for_reader(page)
    game = Game(page.evaluate("location.hash"))
    assert game.hole is not None
    assert face_up_cards(shown_grid(page, 0)) == face_up_cards(expected_grid(game.hole, 0))
    assert page.six_errors == []


def test_the_computers_turns_never_hold_the_page(context: Any, site: Site) -> None:
    """A hole of 9-Card Golf with 3 computer players, the reader drawing and placing: no task of
    the page's main thread uses over 50 ms of CPU (Chromium's trace, as the Solve page's test
    reads it)."""
    page = open_game(context, site, CODES[0], "#six=1.4242.3.1.9.100")
    with traced(page) as trace:
        while True:
            state = wait_for_reader(page)
            if state["over"]:
                break
            page.click("[data-six-stock]")
            page.click("[data-six-slot]:not([disabled])")
    long = [task for task in trace.of(MAIN) if task.cpu_ms > LONG_TASK_MS]
    top = trace.longest(MAIN)
    print(f"the longest main-thread task: {top.cpu_ms if top else 0:.1f} ms CPU")
    assert not long, [f"{task.cpu_ms:.0f} ms CPU ({task.wall_ms:.0f} ms)" for task in long]


def test_a_game_in_progress_has_no_accessibility_violations(context: Any, site: Site) -> None:
    """axe-core (WCAG 2.2 AA and best practices) on the table of a game, a card in hand."""
    page = open_game(context, site, CODES[0], "#six=1.777.2.1.6.101")
    wait_for_reader(page)
    page.click("[data-six-stock]")
    page.click("[data-six-hint-button]")
    assert axe_problems(page, PAGE) == []


CASES = [
    (("KS 5D JK", "KH 5C QS"), {(0, 0), (0, 1), (1, 0), (1, 1), (0, 2), (1, 2)}),
    (("7S 2C 3C", "7H 4C 5C", "7D 6C TD"), {(0, 0), (1, 0), (2, 0), (0, 1)}),
    (("AS 9H", "AD JK"), {(0, 1), (1, 1)}),
]


@pytest.mark.parametrize("rows, up", CASES)
def test_a_grid_is_drawn_as_the_pages_pictures_draw_it(
    context: Any, site: Site, rows: tuple[str, ...], up: set[tuple[int, int]]
) -> None:
    """The script's grid and the 6-Card Golf page's picture of the same cards (face up or down,
    a pair marked, the column scores): the same elements, the same places, the same classes."""
    grid = [[Card.from_str(card) for card in row.split()] for row in rows]
    columns = len(grid[0])
    pairs = (
        {(r, 0): "pair" for r in range(len(grid))}
        if all((r, 0) in up for r in range(len(grid)))
        else {}
    )
    scores = [1, -2, 30][:columns]
    words = Words(t_of("en"))

    def label(card: Card) -> str:
        return "Joker" if card.is_joker else words.short(card)

    svg = sixcard_pictures.grid_picture(
        grid,
        label=label,
        title="t",
        desc="d",
        ident="g",
        face_up=up,
        highlights=pairs,
        scores=scores,
        score_label=score_text,
    )
    page = open_game(context, site, "en")
    codes = [[card_code(card) for card in row] for row in grid]
    flags = [[(r, c) in up for c in range(columns)] for r in range(len(grid))]
    marks = {f"{r},{c}": cls for (r, c), cls in pairs.items()}
    drawn = page.evaluate(
        """([cards, up, marks, scores]) => new XMLSerializer().serializeToString(
            GolfSix.gridPicture(cards, up, marks, scores, 't', 'd', 'g'))""",
        [codes, flags, marks, scores],
    )
    assert tree(drawn) == tree(svg)


def card_code(card: Card) -> int:
    return 0 if card.is_joker else card.rank << 2 | "CDHS".index(card.suit)


def tree(text: str) -> list[tuple[str, dict[str, str], str]]:
    root = ET.fromstring(text)
    return [
        (element.tag.removeprefix(SVG), dict(element.attrib), (element.text or "").strip())
        for element in root.iter()
    ]


@pytest.mark.parametrize(
    "address, dealt",
    [
        ("#six=1.5.1.1.9.100", False),  # 9-Card Golf is for 3 players or more
        ("#six=1.5.1.1.6.100.zz", False),  # no moves
        ("#six=1.5.1.7.6.100", False),  # a match is 1 or 9 holes
        ("#six=1.5.1.1.6.100.4f4f", True),  # moves the engine refuses: the deal from its start
    ],
)
def test_an_address_edited_by_hand_is_no_game_or_the_deal_from_its_start(
    context: Any, site: Site, address: str, dealt: bool
) -> None:
    page = open_game(context, site, CODES[0], address)
    page.wait_for_timeout(100)
    assert page.is_hidden("[data-six-table]") is not dealt
    if dealt:
        wait_for_reader(page)
        assert page.evaluate("location.hash") == "#six=1.5.1.1.6.100."
        game = Game(page.evaluate("location.hash"))
        assert game.hole is not None
        assert shown_grid(page, 0) == expected_grid(game.hole, 0)
    assert page.six_errors == []

"""The won-game page as a visitor meets it: it opens at its top with nothing moving, the
keyboard reaches the stepper before its move list, the slider shows its focus, a move picked
on a phone brings its board into view, and the board the visitor sees after every step is the
engine's position after that move, in its cards and in its words.

The expected boards come from replaying the recorded game in the engine
(``generator/data/reference_game.yaml``), never from the page. The checks can fail:
``test_a_stepper_off_by_one_is_caught`` serves a copy of the site whose script draws the next
(or the previous) move's board, or says a board in the wrong words, and the comparison must
report it. Without JavaScript the page shows the deal's and the last move's boards (the
page's own) and says that the others need it.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from contextlib import ExitStack
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages, translations
from generator.i18n.words import Words
from generator.pages.recorded import load_reference_game
from generator.patience import Game, Position
from tests.browser.conftest import Site, served
from tests.browser.pagecheck import WIDTHS, Target, opened

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CODES = [language.code for language in shipped_languages()]

LAYOUT_SHIFT = """() => new Promise(resolve => {
    let sum = 0;
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) sum += entry.value;
    }).observe({type: 'layout-shift', buffered: true});
    setTimeout(() => resolve(sum), 500);
})"""
"""The page's cumulative layout shift so far (every shift since it started loading, not caused
by input), after half a second more to settle."""

BELOW_HEADER = """() => {
    const header = document.querySelector('.md-header');
    const root = document.querySelector('[data-stepper]');
    const box = e => e.getBoundingClientRect();
    const board = [...root.querySelectorAll('.golf-step svg')].find(s => box(s).height > 0);
    const bar = root.querySelector('[data-stepper-bar]');
    return {header: header ? box(header).bottom : 0, window: innerHeight,
            bar: [box(bar).top, box(bar).bottom],
            board: board ? [box(board).top, box(board).bottom] : null};
}"""
"""Where the header ends, and the stepper's bar and shown board are, in the window."""


def in_view(where: dict[str, Any], what: str) -> list[str]:
    """What is wrong with ``what`` (``bar``, ``board``) of :data:`BELOW_HEADER`'s answer: it must
    be inside the window and not under the header."""
    box = where[what]
    if box is None:
        return [f"no {what} is shown"]
    top, bottom = box
    problems = []
    if top < where["header"] - 0.5:
        problems.append(
            f"the {what} starts at {top:.0f} px, under the header (to {where['header']:.0f})"
        )
    if bottom > where["window"] + 0.5:
        problems.append(f"the {what} ends at {bottom:.0f} px, below the window ({where['window']})")
    return problems


def won_game(site: Site, code: str) -> str:
    return next(path for path in site.pages(code) if path.endswith("/won-game/"))


def opening_problems(page: Any, fragment: str) -> list[str]:
    """A won-game page just opened (with ``fragment``, or none): no layout shift, at its top
    without a fragment (which stays away), the stepper's bar in view below the header with one."""
    problems = []
    shift = page.evaluate(LAYOUT_SHIFT)
    if shift >= 0.1:
        problems.append(f"layout shift {shift:.3f} while loading (0.1 or more)")
    scrolled, shown = page.evaluate("[window.scrollY, location.hash]")
    if not fragment:
        if scrolled != 0:
            problems.append(f"opened scrolled down {scrolled} px")
        if shown:
            problems.append(f"the address gained {shown!r} without a step")
    else:
        problems += in_view(page.evaluate(BELOW_HEADER), "bar")
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("code", CODES)
def test_the_page_opens_at_its_top_with_nothing_moving(
    context: Any, site: Site, code: str, width: int
) -> None:
    problems = []
    for fragment in ("", "#move-12"):
        target = Target(won_game(site, code) + fragment, f"{code}-won-open")
        with opened(context, site, target, width) as (page, recorder):
            problems += [
                f"{fragment or 'no fragment'}: {p}" for p in opening_problems(page, fragment)
            ]
            if fragment:
                problems += [f"{fragment}: {p}" for p in board_problems(page, code, 12)]
            problems += recorder.take()
    assert not problems, "\n".join(problems)


FOCUSED = """() => {
    const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    for (const [name, selector] of Object.entries({
        'skip link': 'a.md-skip', previous: '[data-stepper-prev]', slider: '[data-stepper-slider]',
        next: '[data-stepper-next]', 'move list': '.golf-moves a'})) {
        if (e.matches(selector)) return name;
    }
    return e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '');
}"""


def tab_order(page: Any, presses: int = 80) -> list[str]:
    """What Tab focuses, press after press, from where the page is, until the move list."""
    order = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        order.append(page.evaluate(FOCUSED))
        if order[-1] == "move list":
            break
    return order


def tab_order_problems(order: list[str]) -> list[str]:
    """The skip link first; the previous button, the slider and the next button, in that
    order, before the move list."""
    problems = []
    if not order or order[0] != "skip link":
        problems.append(f"the first Tab focuses {order[:1]}, not the skip link")
    stepper = [name for name in order if name in ("previous", "slider", "next", "move list")]
    if stepper[:4] != ["previous", "slider", "next", "move list"]:
        problems.append(f"the stepper's controls come in the order {stepper[:4]}")
    return problems


@pytest.mark.parametrize("width", WIDTHS)
def test_tab_reaches_the_stepper_before_its_move_list(context: Any, site: Site, width: int) -> None:
    with opened(context, site, Target(won_game(site, "en"), "en-won-tab"), width) as (
        page,
        recorder,
    ):
        order = tab_order(page)
        problems = tab_order_problems(order) + recorder.take()
    assert not problems, "\n".join(problems) + f"\nTab focused: {order}"


FOCUS_RING = """() => {
    const e = document.activeElement;
    const style = getComputedStyle(e);
    let behind = 'rgba(0, 0, 0, 0)';
    for (let up = e.parentElement; up && /^rgba\\(.*, 0\\)$|^transparent$/.test(behind); up = up.parentElement) {
        behind = getComputedStyle(up).backgroundColor;
    }
    if (/^rgba\\(.*, 0\\)$/.test(behind)) behind = getComputedStyle(document.body).backgroundColor;
    return {visible: e.matches(':focus-visible'), style: style.outlineStyle,
            width: parseFloat(style.outlineWidth), colour: style.outlineColor, behind: behind};
}"""


def _rgba(colour: str) -> tuple[float, float, float, float]:
    parts = [float(p) for p in re.findall(r"[\d.]+", colour)]
    assert len(parts) in (3, 4), f"not an rgb() colour: {colour!r}"
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, behind: str) -> float:
    """The contrast ratio of ``colour`` (its alpha laid over ``behind``) against ``behind``."""
    *fg, alpha = _rgba(colour)
    bg = _rgba(behind)[:3]
    over = tuple(alpha * f + (1 - alpha) * b for f, b in zip(fg, bg, strict=True))
    lighter, darker = sorted((_luminance(over), _luminance(bg)), reverse=True)  # type: ignore[arg-type]
    return (lighter + 0.05) / (darker + 0.05)


def focus_ring_problems(ring: dict[str, Any]) -> list[str]:
    """A focused control's ring (:data:`FOCUS_RING`): shown for the keyboard, 3:1 or more."""
    problems = []
    if not ring["visible"]:
        problems.append("the slider does not match :focus-visible after Tab")
    if ring["style"] in ("none", "hidden") or ring["width"] < 1.5:
        problems.append(
            f"the slider shows no focus ring (outline {ring['style']} {ring['width']} px)"
        )
    elif (ratio := contrast(ring["colour"], ring["behind"])) < 3:
        problems.append(
            f"the slider's focus ring {ring['colour']} has contrast {ratio:.2f} on {ring['behind']}"
        )
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_slider_shows_its_focus(
    browser: Any, site: Site, screenshots: Path, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme)
    try:
        target = Target(won_game(site, "en"), f"en-won-focus-{scheme}")
        with opened(context, site, target, 1280) as (page, recorder):
            page.focus("[data-stepper] [data-stepper-prev]")
            page.keyboard.press("Tab")
            problems = (
                [] if page.evaluate(FOCUSED) == "slider" else ["Tab did not reach the slider"]
            )
            page.keyboard.press("ArrowRight")
            problems += focus_ring_problems(page.evaluate(FOCUS_RING))
            page.screenshot(path=str(screenshots / f"won-game-slider-focus-{scheme}.png"))
            problems += recorder.take()
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def phone_pick_problems(page: Any, move: int) -> list[str]:
    """Pick ``move`` in the move list as a visitor on a phone does (scroll to it, tap): its
    board must be shown, inside the window, below the header."""
    link = page.locator(f"[data-stepper] .golf-moves a[href='#move-{move}']")
    link.scroll_into_view_if_needed()
    link.click()
    # the scroll that follows the tap may take its time on a busy machine: wait for the board to
    # be in view, up to 10 s, and say where it is if it never comes
    deadline = time.monotonic() + 10
    while (
        problems := in_view(page.evaluate(BELOW_HEADER), "board")
    ) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return problems


def test_a_move_picked_on_a_phone_brings_its_board_into_view(context: Any, site: Site) -> None:
    with opened(context, site, Target(won_game(site, "en"), "en-won-phone"), 390) as (
        page,
        recorder,
    ):
        problems = [f"picking move 45: {p}" for p in phone_pick_problems(page, 45)]
        problems += board_problems(page, "en", 45)
        problems += [f"picking move 3: {p}" for p in phone_pick_problems(page, 3)]
        problems += recorder.take()
    assert not problems, "\n".join(problems)


# The board the visitor sees, against the engine.


@cache
def positions() -> tuple[Position, ...]:
    """The reference game's positions, replayed in the engine: the deal, then after each move."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    found = [game.position()]
    for move in recorded.moves:
        game.play(move)
        found.append(game.position())
    return tuple(found)


def expected_board(position: Position, words: Words, move: int) -> dict[str, Any]:
    """A position as :data:`SEEN_BOARD` reads a board: each column's cards (top to bottom, as
    notation and label), the waste card, the stock's count, and what a screen reader hears of
    the board (its title and description: the position in words, as the engine's pictures say
    it)."""
    return {
        "title": words.picture_title(move),
        "desc": words.snapshot(position),
        "columns": [
            [[str(card), words.short(card)] for card in column] for column in position.columns
        ],
        "waste": [[str(position.waste), words.short(position.waste)]] if position.waste else [],
        "stock": [str(position.stock_count)],
    }


SEEN_BOARD = """() => {
    const seen = e => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        for (let up = e; up; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
        }
        return true;
    };
    const card = g => [[...g.classList].find(c => c.startsWith('card-')).slice(5),
                       g.querySelector('text.corner').textContent];
    const root = document.querySelector('[data-stepper]');
    const said = (svg, attr) => {
        const id = svg.getAttribute(attr === 'title' ? 'aria-labelledby' : 'aria-describedby');
        const node = document.getElementById(id || '');
        return node && svg.contains(node) && node.tagName === attr ? node.textContent : null;
    };
    return [...root.querySelectorAll('svg.golf-board')].filter(seen).map(svg => ({
        title: said(svg, 'title'),
        desc: said(svg, 'desc'),
        columns: [...svg.querySelectorAll('g.column')].map(
            column => [...column.querySelectorAll('g.card')].filter(seen).map(card)),
        waste: [...svg.querySelectorAll('g.waste g.card')].filter(seen).map(card),
        stock: [...svg.querySelectorAll('g.stock text.count')].filter(seen).map(t => t.textContent),
    }));
}"""
"""Every board of the stepper the visitor sees (a box on the page, not hidden), with the cards
of it they see and the title and description its aria-labelledby names (in the board)."""


@cache
def words_of(code: str) -> Words:
    return Words(translations(next(lang for lang in shipped_languages() if lang.code == code)))


def board_problems(page: Any, code: str, move: int) -> list[str]:
    """What is wrong with the board the visitor sees, for the position after ``move``."""
    words = words_of(code)
    seen = page.evaluate(SEEN_BOARD)
    if len(seen) != 1:
        return [f"{len(seen)} boards are seen, not one"]
    expected = [expected_board(p, words, n) for n, p in enumerate(positions())]
    if seen[0] == expected[move]:
        return []
    drawn = {key: value for key, value in seen[0].items() if key not in ("title", "desc")}
    matches = [n for n, board in enumerate(expected) if drawn.items() <= board.items()]
    if matches and matches[0] != move:
        return [f"the board seen is move {matches[0]}'s, not move {move}'s"]
    if matches:
        return [
            f"the board of move {move} is drawn right but says "
            f"{seen[0]['title']!r}: {seen[0]['desc']!r}, not "
            f"{expected[move]['title']!r}: {expected[move]['desc']!r}"
        ]
    return [f"the board seen is no position of the game: {seen[0]}"]


STEP_SLIDER = """n => {
    const slider = document.querySelector('[data-stepper] [data-stepper-slider]');
    slider.value = String(n);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
}"""
"""The slider dragged to ``n`` (what a drag ends with: its value set, an input event)."""


def step_through(page: Any, code: str) -> list[str]:
    """Every move of the game, forwards with the next button, the keys, the slider (its own
    keys and a drag) and the move list, then back and about; after each step the board seen
    must be the engine's position after the move the step goes to."""
    last = len(positions()) - 1
    root = "[data-stepper]"
    problems = [f"opened: {p}" for p in board_problems(page, code, 0)]

    def check(how: str, move: int) -> None:
        problems.extend(f"{how}, at move {move}: {p}" for p in board_problems(page, code, move))

    for move in range(1, 13):
        page.click(f"{root} [data-stepper-next]")
        check("the next button", move)
    page.focus(f"{root} [data-stepper-next]")
    for move in range(13, 25):
        page.keyboard.press("ArrowRight")
        check("ArrowRight", move)
    page.focus(f"{root} [data-stepper-slider]")
    for move in range(25, 31):
        page.keyboard.press("ArrowRight")
        check("ArrowRight on the slider", move)
    for move in range(31, 37):
        page.evaluate(STEP_SLIDER, move)
        check("dragging the slider", move)
    for move in range(37, last + 1):
        page.click(f"{root} .golf-moves a[href='#move-{move}']")
        check("the move list", move)
    for move in (last - 1, last - 2, last - 3):
        page.click(f"{root} [data-stepper-prev]")
        check("the previous button", move)
    page.focus(f"{root} [data-stepper-prev]")
    for key, move in (("Home", 0), ("End", last), ("ArrowLeft", last - 1)):
        page.keyboard.press(key)
        check(key, move)
    page.focus(f"{root} [data-stepper-slider]")
    page.keyboard.press("Home")
    check("Home on the slider", 0)
    page.evaluate(STEP_SLIDER, 20)
    check("dragging the slider", 20)
    page.click(f"{root} .golf-moves a[href='#move-0']")
    check("the move list", 0)
    return problems


@pytest.mark.parametrize("code", CODES)
def test_the_board_seen_is_the_engines_after_every_step(
    context: Any, site: Site, code: str
) -> None:
    with opened(context, site, Target(won_game(site, code), f"{code}-won-steps"), 1280) as (
        page,
        recorder,
    ):
        problems = step_through(page, code) + recorder.take()
    assert not problems, "\n".join(problems)


BROKEN = {
    "next": ("drawer.draw(n);", "drawer.draw(n + 1);"),
    "previous": ("drawer.draw(n);", "drawer.draw(n - 1);"),
    "words": ("names.join(words.separators.list)", "names.join(words.separators.parts)"),
}
"""Lines of golf-stepper.js broken: the board drawn for the next or the previous move (the rest of
the script right: the slider, the address and the move list still say n), or the cards of a
column said with the wrong separator (the board drawn right, its words wrong)."""


def english_only(folder: str, names: list[str]) -> set[str]:
    """For ``shutil.copytree`` of a site: in the folder that holds ``en/`` (the site's top), leave
    out the other languages' folders."""
    return {code for code in CODES if code != "en"} & set(names) if "en" in names else set()


@pytest.fixture(scope="module")
def off_by_one(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Site]]:
    """Copies of the built English site whose golf-stepper.js is broken each way of
    :data:`BROKEN`, served."""
    with ExitStack() as stack:
        found = {}
        for way, (right, wrong) in BROKEN.items():
            root = tmp_path_factory.mktemp(f"off-by-one-{way}") / "site"
            shutil.copytree(site.root, root, ignore=english_only)
            script = root / "en" / "assets" / "golf-stepper.js"
            text = script.read_text(encoding="utf-8")
            assert text.count(right) == 1, f"golf-stepper.js has no line {right!r} now"
            script.write_text(text.replace(right, wrong), encoding="utf-8")
            found[way] = Site(root, stack.enter_context(served(root)))
        yield found


@pytest.mark.parametrize(
    ("way", "reported"),
    [
        ("next", "the next button, at move 1: the board seen is move 2's, not move 1's"),
        ("previous", "the next button, at move 2: the board seen is move 1's, not move 2's"),
        ("words", "the next button, at move 1: the board of move 1 is drawn right but says"),
    ],
)
def test_a_stepper_off_by_one_is_caught(
    context: Any, off_by_one: dict[str, Site], way: str, reported: str
) -> None:
    broken = off_by_one[way]
    with opened(context, broken, Target("en/won-game/", f"en-won-{way}"), 1280) as (page, _):
        problems = step_through(page, "en")
    assert any(p.startswith(reported) for p in problems), "\n".join(problems)
    # only the boards the script draws are wrong (the deal's and the last move's are the page's
    # own); off by one, every one of them is, whichever way it is stepped to
    drawn = [p for p in problems if not re.search(f"at move (0|{len(positions()) - 1}):", p)]
    assert len(drawn) == len(problems), "\n".join(problems)
    if way != "words":  # a column of one card is said the same with either separator
        assert len(problems) > len(positions()) - 2, "\n".join(problems)


NEEDS_SCRIPT = """() => {
    const note = document.querySelector('[data-stepper] .golf-needs-script');
    if (!note) return null;
    const r = note.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(note).visibility !== 'hidden';
}"""
"""Whether the sentence that stepping needs JavaScript is shown (null: there is none)."""


@pytest.mark.parametrize("code", CODES)
def test_without_javascript_the_deal_and_the_last_move_are_drawn(
    browser: Any, context: Any, site: Site, code: str
) -> None:
    """Without JavaScript the page shows the deal and the final position as the engine has
    them, a move between them without a board and with the sentence that says why; with
    JavaScript that sentence is not shown."""
    last = len(positions()) - 1
    without = browser.new_context(java_script_enabled=False)
    problems = []
    try:
        for move in (0, 12, last):
            target = Target(f"{won_game(site, code)}#move-{move}", f"{code}-won-nojs-{move}")
            with opened(without, site, target, 390) as (page, recorder):
                seen = page.evaluate(SEEN_BOARD)
                note = page.evaluate(NEEDS_SCRIPT)
                if move in (0, last):
                    problems += [f"#move-{move}: {p}" for p in board_problems(page, code, move)]
                elif seen:
                    problems.append(f"#move-{move}: {len(seen)} boards shown without JavaScript")
                if not note:
                    problems.append(f"#move-{move}: no sentence says stepping needs JavaScript")
                problems += recorder.take()
    finally:
        without.close()
    target = Target(won_game(site, code) + "#move-12", f"{code}-won-script-note")
    with opened(context, site, target, 390) as (page, recorder):
        if page.evaluate(NEEDS_SCRIPT) is not False:
            problems.append("with JavaScript, the sentence that it is needed is shown")
        problems += recorder.take()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", CODES)
def test_a_board_is_named_by_its_title_and_described_by_its_position(
    context: Any, site: Site, code: str
) -> None:
    """A screen reader says a board's title, then, apart, the position in words: its accessible
    name is the title alone (issue 47: "after move 3 Stock: 15 cards" ran the two together)."""
    page = context.new_page()
    page.goto(site.url + won_game(site, code))
    words = words_of(code)
    named = page.get_by_role("img", name=words.picture_title(0), exact=True)
    assert named.count() >= 1, "no board is named by its title alone"
    description = named.first.evaluate(
        "svg => document.getElementById(svg.getAttribute('aria-describedby')).textContent"
    )
    recorded = load_reference_game()
    start = Game(recorded.deal, recorded.rules).position()
    assert description == words.snapshot(start)

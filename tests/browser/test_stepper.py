"""The won-game stepper, driven by keyboard as its contract says, in every language.

The contract: a root ``[data-stepper]``; buttons ``[data-stepper-prev]`` and
``[data-stepper-next]``; a slider ``input[type=range][data-stepper-slider]``
(0 the deal, max the number of moves); a move list of links
``a[href="#move-N"]`` (N = 0..moves), the current one ``aria-current="step"``;
the fragment ``#move-N`` names the shown position (loading it shows move N;
stepping replaces it with ``history.replaceState``); ArrowRight/ArrowLeft step,
Home/End go to the deal/the last move while the focus is inside the stepper; a
live region (``aria-live="polite"``) announces the move. Without JavaScript
every ``#move-N`` still leads to an element of the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.i18n.catalogs import shipped_languages
from tests.browser.conftest import Site
from tests.browser.pagecheck import Target, ids_of, opened

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

STATE = """() => {
    const root = document.querySelector('[data-stepper]');
    const current = root.querySelectorAll('a[aria-current="step"]');
    const live = document.querySelector('[aria-live="polite"]');
    return {
        hash: location.hash,
        slider: root.querySelector('input[type=range][data-stepper-slider]').value,
        current: [...current].map(a => a.getAttribute('href')),
        live: live ? live.textContent.trim() : null,
        history: history.length,
    };
}"""


def shows(state: dict[str, Any], move: int, stepped: bool = True) -> list[str]:
    """What is wrong in ``state`` for a stepper that shows ``move`` (and has announced it, when
    ``stepped``: on loading, the live region may stay silent)."""
    problems = []
    if state["hash"] != f"#move-{move}":
        problems.append(f"the fragment is {state['hash']!r}, not '#move-{move}'")
    if state["slider"] != str(move):
        problems.append(f"the slider is at {state['slider']!r}, not {move}")
    if state["current"] != [f"#move-{move}"]:
        problems.append(f"the move list marks {state['current']} as current, not #move-{move}")
    if stepped and not state["live"]:
        problems.append("the live region (aria-live=polite) says nothing")
    return problems


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_stepper_by_keyboard(context: Any, site: Site, code: str) -> None:
    won_game = next(path for path in site.pages(code) if path.endswith("/won-game/"))
    start = Target(f"{won_game}#move-12", f"{code}-stepper")
    with opened(context, site, start, 1280) as (page, recorder):
        moves = int(page.get_attribute("[data-stepper] [data-stepper-slider]", "max"))
        assert moves == static_moves(site, won_game) > 13, "the slider's max is not the last move"
        entries = page.eval_on_selector_all(
            "[data-stepper] a[href^='#move-']", "links => links.map(a => a.getAttribute('href'))"
        )
        assert sorted(set(entries), key=lambda href: int(href[6:])) == [
            f"#move-{n}" for n in range(moves + 1)
        ]
        problems = [f"loaded with #move-12: {p}" for p in shows(page.evaluate(STATE), 12, False)]
        first = page.evaluate(STATE)
        # the keys work where the focus is inside the stepper, and not outside it
        page.focus("[data-stepper] [data-stepper-next]")
        steps = [("ArrowRight", 13), ("ArrowRight", 14), ("ArrowLeft", 13), ("End", moves)]
        steps += [("ArrowRight", moves), ("Home", 0), ("ArrowLeft", 0), ("ArrowRight", 1)]
        announced = set()
        for key, move in steps:
            page.keyboard.press(key)
            state = page.evaluate(STATE)
            announced.add(state["live"])
            problems += [f"after {key}, at move {move}: {p}" for p in shows(state, move)]
        if len(announced) < 4:
            problems.append(f"the live region said only {sorted(map(str, announced))}")
        page.click("[data-stepper] [data-stepper-prev]")
        problems += [f"after the previous button: {p}" for p in shows(page.evaluate(STATE), 0)]
        page.click("[data-stepper] [data-stepper-next]")
        page.click("[data-stepper] [data-stepper-next]")
        problems += [f"after the next button twice: {p}" for p in shows(page.evaluate(STATE), 2)]
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("End")
        if page.evaluate(STATE)["hash"] != "#move-2":
            problems.append("End with the focus outside the stepper moved it")
        if page.evaluate(STATE)["history"] != first["history"]:
            problems.append("stepping added history entries (the contract: history.replaceState)")
        problems += recorder.take()
    assert not problems, "\n".join(problems)


def static_moves(site: Site, page: str) -> int:
    """The last N of the ``move-N`` ids in the built page (as served, before any script)."""
    file = site.file_of(page)
    assert file is not None, page
    numbers = [int(i[5:]) for i in ids_of(file) if i.startswith("move-") and i[5:].isdigit()]
    assert numbers, f"{page} has no element with an id move-N"
    return max(numbers)


@pytest.mark.parametrize("code", [language.code for language in shipped_languages()])
def test_every_move_is_reachable_without_javascript(browser: Any, site: Site, code: str) -> None:
    won_game = next(path for path in site.pages(code) if path.endswith("/won-game/"))
    moves = static_moves(site, won_game)
    context = browser.new_context(java_script_enabled=False)
    try:
        target = Target(f"{won_game}#move-12", f"{code}-stepper-nojs")
        with opened(context, site, target, 390) as (page, recorder):
            found = page.evaluate(
                """moves => [...Array(moves + 1).keys()].filter(n =>
                    !document.getElementById('move-' + n) ||
                    !document.querySelector(`a[href="#move-${n}"]`))""",
                moves,
            )
            problems = [f"#move-{n} has no element or no link without JavaScript" for n in found]
            for move in (0, 12, moves):
                page.goto(f"{site.url}{won_game}#move-{move}")
                shown = page.evaluate(
                    """n => { const e = document.getElementById('move-' + n);
                    const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }""",
                    move,
                )
                if not shown:
                    problems.append(f"#move-{move} is not shown without JavaScript")
            problems += recorder.take()
    finally:
        context.close()
    assert not problems, "\n".join(problems)

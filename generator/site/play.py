"""The markup of what the page's script (``docs_src/assets/golf-play.js``) plays and solves.

The script runs the engine's C core compiled to WebAssembly (:mod:`generator.site.wasm`): every
rule, refusal, score and verdict comes from there. Its words come from here, translated: one
``<script type="application/json">`` per page (:func:`play_assets`) with the messages, the
refusal reasons, the rule sets' names and the cards' short forms, another with the topic that
explains each of the app's messages (:func:`message_topics`), and a hidden sheet of every card
drawn as the site's boards draw them (:func:`generator.site.pictures.card_sheet`), which the
script copies onto the board. A translation reaches the page as JSON text (``<`` escaped), and
the script puts it in as text, never as markup.

Counted messages are translated here for every count the script can need (gettext's plural
forms stay the catalog's): the stock's 0 to 19 cards, a line's 1 to 54 moves, 0 to 34 cards
removed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from markupsafe import Markup, escape

from generator.i18n.words import (
    EMPTY_COLUMN,
    FIRST_COLUMN,
    FIRST_EMPTY_COLUMN,
    JOKER_NAME,
    MOVE_DRAW,
    NEXT_COLUMN,
    PARTS,
    PICTURE_AFTER,
    PICTURE_START,
    PICTURE_STOCK,
    PICTURE_WASTE,
    PLAY_WORDS,
    STEPPER_SHEET,
    STOCK_AND_WASTE,
    STUCK_MESSAGE,
    Translations,
    Words,
)
from generator.patience import (
    FULL_DECK,
    JOKER,
    SCORING,
    TABLEAU_SIZE,
    Card,
    DealCode,
    Game,
    Reason,
    Rules,
    RuleSet,
    Variant,
)
from generator.patience.deal import COLUMN_HEIGHT
from generator.patience.game import Position
from generator.patience.rules import deal_for
from generator.patience.solver import solve
from generator.site import pictures
from generator.site.topics import load_topics

COUNTS: dict[str, range | list[int]] = {
    "stock": range(0, 20),
    "stock_count": range(0, 20),
    "won": range(SCORING.won_score, SCORING.won_score + 1),
    "cards_removed": range(0, TABLEAU_SIZE + 1),
    "cards_left": range(0, TABLEAU_SIZE + 1),
    # a stuck game's scores: the only ones the stuck message says
    "points": sorted({SCORING.stuck_score(removed) for removed in range(TABLEAU_SIZE)}),
    "winnable": range(1, TABLEAU_SIZE + 20),
    "unwinnable": range(0, TABLEAU_SIZE),
}
"""The counts each counted message is translated for."""
RULE_ORDER = (Rules.EASY, Rules.CLASSIC, Rules.STRICT)
VARIANT_SETS = [
    [v for v in (nok, jokers, empty) if v is not None]
    for nok in (None, Variant.NOTHING_ON_KING)
    for jokers in (None, Variant.JOKERS_1, Variant.JOKERS_2)
    for empty in (None, Variant.EMPTY_WASTE)
]


def _json(data: Any) -> Markup:
    """``data`` as JSON that no text in it can end the script element with."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def script_words(words: Words, t: Translations) -> dict[str, Any]:
    """Everything the script says, in the language of ``t``."""
    data: dict[str, Any] = {}
    for key, message in PLAY_WORDS.items():
        if isinstance(message, tuple):
            singular, plural = message
            data[key] = {
                str(n): t.ngettext(singular, plural, n) % {"count": n, "tableau": TABLEAU_SIZE}
                for n in COUNTS[key]
            }
        else:
            data[key] = t.gettext(message)
    data["step_draw"] = t.gettext(MOVE_DRAW)
    data["stuck"] = t.gettext(STUCK_MESSAGE)
    data["reasons"] = {reason.value: words.reason(reason) for reason in Reason}
    data["rule_sets"] = {
        str(RuleSet.of(rules, variants)): words.rule_set(RuleSet.of(rules, variants))
        for rules in RULE_ORDER
        for variants in VARIANT_SETS
    }
    data["cards"] = {str(card): _label(words, card) for card in (*FULL_DECK, JOKER)}
    data["card_names"] = {str(card): _name(words, card) for card in (*FULL_DECK, JOKER)}
    return data


def message_topics() -> dict[str, list[str]]:
    """Where each message the script shows links to (``docs_src/topics.yaml``'s messages): the
    topic's page (its name: ``rules``) and the topic. The script makes the address as its own
    page's address shows the site names pages (a served site ``rules/#patience.legal-moves``,
    one opened from disk ``rules.html#patience.legal-moves``), from the site's top."""
    listed = load_topics()
    return {
        name: [listed.topics[topic].removesuffix(".md"), topic]
        for name, topic in listed.messages.items()
    }


def play_assets(words: Words, t: Translations) -> Markup:
    """The script's words and the card sheet: once per page that plays or solves."""
    sheet = pictures.card_sheet(
        (*FULL_DECK, JOKER),
        label=lambda card: _label(words, card),
        title=_word(t, "sheet"),
        ids=True,
    )
    # in a block of its own: Markdown leaves it as it is, pictures kept out of it or not
    return Markup(
        '<div class="golf-play-assets" hidden>'
        f'<script type="application/json" id="golf-words">{_json(script_words(words, t))}</script>'
        f'<script type="application/json" id="golf-topics">{_json(message_topics())}</script>'
        f"{sheet}</div>"
    )


def stepper_words(words: Words, cards: Sequence[Card], stock: int) -> dict[str, Any]:
    """What the won game's stepper (``docs_src/assets/golf-stepper.js``) says of a board it
    draws, as :meth:`Words.picture_title` and :meth:`Words.snapshot` say it: the titles, the
    snapshot's templates (the stock's for 0 to ``stock`` cards), its separators, and the names
    of ``cards``."""
    t = words.t
    return {
        "title_start": t.gettext(PICTURE_START),
        "title_after": t.gettext(PICTURE_AFTER),
        "piles": {
            # the card's name goes in by the script: the template keeps its placeholder
            str(n): t.ngettext(*STOCK_AND_WASTE, n) % {"count": n, "card": "%(card)s"}
            for n in range(stock + 1)
        },
        "first_column": t.gettext(FIRST_COLUMN),
        "next_column": t.gettext(NEXT_COLUMN),
        "first_empty": t.gettext(FIRST_EMPTY_COLUMN),
        "empty": t.gettext(EMPTY_COLUMN),
        "parts": t.gettext(PARTS),
        "separators": {kind: words.separator(kind) for kind in ("list", "parts", "sentences")},
        "names": {str(card): words.card(card) for card in cards},
    }


def stepper_assets(
    words: Words, t: Translations, position: Position, drawn: Sequence[Card]
) -> Markup:
    """The won game's stepper's words (:func:`stepper_words`) for the cards of ``position`` (the
    deal) and ``drawn``, and a sheet of the ``drawn`` cards: the cards the deal's board does not
    show, which the script copies onto the board it draws."""
    cards = [card for column in position.columns for card in column]
    cards += [card for card in (position.waste, *drawn) if card is not None]
    sheet = pictures.card_sheet(tuple(drawn), label=words.short, title=t.gettext(STEPPER_SHEET))
    data = stepper_words(words, cards, position.stock_count)
    return Markup(
        '<div class="golf-stepper-assets" hidden>'
        f'<script type="application/json" id="golf-stepper-words">{_json(data)}</script>'
        f"{sheet}</div>"
    )


def _word(t: Translations, key: str) -> str:
    """The script's word ``key`` (one without a count), translated."""
    message = PLAY_WORDS[key]
    assert isinstance(message, str), key
    return t.gettext(message)


def _name(words: Words, card: Any) -> str:
    """A card's name in words, as a screen reader says it ("six of hearts", "Joker")."""
    return words.t.gettext(JOKER_NAME) if card.is_joker else words.card(card)


def _label(words: Words, card: Any) -> str:
    return str(JOKER) if card.is_joker else words.short(card)


def play_box(code: str, board: str, rules: list[tuple[str, str]], t: Translations) -> Markup:
    """The controls that play deal ``code`` on the board whose id is ``board`` (its picture,
    which the script copies to play on); ``rules``: (rule set, its name) to choose from, the
    first the code's own."""
    parsed = DealCode.parse(code)
    options = "".join(
        f'<option value="{escape(value)}">{escape(name)}</option>' for value, name in rules
    )

    def button(key: str, name: str) -> str:
        return (
            f'<button type="button" class="md-button" data-play-{name}>'
            f"{escape(_word(t, key))}</button>"
        )

    rules_label = escape(t.gettext("Rules"))
    return Markup(
        f'<div class="golf-play" data-golf-play data-search-exclude data-number="{parsed.number}" '
        f'data-code="{escape(code)}" data-board="{escape(board)}">'
        f'<p class="golf-play-start" data-play-start>{button("play", "start")}</p>'
        f'<div class="golf-play-area" data-play-area hidden>'
        f'<div class="golf-play-bar">'
        f"<label>{rules_label} <select data-play-rules>{options}</select></label>"
        f"{button('undo', 'undo')}{button('hint', 'hint')}{button('restart', 'restart')}"
        f"{button('stop', 'stop')}</div>"
        f'<p class="golf-play-status"><span>{escape(_word(t, "score"))}</span> '
        f"<strong data-play-score></strong> "
        f"<span>{escape(t.gettext(PLAY_WORDS['moves']))}</span> "  # type: ignore[arg-type]
        f"<strong data-play-moves></strong></p>"
        f'<p class="golf-play-message" aria-live="polite" data-play-message></p>'
        # a stuck game offers what the app's message does: undo moves, or play again
        f'<p class="golf-play-end" data-play-end hidden>'
        f"{button('undo', 'end-undo')}{button('restart', 'end-restart')}</p>"
        f"{search_progress(t)}</div></div>"
    )


def search_progress(t: Translations) -> Markup:
    """The line where the script says what a search is doing (the rule set, the positions so
    far), with the button that stops it: always there, so that nothing moves when it speaks."""
    return Markup(
        '<p class="golf-search-progress" data-search-progress>'
        '<span class="golf-search-status" aria-live="polite" data-search-status></span> '
        '<button type="button" class="md-button golf-search-stop" data-search-stop hidden>'
        f"{escape(_word(t, 'search_stop'))}</button></p>"
    )


def solve_buttons(t: Translations) -> Markup:
    """The solve page's buttons beside Solve: a new deal, and a deal that can be won."""
    return Markup(
        f'<button type="button" class="md-button" data-solve-new>{escape(_word(t, "new_deal"))}'
        "</button> "
        '<button type="button" class="md-button" data-solve-winnable>'
        f"{escape(_word(t, 'winnable_deal'))}</button>"
    )


SOLVED_RULE_SETS = (
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.CLASSIC, (Variant.NOTHING_ON_KING,)),
    RuleSet.of(Rules.STRICT),
)
"""The rule sets the Solve page solves a deal under, in its table's order (``SOLVED_RULES`` in
golf-play.js)."""


def solve_result(code: str, words: Words, t: Translations) -> dict[str, Any]:
    """The Solve page's result for its own deal ``code``, solved by the engine when the page is
    built, as the script writes it once its search in the page has run (the table's rows, the
    chosen line's title, its length, its first step and score): the page shows its answer from
    the first paint, with no blank space kept for it, and the script's search writes the same
    words over it (tests/browser/test_layout_shift.py sees nothing move)."""
    parsed = DealCode.parse(code)
    chosen = RuleSet.of(Rules.EASY if parsed.rules_letter == "E" else Rules.CLASSIC)
    rows, title, moves = [], "", 0
    for rule_set in SOLVED_RULE_SETS:
        solution = solve(deal_for(parsed.number, rule_set), rule_set, best=True)
        name = words.rule_set(rule_set)
        count = len(solution.moves) if solution.winnable else solution.best_removals or 0
        message = PLAY_WORDS["winnable" if solution.winnable else "unwinnable"]
        assert isinstance(message, tuple)
        singular, plural = message
        verdict = t.ngettext(singular, plural, count) % {"count": count, "tableau": TABLEAU_SIZE}
        show = _word(t, "show")
        chosen_class = ' class="golf-chosen"' if rule_set == chosen else ""
        rows.append(
            # cells apart, as Markdown's tables are: the search index reads "Easy yes, ..."
            f'<tr data-rules="{escape(str(rule_set))}"{chosen_class}>\n'
            f"<td>{escape(name)}</td>\n<td>{escape(verdict)}</td>\n"
            f'<td><button type="button" class="md-button" aria-label="{escape(show)}: '
            f'{escape(name)}">{escape(show)}</button></td>\n</tr>'
        )
        if rule_set == chosen:
            line = "line_won" if solution.winnable else "line_best"
            title = _word(t, line) % {"rules": name}
            moves = len(solution.moves)
    score = Game(deal_for(parsed.number, chosen), chosen).score
    return {
        "rows": Markup("".join(rows)),
        "title": title,
        "moves": moves,
        "step": _word(t, "step_deal"),
        "score": f"{_word(t, 'score')} {score}",
    }


def frame_board(position: Position, ident: str, words: Words) -> Markup:
    """A board for the script to draw on, a solved line's (hidden from screen readers: the
    script gives it its name when it shows it)."""
    return Markup(
        pictures.board(
            position,
            label=words.short,
            title=_word(words.t, "board_line"),
            desc="",
            stock_label=words.p(PICTURE_STOCK),
            waste_label=words.p(PICTURE_WASTE),
            ident=ident,
            rows=COLUMN_HEIGHT,
            searchable=False,
        )
    )


def helpers(words: Words, t: Translations) -> dict[str, Callable[..., Any]]:
    """The templates' globals for playing and solving."""

    def rule_choices(code: str) -> list[tuple[str, str]]:
        letter = DealCode.parse(code).rules_letter
        first = Rules.EASY if letter == "E" else Rules.CLASSIC
        sets = [RuleSet.of(first)] + [s for s in SOLVED_RULE_SETS if s != RuleSet.of(first)]
        return [(str(rule_set), words.rule_set(rule_set)) for rule_set in sets]

    return {
        "play_assets": lambda: play_assets(words, t),
        "play_box": lambda code, board: play_box(code, board, rule_choices(code), t),
        "frame_board": lambda position, ident: frame_board(position, ident, words),
        "search_progress": lambda: search_progress(t),
        "solve_buttons": lambda: solve_buttons(t),
        "solve_result": lambda code: solve_result(code, words, t),
    }

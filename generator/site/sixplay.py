"""The markup and the words of the 6-Card Golf player (``docs_src/assets/golf-sixcard.js``), the
page where a reader plays 6-Card Golf against the computer.

The script runs the 6-Card Golf engine's C core compiled to WebAssembly
(:data:`generator.sixcard.cvalues.SIXCARD_WASM`): the deal, every legal action, the end of the
hole, the scores, every computer move and every hint come from there. It only draws and asks.
Its words come from here, translated, in one ``<script type="application/json">``
(:func:`six_words`): the messages of :data:`~generator.i18n.words.SIX_PLAY_WORDS`, each counted
message in every plural form of the language with the plural form of every count the game can
show (the catalog's own plural rule, worked out here), the cards' names and short forms, the
tips a hint names, and how the pictures draw a grid (the sizes and the suits' shapes of
:mod:`generator.site.sixcard_pictures`), so that the script draws the grids as the page's
pictures draw them. A translation reaches the page as JSON text, and the script puts it in as
text, never as markup.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from generator.i18n.words import (
    JOKER_NAME,
    SIX_PLAY_WORDS,
    SIX_TIP_NAMES,
    Translations,
    Words,
)
from generator.site import sixcard_pictures
from generator.site.play import _json
from generator.site.plurals import plural_rule
from generator.site.topics import load_topics
from generator.sixcard.cards import JOKER, STANDARD_DECK, Card
from generator.sixcard.rules import (
    CARD_VALUES,
    HOLES,
    JOKER_PAIR_MINUS_FOUR,
    KNOCK_PENALTY,
    PAIR_SCORE,
    TURN_LIMIT,
    Layout,
    Options,
)
from generator.sixcard.strong import HABITS

OPPONENTS = (1, 2, 3)
"""How many computer players a reader may play against (the issue: 1 to 3)."""
DEFAULT_OPPONENTS = 1
"""Heads-up by default, as the tournament measured the strong player."""
TIPS_TOPIC = "card-game.tips"
"""Where a hint's tip links to: the tips of the 6-Card Golf page."""


def score_range() -> range:
    """Every score the game can show, a column's to a match's total: from every card of the
    largest grid at its lowest points to every card at its highest with the knock penalty, over
    a match."""
    size = max(layout.size for layout in Layout)
    low = min(0, min(CARD_VALUES.values()) * size)
    high = max(CARD_VALUES.values()) * size + KNOCK_PENALTY
    return range(HOLES * low, HOLES * high + 1)


def six_words(words: Words, t: Translations) -> dict[str, Any]:
    """Everything the player says and draws, in the language of ``t``."""
    plural = plural_rule(getattr(t, "t", t))
    counts = score_range()
    forms = [plural(abs(n)) for n in counts]
    examples: dict[int, int] = {}
    # a count of each of the catalog's plural forms (French has one for millions alone)
    for n in (*range(1000), *(10**k for k in range(3, 10))):
        examples.setdefault(plural(n), n)
    text: dict[str, str] = {}
    counted: dict[str, list[str]] = {}
    for key, message in SIX_PLAY_WORDS.items():
        if isinstance(message, tuple):
            counted[key] = [
                t.ngettext(*message, examples[form]) for form in range(max(examples) + 1)
            ]
        else:
            text[key] = t.gettext(message)
    cards = (*dict.fromkeys(STANDARD_DECK), JOKER)
    return {
        "text": text,
        "counted": counted,
        "plural": {"first": counts.start, "forms": "".join(map(str, forms))},
        "tips": {habit: t.gettext(name) for habit, name in SIX_TIP_NAMES.items()},
        "tip_order": list(SIX_TIP_NAMES),
        "habits": HABITS,
        "tips_topic": [load_topics().topics[TIPS_TOPIC].removesuffix(".md"), TIPS_TOPIC],
        "card_names": {str(card): _name(words, t, card) for card in cards},
        "card_labels": {str(card): _label(words, t, card) for card in cards},
        "layouts": [
            {
                "value": layout.value,
                "rows": layout.rows,
                "columns": layout.columns,
                "players": [layout.players[0], layout.players[-1]],
                "start": layout.face_up_at_start,
            }
            for layout in Layout
        ],
        "holes": HOLES,
        "turn_limit": TURN_LIMIT,
        "knock_penalty": KNOCK_PENALTY,
        "pair_scores": [PAIR_SCORE, JOKER_PAIR_MINUS_FOUR],
        "decks": {
            layout.value: {str(n): Options(layout=layout).decks_for(n) for n in layout.players}
            for layout in Layout
        },
        "picture": picture_data(),
    }


def picture_data() -> dict[str, Any]:
    """How :func:`~generator.site.sixcard_pictures.grid_picture` draws a grid: its sizes and
    the suits' shapes, which the script draws with."""
    p = sixcard_pictures
    return {
        "card_w": p.CARD_W,
        "card_h": p.CARD_H,
        "col_gap": p.COL_GAP,
        "row_gap": p.ROW_GAP,
        "top": p.TOP,
        "right": p.RIGHT,
        "score_row": p.SCORE_ROW,
        "shapes": {suit or "JK": shapes for suit, shapes in p._SHAPES.items()},
        "red": sorted(p.RED_SUITS),
    }


def _name(words: Words, t: Translations, card: Card) -> str:
    return t.gettext(JOKER_NAME) if card.is_joker else words.card(card)


def _label(words: Words, t: Translations, card: Card) -> str:
    return t.gettext(JOKER_NAME) if card.is_joker else words.short(card)


def six_assets(words: Words, t: Translations) -> Markup:
    """The player's words (:func:`six_words`), once on its page."""
    return Markup(
        '<div class="six-play-assets" hidden>'
        f'<script type="application/json" id="six-words">{_json(six_words(words, t))}</script>'
        "</div>"
    )


def _word(t: Translations, key: str) -> str:
    message = SIX_PLAY_WORDS[key]
    assert isinstance(message, str), key
    return t.gettext(message)


def _counted(t: Translations, key: str, count: int) -> str:
    message = SIX_PLAY_WORDS[key]
    assert isinstance(message, tuple), key
    return t.ngettext(*message, abs(count)) % {"count": _integer(count)}


def _integer(value: int) -> str:
    from generator.i18n.numerals import integer

    return integer(value)


def six_player(t: Translations) -> Markup:
    """The player's controls: the choices of a game, and the table the script plays on (hidden
    until a game is dealt)."""

    def label(key: str) -> str:
        return str(escape(_word(t, key)))

    def button(key: str, name: str, primary: bool = False) -> str:
        """A button; a counted or filled-in label is the script's to write (the table is
        hidden until a game is dealt)."""
        kind = "md-button md-button--primary" if primary else "md-button"
        words = (
            label(key)
            if isinstance(SIX_PLAY_WORDS[key], str) and "%(" not in SIX_PLAY_WORDS[key]
            else ""
        )
        return f'<button type="button" class="{kind}" data-six-{name}>{words}</button>'

    opponents = "".join(
        f'<option value="{n}"{" selected" if n == DEFAULT_OPPONENTS else ""}>{n}</option>'
        for n in OPPONENTS
    )
    lengths = (
        f'<option value="1">{label("one_hole")}</option>'
        f'<option value="{HOLES}">{escape(_counted(t, "match", HOLES))}</option>'
    )
    grids = "".join(
        f'<option value="{layout.value}">'
        f"{escape(_word(t, 'grid_size') % {'size': layout.size})}</option>"
        for layout in Layout
    )
    pairs = "".join(
        f'<option value="{value}">{escape(_counted(t, "joker_pair_score", score))}</option>'
        for value, score in (("zero", PAIR_SCORE), ("minus-four", JOKER_PAIR_MINUS_FOUR))
    )
    form = (
        '<form class="six-form" data-six-form>'
        f'<p><label for="six-opponents">{label("opponents")}</label> '
        f'<select id="six-opponents" name="opponents">{opponents}</select></p>'
        f'<p><label for="six-length">{label("length")}</label> '
        f'<select id="six-length" name="holes">{lengths}</select></p>'
        f'<p><label for="six-grid">{label("grid")}</label> '
        f'<select id="six-grid" name="layout">{grids}</select></p>'
        f'<p><label><input type="checkbox" name="jokers" checked> {label("jokers")}</label></p>'
        f'<p><label for="six-joker-pair">{label("joker_pair")}</label> '
        f'<select id="six-joker-pair" name="joker_pair">{pairs}</select></p>'
        f'<p><label><input type="checkbox" name="knock"> {label("knock_variant")}</label></p>'
        f'<p><button type="submit" class="md-button md-button--primary">{label("deal")}</button>'
        "</p></form>"
    )
    table = (
        '<div class="six-table" data-six-table hidden>'
        '<p class="six-status"><span data-six-hole></span> <span data-six-seed></span> '
        f'<a data-six-share href="#">{label("share")}</a></p>'
        '<div class="six-others" data-six-others></div>'
        '<div class="six-middle" data-six-middle></div>'
        '<div class="six-mine" data-six-mine></div>'
        '<p class="six-actions" data-six-actions>'
        f"{button('draw_stock', 'stock')}{button('take_discard', 'take')}"
        f"{button('discard_turn', 'turn')}{button('knock', 'knock')}{button('hint', 'hint-button')}"
        "</p>"
        '<p class="six-message" aria-live="polite" data-six-message></p>'
        '<p class="six-hint" aria-live="polite" data-six-hint></p>'
        '<div class="six-scores" data-six-scores></div>'
        '<p class="six-end" data-six-end hidden>'
        f"{button('next_hole', 'next', primary=True)}{button('new_game', 'new')}</p>"
        "</div>"
    )
    return Markup(f'<div class="six-play" data-six-play data-search-exclude>{form}{table}</div>')


def helpers(words: Words, t: Translations) -> dict[str, Any]:
    """The templates' globals for the 6-Card Golf player."""
    return {
        "six_player": lambda: six_player(t),
        "six_assets": lambda: six_assets(words, t),
    }

"""Rendering the pages: Jinja2 templates, one language's catalog, the engine's facts.

Translations are untrusted text: every translated string is HTML-escaped
before the values are put in, and so is every value, so neither a catalog nor
a value can put markup into a page.
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import jinja2
from babel import Locale
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from generator.i18n.catalogs import ROOT, Language, translations
from generator.i18n.numerals import integer, signed
from generator.i18n.words import (
    COLUMN_SCORES,
    FACE_DOWN,
    GRID_FIRST_ROW,
    GRID_JACKS_APART,
    GRID_JACKS_TOGETHER,
    GRID_NEXT_ROW,
    GRID_SCORED,
    GRID_START,
    JOKER_NAME,
    LEGEND,
    NEW_GAME_WINDOW,
    PICTURE_STOCK,
    PICTURE_WASTE,
    POSITION_FOLD,
    SHORT_FORM,
    STUCK_MESSAGE,
    VARIANT_NAMES,
    Translations,
    Words,
)
from generator.pages.errata import CONTEXT as ERRATUM_CONTEXT
from generator.pages.patience import Step, rules_page_facts
from generator.pages.sixcard import GridExample
from generator.paths import project_tree
from generator.patience import COLUMN_HEIGHT, Card, GolfError, Position
from generator.site import bidi, play, sixcard_pictures, sixplay
from generator.site.charts import statistics_helpers
from generator.site.jinja_cache import CompiledTemplates
from generator.site.mdtext import OneLine, Text, format_text, html_text
from generator.site.numbers import locale_of
from generator.site.pictures import board
from generator.site.topicmark import topic_mark
from generator.sixcard.cards import Card as SixCard

TEMPLATES = ROOT / "docs_src" / "templates"
ASSETS = ROOT / "docs_src" / "assets"
"""Files every language's site gets as they are (the pictures' stylesheet)."""
PAGES = {
    "index.md": ("index.md.j2", "patience"),
    "rules.md": ("rules.md.j2", "patience"),
    "won-game.md": ("won_game.md.j2", "patience"),
    "examples.md": ("examples.md.j2", "examples"),
    "solve.md": ("solve.md.j2", "patience"),
    "statistics.md": ("statistics.md.j2", "statistics"),
    "sources.md": ("sources.md.j2", "statistics"),
    "six-card-golf.md": ("sixcard_rules.md.j2", "sixcard"),
    "six-card-golf-play.md": ("sixcard_play.md.j2", "sixcard"),
}
"""Page file in the site -> its template in docs_src/templates and the game whose facts it shows."""

Facts = dict[str, dict[str, Any]]
"""Each game's page facts, by game: ``{"patience": {...}, "sixcard": {...}}`` (and the
patience examples page's, ``"examples"``)."""


def page_facts() -> Facts:
    """Every game's page facts (the engines asked once per build)."""
    from generator.pages.examples import examples_page_facts
    from generator.pages.sixcard import sixcard_page_facts
    from generator.pages.statistics import statistics_page_facts

    return {
        "patience": rules_page_facts(),
        "examples": examples_page_facts(),
        "statistics": statistics_page_facts(),
        "sixcard": sixcard_page_facts(),
    }


class TemplateError(GolfError):
    """A template failed to load or render; the message starts with ``file:line:``."""


def _as_text(helper: Callable[..., str]) -> Callable[..., Text]:
    def wrapped(*args: Any) -> Text:
        return Text(helper(*args))

    return wrapped


PAGE_TEMPLATES = CompiledTemplates("jinja-pages")
"""The page templates, compiled once for every language (and kept for the next process)."""


def environment(loader: jinja2.BaseLoader | None = None) -> jinja2.Environment:
    """The page templates' environment (``loader``: other templates, compiled anew).

    Templates are untrusted input too: they render in Jinja's immutable sandbox, which refuses
    an attribute of Python's inside (``cycler.__init__.__globals__``), a method that changes a
    value, and any callable marked unsafe; a template reaches the page's facts, the helpers
    :func:`install` gives it and the filters below, nothing of the machine (not even Jinja's
    own globals, ``range`` or ``cycler``: no template needs them)."""
    env = ImmutableSandboxedEnvironment(
        loader=loader or jinja2.FileSystemLoader(TEMPLATES),
        bytecode_cache=None if loader else PAGE_TEMPLATES,
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    for unused in ("cycler", "dict", "joiner", "lipsum", "namespace", "range"):
        del env.globals[unused]  # Jinja's own helpers, which no template uses: not offered
    env.filters["raw_html"] = raw_html
    env.filters["html_text"] = html_text
    return env


def install(env: jinja2.Environment, t: Translations, *, mark_untranslated: bool = False) -> Words:
    """Install ``t`` into ``env`` and its word helpers as globals.

    Every translated sentence and every value put into it reaches the page as
    text (:func:`generator.site.mdtext.format_text`). With ``mark_untranslated`` (a
    language not shipped in full), a sentence that falls back to English is
    wrapped in ``<span lang="en">`` so that readers and screen readers know.
    """
    locale = locale_of(t)
    t = OneLine(t)
    known = _translated_ids(t)

    # English in a right-to-left page reads left to right (its words, its punctuation)
    fallback = (
        Markup('<span lang="en" dir="ltr">')
        if bidi.right_to_left(locale)
        else Markup('<span lang="en">')
    )

    def marked(result: Markup, msgid: object) -> Markup:
        if mark_untranslated and known is not None and msgid not in known:
            return fallback + result + Markup("</span>")
        return result

    def gettext(message: str, /, **values: Any) -> Markup:
        return marked(format_text(t.gettext(message), values), message)

    def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> Markup:
        values.setdefault("num", n)
        return marked(format_text(t.ngettext(singular, plural, n), values), (singular, 0))

    def pgettext(context: str, message: str, /, **values: Any) -> Markup:
        return marked(
            format_text(str(t.pgettext(context, message)), values), f"{context}\x04{message}"
        )

    def erratum_reason(reason: str) -> Markup:
        """A seed erratum's reason (a message of its own context, never a format), as text."""
        return marked(
            escape(Text(t.pgettext(ERRATUM_CONTEXT, reason))), f"{ERRATUM_CONTEXT}\x04{reason}"
        )

    def language_name(code: str) -> Text:
        """A language's name in the page's language (``nl`` on an English page: Dutch)."""
        return Text(Locale.parse(code).get_display_name(locale) or code)

    env.globals.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext)
    env.globals.update(erratum_reason=erratum_reason, language_name=language_name)
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    words = Words(t)

    def how(step: Step, with_onto: bool) -> str:
        return words.direction(step.direction, step.onto if with_onto else None)

    helpers: dict[str, Callable[..., str]] = {
        "card": words.card,
        "short": words.short,
        "snapshot": words.snapshot,
        "rules_name": words.rules,
        "rules_description": words.rules_description,
        "reason": words.reason,
        "message": words.message,
        "variant_name": lambda name: words.p(VARIANT_NAMES[name]),
        "signed": signed,
        "how": how,
    }
    env.globals.update({name: _as_text(helper) for name, helper in helpers.items()})
    env.globals.update(statistics_helpers(words, locale))

    def legend(kinds: Sequence[str], letters: bool = False) -> Markup:
        """What the marked cards of a board are, each beside a sample of its mark; with
        ``letters`` (once on a page, under the first board), which card the picture cards' short
        forms stand for (Dutch and German write the King R)."""
        items = "".join(
            f'<li><span class="golf-key golf-key-{kind}" aria-hidden="true"></span>'
            f"{escape(words.p(LEGEND[kind]))}</li>"
            for kind in dict.fromkeys(kinds)
        )
        if letters:
            items += "".join(
                f"<li>{escape(words.p(SHORT_FORM) % {'short': words.short(card), 'card': words.card(card)})}</li>"
                for card in words.picture_letters()
            )
        return Markup(f'<ul class="golf-legend">{items}</ul>') if items else Markup("")

    def picture(
        position: Position,
        after_move: int,
        highlights: dict[Card, str] | None = None,
        ident: str | None = None,
        from_sheet: bool = False,
        letters: bool = False,
    ) -> Markup:
        """A board picture with the position in words folded under it (issue 47: 15-19 lines
        at 390 px, a third of the rules page, between a sighted reader and the next rule), and
        after the figure a legend of its marked cards. The words are the picture's description
        (``aria-describedby``), which a screen reader reads folded or not; the fold's summary,
        a line ``[fold] ...`` of the page text, shows them to the eye.

        ``ident`` names the picture on its page (default ``position-<after_move>``); with
        ``from_sheet`` its cards are copies of the page's card sheet (``play_assets()``, which
        the page must then carry), a page of several whole deals (the examples)."""
        ident = ident or f"position-{after_move}"
        svg = board(
            position,
            label=words.short,
            title=words.picture_title(after_move),
            desc="",
            stock_label=words.p(PICTURE_STOCK),
            waste_label=words.p(PICTURE_WASTE),
            highlights=highlights,
            ident=ident,
            from_sheet=from_sheet,
            described_by=f"{ident}-words",
        )
        kinds = ["free", *(highlights or {}).values()]
        return Markup(
            f'<figure class="golf-figure">{svg}'
            f'<details class="golf-words"><summary class="golf-fold" data-search-exclude>'
            f"{escape(t.gettext(POSITION_FOLD))}</summary>"
            f'<p id="{escape(ident)}-words">{escape(words.snapshot(position))}</p></details>'
            f"</figure>{legend(kinds, letters)}"
        )

    env.globals["picture"] = picture
    env.globals.update(play.helpers(words, t))
    env.globals.update(sixplay.helpers(words, t))
    env.globals["legend"] = legend

    def position_board(
        position: Position, after_move: int, highlights: dict[Card, str] | None = None
    ) -> Markup:
        """A board of the won game's stepper: the pictures of the other pages, its text
        alternative the position in words (an image, titled and described, since no caption
        beside it says the position), as tall as the deal (stepping moves nothing below it),
        out of the search index (a page of 48 boards)."""
        svg = board(
            position,
            label=words.short,
            title=words.picture_title(after_move),
            desc=words.snapshot(position),
            stock_label=words.p(PICTURE_STOCK),
            waste_label=words.p(PICTURE_WASTE),
            highlights=highlights,
            ident=f"board-{after_move}",
            rows=COLUMN_HEIGHT,
            searchable=False,
        )
        return Markup(svg)

    env.globals["position_board"] = position_board

    def stepper_assets(start: Position, steps: Sequence[Step]) -> Markup:
        """What the stepper draws its boards with: the words and the drawn cards' sheet."""
        drawn = [step.card for step in steps if step.column is None]
        return play.stepper_assets(words, t, start, drawn)

    env.globals["stepper_assets"] = stepper_assets

    def card_run(cards: Sequence[SixCard]) -> Markup:
        """Small card pictures inside a sentence; their text alternative is the cards' names."""
        names = words.join("list", (words.card(card) for card in cards))
        svg = sixcard_pictures.card_run(
            cards,
            label=lambda card: words.short(card),
            title=names,
            desc="",
            ident="run-" + "-".join(str(card) for card in cards),
        )
        return Markup(svg)

    env.globals["card_run"] = card_run

    def six_name(card: SixCard) -> str:
        return t.gettext(JOKER_NAME) if card.is_joker else words.card(card)

    def six_label(card: SixCard) -> str:
        return t.gettext(JOKER_NAME) if card.is_joker else words.short(card)

    def grid_figure(name: str, example: GridExample) -> Markup:
        """A picture of a grid of the 6-Card Golf page, its text alternative in words."""
        titles = {
            "start": (GRID_START, len(example.face_up)),
            "scored": (GRID_SCORED, example.score.score if example.score else 0),
            "jacks_together": (GRID_JACKS_TOGETHER, example.score.score if example.score else 0),
            "jacks_apart": (GRID_JACKS_APART, example.score.score if example.score else 0),
        }
        message, count = titles[name]
        title = t.ngettext(*message, count) % {"count": integer(count)}
        rows: list[str] = []
        for r, row in enumerate(example.cards):
            cards = words.join(
                "list",
                (
                    six_name(card) if (r, c) in example.face_up else t.gettext(FACE_DOWN)
                    for c, card in enumerate(row)
                ),
            )
            pattern = GRID_FIRST_ROW if not rows else GRID_NEXT_ROW
            rows.append(t.gettext(pattern) % {"number": r + 1, "cards": cards})
        desc = words.parts(rows)
        highlights: dict[tuple[int, int], str] = {}
        if example.score is not None:
            for c in range(len(example.cards[0])):
                column = [row[c] for row in example.cards]
                if len({card.rank for card in column}) < len(column):
                    highlights.update({(r, c): "pair" for r in range(len(column))})
            scores = words.join("list", (integer(score) for score in example.score.columns))
            desc = words.join("sentences", [desc, t.gettext(COLUMN_SCORES) % {"scores": scores}])
        svg = sixcard_pictures.grid_picture(
            example.cards,
            label=six_label,
            title=title,
            desc=desc,
            ident="grid-" + name.replace("_", "-"),
            face_up=example.face_up,
            highlights=highlights,
            scores=example.score.columns if example.score else None,
            score_label=integer,
        )
        return Markup(f'<figure class="golf-figure six-figure">{svg}</figure>')

    env.globals["grid_figure"] = grid_figure

    def move_title(step: Step) -> Text:
        return Text(words.move_title(step.number, step.move, step.onto, step.direction))

    env.globals["move_title"] = move_title
    env.globals["separator"] = words.separator
    env.globals["stuck_message"] = STUCK_MESSAGE
    env.globals["new_game_window"] = NEW_GAME_WINDOW
    env.globals["topic"] = topic_mark
    return words


def raw_html(value: object) -> Markup:
    """Page text for a raw HTML block, where Markdown reads no escapes: HTML-escaped only.

    A sentence the templates made Markdown-safe (:class:`~markupsafe.Markup`
    from :func:`~generator.site.mdtext.format_text`, a :class:`Text`) loses its
    backslash escapes, which Markdown would otherwise show inside the block;
    everything else is HTML-escaped.

    >>> raw_html(format_text("%(n)s. a_b <i>", {"n": 12}))
    Markup('12. a_b &lt;i&gt;')
    """
    if isinstance(value, Markup):
        return Markup(re.sub(r"\\(.)", r"\1", str(value)))
    return escape(str(value))


def _translated_ids(t: Translations) -> set[object] | None:
    """The message ids ``t`` has a translation for, where it can tell (gettext's catalog)."""
    catalog = getattr(getattr(t, "t", t), "_catalog", None)
    if not isinstance(catalog, dict):
        return None
    return {key for key, value in catalog.items() if key and value}


def _template_location(error: BaseException, template: str) -> str:
    """``file:line`` of the innermost template frame in ``error``'s traceback."""
    if isinstance(error, jinja2.TemplateSyntaxError):
        return f"{error.filename or error.name or template}:{error.lineno}"
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.endswith(".j2"):
            return f"{frame.filename}:{frame.lineno}"
        if frame.filename == "<template>":  # a template with no file (tests' DictLoader)
            return f"{template}:{frame.lineno}"
    return f"{TEMPLATES / template}:1"


def render(
    template: str, t: Translations, facts: dict[str, Any], env: jinja2.Environment | None = None
) -> str:
    """Render one template with one language's translations; errors say file:line."""
    env = env or environment()
    install(env, t)
    return _render(env, template, facts)


def _render(env: jinja2.Environment, template: str, facts: dict[str, Any]) -> str:
    """Render with translations already installed; errors say file:line."""
    try:
        return env.get_template(template).render(**facts)
    except GolfError:
        raise
    except Exception as error:
        where = _template_location(error, template)
        raise TemplateError(f"{where}: {type(error).__name__}: {error}") from error


def render_language(
    language: Language, facts: Facts | None = None, t: Translations | None = None
) -> dict[str, str]:
    """Every file of one language's docs folder: {path: text} (pages and assets).

    Each page's template gets its game's facts, ``games`` (every game's facts) for pages
    that speak of more than one game, and ``seed_tied``: whether this page in this language
    must read as its seed page (:mod:`generator.site.errata`), so that a sentence the seed does
    not have, and that corrects nothing false in it, is left out there (the 6-Card Golf tips'
    measured worth: the Dutch seed's tips stand as they are where they are not false).
    """
    facts = facts if facts is not None else page_facts()
    env = environment()
    t = t if t is not None else translations(language)
    install(env, t, mark_untranslated=not language.shipped)
    pages = {
        page: _render(
            env,
            template,
            {
                **facts[game],
                "games": facts,
                "seed_tied": page.removesuffix(".md") in language.seed_pages,
            },
        )
        for page, (template, game) in PAGES.items()
    }
    # a right-to-left language: cards, signed numbers and codes read left to right in its text
    pages = {page: bidi.for_language(text, language.code) for page, text in pages.items()}
    # a symlink out (/proc/self/environ) is refused, never published; the project: docs_src's
    project_tree(ASSETS, ASSETS.parents[1])
    for asset in sorted(ASSETS.rglob("*")):
        if asset.is_file():
            pages[str(asset.relative_to(ASSETS.parent))] = asset.read_text(encoding="utf-8")
    return pages


def render_seed_tied(language: Language, pages: Iterable[str], facts: Facts) -> dict[str, str]:
    """The named pages of ``language`` (``rules``), each rendered as a seed-tied page is (what
    its seed lacks left out): the English shape the word rules hold a seed page to."""
    env = environment()
    install(env, translations(language), mark_untranslated=not language.shipped)
    found = {}
    for page in pages:
        template, game = PAGES[f"{page}.md"]
        text = _render(env, template, {**facts[game], "games": facts, "seed_tied": True})
        found[page] = bidi.for_language(text, language.code)
    return found


class _Recording:
    """Translations that remember every message asked of them: (context, msgid)."""

    def __init__(self, t: Translations) -> None:
        self.t = t
        self.used: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.used.add((None, message))
        return str(self.t.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.used.add((None, singular))
        return str(self.t.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        self.used.add((context, message))
        return str(self.t.pgettext(context, message))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.t, name)


def messages_of_pages(language: Language, pages: Iterable[str]) -> set[tuple[str | None, str]]:
    """The messages (context, msgid) a language's named pages (``rules``) are rendered from:
    what ``catalog update`` marks in a catalog as bound to a seed page."""
    facts = page_facts()
    recording = _Recording(translations(language))
    env = environment()
    install(env, recording)
    for page in pages:
        template, game = PAGES[f"{page}.md"]
        _render(env, template, {**facts[game], "games": facts, "seed_tied": True})
    return recording.used

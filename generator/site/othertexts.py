"""The approved texts that are no page: the site's frame and the page script's messages.

A page's approved text (:mod:`generator.site.approval`) holds what its Markdown says. Two more
approved texts per language (and one of the source language) hold every other string a reader
meets, so that a change to any of them shows in ``approve``'s review and ``check --review``,
and ``check`` (part ``pages``) names its line:

- ``site.txt``: the frame every page stands in and the 404 page: the site's name and
  description, the navigation's sections, the palette's labels, the 404 page's heading and
  lead, the words the pictures draw (stock, waste, the chart's legend, axis and subheading),
  the languages' names in the switcher, and the words of Material's own that the pages show
  (``lang.t``: the search box, the header's and footer's labels, the search's messages),
  from Material's translations for the language;
- ``root.txt``, of the source language alone: the words of the root 404 page
  (``site/404.html``), which serves every language in English;
- ``messages.txt``: everything the page script (``docs_src/assets/golf-play.js``) can show,
  from the words :func:`generator.site.play.script_words` puts into the page, each message
  rendered as the script renders it, with values the engine made (:func:`examples`): a
  refusal of each reason (a move the engine refuses for it), a hint of each kind, a won game's
  score, a stuck game, each deal-code error (a code the code reader refuses for it), the
  counted messages at the engine's counts and at a count of each plural form, the buttons'
  and the board's labels, the rule sets' names and the cards' short forms.

Each line is one string, as a reader meets it, in the same order in every language, so the
texts of all languages correspond line for line and a reviewer reads a translated line beside
its English. What each line is, and for a message the situation the engine made, is its label
(:func:`labels`: ``refused nothing-on-king: GO1-C-AAAAAAC classic+nothing-on-king, after
move 14, QH from column 1 onto KD``), the same in every language; a number or card of a line
is the engine's when its label has it.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator import cache
from generator.cards import Card
from generator.i18n.catalogs import Language, is_source, languages, translations
from generator.i18n.words import (
    CHART_BEST_AXIS,
    CHART_BEST_DEALS,
    CHART_PUBLISHED,
    DARK_MODE,
    LIGHT_MODE,
    NAV_CARD_GAME,
    NAV_PATIENCE,
    NOT_FOUND_LEAD,
    NOT_FOUND_TITLE,
    PICTURE_STOCK,
    PICTURE_WASTE,
    SITE_DESCRIPTION,
    SITE_NAME,
    SIX_CARD_TITLE,
    Translations,
    Words,
)
from generator.patience import (
    FULL_DECK,
    JOKER,
    TABLEAU_SIZE,
    DealCode,
    DealCodeError,
    Game,
    GolfError,
    IllegalMoveError,
    Move,
    Reason,
    Rules,
    RuleSet,
    Variant,
    deal_for_number,
)
from generator.patience.deal import CODE_LETTERS, CODE_PREFIX
from generator.patience.solver import solve
from generator.site.build import ROOT_WORDS
from generator.site.plurals import plural_counts

OTHER_TEXTS = ("site", "messages", "root")
"""The approved texts that are no page, by name (``docs_src/approved/<lang>/<name>.txt``)."""
SOURCE_ONLY = ("root",)
"""The texts of the source language alone: the root pages (``site/404.html``), which serve
every language in English."""

THEME_WORDS = (
    "action.skip",
    "header",
    "nav",
    "toc",
    "footer",
    "footer.previous",
    "footer.next",
    "top",
    "select.language",
    "search",
    "search.placeholder",
    "search.reset",
    "search.result.initializer",
    "search.result.placeholder",
    "search.result.none",
    "search.result.one",
    "search.result.other",
    "search.result.more.one",
    "search.result.more.other",
    "search.result.term.missing",
    "clipboard.copy",
    "clipboard.copied",
    "select.version",
)
"""The words of Material's own (``lang.t(key)``) that our pages show or give its scripts."""


class OtherTextError(GolfError):
    """The engine gives no example of a message (a reason no move has, a code the reader
    reads): one line, at the line of this file that asks for it (``where``: the name it
    defines)."""

    def __init__(self, message: str, where: str = "examples") -> None:
        lines = Path(__file__).read_text(encoding="utf-8").splitlines()
        found = re.compile(rf"^(?:def {where}\(|{where} = )")
        line = next((n for n, text in enumerate(lines, 1) if found.match(text)), 1)
        super().__init__(f"generator/site/othertexts.py:{line}: {message}")


# -- the engine's examples ---------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """One line of ``messages.txt``: the script's message ``key`` (a key of the words'
    JSON), rendered as the script renders it from ``values``.

    ``entry``: the entry of a keyed message (a reason's name, a rule set, a card, a count);
    ``cards``: the values that are cards (the script puts in their short forms);
    ``rule_set``: the value that is a rule set (its name)."""

    label: str
    key: str
    entry: str | None = None
    values: Mapping[str, object] = field(default_factory=dict)
    cards: Mapping[str, Card] = field(default_factory=dict)
    rule_sets: Mapping[str, str] = field(default_factory=dict)
    said: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    """The values that are other messages of the script: (key, entry) of each."""


def _format(template: str, values: Mapping[str, object]) -> str:
    """``%(name)s`` filled in and ``%%`` made ``%``, as the script's ``format`` does."""

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        return "%" if name is None else str(values[name])

    return re.sub(r"%\((\w+)\)s|%%", fill, template)


def render(words: Mapping[str, Any], example: Example) -> str:
    """The text the script shows for ``example``, given the words' JSON ``words`` (what
    :func:`generator.site.play.script_words` makes, or what a built page carries)."""
    message = words[example.key]
    if example.entry is not None:
        message = message[example.entry]
    if not isinstance(message, str):
        raise OtherTextError(f"the script's words hold no text at {example.key!r}")
    values: dict[str, object] = dict(example.values)
    values |= {name: words["card_names"][str(card)] for name, card in example.cards.items()}
    values |= {name: words["rule_sets"][rule_set] for name, rule_set in example.rule_sets.items()}
    values |= {
        name: words[key] if entry is None else words[key][entry]
        for name, (key, entry) in example.said.items()
    }
    return _format(message, values)


RULE_SETS = [
    RuleSet.of(Rules.EASY),
    RuleSet.of(Rules.CLASSIC),
    RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING]),
    RuleSet.of(Rules.STRICT),
]
"""The rule sets the examples are looked for under, in this order."""
REFERENCE = "GO1-E-AAAAAAB"
"""The reference deal: its winning line gives the hints, the steps and the won score."""
BAD_CODES = ("GO1-E", "GO2-E-AAAAAAB", "GO1-X-AAAAAAB", "GO1-E-AAAAAA1")
"""Codes a visitor might type; the code reader's error for each gives a line (each of the
reader's errors must be among them)."""


def _deal(code: str) -> Any:
    return deal_for_number(DealCode.parse(code).number)


def _code(rule_set: RuleSet, number: int) -> str:
    letter = "E" if rule_set.rules is Rules.EASY else "C"
    return str(DealCode(letter, number))


def _where(code: str, rule_set: RuleSet, moves: int) -> str:
    at = "at the start" if moves == 0 else f"after move {moves}"
    return f"{code} {rule_set}, {at}"


DRAW_THROUGH = 100
"""Deals whose stock is drawn through, one after another, while a reason has no example yet."""


def _drawn_through() -> Iterator[tuple[str, RuleSet, list[Move]]]:
    """Deals 1, 2, ... played by drawing every stock card, on Classic with nothing on a King
    (drawing is always allowed): a King drawn onto a free Queen's column is refused."""
    rule_set = RULE_SETS[2]
    for number in range(1, DRAW_THROUGH + 1):
        deal = deal_for_number(number)
        yield _code(rule_set, number), rule_set, [Move.draw(card) for card in deal.stock]


def _refusals(lines: Iterable[tuple[str, RuleSet, list[Move]]]) -> dict[Reason, Example]:
    """A move the engine refuses for each reason, the first found along the lines given
    (a deal code, a rule set, a line of play), with the undo at the start and a move after
    the game is over."""
    found: dict[Reason, Example] = {}
    for code, rule_set, line in lines:
        if len(found) == len(Reason):
            break
        game = Game(_deal(code), rule_set)
        try:
            game.undo()
        except IllegalMoveError as error:
            found.setdefault(
                error.reason,
                Example(
                    f"refused {error.reason.value}: {_where(code, rule_set, 0)}, undo",
                    "reasons",
                    error.reason.value,
                ),
            )
        for played in [*line, None]:
            position = len(game.moves)
            tries = [Move.draw(game.stock[0]) if game.stock else Move.draw(JOKER)]
            for number in range(1, 8):
                column = game.column(number)
                tries += [Move.remove(number, card) for card in column]
                tries.append(Move.remove(number, Card(1, "S") if column else JOKER))
            if game.stock[1:]:
                tries.append(Move.draw(game.stock[1]))
            for move in tries:
                reason = game.refusal(move)
                if reason is None or reason in found:
                    continue
                onto = "the empty waste" if game.waste_card is None else str(game.waste_card)
                what = str(move) if game.stock or move.column else "draw from the empty stock"
                found[reason] = Example(
                    f"refused {reason.value}: {_where(code, rule_set, position)}, "
                    f"{what} onto {onto}",
                    "reasons",
                    reason.value,
                )
            if played is None:
                break
            game.play(played)
    missing = [reason.value for reason in Reason if reason not in found]
    if missing:
        raise OtherTextError(
            f"no move of the example deals is refused for {', '.join(missing)}: no example "
            "of its message",
            "_refusals",
        )
    return found


def _code_errors() -> dict[str, str]:
    """{the reader's error's part: a code it refuses for it}, from :data:`BAD_CODES`."""
    found: dict[str, str] = {}
    for code in BAD_CODES:
        try:
            DealCode.parse(code)
        except DealCodeError as error:
            if error.part is not None:
                found.setdefault(error.part, code)
            continue
        raise OtherTextError(
            f"the code reader reads {code!r}: no example of a code error", "BAD_CODES"
        )
    missing = [part for part in DealCodeError.PARTS if part not in found]
    if missing:
        raise OtherTextError(
            f"no code of BAD_CODES is refused for its {', '.join(missing)}: no example of "
            "its message",
            "BAD_CODES",
        )
    return found


def _counts(key: str, engine: Iterable[int]) -> list[int]:
    """The counts a counted message of the script is shown at: the engine's, and one of each
    plural form (:func:`~generator.site.plurals.plural_counts`) among the counts it is translated for."""
    from generator.site.play import COUNTS

    chosen = set(engine) | plural_counts(COUNTS[key])
    outside = sorted(chosen - set(COUNTS[key]))
    if outside:
        raise OtherTextError(
            f"the engine's count {outside[0]} is outside the counts the script's "
            f"{key!r} message is translated for (generator/site/play.py COUNTS)",
            "_counts",
        )
    return sorted(chosen)


@functools.cache
def examples() -> tuple[Example, ...]:
    """Every line of ``messages.txt``, made by the engine: the same in every language."""
    from generator.pages.recorded import load_rules_examples
    from generator.site.play import RULE_ORDER, VARIANT_SETS

    reference = _deal(REFERENCE)
    easy = RuleSet.of(Rules.EASY)
    won = solve(reference, easy)
    if not won.winnable:
        raise OtherTextError(f"{REFERENCE} cannot be won on Easy: no won game to show")
    lost: tuple[str, RuleSet, Any] | None = None
    for example in load_rules_examples().values():
        for rule_set in RULE_SETS:
            if not example.verdicts.get(rule_set.rules.value, True):
                solution = solve(example.deal, rule_set, best=True)
                if not solution.winnable:
                    lost = (
                        _code(rule_set, DealCode.parse(example.code).number),
                        rule_set,
                        solution,
                    )
                    break
        if lost:
            break
    if lost is None:
        raise OtherTextError("no example deal cannot be won: no stuck game to show")
    lost_code, lost_rules, best = lost
    lines: list[Example] = []

    def button(key: str, what: str = "button") -> None:
        lines.append(Example(f"{what} {key}", key))

    for key in ("play", "undo", "hint", "restart", "stop", "show"):
        button(key)
    for key in ("score", "moves"):
        button(key, "label")
    button("board", "picture")
    button("sheet", "picture")
    button("step_deal", "status")

    game = Game(reference, easy)
    column, free = next((n, card) for n in range(1, 8) if (card := game.free_card(n)) is not None)
    lines.append(
        Example(
            f"free card: {_where(REFERENCE, easy, 0)}, {free} in column {column}",
            "free_card",
            values={"number": column},
            cards={"card": free},
        )
    )
    for count in _counts("stock", [game.position().stock_count]):
        lines.append(Example(f"stock: {count} cards left", "stock", str(count)))

    # the hints: the next move of the reference deal's winning line, a removal and a draw
    first_removal = next(i for i, move in enumerate(won.moves) if move.column is not None)
    first_draw = next(i for i, move in enumerate(won.moves) if move.column is None)
    move = won.moves[first_removal]
    lines.append(
        Example(
            f"hint: {_where(REFERENCE, easy, first_removal)}, {move}",
            "hint_remove",
            values={"number": move.column},
            cards={"card": move.card},
        )
    )
    lines.append(
        Example(
            f"hint: {_where(REFERENCE, easy, first_draw)}, {won.moves[first_draw]}", "hint_draw"
        )
    )
    lines.append(Example(f"no line wins: {_where(lost_code, lost_rules, 1)}", "no_win"))

    # the won game, and the stuck one
    game = Game(reference, easy)
    for move in won.moves:
        game.play(move)
    assert game.is_won()
    for count in _counts("won", [game.score]):
        lines.append(
            Example(
                f"won: {_where(REFERENCE, easy, len(won.moves))}, score {count}", "won", str(count)
            )
        )
    stuck = Game(_deal(lost_code), lost_rules)
    for move in best.moves:
        stuck.play(move)
    if not stuck.is_stuck():
        raise OtherTextError(f"{lost_code}'s best line on {lost_rules} does not end stuck")
    lines.append(Example(f"stuck: {_where(lost_code, lost_rules, len(best.moves))}", "stuck"))
    removed, score = stuck.removed, stuck.score
    counts = {"cards_removed": removed, "cards_left": TABLEAU_SIZE - removed, "points": score}
    for key, engine in counts.items():
        for count in _counts(key, [engine]):
            lines.append(Example(f"stuck, {key.replace('_', ' ')}: {count}", key, str(count)))
    lines.append(
        Example(
            f"stuck, its end: {_where(lost_code, lost_rules, len(best.moves))}, {removed} "
            f"removed, {TABLEAU_SIZE - removed} left, {score} points",
            "stuck_end",
            said={
                "message": ("stuck", None),
                "removed": ("cards_removed", str(removed)),
                "left": ("cards_left", str(TABLEAU_SIZE - removed)),
                "points": ("points", str(score)),
            },
        )
    )

    refusals = _refusals(
        [
            (REFERENCE, easy, won.moves),
            (lost_code, lost_rules, best.moves),
            *[
                (REFERENCE, rule_set, solve(reference, rule_set, best=True).moves)
                for rule_set in RULE_SETS[1:]
            ],
            *_drawn_through(),
        ]
    )
    lines += [refusals[reason] for reason in Reason]

    # the solve page: its verdicts, its lines' headings and steps, the code errors
    for count in _counts("winnable", [len(won.moves)]):
        lines.append(Example(f"winnable: {count} moves", "winnable", str(count)))
    assert best.best_removals is not None
    for count in _counts("unwinnable", [best.best_removals]):
        lines.append(
            Example(
                f"unwinnable: {count} of {TABLEAU_SIZE} cards removed", "unwinnable", str(count)
            )
        )
    lines.append(
        Example(f"line won: {REFERENCE} {easy}", "line_won", rule_sets={"rules": str(easy)})
    )
    lines.append(
        Example(
            f"line best: {lost_code} {lost_rules}",
            "line_best",
            rule_sets={"rules": str(lost_rules)},
        )
    )
    draw = next(i for i, move in enumerate(won.moves) if move.column is None)
    removal = next(i for i, move in enumerate(won.moves) if move.column is not None)
    for index in sorted({removal, draw}):
        move = won.moves[index]
        key = "step_draw" if move.column is None else "step_remove"
        values: dict[str, object] = {"number": index + 1}
        if move.column is not None:
            values["column"] = move.column
        lines.append(
            Example(
                f"step: {REFERENCE} {easy}, move {index + 1}, {move}",
                key,
                values=values,
                cards={"card": move.card},
            )
        )
    for part, code in _code_errors().items():
        lines.append(
            Example(
                f"code {part}: {code}; a code reads {CODE_PREFIX}-E-{'A' * (CODE_LETTERS - 1)}B, "
                f"{CODE_LETTERS} letters",
                f"code_{part}",
                values={"code": code},
            )
        )

    # the names the script puts into its messages and the table
    for rules in RULE_ORDER:
        for variants in VARIANT_SETS:
            name = str(RuleSet.of(rules, variants))
            lines.append(Example(f"rule set {name}", "rule_sets", name))
    for card in (*FULL_DECK, JOKER):
        lines.append(Example(f"card {card}", "cards", str(card)))

    # what the page says by ear, and its searches (in the order they came in)
    for key in ("search_stop", "new_deal", "winnable_deal"):
        button(key)
    button("stopped", "status")
    button("board_line", "picture")
    lines.append(
        Example(
            f"searching: {_where(REFERENCE, easy, 0)}, {won.positions} positions searched",
            "searching",
            values={"count": won.positions},
            rule_sets={"rules": str(easy)},
        )
    )
    game = Game(reference, easy)
    for count in _counts("stock_count", [game.position().stock_count]):
        lines.append(Example(f"stock shown: {count} cards", "stock_count", str(count)))
    assert game.waste_card is not None
    lines.append(
        Example(
            f"waste: {_where(REFERENCE, easy, 0)}, {game.waste_card}",
            "waste_card",
            cards={"card": game.waste_card},
        )
    )
    empty = RuleSet.of(Rules.EASY, [Variant.EMPTY_WASTE])
    empty_waste = Game(deal_for_number(DealCode.parse(REFERENCE).number, empty_waste=True), empty)
    if empty_waste.waste_card is not None:
        raise OtherTextError(f"{REFERENCE} with an empty waste deals a waste card")
    lines.append(Example(f"waste: {_where(REFERENCE, easy, 0)}, empty-waste", "waste_empty"))
    lines.append(
        Example(
            f"no line wins, no move to undo: {_where(lost_code, lost_rules, 0)}", "no_win_start"
        )
    )
    for card in (*FULL_DECK, JOKER):
        rank = "" if card.is_joker else f", rank {card.rank}"
        lines.append(Example(f"card name {card}{rank}", "card_names", str(card)))
    return tuple(lines)


# -- the texts ---------------------------------------------------------------------------


def messages_text(words: Words, t: Translations) -> str:
    """``messages.txt`` of the language of ``t``: every example rendered from the words the
    page carries (:func:`generator.site.play.script_words`)."""
    from generator.site.play import script_words
    from generator.site.sixplay import six_words
    from generator.site.sixtexts import six_lines

    data = script_words(words, t)
    lines = [render(data, example) for example in examples()]
    lines += six_lines(six_words(words, t))
    return "".join(f"{line}\n" for line in lines)


def theme_words(theme_language: str) -> dict[str, str]:
    """Material's own words for ``theme_language`` (its ``lang.t``, English where it has none),
    kept in :mod:`generator.cache` under Material's version and the language."""
    entry = cache.key(cache.versions("mkdocs-material", "jinja2"), theme_language, *THEME_WORDS)
    kept = cache.get("theme-words", entry)
    if kept is not None:
        with contextlib.suppress(ValueError, UnicodeDecodeError):
            texts = kept.decode("utf-8").split("\x00")
            return dict(zip(THEME_WORDS, texts, strict=True))
    words = _theme_words(theme_language)
    cache.put("theme-words", entry, "\x00".join(words.values()).encode("utf-8"))
    return words


def _theme_words(theme_language: str) -> dict[str, str]:
    import importlib.util

    import jinja2

    spec = importlib.util.find_spec("material")
    if spec is None or spec.origin is None:
        raise OtherTextError("Material for MkDocs is not installed: no theme words", "theme_words")
    loader = jinja2.FileSystemLoader(Path(spec.origin).parent / "templates")
    env = jinja2.Environment(loader=loader, autoescape=False)
    source = (
        '{% import "partials/languages/" ~ code ~ ".html" as lang %}'
        '{% import "partials/languages/en.html" as fallback %}'
        "{% for key in keys %}{{ lang.t(key) or fallback.t(key) or key }}\x00{% endfor %}"
    )
    shown = env.from_string(source).render(code=theme_language, keys=THEME_WORDS)
    return dict(zip(THEME_WORDS, shown.split("\x00")[: len(THEME_WORDS)], strict=True))


def _six_size() -> int:
    """The cards of a 6-Card Golf grid, the engine's."""
    from generator.pages.sixcard import sixcard_page_facts

    return int(sixcard_page_facts()["six"].size)


def site_lines(language: Language, t: Translations) -> list[tuple[str, str]]:
    """``site.txt`` of ``language``, line by line: (label, text)."""
    lines = [
        ("site name", t.gettext(SITE_NAME)),
        ("site description", t.gettext(SITE_DESCRIPTION)),
        ("navigation section", t.gettext(NAV_PATIENCE)),
        ("navigation section", t.gettext(NAV_CARD_GAME)),
        # the one page whose title is not its heading (sixcard_rules.md.j2's front matter)
        (
            f"page title, six-card-golf: six {_six_size()}",
            t.gettext(SIX_CARD_TITLE) % {"six": _six_size()},
        ),
        ("palette", t.gettext(DARK_MODE)),
        ("palette", t.gettext(LIGHT_MODE)),
        ("404 heading", t.gettext(NOT_FOUND_TITLE)),
        ("404 lead", t.gettext(NOT_FOUND_LEAD)),
    ]
    words = Words(t)
    lines += [
        ("picture word", words.p(PICTURE_STOCK)),
        ("picture word", words.p(PICTURE_WASTE)),
        ("chart legend", t.gettext(CHART_PUBLISHED)),
        ("chart axis", t.gettext(CHART_BEST_AXIS)),
    ]
    for count in sorted(plural_counts(range(0, 1000))):
        lines.append(
            (
                f"chart subheading, count {count}",
                t.ngettext(*CHART_BEST_DEALS, count) % {"count": count},
            )
        )
    lines += [(f"language {other.code}", other.name) for other in languages() if other.shipped]
    for key, text in theme_words(language.theme_language).items():
        one = ", count 1" if key.endswith(".one") else ""  # Material's words for one result
        lines.append((f"theme {key}{one}", text))
    return [(label, " ".join(text.split())) for label, text in lines]


def site_text(language: Language, t: Translations) -> str:
    """``site.txt`` of ``language``: the site's frame and its 404 page, one string a line."""
    return "".join(f"{text}\n" for _label, text in site_lines(language, t))


def root_lines() -> list[tuple[str, str]]:
    """``root.txt`` of the source language, line by line: the root 404 page's words."""
    return [(f"root 404 {name}", text) for name, text in ROOT_WORDS.items()]


def other_texts(language: Language) -> dict[str, str]:
    """Every approved text of ``language`` that is no page: {name: text}."""
    t = translations(language, fallback_warning=False)
    texts = {"site": site_text(language, t), "messages": messages_text(Words(t), t)}
    if is_source(language):
        texts["root"] = "".join(f"{text}\n" for _label, text in root_lines())
    return texts


def labels(name: str) -> list[str]:
    """What each line of the text ``name`` (``site``, ``messages``) is, line by line, the same
    in every language; a message's label holds the values of the engine's example it shows (a
    deal code, a card in the engine's notation, a count), where a number or card of its text
    must stand (:func:`generator.check.engine_made`)."""
    if name == "messages":
        from generator.site.sixtexts import six_examples

        return [example.label for example in examples()] + [
            example.label for example in six_examples()
        ]
    if name == "root":
        return [label for label, _text in root_lines()]
    source = next(language for language in languages() if is_source(language))
    return [label for label, _text in site_lines(source, translations(source))]

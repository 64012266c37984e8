"""The words for the engine's values: card names, rule names, refusal reasons.

The engine returns values and reason codes; this module maps them to English
source strings, which the catalogs translate. The strings are only *marked*
here (``N_``, ``NP_``); :class:`Words` looks them up in one language's
translations when a page is rendered. ``pybabel extract`` finds them through
the keywords in ``babel.cfg``'s command (docs/dev/catalogs.md).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from typing import Protocol

from generator.patience import KING_RANK, Card, GolfError, Move, Position, Reason, Rules, RuleSet


def N_(message: str) -> str:
    """Mark ``message`` for extraction; translated later."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form for extraction; translated later."""
    return singular, plural


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with a ``msgctxt`` for extraction; translated later."""
    return context, message


SUIT_NAMES = {
    # TRANSLATORS: a suit's name as it stands in a card's name ("6 of clubs").
    "C": NP_("suit", "clubs"),
    # TRANSLATORS: a suit's name in a card's name ("7 of diamonds").
    "D": NP_("suit", "diamonds"),
    # TRANSLATORS: a suit's name in a card's name ("6 of hearts").
    "H": NP_("suit", "hearts"),
    # TRANSLATORS: a suit's name in a card's name ("5 of spades"); German joins it to picture cards ("Pikdame").
    "S": NP_("suit", "spades"),
}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

FACE_NAMES = {
    # TRANSLATORS: a rank's name as it stands in a card's name ("queen of spades");
    # German joins it to the suit ("Pikdame"), so it is written in lower case there.
    1: NP_("rank", "ace"),
    # TRANSLATORS: the jack's name in a card's name ("jack of spades"); lower case where it is joined to the suit.
    11: NP_("rank", "jack"),
    # TRANSLATORS: the queen's name in a card's name ("queen of hearts").
    12: NP_("rank", "queen"),
    # TRANSLATORS: the king's name in a card's name ("king of clubs").
    KING_RANK: NP_("rank", "king"),
}

SHORT_RANKS = {
    # TRANSLATORS: the one-letter short form of a rank, as in "A♣" or "K♣". The
    # app writes the King as R in Dutch and German ("R♣"): keep that.
    1: NP_("short rank", "A"),
    # TRANSLATORS: the jack's one-letter short form, as in "J♠" (Dutch and German: B).
    11: NP_("short rank", "J"),
    # TRANSLATORS: the queen's one-letter short form, as in "Q♥" (Dutch V, German D).
    12: NP_("short rank", "Q"),
    # TRANSLATORS: the king's one-letter short form, as in "K♣"; the app writes R in Dutch and German ("R♣").
    KING_RANK: NP_("short rank", "K"),
}

# TRANSLATORS: the name of a card from 2 to 10. %(rank)s is its number, %(suit)s
# the suit's name: "6 of clubs", "klaveren 6", "Kreuz-6".
NUMBER_CARD = NP_("card name", "%(rank)s of %(suit)s")
# TRANSLATORS: the name of an ace or a picture card. %(face)s is the rank's name,
# %(suit)s the suit's name: "queen of spades", "schoppen vrouw", "Pikdame".
FACE_CARD = NP_("card name", "%(face)s of %(suit)s")

RULE_NAMES = {
    # TRANSLATORS: the name of a rule set, as in the app's New game window.
    Rules.EASY: NP_("rule set", "Easy"),
    # TRANSLATORS: the name of the rule set in which King and Ace do not connect.
    Rules.CLASSIC: NP_("rule set", "Classic"),
}
RULE_DESCRIPTIONS = {
    # TRANSLATORS: what the rule set means, shown after its name: "Easy (King and Ace connected)".
    Rules.EASY: NP_("rule set", "King and Ace connected"),
    # TRANSLATORS: what the Classic rule set means: "Classic (King and Ace separate)".
    Rules.CLASSIC: NP_("rule set", "King and Ace separate"),
}

# The statistics page names every rule set of the census, variants included.
# TRANSLATORS: the name of the traditional rules (no wrap, nothing on a King,
# drawing only when no card fits), beside the app's rule sets "Easy" and "Classic".
STRICT_NAME = NP_("rule set", "Strict")
VARIANT_NAMES = {
    # TRANSLATORS: a variant added to a rule set: no card at all may go onto a King.
    "nothing-on-king": NP_("variant", "nothing on a King"),
    # TRANSLATORS: a variant added to a rule set: one Joker in the deck.
    "jokers=1": NP_("variant", "one Joker"),
    # TRANSLATORS: a variant added to a rule set: two Jokers in the deck.
    "jokers=2": NP_("variant", "two Jokers"),
    # TRANSLATORS: a variant added to a rule set: the waste starts empty.
    "empty-waste": NP_("variant", "empty waste"),
}
# TRANSLATORS: a rule set with variants: %(rules)s is its name ("Classic"),
# %(variants)s the variants, separated by commas ("nothing on a King").
RULE_SET_WITH_VARIANTS = N_("%(rules)s, %(variants)s")
SOLVER_NAMES = {
    # TRANSLATORS: the solver's implementation, as in "solved with the search in C".
    "C search": NP_("solver", "search in C"),
    # TRANSLATORS: the solver's implementation, as in "solved with the search in Python".
    "Python search": NP_("solver", "search in Python"),
}
# TRANSLATORS: the title of the statistics page's bar chart.
CHART_TITLE = N_("Winnable deals by rule set")
# TRANSLATORS: one bar of the chart, in its text alternative. %(rules)s is a
# rule set's name, %(share)s a percentage (26.3%), %(interval)s its interval
# (25.9%–26.6%) and %(level)s the interval's confidence level in percent (95).
# Write a percent sign of your own as %%.
CHART_BAR = N_("%(rules)s: %(share)s winnable (%(level)s%% interval %(interval)s)")
# TRANSLATORS: the chart's text alternative, after the bars: %(rules)s is a rule
# set's name, %(percent)s the figure the literature publishes for it (26%).
CHART_PUBLISHED_FOR = N_("published for %(rules)s: %(percent)s")
# TRANSLATORS: the legend of the chart's diamond marks.
CHART_PUBLISHED = N_("figure published in the literature")
# TRANSLATORS: the title of a small chart of the best scores of the
# deals that a rule set cannot win; %(rules)s is its name (Classic).
CHART_BEST_TITLE = N_("Best scores of the deals that cannot be won: %(rules)s")
# TRANSLATORS: the line under a best-score chart's heading; %(count)s is
# the number of deals the rule set cannot win (55,027).
CHART_BEST_DEALS = NN_("%(count)s deal that cannot be won", "%(count)s deals that cannot be won")
# TRANSLATORS: the label of a best-score chart's horizontal axis, under
# the scores (0 to 330); also the heading of the best-score tables' first column.
CHART_BEST_AXIS = N_("Best score")
# TRANSLATORS: one bar of a best-score chart, in its text alternative:
# %(share)s is the share of the deals that cannot be won (41.3%) whose
# best score is %(score)s (330).
CHART_BEST_BAR = N_("%(share)s at %(score)s points")
# TRANSLATORS: a best-score chart's text alternative, after its title.
# %(count)s is the number of deals the rule set cannot win, %(scores)s
# the bars, joined by semicolons ("41.3% at 330 points; 23.8% at 310
# points; ...").
CHART_BEST_DESC = NN_(
    "Of %(count)s deal that cannot be won: %(scores)s.",
    "Of the %(count)s deals that cannot be won: %(scores)s.",
)

REASONS = {
    # TRANSLATORS: the app's message when a free card is not one rank above or below the waste card.
    Reason.NOT_ADJACENT: N_("Must be one rank higher or lower"),
    # TRANSLATORS: the app's message when the card tapped is covered by another card.
    Reason.BLOCKED: N_("This card is blocked"),
    # TRANSLATORS: the app's message, strict rules only: no card may go onto a King.
    Reason.NOTHING_ON_KING: N_("Nothing may go onto a King"),
    # TRANSLATORS: the app's message when the card is not where the move takes it from.
    Reason.NOT_THERE: N_("This card is not there"),
    # TRANSLATORS: the app's message when the stock is used up.
    Reason.STOCK_EMPTY: N_("The stock is empty"),
    # TRANSLATORS: the app's message, strict rules only: a draw while a card fits.
    Reason.MUST_REMOVE: N_("A card can still be removed"),
    # TRANSLATORS: the app's message for a move after the game is won or stuck.
    Reason.GAME_OVER: N_("The game is over"),
    # TRANSLATORS: the app's message when there is nothing left to undo.
    Reason.NOTHING_TO_UNDO: N_("Nothing to undo"),
}

# TRANSLATORS: the site's name, in the header of every page: the help of both games called Golf.
SITE_NAME = N_("Golf")
# TRANSLATORS: the site's description, which search engines and link previews show.
SITE_DESCRIPTION = N_("The rules of Golf patience and of Golf, the card game")
# TRANSLATORS: the label of the header button that switches the site to its dark colours.
DARK_MODE = N_("Dark mode")
# TRANSLATORS: the label of the header button that switches the site back to its light colours.
LIGHT_MODE = N_("Light mode")
# TRANSLATORS: the heading of the page a visitor sees when a page of the site is missing.
NOT_FOUND_TITLE = N_("404 - Not found")
# TRANSLATORS: the sentence under the heading of the page a visitor sees when a page of the
# site is missing, before the list of the site's pages and a search button.
NOT_FOUND_LEAD = N_("This page is not on the site. Go on from here:")
# TRANSLATORS: a section of the site's navigation: the patience (solitaire) for one player.
NAV_PATIENCE = N_("Golf patience")
# TRANSLATORS: a section of the site's navigation: Golf the card game for 2 or more players.
NAV_CARD_GAME = N_("Golf, the card game")
# TRANSLATORS: the 6-Card Golf page's title in the navigation, the browser's tab and the home
# page's link. %(six)s is the number of cards in a player's grid in 6-Card Golf.
SIX_CARD_TITLE = N_("How to play %(six)s-Card Golf")
# TRANSLATORS: the app's message when the game is stuck.
STUCK_MESSAGE = N_("No more moves possible")
# TRANSLATORS: the name of the app's window in which a game is started.
NEW_GAME_WINDOW = N_("New game")

SEPARATORS = {
    # TRANSLATORS: between the items of a list: the cards of a column in a picture's text
    # alternative, a rule set's variants, a grid's column scores, the figures a source gives.
    # English writes a comma and a space.
    "list": NP_("separator", ", "),
    # TRANSLATORS: between the parts of a picture's text alternative: a board's columns, a
    # grid's rows, a chart's bars. English writes a semicolon and a space; French typography
    # puts a narrow no-break space before the semicolon.
    "parts": NP_("separator", "; "),
    # TRANSLATORS: between two sentences of a picture's text alternative (a space in English).
    "sentences": NP_("separator", " "),
    # TRANSLATORS: between the two ends of a range: of deals (1–100,000), of an interval
    # (25.0%–27.5%). English writes an en dash without spaces.
    "range": NP_("separator", "–"),
    # TRANSLATORS: between the rule sets of the statistics page, from the strictest to the
    # loosest: an arrow with a space on each side in English.
    "steps": NP_("separator", " → "),
}
"""Every joiner a page shows, from the catalogs: :meth:`Words.join`."""

# TRANSLATORS: a picture's text alternative made of parts (a board's columns, a grid's
# rows, a chart's bars): %(parts)s holds them, joined by the separator "; ". English ends it
# with a full stop.
PARTS = N_("%(parts)s.")

# TRANSLATORS: a board snapshot's first part. %(count)s is the number of cards
# left in the stock, %(card)s the waste card's name ("ace of clubs").
STOCK_AND_WASTE = NN_(
    "Stock: %(count)s card; waste: %(card)s.",
    "Stock: %(count)s cards; waste: %(card)s.",
)
# TRANSLATORS: the first column of a board snapshot, at the start of a sentence.
# %(number)s is the column (1-7), %(cards)s its cards from top to bottom,
# separated by commas, %(free)s the name of its last (free) card.
FIRST_COLUMN = N_("Column %(number)s: %(cards)s (free: %(free)s)")
# TRANSLATORS: the second to seventh column of a board snapshot, after a semicolon.
# %(number)s is the column (2-7), %(cards)s its cards from top to bottom, separated by
# commas, %(free)s the name of its last (free) card.
NEXT_COLUMN = N_("column %(number)s: %(cards)s (free: %(free)s)")
# TRANSLATORS: a column with no cards left in a board snapshot, after a semicolon;
# %(number)s is the column (2-7).
EMPTY_COLUMN = N_("column %(number)s: empty")
# TRANSLATORS: the first column of a board snapshot when it has no cards left, at the
# start of a sentence; %(number)s is the column (1).
FIRST_EMPTY_COLUMN = N_("Column %(number)s: empty")

# TRANSLATORS: the title of the won game's hidden picture of the cards the stock gives in
# that game, which the page copies from when it draws a move's board.
STEPPER_SHEET = N_("The cards drawn from the stock in this game")
# TRANSLATORS: a heading of the won game's page: a draw. %(number)s is the move number, %(card)s the card drawn (8♠).
MOVE_DRAW = N_("Move %(number)s: you draw %(card)s")
# TRANSLATORS: a heading of the won game's page: a removal. %(number)s is the move number,
# %(card)s the card (9♣), %(column)s its column, %(how)s how it relates to the waste card
# ("one rank higher than 8♠").
MOVE_REMOVE = N_("Move %(number)s: you remove %(card)s from column %(column)s (%(how)s)")

# TRANSLATORS: the title of a board picture showing a deal before the first move.
PICTURE_START = N_("The deal at the start")
# TRANSLATORS: the title of a board picture; %(number)s is a move number (34).
PICTURE_AFTER = N_("The position after move %(number)s")
# TRANSLATORS: the label beside the stock in a board picture.
PICTURE_STOCK = NP_("picture", "stock")
# TRANSLATORS: what a reader taps under a board picture to show the same position written out
# in words (the stock, the waste and every column's cards).
POSITION_FOLD = N_("The position in words")
# TRANSLATORS: the label beside the waste card in a board picture.
PICTURE_WASTE = NP_("picture", "waste")

LEGEND = {
    # TRANSLATORS: the legend under a board picture: the outlined cards, each column's last one.
    "free": NP_("legend", "free card"),
    # TRANSLATORS: the legend under a board picture: the card the move plays.
    "move": NP_("legend", "card played"),
    # TRANSLATORS: the legend under a board picture: the waste card the card played goes onto.
    "target": NP_("legend", "card it goes onto"),
    # TRANSLATORS: the legend under a board picture: a free card that the app refuses to play.
    "refused": NP_("legend", "free card that does not fit"),
    # TRANSLATORS: the legend under a board picture: a card that another card still covers.
    "blocked": NP_("legend", "covered card"),
    # TRANSLATORS: the legend of the won game's list of moves: a move shown with a solid border.
    "removal": NP_("legend", "card removed from the tableau"),
    # TRANSLATORS: the legend of the won game's list of moves: a move shown with a dashed border.
    "draw": NP_("legend", "card drawn from the stock"),
}
# TRANSLATORS: an item of a board's legend that says which card a short form stands for (the
# jack, queen and king of clubs: Dutch and German "R♣ = klaveren heer", "R♣ = Kreuzkönig").
# %(short)s is the short form, %(card)s the card's name.
SHORT_FORM = NP_("legend", "%(short)s = %(card)s")
"""The legend's words for each kind of marked card on a board."""


DIRECTIONS = {
    # TRANSLATORS: how a removed card relates to the waste card, in brackets after the move.
    "higher": N_("one rank higher"),
    # TRANSLATORS: how a removed card relates to the waste card, in brackets after the move.
    "lower": N_("one rank lower"),
    # TRANSLATORS: a removal of an Ace onto a King or back, in brackets after the move (Easy rules).
    "wrap": N_("King and Ace connected"),
}
DIRECTIONS_THAN = {
    # TRANSLATORS: as "one rank higher", naming the waste card: %(card)s is its short form (9♣).
    "higher": N_("one rank higher than %(card)s"),
    # TRANSLATORS: as "one rank lower", naming the waste card: %(card)s is its short form (9♣).
    "lower": N_("one rank lower than %(card)s"),
    # TRANSLATORS: an Ace played onto a King or back; %(card)s is the waste card's short form (K♣).
    "wrap": N_("onto %(card)s: King and Ace connect"),
}


class Translations(Protocol):
    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str | object: ...


class Words:
    """The words of one language for the engine's values."""

    def __init__(self, translations: Translations | None = None) -> None:
        self.t: Translations = translations or gettext.NullTranslations()

    def p(self, marked: tuple[str, str]) -> str:
        """A message marked with a context (``NP_``), translated."""
        return str(self.t.pgettext(*marked))

    def separator(self, kind: str) -> str:
        """The joiner of :data:`SEPARATORS` ``kind`` (``list``, ``parts``, ``sentences``,
        ``range``, ``steps``), translated."""
        return self.p(SEPARATORS[kind])

    def join(self, kind: str, items: Iterable[str]) -> str:
        """``items`` joined by the separator ``kind``."""
        return self.separator(kind).join(items)

    def parts(self, parts: Iterable[str]) -> str:
        """A text alternative of ``parts``: joined by the ``parts`` separator and ended as
        :data:`PARTS` says."""
        return self.t.gettext(PARTS) % {"parts": self.join("parts", parts)}

    def suit(self, suit: str) -> str:
        return self.p(SUIT_NAMES[suit])

    def card(self, card: Card) -> str:
        """A card's full name: "6 of clubs", "klaveren 6", "Kreuz-6"."""
        suit = self.suit(card.suit)
        if card.rank in FACE_NAMES:
            return self.p(FACE_CARD) % {"face": self.p(FACE_NAMES[card.rank]), "suit": suit}
        return self.p(NUMBER_CARD) % {"rank": card.rank, "suit": suit}

    def short_rank(self, rank: int) -> str:
        return self.p(SHORT_RANKS[rank]) if rank in SHORT_RANKS else str(rank)

    def picture_letters(self) -> list[Card]:
        """The picture cards whose short forms a legend explains (of clubs): a reader cannot
        always guess a letter from the card's name (the King's R in Dutch and German)."""
        return [Card(rank, "C") for rank in sorted(SHORT_RANKS) if rank in FACE_NAMES and rank > 1]

    def short(self, card: Card) -> str:
        """A card's short form: "A♣", "10♠", "R♣"."""
        return self.short_rank(card.rank) + SUIT_SYMBOLS[card.suit]

    def rules(self, rules: Rules) -> str:
        return self.p(RULE_NAMES[rules])

    def rules_description(self, rules: Rules) -> str:
        return self.p(RULE_DESCRIPTIONS[rules])

    def solver(self, name: str) -> str:
        """The solver a census file names (``C search``) in words."""
        if name not in SOLVER_NAMES:
            raise GolfError(f"no words for the solver {name!r} (generator/i18n/words.py)")
        return self.p(SOLVER_NAMES[name])

    def rule_set(self, rule_set: RuleSet) -> str:
        """A rule set's name with its variants: "Classic, nothing on a King"."""
        rules = rule_set.rules
        name = self.p(STRICT_NAME) if rules is Rules.STRICT else self.rules(rules)
        names = rule_set.variant_names
        unknown = [variant for variant in names if variant not in VARIANT_NAMES]
        if unknown:
            raise GolfError(f"no words for the variant {unknown[0]!r} (generator/i18n/words.py)")
        if not names:
            return name
        variants = self.join("list", (self.p(VARIANT_NAMES[variant]) for variant in names))
        return self.t.gettext(RULE_SET_WITH_VARIANTS) % {"rules": name, "variants": variants}

    def direction(self, direction: str, onto: Card | None = None) -> str:
        """How a removal relates to the waste card: "one rank higher (than 9♣)"."""
        if onto is None:
            return self.t.gettext(DIRECTIONS[direction])
        return self.t.gettext(DIRECTIONS_THAN[direction]) % {"card": self.short(onto)}

    def reason(self, reason: Reason) -> str:
        return self.t.gettext(REASONS[reason])

    def message(self, message: str) -> str:
        return self.t.gettext(message)

    def move_title(self, number: int, move: Move, onto: Card, direction: str) -> str:
        """A move in words: "Move 2: you remove 9♣ from column 5 (one rank higher than 8♠)"."""
        if move.column is None:
            return self.t.gettext(MOVE_DRAW) % {"number": number, "card": self.short(move.card)}
        values = {
            "number": number,
            "card": self.short(move.card),
            "column": move.column,
            "how": self.direction(direction, onto),
        }
        return self.t.gettext(MOVE_REMOVE) % values

    def picture_title(self, after_move: int) -> str:
        if after_move == 0:
            return self.t.gettext(PICTURE_START)
        return self.t.gettext(PICTURE_AFTER) % {"number": after_move}

    def piles(self, position: Position) -> str:
        """The stock and the waste card in words: a snapshot's first sentence (of a deal with a waste card)."""
        assert position.waste is not None, "no words yet for an empty waste"
        return self.t.ngettext(*STOCK_AND_WASTE, position.stock_count) % {
            "count": position.stock_count,
            "card": self.card(position.waste),
        }

    def snapshot(self, position: Position) -> str:
        """A board snapshot in words, as the pages print it."""
        head = self.piles(position)
        parts: list[str] = []
        for number, column in enumerate(position.columns, start=1):
            if not column:
                empty = FIRST_EMPTY_COLUMN if not parts else EMPTY_COLUMN
                parts.append(self.t.gettext(empty) % {"number": number})
                continue
            template = FIRST_COLUMN if not parts else NEXT_COLUMN
            cards = self.join("list", (self.card(card) for card in column))
            free = self.card(column[-1])
            parts.append(
                self.t.gettext(template) % {"number": number, "cards": cards, "free": free}
            )
        return self.join("sentences", [head, self.parts(parts)])


# -- 6-Card Golf pictures -------------------------------------------------------

# TRANSLATORS: the title of a picture of a player's grid at the start of a hole
# (6-Card Golf); %(count)s is the number of cards turned face up (2).
GRID_START = NN_(
    "A grid at the start of a hole: %(count)s card face up",
    "A grid at the start of a hole: %(count)s cards face up",
)
# TRANSLATORS: the title of a picture of a player's grid at the end of a hole; %(count)s is its score.
GRID_SCORED = NN_(
    "A grid at the end of a hole: %(count)s point", "A grid at the end of a hole: %(count)s points"
)
# TRANSLATORS: the title of a picture: two Jacks in one column of a grid; %(count)s is the grid's score (0).
GRID_JACKS_TOGETHER = NN_(
    "Two Jacks in one column: %(count)s point", "Two Jacks in one column: %(count)s points"
)
# TRANSLATORS: the title of a picture: two Jacks in different columns; %(count)s is the grid's score (20).
GRID_JACKS_APART = NN_(
    "Two Jacks in different columns: %(count)s point",
    "Two Jacks in different columns: %(count)s points",
)
# TRANSLATORS: a picture's description, one row of a grid. %(number)s is the row (1, 2),
# %(cards)s its cards from left to right, separated by commas; the first row starts the sentence.
GRID_FIRST_ROW = N_("Row %(number)s: %(cards)s")
# TRANSLATORS: a picture's description, a further row of a grid, after a semicolon.
# %(number)s is the row (2), %(cards)s its cards from left to right, separated by commas.
GRID_NEXT_ROW = N_("row %(number)s: %(cards)s")
# TRANSLATORS: a card lying face down in a grid, in a picture's description.
FACE_DOWN = N_("face down")
# TRANSLATORS: the end of a picture's description: %(scores)s are the column scores from
# left to right, separated by commas.
COLUMN_SCORES = N_("Column scores: %(scores)s.")
# TRANSLATORS: the Joker's name, as a card in a grid.
JOKER_NAME = N_("Joker")


# --- the words of the page's script (docs_src/assets/golf-play.js) ------------------------
# The script plays the examples and solves a deal in the page; it has no words of its own:
# generator/site/play.py hands it these, translated, in the page.
PLAY_WORDS: dict[str, str | tuple[str, str]] = {
    # TRANSLATORS: a button under an example's board: play the deal in the page.
    "play": N_("Play this deal"),
    # TRANSLATORS: a button: take the last move back.
    "undo": N_("Undo"),
    # TRANSLATORS: a button: show the next move of a winning line from here.
    "hint": N_("Hint"),
    # TRANSLATORS: a button: deal the same cards again and play from the start.
    "restart": N_("Start again"),
    # TRANSLATORS: a button: stop playing and show the example as it was.
    "stop": N_("Stop playing"),
    # TRANSLATORS: the label of the score while a deal is played in the page.
    "score": N_("Score"),
    # TRANSLATORS: the label of the app's move counter while a deal is played in the page.
    "moves": N_("Moves"),
    # TRANSLATORS: the name of the board while a deal is played; its free cards and the stock
    # are buttons.
    "board": N_("The deal being played: choose a free card or the stock"),
    # TRANSLATORS: the title of the hidden picture of every card, which the page copies from.
    "sheet": N_("Every card of the deck"),
    # TRANSLATORS: a free card as a button of the board. %(card)s is the card's name in words
    # (six of hearts), %(number)s its column.
    "free_card": N_("%(card)s, column %(number)s"),
    # TRANSLATORS: the stock as a button of the board. %(count)s is how many cards it holds,
    # the number the stock shows (keep it out of parentheses: a button's name must hold what
    # it shows, and a name's parentheses do not count, for voice control).
    "stock": NN_(
        "Draw a card from the stock: %(count)s card left",
        "Draw a card from the stock: %(count)s cards left",
    ),
    # TRANSLATORS: the hint. %(card)s is a card's name in words (eight of spades), %(number)s
    # its column.
    "hint_remove": N_("Hint: play %(card)s from column %(number)s."),
    # TRANSLATORS: the hint: the next move of the winning line is a draw.
    "hint_draw": N_("Hint: draw a card from the stock."),
    # TRANSLATORS: the hint when no line wins from the position reached.
    "no_win": N_("No line of play wins from here: undo some moves."),
    # TRANSLATORS: said when the game is won. %(count)s is the score.
    "won": NN_("You won, with %(count)s point!", "You won, with %(count)s points!"),
    # TRANSLATORS: said when the game is stuck, counted as the rules page's
    # scoring list counts it. %(message)s is the app's message (No more
    # moves possible), %(removed)s the cards removed (14 cards removed),
    # %(left)s the cards left (21 cards left), %(points)s the score (0
    # points): each in words already, its number agreeing with its noun.
    "stuck_end": N_("%(message)s. %(removed)s, %(left)s: %(points)s."),
    # TRANSLATORS: part of the message of a stuck game. %(count)s is how many tableau cards
    # were removed.
    "cards_removed": NN_("%(count)s card removed", "%(count)s cards removed"),
    # TRANSLATORS: part of the message of a stuck game. %(count)s is how many tableau cards
    # are left.
    "cards_left": NN_("%(count)s card left", "%(count)s cards left"),
    # TRANSLATORS: part of the message of a stuck game. %(count)s is its score.
    "points": NN_("%(count)s point", "%(count)s points"),
    # TRANSLATORS: a move of a solved deal's line: a removal. %(number)s is the move number,
    # %(card)s the card's name in words (nine of clubs), %(column)s its column.
    "step_remove": N_("Move %(number)s: you remove %(card)s from column %(column)s"),
    # TRANSLATORS: a solved line's start, before its first move.
    "step_deal": N_("The deal"),
    # TRANSLATORS: a cell of the solve page's table: the deal can be won. %(count)s is the length of the winning line.
    "winnable": NN_("yes, in %(count)s move", "yes, in %(count)s moves"),
    # TRANSLATORS: a cell of the solve page's table: the deal cannot be won. %(count)s is the
    # most tableau cards any line removes, %(tableau)s all of them (35).
    "unwinnable": NN_(
        "no: at best %(count)s of the %(tableau)s cards removed",
        "no: at best %(count)s of the %(tableau)s cards removed",
    ),
    # TRANSLATORS: a button in a row of the solve page's table: show that line on the board.
    "show": N_("Show the line"),
    # TRANSLATORS: the heading above a solved line on the board. %(rules)s is a rule set's name.
    "line_won": N_("The winning line on %(rules)s"),
    # TRANSLATORS: the heading above a solved line on the board. %(rules)s is a rule set's name.
    "line_best": N_("The best line on %(rules)s: it ends stuck"),
    # TRANSLATORS: said while the solver is searching, and updated as it goes. %(rules)s is a
    # rule set's name, %(count)s how many positions the search has looked at so far.
    "searching": N_("Solving on %(rules)s: %(count)s positions searched"),
    # TRANSLATORS: a button beside the solver's progress: end the search now.
    "search_stop": N_("Stop solving"),
    # TRANSLATORS: said when the visitor has stopped the solver.
    "stopped": N_("Solving stopped."),
    # TRANSLATORS: a button of the solve page: deal any deal at random and solve it.
    "new_deal": N_("New deal"),
    # TRANSLATORS: a button of the solve page: a random deal that the solver proves can be
    # won under the rules shown.
    "winnable_deal": N_("A deal that can be won"),
    # TRANSLATORS: the waste of a board, for a screen reader. %(card)s is its top card's
    # name in words (ten of diamonds).
    "waste_card": N_("Waste: %(card)s"),
    # TRANSLATORS: the waste of a board without a card, for a screen reader.
    "waste_empty": N_("Waste: empty"),
    # TRANSLATORS: the stock of a board that shows a line (it is not played), for a screen
    # reader. %(count)s is how many cards it holds.
    "stock_count": NN_("Stock: %(count)s card", "Stock: %(count)s cards"),
    # TRANSLATORS: the name of the solve page's board, which shows a solved line move by move.
    "board_line": N_("The deal at the move shown"),
    # TRANSLATORS: the hint at the start of a deal that no line of play wins.
    "no_win_start": N_("No line of play wins this deal."),
    # TRANSLATORS: the solve page's message for a deal code that does not read. %(code)s is
    # what was typed (the quotes are the message's).
    "code_parts": N_("“%(code)s” is not a deal code: a code has three parts, like GO1-E-AAAAAAB."),
    # TRANSLATORS: the solve page's message for a code whose first part is not GO1. %(code)s
    # is what was typed (the quotes are the message's).
    "code_prefix": N_("“%(code)s” is not a deal code: it starts with GO1."),
    # TRANSLATORS: the solve page's message for a code whose middle letter is not E or C.
    # %(code)s is what was typed (the quotes are the message's).
    "code_letter": N_("“%(code)s” is not a deal code: its middle part is E (Easy) or C (Classic)."),
    # TRANSLATORS: the solve page's message for a code whose last part is not 7 capital
    # letters. %(code)s is what was typed (the quotes are the message's).
    "code_digits": N_("“%(code)s” is not a deal code: its last part is 7 capital letters A to Z."),
}
"""The script's words by key: each a message, its placeholders %(name)s filled in by the
script (as text, never markup)."""


def _app_messages() -> dict[str, tuple[str, str | None]]:
    messages: dict[str, tuple[str, str | None]] = {
        reason.value: (message, None) for reason, message in REASONS.items()
    }
    messages["stuck"] = (STUCK_MESSAGE, None)
    won = PLAY_WORDS["won"]
    assert isinstance(won, tuple)
    messages["won"] = won
    for key in ("code_parts", "code_prefix", "code_letter", "code_digits"):
        message = PLAY_WORDS[key]
        assert isinstance(message, str)
        messages[key.replace("_", "-")] = (message, None)
    return messages


APP_MESSAGES = _app_messages()
"""Each message the app shows a player, by a name that stays (its catalog message and plural):
the engine's refusals (by :class:`~generator.patience.Reason`), the stuck game's message, the
won game's, and the deal-code errors. ``docs_src/topics.yaml`` gives each the topic that
explains it (the topic map; the play box's message links to it)."""


# --- the words of the 6-Card Golf player (docs_src/assets/golf-sixcard.js) -------------------
# The script plays 6-Card Golf against the computer on its own page; its words come from
# generator/site/sixplay.py, translated, in the page. "The computer" is the strong player whose
# strength the tournament measured.

SIX_PLAY_WORDS: dict[str, str | tuple[str, str]] = {
    # TRANSLATORS: the button that deals a new game with the options chosen.
    "deal": N_("Deal"),
    # TRANSLATORS: a choice of the 6-Card Golf player: how many computer players play.
    "opponents": N_("Computer players"),
    # TRANSLATORS: a choice of the 6-Card Golf player: a hole or a match.
    "length": N_("Game"),
    # TRANSLATORS: the choice of a single hole (one deal) of 6-Card Golf.
    "one_hole": N_("One hole"),
    # TRANSLATORS: the choice of a match. %(count)s is the number of holes (9).
    "match": NN_("A match of %(count)s hole", "A match of %(count)s holes"),
    # TRANSLATORS: a choice of the 6-Card Golf player: the grid's size.
    "grid": N_("Grid"),
    # TRANSLATORS: one of the grids to choose. %(size)s is the number of cards in a grid (6, 4, 9).
    "grid_size": N_("%(size)s cards"),
    # TRANSLATORS: a choice of the 6-Card Golf player: play with the Jokers in the deck.
    "jokers": N_("Play with Jokers"),
    # TRANSLATORS: a choice of the 6-Card Golf player: what two Jokers in one column score.
    "joker_pair": N_("Two Jokers in a column"),
    # TRANSLATORS: one answer to "Two Jokers in a column". %(count)s is a score (0, -4).
    "joker_pair_score": NN_("score %(count)s point", "score %(count)s points"),
    # TRANSLATORS: a choice of the 6-Card Golf player: the variant in which a player may knock.
    "knock_variant": N_("Knock variant"),
    # TRANSLATORS: the player's own name at the table.
    "you": N_("You"),
    # TRANSLATORS: a computer player's name at the table. %(number)s is its number (1, 2, 3).
    "computer": N_("Computer %(number)s"),
    # TRANSLATORS: the line above the table: which hole is played. %(number)s is the hole,
    # %(count)s how many the game has.
    "hole_of": N_("Hole %(number)s of %(count)s"),
    # TRANSLATORS: the deal's number, which deals the same cards again. %(seed)s is the number.
    "deal_number": N_("Deal %(seed)s"),
    # TRANSLATORS: a link: the same deal from the start, to play again or to send to a friend.
    "share": N_("Link to this deal"),
    # TRANSLATORS: a button: draw the top card of the stock. %(count)s is how many cards the
    # stock holds.
    "draw_stock": NN_(
        "Draw from the stock: %(count)s card", "Draw from the stock: %(count)s cards"
    ),
    # TRANSLATORS: a button: take the top card of the discard pile. %(card)s is its name in
    # words (seven of hearts).
    "take_discard": N_("Take %(card)s from the discard pile"),
    # TRANSLATORS: a button: discard the card drawn from the stock and turn up a face-down card.
    "discard_turn": N_("Discard it and turn up a card"),
    # TRANSLATORS: a button of the knock variant: end the hole now; everyone else has one more
    # turn.
    "knock": N_("Knock"),
    # TRANSLATORS: a button: ask the computer for the best move.
    "hint": N_("Hint"),
    # TRANSLATORS: a button after a hole of a match: deal the next hole.
    "next_hole": N_("Next hole"),
    # TRANSLATORS: a button: a new game with other choices.
    "new_game": N_("New game"),
    # TRANSLATORS: the stock, for a screen reader. %(count)s is how many cards it holds.
    "stock": NN_("Stock: %(count)s card", "Stock: %(count)s cards"),
    # TRANSLATORS: the caption under the stock's picture.
    "stock_caption": N_("Stock"),
    # TRANSLATORS: the caption under the discard pile's top card.
    "discard_caption": N_("Discard pile"),
    # TRANSLATORS: the caption under the card the player holds, drawn and not yet placed.
    "hand_caption": N_("Your card"),
    # TRANSLATORS: the top card of the discard pile. %(card)s is its name in words.
    "discard_top": N_("Discard pile: %(card)s"),
    # TRANSLATORS: the discard pile without a card.
    "discard_empty": N_("Discard pile: empty"),
    # TRANSLATORS: a card of the player's grid, as a button. %(card)s is its name in words,
    # %(row)s and %(column)s where it lies.
    "slot_up": N_("%(card)s, row %(row)s, column %(column)s"),
    # TRANSLATORS: a face-down card of a grid, as a button. %(row)s and %(column)s are where it
    # lies.
    "slot_down": N_("Face-down card, row %(row)s, column %(column)s"),
    # TRANSLATORS: a grid's title: whose it is. %(player)s is "You" or "Computer 1".
    "grid_of": N_("Grid: %(player)s"),
    # TRANSLATORS: said at the player's turn. %(card)s is the top card of the discard pile.
    "your_turn": N_("Your turn: draw from the stock or take %(card)s from the discard pile."),
    # TRANSLATORS: said when the player holds a card from the stock. %(card)s is its name.
    "holding_stock": N_(
        "You drew %(card)s: choose the card of your grid it replaces, or discard it and turn "
        "up a card."
    ),
    # TRANSLATORS: said when the player holds the card taken from the discard pile (the
    # anti-stall rule: it must go into the grid). %(card)s is its name.
    "holding_discard": N_("You took %(card)s: choose the card of your grid it replaces."),
    # TRANSLATORS: said after "Discard it and turn up a card".
    "choose_turn": N_("Choose the face-down card to turn up."),
    # TRANSLATORS: said while a computer player thinks. %(player)s is its name.
    "thinking": N_("%(player)s is playing."),
    # TRANSLATORS: a move, said after it. %(player)s is who moved (You, Computer 1), %(card)s
    # the card drawn from the stock, %(old)s the card it replaced, %(row)s and %(column)s where.
    "replace_stock": N_(
        "%(player)s: %(card)s from the stock in place of %(old)s, row %(row)s, column %(column)s."
    ),
    # TRANSLATORS: a move, said after it. %(player)s is who moved, %(card)s the card taken from
    # the discard pile, %(old)s the card it replaced, %(row)s and %(column)s where.
    "replace_discard": N_(
        "%(player)s: %(card)s from the discard pile in place of %(old)s, row %(row)s, "
        "column %(column)s."
    ),
    # TRANSLATORS: a move, said after it. %(player)s is who moved, %(card)s the card drawn from
    # the stock and discarded, %(old)s the card turned up, %(row)s and %(column)s where.
    "turn_up": N_(
        "%(player)s: %(card)s discarded, %(old)s turned up, row %(row)s, column %(column)s."
    ),
    # TRANSLATORS: said when a computer player knocks. %(player)s is which (Computer 1).
    "knocked": N_("%(player)s knocks: everyone else has one more turn."),
    # TRANSLATORS: said when the player knocks.
    "you_knocked": N_("You knock: everyone else has one more turn."),
    # TRANSLATORS: said when a computer player's grid is all face up. %(player)s is which
    # (Computer 1).
    "went_out": N_("%(player)s has every card face up: everyone else has one more turn."),
    # TRANSLATORS: said when the player's grid is all face up.
    "you_went_out": N_("You have every card face up: everyone else has one more turn."),
    # TRANSLATORS: the hint: the move the computer would make. %(move)s is the move in words.
    "hint_move": N_("Hint: %(move)s."),
    # TRANSLATORS: the hint, with the tip the move follows. %(move)s is the move in words,
    # %(tip)s the tip (a link to the tips of the 6-Card Golf page).
    "hint_tip": N_("Hint: %(move)s. The tip: %(tip)s."),
    # TRANSLATORS: a move of a hint.
    "move_stock": N_("draw from the stock"),
    # TRANSLATORS: a move of a hint. %(card)s is the top card of the discard pile.
    "move_discard": N_("take %(card)s from the discard pile"),
    # TRANSLATORS: a move of a hint. %(card)s is the card in hand, %(row)s and %(column)s the
    # place it goes.
    "move_replace": N_("put %(card)s in row %(row)s, column %(column)s"),
    # TRANSLATORS: a move of a hint. %(row)s and %(column)s are the face-down card to turn up.
    "move_turn": N_("discard it and turn up row %(row)s, column %(column)s"),
    # TRANSLATORS: a move of a hint (the knock variant).
    "move_knock": N_("knock"),
    # TRANSLATORS: the end of a hole. %(player)s is the computer player who ended it.
    "hole_over": N_("The hole is over: %(player)s ended it."),
    # TRANSLATORS: the end of a hole the player ended.
    "you_ended": N_("The hole is over: you ended it."),
    # TRANSLATORS: the end of a hole when every player has had the most turns there are.
    # %(count)s is that number (40).
    "turn_limit": NN_(
        "The hole is over: every player has had %(count)s turn.",
        "The hole is over: every player has had %(count)s turns.",
    ),
    # TRANSLATORS: the knock variant's penalty. %(player)s ended the hole without the lowest
    # score; %(count)s is the penalty (10).
    "penalty": NN_(
        "%(player)s ended the hole without the lowest score: %(count)s point more.",
        "%(player)s ended the hole without the lowest score: %(count)s points more.",
    ),
    # TRANSLATORS: the knock variant's penalty, when the player ended the hole without the
    # lowest score; %(count)s is the penalty (10).
    "you_penalty": NN_(
        "You ended the hole without the lowest score: %(count)s point more.",
        "You ended the hole without the lowest score: %(count)s points more.",
    ),
    # TRANSLATORS: a column's heading of the score table: the hole just played.
    "hole_score": N_("This hole"),
    # TRANSLATORS: a column's heading of the score table: the scores added up.
    "total": N_("Total"),
    # TRANSLATORS: a column's heading of the score table: who.
    "player": N_("Player"),
    # TRANSLATORS: the end of a game that the player wins. %(count)s is the player's score.
    "you_win": NN_("You win, with %(count)s point!", "You win, with %(count)s points!"),
    # TRANSLATORS: the end of a game that a computer player wins. %(player)s is its name,
    # %(count)s its score.
    "they_win": NN_(
        "%(player)s wins, with %(count)s point.", "%(player)s wins, with %(count)s points."
    ),
    # TRANSLATORS: the end of a game in which several players share the lowest score.
    # %(count)s is that score.
    "tie": NN_(
        "A tie for the lowest score, %(count)s point.",
        "A tie for the lowest score, %(count)s points.",
    ),
}
"""The 6-Card Golf player's words by key (:mod:`generator.site.sixplay`)."""

SIX_TIP_NAMES: dict[str, str] = {
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint. Its words as the page's tip
    # starts (Give column pairs priority.).
    "pairs": N_("give column pairs priority"),
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint, as the page's tip starts.
    "kings": N_("keep Kings"),
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint, as the page's tip starts.
    "jokers": N_("Jokers are gold"),
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint, as the page's tip starts.
    "high_first": N_("replace high cards first"),
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint, as the page's tip starts.
    "watch": N_("watch your opponents' visible grids"),
    # TRANSLATORS: a tip of the 6-Card Golf page, named in a hint, as the page's tip starts.
    "end_when_ahead": N_(
        "go out only when you are confident that your score is hard to beat in one last turn"
    ),
}
"""Each tip a hint can name, by the strong player's habit (in the page's order)."""

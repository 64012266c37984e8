"""The rules the patience pages state in words, played in the patience engine.

See :mod:`generator.pages.claims` for how a claim is tied to its sentence. These
claims do not read the rule sets' flags: they set up the situation with
:func:`situation` (or replay a recorded game), play it in :class:`Game`, and
compare what the engine does with the sentence, read a second time here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from generator.pages.claims import ClaimError, Claims, Says, Words, counted
from generator.pages.patience import rules_page_facts
from generator.pages.recorded import load_reference_game, load_rules_examples
from generator.patience import (
    COLUMN_HEIGHT,
    COLUMNS,
    FULL_DECK,
    STOCK_SIZE,
    TABLEAU_SIZE,
    Card,
    Deal,
    DealCode,
    Game,
    IllegalMoveError,
    Move,
    Reason,
    Rules,
    Scoring,
    deal_for_number,
)
from generator.patience.cards import RANKS as RANK_LETTERS
from generator.patience.deal import LEGACY_RULES_LETTERS, RULES_LETTERS
from generator.patience.solver import solve

ACE, QUEEN, KING = 1, 12, 13
RANKS = range(ACE, KING + 1)
APP_RULES = (Rules.EASY, Rules.CLASSIC)


CLAIMS = Claims(rules_page_facts)
claim = CLAIMS.claim


# -- setting up situations ---------------------------------------------------


def card(rank: int, suit: str = "C") -> Card:
    return Card(rank, suit)


def situation(
    waste: Card,
    free: Sequence[Card | None] = (),
    stock: Sequence[Card] = (),
    rules: Rules = Rules.EASY,
) -> Game:
    """A new game whose waste card is ``waste``, whose columns end with ``free``
    (column 1 first; ``None`` leaves a column to the filler) and whose stock starts
    with ``stock``. The other cards fill the rest in deck order."""
    placed = [waste, *(c for c in free if c is not None), *stock]
    chosen_cards = set(placed)
    if len(chosen_cards) != len(placed):
        raise ValueError(f"a card is placed twice: {[str(c) for c in placed]}")
    filler = iter([c for c in FULL_DECK if c not in chosen_cards])
    columns = []
    for number in range(COLUMNS):
        chosen = free[number] if number < len(free) else None
        top = [next(filler) for _ in range(COLUMN_HEIGHT - (chosen is not None))]
        columns.append(tuple([*top, chosen] if chosen is not None else top))
    rest = [*stock, *filler]
    return Game(Deal(tuple(columns), waste, tuple(rest[:STOCK_SIZE])), rules)


def fits(rules: Rules, waste_rank: int, rank: int) -> bool:
    """What the pages say goes onto what: one rank higher or lower, whatever the suit;
    King and Ace connect on Easy only; a Queen goes on a King except under the
    strict rules, where nothing goes on a King."""
    if rules is Rules.STRICT and waste_rank == KING:
        return False
    if abs(waste_rank - rank) == 1:
        return True
    return rules is Rules.EASY and {waste_rank, rank} == {ACE, KING}


def accepted(rules: Rules, waste_rank: int, rank: int, suit: str = "H") -> Reason | None:
    """The engine's answer to playing a free card of ``rank`` onto ``waste_rank``."""
    waste = card(waste_rank, "C" if suit != "C" else "D")
    game = situation(waste, [card(rank, suit)], rules=rules)
    return game.refusal(Move.remove(1, card(rank, suit)))


def stuck_game(rules: Rules = Rules.EASY) -> Game:
    """A game that gets stuck when its stock runs out, having removed no card: every
    free card and the last stock card are far from each other in rank."""
    free = [card(r, s) for r, s in zip([2, 3, 4, 10, 11, 12, 6], "CDHSCDH", strict=True)]
    stock_end = card(8, "S")
    game = situation(card(8, "C"), free, rules=rules)
    rest = [c for c in game.deal.stock if c != stock_end]
    deal = Deal(game.deal.columns, game.deal.waste, (*rest[: STOCK_SIZE - 1], stock_end))
    return Game(deal, rules)


def draw_all(game: Game) -> None:
    while game.stock:
        game.play(Move.draw(game.stock[0]))


def played_games(count: int = 40, seed: int = 7) -> Iterator[Game]:
    """Games of numbered deals played by a seeded random player until they end.

    The player draws only when nothing fits (so the games get far), and picks
    among the removals at random: a spread of won and stuck games."""
    chooser = random.Random(seed)
    for number in range(2, 2 + count):
        game = Game(deal_for_number(number), Rules.EASY)
        while not game.is_over():
            if len(game.moves) > TABLEAU_SIZE + STOCK_SIZE:
                raise ClaimError("end", f"a game of deal {number} goes on past every card")
            moves = game.legal_moves()
            removals = [m for m in moves if m.action == "remove"]
            game.play(chooser.choice(removals) if removals else moves[-1])
        yield game


def page_score(facts: dict[str, Any], removed: int, stuck: bool) -> int:
    """The score as the page's table and formula give it (draws score what the table says)."""
    scoring: Scoring = facts["scoring"]
    raw = removed * scoring.per_removal
    if stuck:
        raw += (TABLEAU_SIZE - removed) * scoring.per_card_left_when_stuck
    return max(scoring.floor, raw)


def _name(rank: int) -> str:
    return RANK_LETTERS[rank - 1]


# -- the values the sentences state in words, measured in the engine ----------------

PASSES = Words(
    "number of passes through the stock",
    {1: "only once: there is no redeal", 2: "twice", 3: "three times"},
)
CAN = Words("permission", {True: "can", False: "cannot"})
MAY = Words("permission", {True: "may", False: "may not"})
STRICT_DRAW = Words(
    "strict rules' drawing", {False: "only when no move is possible", True: "at any time"}
)
SUIT = Words("suit's part in a move", {False: "whatever its suit", True: "of the same suit"})
SUIT_MATTERS = Words("suit's part in a move", {False: "does not matter", True: "matters"})
CONNECT = Words("King and Ace", {True: "connect", False: "do not connect"})
DOES = Words("King and Ace", {True: "does", False: "does not"})
CARD_NAMES = {
    frozenset({ACE}): "Ace",
    frozenset({11}): "Jack",
    frozenset({QUEEN}): "Queen",
    frozenset({KING}): "King",
    frozenset(): "no card at all",
}
ON_KING = Words("cards a King takes", CARD_NAMES)
DRAW_POINTS = Words(
    "points of a draw", {0: "no points", 1: "one point", 5: "five points", 10: "ten points"}
)
COUNTER = Words("move counter on undo", {False: "does not go down", True: "goes down"})


def passes(facts: dict[str, Any]) -> int:
    """How often a player goes through the stock: a game in which nothing fits, drawn from
    as long as the engine lets it (a redeal would turn the waste pile over again)."""
    game = situation(card(8, "C"), rules=Rules.EASY)
    draws = 0
    while draws <= 4 * STOCK_SIZE:
        draw = next((m for m in game.legal_moves() if m.action == "draw"), None)
        if draw is None:
            break
        game.play(draw)
        draws += 1
    return -(-draws // STOCK_SIZE)


def draws_while_a_card_fits(rules: Rules) -> bool:
    """Whether ``rules`` let a player draw while a free card fits the waste card."""
    game = situation(card(8, "C"), [card(9, "H")], rules=rules)
    return game.refusal(Move.draw(game.stock[0])) is None


def app_draws_any_time(facts: dict[str, Any]) -> Any:
    """Whether the app's rule sets let a player draw while a card fits."""
    return _one({draws_while_a_card_fits(rules) for rules in APP_RULES})


def strict_draws_any_time(facts: dict[str, Any]) -> bool:
    return draws_while_a_card_fits(Rules.STRICT)


def _one(values: set[Any]) -> Any:
    """The one value every situation gave, or all of them (a claim's table has no words for
    a set, so the sentence is reported with what the engine gave)."""
    return next(iter(values)) if len(values) == 1 else frozenset(values)


def rank_step(facts: dict[str, Any]) -> Any:
    """How many ranks apart a free card and the waste card are when the engine lets the
    card go onto it (King and Ace left out: their wrap is the King and Ace sentences')."""
    return _one(
        {
            abs(waste - rank)
            for rules in Rules
            for waste in range(2, QUEEN)
            for rank in range(2, QUEEN)
            if accepted(rules, waste, rank) is None
        }
    )


def suit_matters(facts: dict[str, Any]) -> bool:
    """Whether a free card's suit changes the engine's answer, on any rule set."""
    return any(
        len({accepted(rules, waste, rank, suit) for suit in "DHS"}) > 1
        for rules in Rules
        for waste in RANKS
        for rank in RANKS
    )


def on_king(rules: Rules) -> frozenset[int]:
    """The ranks ``rules`` let go onto a King, the Ace of the wrap left out."""
    return frozenset(r for r in RANKS if r != ACE and accepted(rules, KING, r) is None)


def app_rule_sets(facts: dict[str, Any]) -> int:
    """The rule sets a deal code can name (the New game window's), each letter read."""
    return len({Rules(name) for name in RULES_LETTERS.values()})


def wraps(rules: Rules) -> bool:
    """Whether King and Ace connect under ``rules``: each goes onto the other."""
    return accepted(rules, KING, ACE) is None and accepted(rules, ACE, KING) is None


def draw_points(facts: dict[str, Any]) -> Any:
    """The points a draw scores, in games where it is drawn at different scores."""
    changes = set()
    for rules in APP_RULES:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        game.play(Move.remove(1, card(9, "H")))
        for _ in range(3):
            before = game.score
            game.play(Move.draw(game.stock[0]))
            changes.add(game.score - before)
    return _one(changes)


def lowest_score(facts: dict[str, Any]) -> int:
    """The lowest score of a game: a game stuck with no card removed, and every game played."""
    stuck = stuck_game()
    draw_all(stuck)
    return min([stuck.score, *(game.score for game in played_games(count=10))])


def counter_goes_down(facts: dict[str, Any]) -> bool:
    """Whether undo takes the move counter back: the reference game's moves, each undone."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves[:10]:
        game.play(move)
    before = game.move_count
    game.undo()
    return game.move_count < before


AT_A_GLANCE = (
    "%(columns)s columns of %(height)s face-up cards, a waste pile and %(stock)s cards in "
    "the stock. The last card of each column can be removed when its rank is one higher or "
    "lower than the waste card's, whatever its suit. When nothing fits, you draw a card. You "
    "win by clearing all %(tableau)s cards from the tableau."
)
LEGAL_MOVES = (
    "In each column only the card that no other card covers, the last one dealt, is free. "
    "You may remove it when its rank is exactly one higher or lower than the waste card's: "
    "%(lower)ss and %(higher)ss go onto %(rank)ss. The suit does not matter. The removed "
    "card becomes the new waste card and frees the card above it in its column."
)
WON_SCORE = (
    "A won game is therefore always worth %(score)s points (%(tableau)s × %(points)s), with"
    " or without undo; cards left in the stock earn nothing extra. A stuck game is worth "
    "%(points)s points for each card removed minus %(penalty)s points for each card left on "
    "the tableau, without going below zero:"
)
"""Sentences that more than one claim backs."""


# -- the layout --------------------------------------------------------------


LAYOUT = (
    "You play with a %(deck)s-card deck, without jokers. The app deals %(tableau)s cards into "
    "%(columns)s columns of %(height)s cards, all face up. It turns one card face up onto the "
    "waste pile and puts the remaining %(stock)s cards face down in the stock."
)


def waste_at_start(facts: dict[str, Any]) -> Any:
    """How many cards lie on the waste pile of a newly dealt game."""
    return _one({len(Game(deal_for_number(n)).waste) for n in range(1, 6)})


def free_card_dealt(facts: dict[str, Any]) -> Any:
    """Which card of a column as dealt is free: the first dealt or the last."""
    places = set()
    for number in range(1, 6):
        game = Game(deal_for_number(number))
        for column in range(1, COLUMNS + 1):
            dealt = game.deal.columns[column - 1]
            free = game.free_card(column)
            places.add("last" if free == dealt[-1] else "first" if free == dealt[0] else "neither")
    return _one(places)


FREE = Words("free card of a column", {"last": "last", "first": "first"})


@claim(
    "layout",
    AT_A_GLANCE,
    LAYOUT,
    says=[
        Says(
            LAYOUT,
            "It turns {} card face up onto the waste",
            counted("cards on the waste pile at the start"),
            waste_at_start,
        ),
        Says(AT_A_GLANCE, "The {} card of each column can be removed", FREE, free_card_dealt),
    ],
)
def layout(facts: dict[str, Any]) -> list[str]:
    found = []
    game = Game(deal_for_number(facts["number"]), Rules.EASY)
    start = game.position()
    cards = [*(c for column in start.columns for c in column), start.waste, *start.stock]
    dealt = {
        "columns": len(start.columns),
        "height": max(len(column) for column in start.columns),
        "stock": start.stock_count,
        "tableau": start.tableau_count,
        "deck": len(cards),
    }
    for key, value in dealt.items():
        if facts[key] != value:
            found.append(f"the page says {key} {facts[key]}, a dealt game has {value}")
    if any(len(column) != facts["height"] for column in start.columns):
        found.append("the columns of a dealt game are not all of one height")
    if len(set(cards)) != len(cards) or set(cards) != set(FULL_DECK):
        found.append("a dealt game is not one deck of distinct cards without jokers")
    return found


# -- legal moves -------------------------------------------------------------


INDEX = (
    "Golf is a patience for one player: clear the tableau by removing cards one rank above "
    "or below the waste card."
)
STEP = counted("ranks between a card and the waste card it goes onto")


@claim(
    "one-rank-any-suit",
    AT_A_GLANCE,
    LEGAL_MOVES,
    INDEX,
    says=[
        Says(AT_A_GLANCE, "when its rank is {} higher or lower", STEP, rank_step),
        Says(AT_A_GLANCE, "than the waste card's, {}.", SUIT, suit_matters),
        Says(LEGAL_MOVES, "when its rank is exactly {} higher or lower", STEP, rank_step),
        Says(LEGAL_MOVES, "The suit {}.", SUIT_MATTERS, suit_matters),
        Says(INDEX, "by removing cards {} rank above or below", STEP, rank_step),
    ],
)
def one_rank_any_suit(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in Rules:
        for waste in RANKS:
            for rank in RANKS:
                for suit in "CDHS":
                    said = fits(rules, waste, rank)
                    done = accepted(rules, waste, rank, suit) is None
                    if said != done:
                        found.append(
                            f"on {rules.value}, {_name(rank)}{suit} onto a {_name(waste)} is "
                            f"{'accepted' if done else 'refused'}"
                        )
    rank, lower, higher = facts["example_rank"], facts["lower"], facts["higher"]
    if {lower, higher} != {rank - 1, rank + 1} or not 2 <= lower < higher <= 10:
        found.append(f"the example says {lower}s and {higher}s go onto {rank}s")
    return found[:5]


def may_remove_fitting(facts: dict[str, Any]) -> Any:
    """Whether a free card one rank from the waste card may be removed, on each rule set."""
    return _one({accepted(rules, 8, rank) is None for rules in Rules for rank in (7, 9)})


@claim(
    "free-card-and-waste",
    LEGAL_MOVES,
    says=[
        Says(LEGAL_MOVES, "the {} one dealt, is free", FREE, free_card_dealt),
        Says(LEGAL_MOVES, "is free. You {} remove it when", MAY, may_remove_fitting),
    ],
)
def free_card_and_waste(facts: dict[str, Any]) -> list[str]:
    found = []
    game = situation(card(8, "C"), [card(9, "H")])
    above = game.column(1)[-2]
    covered = [c for c in game.column(1)[:-1]]
    for c in covered:
        reason = game.refusal(Move.remove(1, c))
        if reason is not Reason.BLOCKED:
            found.append(f"a covered card ({c}) is not refused as blocked: {reason}")
    game.play(Move.remove(1, card(9, "H")))
    if game.waste_card != card(9, "H"):
        found.append(f"the removed card is not the new waste card ({game.waste_card})")
    if game.free_card(1) != above:
        found.append(f"the card above the removed one is not free ({game.free_card(1)})")
    return found


@claim(
    "draw-when-nothing-fits",
    AT_A_GLANCE,
)
def draw_when_nothing_fits(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in Rules:
        game = stuck_game(rules)
        if game.has_removal():
            found.append("the situation has a removal")
        reason = game.refusal(Move.draw(game.stock[0]))
        if reason is not None:
            found.append(f"on {rules.value} a draw when nothing fits is refused: {reason.value}")
    return found


# -- the opening example -----------------------------------------------------


@claim(
    "opening",
    "Example: at the start of deal %(code)s, %(waste)s is on the waste pile and no free card "
    "fits it. You draw %(draw)s.",
    "You remove %(first)s from column %(first_column)s (%(first_how)s), then %(second)s from "
    "column %(second_column)s (%(second_how)s).",
)
def opening(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    if str(game.waste_card) != str(facts["start"].waste):
        found.append(f"the deal starts with {game.waste_card} on the waste pile")
    fitting = [m for m in game.legal_moves() if m.action == "remove"]
    if fitting:
        found.append(f"at the start {fitting[0].card} fits the waste card")
    if Move.draw(facts["first_draw"]) != recorded.moves[0] or game.stock[0] != facts["first_draw"]:
        found.append("the first move of the recorded game is not the draw of the stock's top card")
    game.play(recorded.moves[0])
    for step in facts["opening"]:
        move = Move.remove(step.column, step.card)
        reason = game.refusal(move)
        if reason is not None:
            found.append(
                f"removing {step.card} from column {step.column} is refused: {reason.value}"
            )
            break
        said = {"higher": 1, "lower": -1}.get(step.direction)
        waste = game.waste_card
        if said is None or waste is None or step.card.rank - waste.rank != said:
            found.append(f"{step.card} is not one rank {step.direction} than {game.waste_card}")
        game.play(move)
    return found


# -- refusals ----------------------------------------------------------------


@claim(
    "refusals",
    "A card that does not fit stays where it is. With the interactive rules switched on "
    "(they are by default), the app explains why it refuses the move:",
    "a free card that does not fit the waste card, such as %(card)s from column %(column)s "
    "onto %(waste)s: “%(message)s”;",
    "a card that is still covered, such as %(card)s in row %(row)s of column %(column)s: "
    "“%(message)s”.",
)
def refusals(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for example in (facts["refused"], facts["blocked"]):
        move = Move.remove(example["column"], example["card"])
        before = (game.position(), game.score, game.move_count, game.undoable)
        try:
            game.play(move)
        except IllegalMoveError as error:
            if error.reason is not example["reason"]:
                found.append(f"{move} is refused as {error.reason.value}, not {example['reason']}")
        else:
            found.append(f"{move} is not refused")
            continue
        if (game.position(), game.score, game.move_count, game.undoable) != before:
            found.append(f"a refused move ({move}) changed the game")
    blocked = facts["blocked"]
    column = game.column(blocked["column"])
    if column.index(blocked["card"]) + 1 != blocked["row"] or blocked["card"] == column[-1]:
        found.append(f"{blocked['card']} is not covered in row {blocked['row']}")
    return found


# -- the stock ---------------------------------------------------------------


STOCK = (
    "Tapping the stock turns its top card over onto the waste pile, where it replaces the "
    "waste card. In the app you can draw at any time, even when a move is still possible. "
    "You go through the stock only once: there is no redeal. Drawing a card counts as a "
    "move and scores no points."
)


@claim(
    "stock",
    STOCK,
    says=[
        Says(STOCK, "In the app you {} draw at any time", CAN, app_draws_any_time),
        Says(STOCK, "You go through the stock {}", PASSES, passes),
        Says(STOCK, "counts as a move and scores {}.", DRAW_POINTS, draw_points),
    ],
)
def stock(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in APP_RULES:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        top = game.stock[0]
        score, moves = game.score, game.move_count
        try:
            game.play(Move.draw(top))
        except IllegalMoveError as error:
            found.append(f"on {rules.value} a draw while a card fits is refused: {error.reason}")
            continue
        if game.waste_card != top:
            found.append(f"the drawn card {top} is not the new waste card")
        if game.move_count != moves + 1:
            found.append(f"a draw moves the move counter from {moves} to {game.move_count}")
        if game.score != score:
            found.append(f"a draw changes the score from {score} to {game.score}")
    game = situation(card(8, "C"), rules=Rules.EASY)
    drawn: list[Card] = []
    while game.stock and len(drawn) <= STOCK_SIZE:
        drawn.append(game.stock[0])
        game.play(Move.draw(game.stock[0]))
    if len(drawn) != facts["stock"] or len(set(drawn)) != len(drawn):
        found.append(f"the stock gives {len(drawn)} cards, the page says {facts['stock']}")
    if not game.is_over():
        if any(m.action == "draw" for m in game.legal_moves()):
            found.append("after the last stock card the stock can be drawn from again")
        reason = game.refusal(Move.draw(drawn[0]))
        if reason is None:
            found.append("the stock is turned over again")
    return found


STRICT_DRAWING = (
    "Drawing at any time: under the strict rules you draw only when no move is possible; in "
    "the app you may draw whenever you like."
)


@claim(
    "strict-drawing",
    STRICT_DRAWING,
    says=[
        Says(
            STRICT_DRAWING,
            "under the strict rules you draw {};",
            STRICT_DRAW,
            strict_draws_any_time,
        ),
        Says(STRICT_DRAWING, "in the app you {} draw whenever you like", MAY, app_draws_any_time),
    ],
)
def strict_drawing(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in Rules:
        game = situation(card(8, "C"), [card(9, "H")], rules=rules)
        reason = game.refusal(Move.draw(game.stock[0]))
        if rules is Rules.STRICT and reason is not Reason.MUST_REMOVE:
            found.append(f"strict: a draw while a card fits is {reason or 'accepted'}")
        if rules is not Rules.STRICT and reason is not None:
            found.append(f"{rules.value}: a draw while a card fits is refused: {reason.value}")
        blocked = stuck_game(rules)
        reason = blocked.refusal(Move.draw(blocked.stock[0]))
        if reason is not None:
            found.append(f"{rules.value}: a draw when nothing fits is refused: {reason.value}")
    return found


# -- King and Ace -------------------------------------------------------------

KING_AND_ACE = (
    "The %(window)s window offers two rule sets. On %(easy)s (%(easy_description)s), the "
    "default, King and Ace connect: an Ace may be played onto a King and a King onto an "
    "Ace, so a run can go from the Queen to the King, on to the Ace and the %(after_ace)s. "
    "On %(classic)s (%(classic_description)s) the sequence stops at both ends: only a Queen"
    " may be played onto a King, and only a %(after_ace)s onto an Ace."
)
STRICT_KING_ACE = (
    "King and Ace: the strict rules do not connect them; that is %(classic)s in the app. "
    "%(easy)s, the default, does."
)
QUEEN_ON_KING = (
    "Queen on a King: the strict rules allow no card at all on a King; the app allows a Queen "
    "on a King under both rule sets."
)


@claim(
    "king-and-ace",
    KING_AND_ACE,
    STRICT_KING_ACE,
    QUEEN_ON_KING,
    says=[
        Says(
            KING_AND_ACE,
            "window offers {} rule sets",
            counted("rule sets of the app"),
            app_rule_sets,
        ),
        Says(KING_AND_ACE, "the default, King and Ace {}:", CONNECT, lambda f: wraps(Rules.EASY)),
        Says(KING_AND_ACE, "an Ace {} be played onto a King", MAY, lambda f: wraps(Rules.EASY)),
        Says(
            KING_AND_ACE,
            "the sequence {} at both ends",
            Words("King and Ace on Classic", {False: "stops", True: "goes on"}),
            lambda f: wraps(Rules.CLASSIC),
        ),
        Says(
            KING_AND_ACE,
            "only a {} may be played onto a King",
            ON_KING,
            lambda f: on_king(Rules.CLASSIC),
        ),
        Says(STRICT_KING_ACE, "the strict rules {} them", CONNECT, lambda f: wraps(Rules.STRICT)),
        Says(STRICT_KING_ACE, "the default, {}.", DOES, lambda f: wraps(Rules.EASY)),
        Says(
            QUEEN_ON_KING,
            "the strict rules allow {} on a King",
            ON_KING,
            lambda f: on_king(Rules.STRICT),
        ),
        Says(
            QUEEN_ON_KING,
            "the app allows a {} on a King under both rule sets",
            ON_KING,
            lambda f: on_king(Rules.EASY) & on_king(Rules.CLASSIC),
        ),
    ],
)
def king_and_ace(facts: dict[str, Any]) -> list[str]:
    found = []
    for rules in Rules:
        wraps = rules is Rules.EASY
        for waste, rank in ((KING, ACE), (ACE, KING)):
            if (accepted(rules, waste, rank) is None) != wraps:
                found.append(
                    f"on {rules.value} {_name(rank)} onto {_name(waste)} is "
                    f"{'refused' if wraps else 'accepted'}"
                )
        on_king = {r for r in RANKS if accepted(rules, KING, r) is None}
        on_ace = {r for r in RANKS if accepted(rules, ACE, r) is None}
        said_on_king = set() if rules is Rules.STRICT else {QUEEN} | ({ACE} if wraps else set())
        said_on_ace = {facts["after_ace"]} | ({KING} if wraps else set())
        if on_king != said_on_king:
            found.append(f"on {rules.value} a King takes {sorted(on_king)}")
        if on_ace != said_on_ace:
            found.append(f"on {rules.value} an Ace takes {sorted(on_ace)}")
    if Game(deal_for_number(1)).rules is not Rules.EASY or facts["easy"] is not Rules.EASY:
        found.append("Easy is not the default")
    # A run from the Queen to the King, the Ace and the 2, on Easy.
    run = [card(QUEEN, "H"), card(KING, "D"), card(ACE, "S"), card(facts["after_ace"], "D")]
    game = situation(card(11, "C"), run, rules=Rules.EASY)
    for column, c in enumerate(run, start=1):
        if game.refusal(Move.remove(column, c)) is not None:
            found.append(f"on Easy the run stops at {c}")
            break
        game.play(Move.remove(column, c))
    return found


WRAP_EXAMPLE = (
    "Example on %(easy)s: move %(number)s of the won game plays %(card)s from column "
    "%(column)s onto %(onto)s. On %(classic)s this move would be refused."
)


def classic_refuses_wrap(facts: dict[str, Any]) -> Any:
    """Whether Classic refuses the won game's move the example names, after the same moves."""
    recorded = load_reference_game()
    classic = Game(recorded.deal, Rules.CLASSIC)
    for move in recorded.moves[: facts["wrap"].number - 1]:
        if classic.refusal(move) is not None:
            return "stuck before it"
        classic.play(move)
    return classic.refusal(recorded.moves[facts["wrap"].number - 1]) is not None


@claim(
    "wrap-example",
    WRAP_EXAMPLE,
    says=[
        Says(
            WRAP_EXAMPLE,
            "this move would be {}.",
            Words("Classic's answer", {True: "refused", False: "accepted"}),
            classic_refuses_wrap,
        )
    ],
)
def wrap_example(facts: dict[str, Any]) -> list[str]:
    recorded = load_reference_game()
    wrap = facts["wrap"]
    easy, classic = Game(recorded.deal, Rules.EASY), Game(recorded.deal, Rules.CLASSIC)
    for number, move in enumerate(recorded.moves, start=1):
        if number == wrap.number:
            if move != wrap.move or easy.waste_card != wrap.onto:
                return [f"move {number} is {move} onto {easy.waste_card}"]
            if easy.refusal(move) is not None:
                return [f"on Easy move {number} is refused"]
            if classic.refusal(move) is None:
                return [f"on Classic move {number} ({move}) is accepted"]
            return []
        if classic.refusal(move) is not None:
            return [f"on Classic move {number} ({move}) is refused already"]
        easy.play(move)
        classic.play(move)
    return [f"the won game has no move {wrap.number}"]


@claim(
    "easy-not-classic",
    "The rules matter as much as the cards: the same deal can be winnable on %(easy)s and not "
    "on %(classic)s (%(see_examples)s).",
)
def easy_not_classic(facts: dict[str, Any]) -> list[str]:
    example = load_rules_examples()["easy_not_classic"]
    found = []
    if deal_for_number(DealCode.parse(example.code).number) != example.deal:
        found.append(f"{example.code} does not deal the example's cards")
    easy = solve(example.deal, Rules.EASY)
    if not easy.winnable:
        found.append(f"{example.code} is not winnable on Easy")
    else:
        game = Game(example.deal, Rules.EASY)
        for move in easy.moves:
            game.play(move)
        if not game.is_won():
            found.append(f"the solver's winning line for {example.code} does not win")
    if solve(example.deal, Rules.CLASSIC).winnable:
        found.append(f"{example.code} is winnable on Classic")
    return found


# -- the end of the game -------------------------------------------------------


@claim(
    "end",
    "The game is won as soon as the %(tableau)s tableau cards are removed, even if cards are "
    "left in the stock. The game is stuck when the stock is empty and no free card fits the "
    "waste card: the app shows “%(message)s” and offers to undo moves or to start a new game.",
    "The game is won: all %(tableau)s tableau cards are removed, with %(count)s cards left in "
    "the stock.",
)
def end(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves:
        if game.is_won():
            found.append("the game is won before the last recorded move")
        game.play(move)
    if not game.is_won():
        found.append("clearing the tableau does not win the game")
    if len(game.stock) != facts["stock_left"] or not game.stock:
        found.append(f"the won game ends with {len(game.stock)} stock cards")
    if game.stock and game.refusal(Move.draw(game.stock[0])) is not Reason.GAME_OVER:
        found.append("a won game with cards in the stock goes on")
    for played in played_games():
        independent = (
            not played.stock
            and bool(sum(played.heights))
            and not any(
                fits(played.rules, played.waste[-1].rank, c.rank)
                for c in map(played.free_card, range(1, COLUMNS + 1))
                if c is not None
            )
        )
        if played.is_stuck() != independent:
            found.append(f"a game of {played.deal.stock[0]}... is stuck={played.is_stuck()}")
        if not played.is_won() and not independent:
            found.append("a game ends while the stock has cards or a card fits")
        if played.is_stuck():
            played.undo()
            if played.is_over():
                found.append("a stuck game cannot be undone")
    return found


# -- scoring -----------------------------------------------------------------

TRADITIONAL = (
    "Scoring: traditionally you count one point per card left on the tableau, over %(deals)s "
    "deals, with a par (the total a good player aims for) of %(par)s; the app counts the points "
    "you earn in each game."
)


def traditional_per_card(facts: dict[str, Any]) -> Any:
    """The traditional points of a stuck game per card left on the tableau (a fraction when
    they are not a whole number per card)."""
    traditional = facts["traditional"]
    per_card = {Fraction(traditional.score(left, 0), left) for left in (1, 5, TABLEAU_SIZE - 1)}
    return _one({int(p) if p.denominator == 1 else p for p in per_card})


@claim(
    "traditional-scoring",
    TRADITIONAL,
    says=[
        Says(
            TRADITIONAL,
            "traditionally you count {} point",
            counted("traditional points per card left"),
            traditional_per_card,
        )
    ],
)
def traditional_scoring(facts: dict[str, Any]) -> list[str]:
    """The traditional points of stuck and won games played in the engine, against the
    points per card the sentence says (measured by :func:`traditional_per_card`), over the
    round of deals it names."""
    per_card = traditional_per_card(facts)
    traditional = facts["traditional"]
    found = []
    games = []
    for played in played_games(count=int(traditional.deals)):
        left = TABLEAU_SIZE - played.removed
        points = traditional.score(left, len(played.stock))
        games.append((left, len(played.stock)))
        if left and points != per_card * left:
            found.append(
                f"a game stuck with {left} cards left scores {points} traditionally, "
                f"the page says {per_card} per card: {per_card * left}"
            )
    stuck = [g for g in games if g[0]]
    if not stuck:
        found.append("no stuck game was played to score")
    if traditional.round_score(games) != sum(traditional.score(*g) for g in games):
        found.append("a round's score is not the sum of its deals' scores")
    if len(games) != traditional.deals:
        found.append(
            f"a round was played over {len(games)} deals, the page says {traditional.deals}"
        )
    return found[:3]


START = "The score starts at %(start)s and never goes below zero:"
FLOOR = counted("lowest score")


@claim(
    "score",
    START,
    "A card is removed from the tableau",
    "You draw a card",
    "The game is stuck: per card left on the tableau",
    WON_SCORE,
    "%(count)s cards removed, %(left)s left: %(score)s points;",
    "%(count)s cards removed, %(left)s left: %(score)s points.",
    "Score: %(count)s points.",
    says=[
        Says(START, "never goes below {}:", FLOOR, lowest_score),
        Says(WON_SCORE, "without going below {}:", FLOOR, lowest_score),
    ],
)
def score(facts: dict[str, Any]) -> list[str]:
    found = []
    scoring = facts["scoring"]
    if Game(deal_for_number(1)).score != facts["scoring"].floor:
        found.append("a new game does not score the page's start score")
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for number, move in enumerate(recorded.moves, start=1):
        before = game.score
        game.play(move)
        step = scoring.per_removal if move.action == "remove" else scoring.per_draw
        if game.score - before != step:
            found.append(f"move {number} ({move}) scores {game.score - before}, the table {step}")
            break
    won = game.score
    if won != facts["won_score"] or won != facts["tableau"] * scoring.per_removal:
        found.append(f"the won game scores {won}; the page says {facts['won_score']}")
    seen_stuck = 0
    for played in played_games():
        expected = page_score(facts, played.removed, played.is_stuck())
        if played.score != expected:
            found.append(
                f"a game {'stuck' if played.is_stuck() else 'won'} after {played.removed} "
                f"removals scores {played.score}, the page's formula {expected}"
            )
        seen_stuck += played.is_stuck() and played.score > scoring.floor
    if not seen_stuck:
        found.append("no played stuck game scored above zero: the formula went untested")
    stuck = stuck_game()
    draw_all(stuck)
    if not stuck.is_stuck() or stuck.score != scoring.floor:
        found.append(f"a game stuck with no removal scores {stuck.score}, not zero")
    for example in facts["stuck_examples"]:
        expected = page_score(facts, example["removed"], True)
        if example["score"] != expected or example["left"] != TABLEAU_SIZE - example["removed"]:
            found.append(f"the example for {example['removed']} removals says {example['score']}")
    return found


@claim(
    "won-with-undo",
    WON_SCORE,
)
def won_with_undo(facts: dict[str, Any]) -> list[str]:
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for number, move in enumerate(recorded.moves, start=1):
        game.play(move)
        if number % 10 == 0:
            game.undo()
            game.play(move)
    if game.score != facts["won_score"]:
        return [f"won with undos, the game scores {game.score}, not {facts['won_score']}"]
    return []


# -- undo ----------------------------------------------------------------------


UNDO = (
    "The app keeps the last %(count)s actions, removals and draws included. Undo puts the "
    "card back, takes back the move's points and, after a stuck game, the penalty too. The "
    "move counter (the number of moves the app shows) does not go down."
)


@claim("undo", UNDO, says=[Says(UNDO, "the app shows) {}.", COUNTER, counter_goes_down)])
def undo(facts: dict[str, Any]) -> list[str]:
    found = []
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    history = []
    for move in recorded.moves:
        history.append((game.position(), game.score))
        game.play(move)
    counter = game.move_count
    limit = min(facts["undo_limit"], len(history))
    undone = 0
    for done in range(1, limit + 1):
        try:
            game.undo()
        except IllegalMoveError:
            found.append(f"undo number {done} is refused, the page says {facts['undo_limit']}")
            break
        undone = done
        position, points = history[-done]
        if (game.position(), game.score) != (position, points):
            found.append(f"undo number {done} does not restore the position and score")
            break
        if game.move_count != counter:
            found.append(f"the move counter goes from {counter} to {game.move_count} on undo")
            break
    if undone:
        game.play(recorded.moves[len(history) - undone])
        if game.move_count != counter + 1:
            found.append("the move counter does not go on counting after an undo")
    if facts["undo_limit"] < len(history) and game.undoable > facts["undo_limit"]:
        found.append("more actions can be undone than the page says")
    # After a stuck game the penalty is taken back too.
    for played in played_games():
        if played.is_stuck() and played.score > 0:
            before_last = played.moves[-1]
            penalty_score = played.score
            played.undo()
            expected = page_score(facts, played.removed, False)
            if played.score != expected or played.is_stuck():
                found.append(
                    f"undo after a stuck game scores {played.score} (stuck: {penalty_score}), "
                    f"not {expected}: {before_last}"
                )
            break
    else:
        found.append("no played game got stuck above zero: undo after a stuck game went untested")
    return found


# -- deal codes ----------------------------------------------------------------


@claim(
    "deal-codes",
    "Every deal has a deal code, for example %(code)s. The middle letter gives the rules: "
    "%(easy_letter)s for %(easy)s, %(classic_letter)s for %(classic)s; an old code with "
    "%(old_letter)s is read as %(easy)s. Paste the code into the %(window)s window and exactly "
    "the same cards are dealt.",
)
def deal_codes(facts: dict[str, Any]) -> list[str]:
    found = []
    code = DealCode.parse(facts["code"])
    digits = facts["code"].split("-")[-1]
    letters = facts["rules_letters"]
    for rules, letter in [
        (Rules.EASY, letters[Rules.EASY]),
        (Rules.CLASSIC, letters[Rules.CLASSIC]),
        (Rules.EASY, facts["legacy_letter"]),
    ]:
        parsed = DealCode.parse(f"GO1-{letter}-{digits}")
        if Rules(RULES_LETTERS[parsed.rules_letter]) is not rules or parsed.number != code.number:
            found.append(f"a code with {letter} is read as {RULES_LETTERS[parsed.rules_letter]}")
    if set(LEGACY_RULES_LETTERS) != {facts["legacy_letter"]}:
        found.append(f"the old letters are {sorted(LEGACY_RULES_LETTERS)}")
    recorded = load_reference_game()
    if recorded.code != facts["code"] or deal_for_number(code.number) != recorded.deal:
        found.append(f"{facts['code']} does not deal the reference deal's cards")
    if deal_for_number(code.number) != deal_for_number(DealCode.parse(str(code)).number):
        found.append("the same code deals different cards")
    return found

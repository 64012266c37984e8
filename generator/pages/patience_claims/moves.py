"""The rules page's "Legal moves": which card goes onto the waste card, the free card of a
column, drawing when nothing fits, the opening of the recorded game and the refused moves (and
the home page's sentence about the patience)."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words, counted, one_value
from generator.pages.patience_claims.layout import AT_A_GLANCE, FREE, free_card_dealt
from generator.pages.patience_claims.situations import (
    MAY,
    QUEEN,
    RANKS,
    accepted,
    card,
    claim,
    fits,
    rank_name,
    situation,
    stuck_game,
)
from generator.pages.recorded import load_reference_game
from generator.patience import Game, IllegalMoveError, Move, Reason, Rules

LEGAL_MOVES = (
    "In each column only the card that no other card covers, the last one dealt, is free. "
    "You may remove it when its rank is exactly one higher or lower than the waste card's: "
    "%(lower)ss and %(higher)ss go onto %(rank)ss. The suit does not matter. The removed "
    "card becomes the new waste card and frees the card above it in its column."
)


SUIT = Words(
    "suit's part in a move",
    {False: "whatever its suit", True: "of the same suit"},
    reads="same-suit",
)
SUIT_MATTERS = Words(
    "suit's part in a move", {False: "does not matter", True: "matters"}, reads="affirmed"
)


def rank_step(facts: dict[str, Any]) -> Any:
    """How many ranks apart a free card and the waste card are when the engine lets the
    card go onto it (King and Ace left out: their wrap is the King and Ace sentences')."""
    return one_value(
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
                            f"on {rules.value}, {rank_name(rank)}{suit} onto a "
                            f"{rank_name(waste)} is {'accepted' if done else 'refused'}"
                        )
    rank, lower, higher = facts["example_rank"], facts["lower"], facts["higher"]
    if {lower, higher} != {rank - 1, rank + 1} or not 2 <= lower < higher <= 10:
        found.append(f"the example says {lower}s and {higher}s go onto {rank}s")
    return found[:5]


def may_remove_fitting(facts: dict[str, Any]) -> Any:
    """Whether a free card one rank from the waste card may be removed, on each rule set."""
    return one_value({accepted(rules, 8, rank) is None for rules in Rules for rank in (7, 9)})


def covering_free(facts: dict[str, Any]) -> Any:
    """How many cards of its column lie on the card the engine calls free, in each column."""
    game = situation(card(8, "C"), [card(9, "H")])
    return one_value(
        {
            len(game.column(n)) - 1 - list(game.column(n)).index(free)
            for n in range(1, len(game.deal.columns) + 1)
            if (free := game.free_card(n)) is not None
        }
    )


@claim(
    "free-card-and-waste",
    LEGAL_MOVES,
    says=[
        Says(LEGAL_MOVES, "the {} one dealt, is free", FREE, free_card_dealt),
        Says(
            LEGAL_MOVES,
            "only the card that {} other card covers",
            counted("cards covering a free card", {0: "no", 1: "one"}),
            covering_free,
        ),
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


def fitting_when_drawing(facts: dict[str, Any]) -> Any:
    """How many free cards fit the waste card in the positions where every rule set lets you
    draw (none fitting, one fitting: the strict rules refuse a draw while a card fits)."""
    counts = set()
    for game in (stuck_game(), situation(card(8, "C"), [card(9, "H")])):
        if all(Game(game.deal, rules).refusal(Move.draw(game.stock[0])) is None for rules in Rules):
            counts.add(sum(m.action == "remove" for m in game.legal_moves()))
    return one_value(counts)


@claim(
    "draw-when-nothing-fits",
    AT_A_GLANCE,
    says=[
        Says(
            AT_A_GLANCE,
            "When {} fits, you draw a card",
            counted(
                "free cards that fit when every rule set lets you draw",
                {0: "nothing", 1: "one card"},
            ),
            fitting_when_drawing,
        )
    ],
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


OPENING = (
    "Example: at the start of deal %(code)s, %(waste)s is on the waste pile and no free card "
    "fits it. You draw %(draw)s."
)


def fitting_at_start(facts: dict[str, Any]) -> int:
    """How many free cards fit the waste card at the start of the recorded game."""
    recorded = load_reference_game()
    return sum(m.action == "remove" for m in Game(recorded.deal, recorded.rules).legal_moves())


@claim(
    "opening",
    OPENING,
    "You remove %(first)s from column %(first_column)s (%(first_how)s), then %(second)s from "
    "column %(second_column)s (%(second_how)s).",
    says=[
        Says(
            OPENING,
            "and {} free card fits it",
            counted("free cards that fit at the start", {0: "no", 1: "one"}),
            fitting_at_start,
        )
    ],
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


REFUSALS = (
    "A card that does not fit stays where it is. With the interactive rules switched on "
    "(they are by default), the app explains why it refuses the move:"
)
REFUSED_CARD = (
    "a free card that does not fit the waste card, such as %(card)s from column %(column)s "
    "onto %(waste)s: “%(message)s”;"
)


def refused_stays(facts: dict[str, Any]) -> bool:
    """Whether a refused removal leaves the game as it was (the page's refused example)."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    before = (game.position(), game.score, game.move_count)
    try:
        game.play(Move.remove(facts["refused"]["column"], facts["refused"]["card"]))
    except IllegalMoveError:
        return (game.position(), game.score, game.move_count) == before
    return False


def example_fits(facts: dict[str, Any]) -> bool:
    """Whether the page's refused example card fits the waste card it is played onto."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    example = facts["refused"]
    return game.refusal(Move.remove(example["column"], example["card"])) is not Reason.NOT_ADJACENT


@claim(
    "refusals",
    REFUSALS,
    REFUSED_CARD,
    "a card that is still covered, such as %(card)s in row %(row)s of column %(column)s: "
    "“%(message)s”.",
    says=[
        Says(
            REFUSALS,
            "A card that does not fit {} where it is",
            Words("refused card", {True: "stays", False: "does not stay"}, reads="affirmed"),
            refused_stays,
        ),
        Says(
            REFUSED_CARD,
            "a free card that {} the waste card, such as",
            Words("example's fit", {True: "fits", False: "does not fit"}, reads="affirmed"),
            example_fits,
        ),
    ],
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

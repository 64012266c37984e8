"""The rules page's "King and Ace": the app's two rule sets, whether King and Ace connect, the
won game's move Classic refuses, a deal winnable on Easy only (and what "The app's choices and
the traditional rules" says of King and Ace under the strict rules)."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import Says, Words, can, counted
from generator.pages.patience_claims.situations import (
    ACE,
    KING,
    MAY,
    QUEEN,
    RANKS,
    accepted,
    card,
    claim,
    rank_name,
    situation,
)
from generator.pages.recorded import load_reference_game, load_rules_examples
from generator.patience import DealCode, Game, Move, Rules, deal_for_number
from generator.patience.deal import RULES_LETTERS
from generator.patience.solver import solve

CONNECT = Words("King and Ace", {True: "connect", False: "do not connect"}, reads="affirmed")
DOES = Words("King and Ace", {True: "does", False: "does not"}, reads="affirmed")
CARD_NAMES = {
    frozenset({ACE}): "Ace",
    frozenset({11}): "Jack",
    frozenset({QUEEN}): "Queen",
    frozenset({KING}): "King",
    frozenset(): "no card at all",
}
ON_KING = Words("cards a King takes", CARD_NAMES, reads="ranks")


def on_king(rules: Rules) -> frozenset[int]:
    """The ranks ``rules`` let go onto a King, the Ace of the wrap left out."""
    return frozenset(r for r in RANKS if r != ACE and accepted(rules, KING, r) is None)


def app_rule_sets(facts: dict[str, Any]) -> int:
    """The rule sets a deal code can name (the New game window's), each letter read."""
    return len({Rules(name) for name in RULES_LETTERS.values()})


def wraps(rules: Rules) -> bool:
    """Whether King and Ace connect under ``rules``: each goes onto the other."""
    return accepted(rules, KING, ACE) is None and accepted(rules, ACE, KING) is None


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
            "so a run {} go from the Queen to the King, on to the Ace",
            can("run through King and Ace on Easy"),
            lambda f: all(
                accepted(Rules.EASY, a, b) is None
                for a, b in ((QUEEN, KING), (KING, ACE), (ACE, 2))
            ),
        ),
        Says(
            KING_AND_ACE,
            "the sequence {} at both ends",
            Words("King and Ace on Classic", {False: "stops", True: "goes on"}, reads="goes-on"),
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
                    f"on {rules.value} {rank_name(rank)} onto {rank_name(waste)} is "
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
            Words("Classic's answer", {True: "refused", False: "accepted"}, reads="refused"),
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


MATTER = (
    "The rules matter as much as the cards: the same deal can be winnable on %(easy)s and not "
    "on %(classic)s (%(see_examples)s)."
)


def example_winnable(rules: Rules) -> Any:
    """Whether the rules page's Easy-only example deal can be won under ``rules`` (solved)."""
    return lambda facts: solve(load_rules_examples()["easy_not_classic"].deal, rules).winnable


@claim(
    "easy-not-classic",
    MATTER,
    says=[
        Says(
            MATTER,
            "the same deal {} be winnable on %(easy)s",
            can("verdict on Easy"),
            example_winnable(Rules.EASY),
        ),
        Says(
            MATTER,
            "and {} on %(classic)s (",
            Words("verdict on Classic", {False: "not", True: "also"}, reads="affirmed"),
            example_winnable(Rules.CLASSIC),
        ),
    ],
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

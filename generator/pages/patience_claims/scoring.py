"""The rules page's "Scoring" (and the won game page's score): the app's points, the won and
the stuck game, and the traditional scoring "The app's choices and the traditional rules"
compares."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.pages.claims import Says, counted, one_value
from generator.pages.patience_claims.situations import (
    claim,
    draw_all,
    page_score,
    played_games,
    stuck_game,
)
from generator.pages.recorded import load_reference_game
from generator.patience import TABLEAU_SIZE, Game, deal_for_number

WON_SCORE = (
    "A won game is therefore always worth %(score)s points (%(tableau)s × %(points)s), with"
    " or without undo; cards left in the stock earn nothing extra. A stuck game is worth "
    "%(points)s points for each card removed minus %(penalty)s points for each card left on "
    "the tableau, without going below zero:"
)
"""A sentence two claims back (``score`` and ``won-with-undo``)."""


def lowest_score(facts: dict[str, Any]) -> int:
    """The lowest score of a game: a game stuck with no card removed, and every game played."""
    stuck = stuck_game()
    draw_all(stuck)
    return min([stuck.score, *(game.score for game in played_games(count=10))])


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
    return one_value({int(p) if p.denominator == 1 else p for p in per_card})


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


def stock_extra(facts: dict[str, Any]) -> Any:
    """What the cards left in the stock add to a won game's score: its score less the
    tableau's removals, over the won games played (with their stock cards left)."""
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves:
        game.play(move)
    won = [game, *(g for g in played_games() if g.is_won())]
    per_removal = facts["scoring"].per_removal
    return one_value({g.score - TABLEAU_SIZE * per_removal for g in won if g.stock})


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
        Says(
            WON_SCORE,
            "cards left in the stock earn {} extra",
            counted("points the stock's cards add to a won game", {0: "nothing", 1: "one point"}),
            stock_extra,
        ),
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

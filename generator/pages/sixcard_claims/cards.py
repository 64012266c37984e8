"""The page's "The cards" (and "Scoring a hole", which adds them up): each card's points, the
column pair that cancels, suits that do not count, the decks a hole is dealt from."""

from __future__ import annotations

from typing import Any

from generator.pages.claims import CAPITALIZED, Says, Words, counted, one_value
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import (
    WINS,
    Facts,
    claim,
    column_score,
    grid,
    grid_shape,
    said_value,
)
from generator.pages.sixcard_claims.winning import winner_order
from generator.sixcard.cards import JOKER, parse_card
from generator.sixcard.rules import JokerPair, Layout, Options
from generator.sixcard.scoring import score_grid

PAIR_CARDS = counted("cards of a 6-card column")
PAIR_CARDS_CAPITAL = counted("cards of a 6-card column", CAPITALIZED)


def column_cards(facts: Facts) -> int:
    """The cards of one column of a 6-card grid (its rows) as a hole deals it."""
    return grid_shape(Layout.SIX)[0]


def decks_used(facts: Facts) -> frozenset[int]:
    """The numbers of decks a 6-card hole is dealt from, over the players it allows."""
    return frozenset(Options().decks_for(n) for n in range(facts["six_min"], facts["six_max"] + 1))


def pair_points(facts: Facts) -> Any:
    """The points of two cards of one rank in a column, by rank."""
    return one_value({column_score([f"{rank}S", f"{rank}H"]) for rank in "A23456789TJQK"})


@claim(
    "six-values",
    S["intro"],
    S["object"],  # "Negative scores (from Jokers)": the values make only a Joker negative
    S["summary"],
    S["values"],
    S["score_values"],
    S["negative"],
    S["tip_kings"],
    S["tip_high"],
    says=[
        Says(S["intro"], "so that they cancel out to {}", counted("points of a pair"), pair_points),
        Says(S["negative"], "The {} total is best", WINS, lambda facts: winner_order(facts)),
        Says(
            S["score_values"],
            "values of the {} cards in the column",
            PAIR_CARDS,
            lambda facts: column_cards(facts),
        ),
    ],
)
def values(facts: Facts) -> list[str]:
    found = []
    deck = [parse_card(f"{r}{s}") for r in "A23456789TJQK" for s in "CDHS"] + [JOKER]
    for card in deck:
        # alone in its column beside a card of another rank that is worth nothing
        partner = "KH" if card.rank != 13 else "QH"
        got = score_grid(grid(f"{card} 2S 3D", f"{partner} 4S 5D")).columns[0]
        got -= 0 if partner == "KH" else 10
        if got != said_value(facts, card):
            found.append(f"{card} scores {got}, the page says {said_value(facts, card)}")
    negative = score_grid(grid("JK KS JK", "KD JK 5C"), Options(joker_pair=JokerPair.ZERO))
    if negative.score >= 0:
        found.append(f"a grid of Kings and Jokers scores {negative.score}, not below zero")
    return found


@claim(
    "six-pairs",
    S["summary"],
    S["column_pair"],
    S["score_columns"],
    S["tip_pairs"],
    S["glossary_pair"],
    says=[
        Says(
            S["summary"],
            "cancel each other out and score {}",
            counted("points of a pair"),
            pair_points,
        ),
        Says(S["summary"], "rule is that {} cards of equal rank", PAIR_CARDS, column_cards),
        Says(S["column_pair"], "cancellation: {} cards of the same rank", PAIR_CARDS, column_cards),
        Says(S["score_columns"], "if the {} cards in a column", PAIR_CARDS, column_cards),
        Says(
            S["score_columns"],
            "they {} count as %(pair)s points",
            counted("cards of a column pair", {2: "BOTH", 3: "ALL THREE"}),
            column_cards,
        ),
        Says(S["tip_pairs"], "{} Jacks in one column score", PAIR_CARDS_CAPITAL, column_cards),
        Says(S["tip_pairs"], "points; {} Jacks in different columns", PAIR_CARDS, column_cards),
        Says(
            S["glossary_pair"], "Column pair: {} cards of the same rank", PAIR_CARDS, column_cards
        ),
    ],
)
def pairs(facts: Facts) -> list[str]:
    found = []
    for rank in "A23456789TJQK":
        got = column_score([f"{rank}S", f"{rank}H"])
        if got != facts["pair_score"]:
            found.append(f"two {rank}s in a column score {got}, not {facts['pair_score']}")
    if column_score(["JS", "QH"]) != 2 * facts["value"].ten:
        found.append("a Jack and a Queen cancel each other (the page: the same rank)")
    if score_grid(grid("JS JH KD", "5S 6H KC")).score != 2 * facts["value"].ten + 11:
        found.append("two Jacks in one row cancel (the page: only a column)")
    jacks = facts["jacks"]
    together = score_grid(grid("JS KS KD", "JH KH KC")).score
    apart = score_grid(grid("JS JH KD", "KS KH KC")).score
    if (together, apart) != (jacks["together"], jacks["apart"]):
        found.append(f"two Jacks score {together} in a column and {apart} apart")
    return found


def suits_matter(facts: Facts) -> bool:
    """Whether the suits change a grid's score: the same ranks in other suits."""
    return (
        score_grid(grid("7S 9C QD", "7H 2D 5S")).score
        != score_grid(grid("7C 9D QH", "7D 2S 5H")).score
    )


@claim(
    "six-suits",
    S["suits"],
    says=[
        Says(
            S["suits"],
            "Suits {} for scoring",
            Words(
                "suits' part in scoring", {False: "do not matter", True: "matter"}, reads="affirmed"
            ),
            suits_matter,
        )
    ],
)
def suits(facts: Facts) -> list[str]:
    base = score_grid(grid("7S 9C QD", "7H 2D 5S")).score
    other = score_grid(grid("7C 9D QH", "7D 2S 5H")).score
    return [] if base == other else [f"the same ranks in other suits score {other}, not {base}"]


@claim(
    "six-decks",
    S["summary"],
    S["players"],
    S["deck"],
    S["no_jokers"],
    S["double_deck"],
    says=[
        Says(
            S["summary"],
            "players with {} standard decks",
            Words(
                "decks a hole is dealt from",
                {
                    frozenset({1, 2}): "one or two",
                    frozenset({1}): "one",
                    frozenset({2}): "two",
                    frozenset({1, 2, 3}): "one to three",
                },
                reads="counts",
            ),
            decks_used,
        )
    ],
)
def decks(facts: Facts) -> list[str]:
    found = []
    sizes = {
        (True, 4): facts["deck_with_jokers"],
        (False, 4): facts["deck"],
        (True, facts["double_from"]): facts["double_decks"] * facts["deck_with_jokers"],
        (True, facts["six_max"]): facts["double_decks"] * facts["deck_with_jokers"],
        (False, facts["double_from"]): facts["double_decks"] * facts["deck"],
    }
    for (jokers, players), size in sizes.items():
        got = len(Options(jokers=jokers).deck(players))
        if got != size:
            found.append(f"{players} players{'' if jokers else ' without Jokers'}: {got} cards")
    if Options().decks_for(facts["double_from"] - 1) != 1 or facts["double_decks"] != 2:
        found.append("fewer players than the page says already play with two decks")
    joker_count = sum(card.is_joker for card in Options().deck(2))
    if joker_count != facts["jokers"]:
        found.append(f"a deck has {joker_count} Jokers")
    return found

"""The rules the 6-Card Golf page states in words, played in its engine and its simulation.

See :mod:`generator.pages.claims` for how a claim is tied to its sentences. The
rules are played in :class:`~generator.sixcard.hole.Hole` and scored by
:func:`~generator.sixcard.scoring.score_grid`; what the page says of play
("slightly higher", "more frequent", "about 6") is judged on the committed
simulation (:mod:`generator.sixcard.evidence`).
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

from generator.pages.claims import Claims, Says, Words, counted
from generator.pages.sixcard import page_data, sixcard_page_facts
from generator.sixcard import evidence
from generator.sixcard.cards import JOKER, Card, parse_card
from generator.sixcard.errors import OptionsError, Reason
from generator.sixcard.hole import Action, Hole
from generator.sixcard.match import Match, cut_for_dealer
from generator.sixcard.players import RandomPlayer, play_hole
from generator.sixcard.rules import (
    DEFAULT_OPTIONS,
    ColumnMatch,
    JokerPair,
    Layout,
    Options,
    RowRule,
)
from generator.sixcard.scoring import score_grid

CLAIMS = Claims(sixcard_page_facts)
claim = CLAIMS.claim
Facts = dict[str, Any]

INDEX = (
    "A card game for %(min)s to %(max)s players (%(size)s-Card Golf and related games): "
    "each player lays out a grid of face-down cards and improves it turn by turn; the "
    "lowest score over %(holes)s holes wins."
)
"""The home page's sentence about the card game."""

S = {
    "intro": (
        "Golf is a modern North American card game in which the lowest score wins, played "
        "over %(holes)s holes (rounds). Each player has a grid of face-down cards (usually "
        "%(size)s cards in a %(rows)sx%(columns)s grid) and tries to replace high cards with "
        "lower ones and to pair cards of equal rank in the same column so that they cancel "
        "out to zero. Kings are %(king)s; Jokers are %(joker)s."
    ),
    "summary": (
        "Golf is a modern North American card game that takes its name from the sport, whose "
        "scoring it copies: the lower the score, the better, and a match usually consists of "
        "%(holes)s ‘holes’ (rounds). The most popular version is %(six)s-Card Golf, played by "
        "%(min)s to %(max)s players with one or two standard decks of %(deck)s cards. Each "
        "player is dealt %(size)s cards face down and lays them out in a grid of %(rows)s rows "
        "and %(columns)s columns; at the start of the hole each player turns %(up)s of them "
        "face up, while their other cards stay face down. On their turn a player draws either "
        "the top card of the face-down stock or the top card of the face-up discard pile, and "
        "then either exchanges it for one of their grid cards (which goes face up onto the "
        "discard pile) or discards it and turns one of their face-down cards face up. A hole "
        "ends when one player's whole grid is face up; every other player gets one more turn "
        "and then the hole is scored. The card values are: Ace=%(ace)s, %(two)s-%(nine)s=face "
        "value, %(ten)s=%(ten_value)s, Jack=%(jack)s, Queen=%(queen)s, King=%(king)s, "
        "Joker=%(joker)s; the key scoring rule is that two cards of equal rank in the same "
        "COLUMN cancel each other out and score zero. A match usually consists of %(holes)s "
        "holes; the player with the lowest cumulative score wins."
    ),
    "players": (
        "%(min)s to %(max)s players for %(six)s-Card Golf with one deck of %(deck)s cards (use "
        "%(decks)s decks for %(from)s-%(max)s players if you want to keep the stock from "
        "running out). Variants range from 2-Card to %(nine)s-Card Golf. A typical match of "
        "%(holes)s holes takes 30 to 60 minutes. Play goes clockwise; the first dealer is "
        "chosen by cutting (lowest card deals), and the deal passes clockwise after each hole."
    ),
    "deck": (
        "A standard deck of %(deck)s cards, usually with %(jokers)s Jokers added "
        "(%(with_jokers)s cards); for %(from)s or %(max)s players add a second deck."
    ),
    "values": (
        "Card values for scoring: Ace = %(ace)s, %(two)s to %(nine)s = face value, %(ten)s = "
        "%(ten_value)s, Jack = %(jack)s, Queen = %(queen)s, King = %(king)s, Joker = %(joker)s."
    ),
    "column_pair": (
        "Column pair cancellation: two cards of the same rank in the SAME column of your "
        "%(rows)sx%(columns)s grid cancel each other out and score %(pair)s points together "
        "(whatever their individual values)."
    ),
    "suits": ("Suits do not matter for scoring; only the rank counts."),
    "object": (
        "Get the lowest total score over the agreed number of holes (usually %(holes)s, like a "
        "round of golf). In each hole you lower the total of your %(size)s-card grid by "
        "replacing high cards with lower ones and by pairing cards of equal rank in the same "
        "column (where they cancel out). Negative scores (from Jokers) are the holy grail."
    ),
    "deal": ("Deal %(size)s cards face down to each player, one at a time, clockwise."),
    "lay_out": (
        "Without looking at them, each player lays their %(size)s cards face down in front of "
        "them in a grid of %(rows)s rows and %(columns)s columns."
    ),
    "stock": (
        "Put the remaining cards face down in the middle as the stock. Turn the top card face "
        "up beside the stock to start the discard pile."
    ),
    "turn_up": (
        "All players at the same time turn ANY %(up)s cards of their grid face up (by agreement"
        " the two turned cards become common knowledge)."
    ),
    "first_turn": ("The player to the dealer's left takes the first turn."),
    "draw": (
        "Draw: take the top card of the stock (face down) OR the top card of the discard pile "
        "(face up). You must draw before any other action."
    ),
    "decide": (
        "Decide: you must now either REPLACE a grid card with the card drawn, or DISCARD the "
        "card drawn and TURN UP one face-down grid card instead."
    ),
    "replace": (
        "Replace: take any card from your grid (face up or face down), place it face up on the "
        "discard pile and put the drawn card face up in its place. That position in your grid "
        "stays face up for the rest of the hole."
    ),
    "discard_and_turn": (
        "Discard and turn up: if you drew from the stock, you may choose to discard that card "
        "and turn up one face-down card of your grid instead. You may NOT put a card taken from"
        " the discard pile straight back without making a replacement (the anti-stall rule)."
    ),
    "clockwise": ("The turn passes clockwise."),
    "hole_ends": (
        "The hole ends the moment a player turns up or replaces their LAST face-down card, so "
        "that all %(size)s of their cards are face up."
    ),
    "last_turns": ("Play goes on clockwise; every other player gets ONE LAST TURN to respond."),
    "scored": (
        "After the last turns every player turns up the remaining face-down cards of their grid"
        " and works out the score of the hole."
    ),
    "ender": (
        "Under the standard rules the player who ended the hole gets no bonus or penalty; in the "
        "optional ‘knock’ variant, however, they get %(penalty)s penalty points if they do not "
        "have the lowest score of the hole."
    ),
    "score_columns": (
        "For each column of your grid (the card in the top row and the card in the bottom row),"
        " look for column pairs: if the two cards in a column have the same rank, they BOTH "
        "count as %(pair)s points for that column."
    ),
    "score_values": (
        "Otherwise, add up the point values of the two cards in the column: Ace=%(ace)s, "
        "%(two)s-%(nine)s=face value, %(ten)s/J/Q=%(ten_value)s, King=%(king)s, "
        "Joker=%(joker)s."
    ),
    "three_columns": ("Add up your three column scores for the final score of the hole."),
    "negative": (
        "The lowest total is best for the hole; negative totals are possible if your grid holds"
        " Kings (%(king)s), column pairs (%(pair)s) and Jokers (%(joker)s)."
    ),
    "scoreboard": ("Write down each player's score for the hole on a %(holes)s-hole scorecard."),
    "winning": (
        "After the agreed number of holes (%(holes)s is standard, although %(long)s is popular "
        "for a longer match) you add up each player's hole scores. The lowest cumulative score "
        "wins the match. Ties can be broken by playing an extra hole, or settled amicably."
    ),
    "four_card": (
        "%(four)s-Card Golf (Polish Polka / Polish Poker): %(four)s cards in a "
        "%(rows)sx%(columns)s grid. Quicker rounds; fewer chances for column pairs. %(min)s "
        "to %(max)s players."
    ),
    "nine_card": (
        "%(nine)s-Card Golf: %(nine)s cards in a %(rows)sx%(columns)s grid. A column cancels"
        " only when all three of its cards are alike. The hole ends when a player turns up all"
        " %(nine)s cards. A longer, richer version for %(min)s to %(max)s players."
    ),
    "peek": (
        "Peek variant (%(four)s cards): at the start of the hole players secretly look at "
        "%(up)s cards of their grid (instead of turning them up)."
    ),
    "cut": "Shuffle the deck (or both decks). The player to the dealer's right cuts.",
    "play_heading": "Play (%(six)s-Card Golf)",
    "glossary_polish": "Polish Polka / Polish Poker: regional names for %(four)s-Card Golf.",
    "glossary_knock": (
        "Knock: in the optional knock variant, a player's signal to end the hole once every "
        "other player has had one more turn."
    ),
    "knock": (
        "Knock variant: any player may signal the end of the hole by knocking; the others get "
        "one last turn. The knocker gets %(penalty)s penalty points if they do not have the "
        "lowest score."
    ),
    "no_jokers": (
        "No-Jokers variant: the Jokers are left out; a pure game with %(deck)s cards, slightly "
        "higher average scores per hole."
    ),
    "double_deck": (
        "Double-deck variant: use two decks of %(deck)s cards (plus Jokers) for %(from)s or "
        "more players, so that the stock runs out less quickly and column pairs are more "
        "frequent."
    ),
    "wild_twos": (
        "Wild Twos: Twos count %(wild)s instead of %(plain)s (which makes them semi-Jokers); "
        "sometimes used in family games."
    ),
    "row_rule": (
        "Row cancelling: a house rule in which cards of equal rank in the same ROW also "
        "cancel (not only those in the same column); more forgiving, but it changes the "
        "positional strategy."
    ),
    "tip_pairs": (
        "Give column pairs priority. Two Jacks in one column score %(together)s points; two "
        "Jacks in different columns score %(apart)s points."
    ),
    "tip_kings": (
        "Keep Kings. A King on its own is %(king)s; a King paired with another King is still "
        "%(pair)s, but it also blocks the column. Kings are safe to keep."
    ),
    "tip_jokers": (
        "Jokers are gold. Each is worth %(joker)s. Two Jokers in a column are a pair like any "
        "other and score %(pair)s on this page (some house rules keep them at "
        "%(pair_of_jokers)s). Always take a Joker from the discard pile."
    ),
    "tip_high": (
        "Replace high cards first. A %(ten)s, Jack or Queen in your grid is %(ten_value)s "
        "points of dead weight unless you can pair it."
    ),
    "tip_unknown": (
        "Weigh the risk of unknown cards. A face-down card can be anything; on average it is "
        "about %(about)s points, but it can also be %(high)s or a Joker. Turn cards over with "
        "care."
    ),
    "tip_watch": (
        "Watch your opponents' visible grids. If they already have two Queens face up, the "
        "remaining Queens are more likely to be in the stock or among their own face-down cards."
    ),
    "tip_end": (
        "Go out only when you are confident that your score is hard to beat in one last turn; "
        "do not go out too early with a high score."
    ),
    "tip_anti_stall": (
        "Remember the anti-stall rule: a card taken from the discard pile MUST go into your "
        "grid; you cannot put it straight back."
    ),
    "tips_measured": (
        "What a tip is worth was measured in play: a strong computer player that follows every "
        "tip against the same player ignoring one tip, or doing its opposite, heads-up, "
        "%(deals)s deals for each tip, each played twice with the seats swapped."
    ),
    "tip_pairs_worth": (
        "Measured: against a player who knows the pair rule but does not play for pairs, the "
        "tip makes no measurable difference; against one who does not know the rule, it is "
        "worth about %(reversed)s points a hole."
    ),
    "tip_kings_worth": (
        "Measured: a player who counts a King at its %(king)s points keeps Kings anyway; "
        "against one who replaces them like picture cards, the tip is worth about "
        "%(reversed)s points a hole."
    ),
    "tip_jokers_worth": (
        "Measured: a player who judges a Joker on the discard pile by its points, like any "
        "other card, takes it too and scored exactly the same in every deal; against one who "
        "never takes one, the tip is worth about %(reversed)s points a hole."
    ),
    "tip_high_worth": (
        "Measured: against a player who puts a card in the first place where it helps, "
        "whatever it replaces, the tip is worth about %(worth)s points a hole; against one "
        "who puts it where it helps least, about %(reversed)s points."
    ),
    "tip_unknown_measured": (
        "Measured: the face-down cards a strong computer player chose to turn up, %(cards)s of "
        "them, were worth %(about)s points on average."
    ),
    "tip_watch_worth": (
        "Measured: against a player who counts only the cards face up on the table now, the "
        "tip is worth about %(worth)s points a hole; against one who counts only its own "
        "cards, it makes no measurable difference."
    ),
    "tip_end_worth": (
        "Measured: against a player who goes out as soon as its expected score is below the "
        "others' as their grids stand, the tip is worth about %(worth)s points a hole; "
        "against one who goes out whenever it can, about %(reversed)s points."
    ),
    "glossary_grid": (
        "Grid: your own layout of face-down (later face-up) cards, usually %(rows)s rows by "
        "%(columns)s columns (%(six)s-Card Golf)."
    ),
    "glossary_hole": (
        "Hole: one complete deal and round; a match usually consists of %(holes)s holes."
    ),
    "glossary_pair": (
        "Column pair: two cards of the same rank in the same column of your grid; they score "
        "%(pair)s."
    ),
    "glossary_replace": (
        "Replace: put the card you drew into your grid in place of one of your cards, which "
        "goes to the discard pile."
    ),
    "glossary_turn_up": (
        "Turn up: turn a face-down grid card face up instead of using the card you drew (only "
        "after discarding a card drawn from the stock)."
    ),
    "stock_out": (
        "When the stock runs out, the discard pile except its top card is shuffled to make a "
        "new stock."
    ),
    "nine_up": ("At the start each player turns up %(up)s of their cards."),
    "knock_when": (
        "You knock instead of drawing, on any of your turns, the first included; a tie for the "
        "lowest score is not the lowest, so a knocker who ties is penalised too."
    ),
    "row_pairs": ("Two equal cards in a row are enough; the row's third card still counts."),
}
"""The page's sentences that state a rule (English msgids, as the template has them)."""


def grid(*rows: str) -> list[list[Card]]:
    return [[parse_card(text) for text in row.split()] for row in rows]


def said_value(facts: Facts, card: Card) -> int:
    """A card's points as the page's values list gives them."""
    value = facts["value"]
    if card.is_joker:
        return int(value.joker)
    if card.rank == 1:
        return int(value.ace)
    if facts["face_from"] <= card.rank <= facts["face_to"]:
        return card.rank
    if facts["ten_rank"] <= card.rank <= 12:
        return int(value.ten)
    return int(value.king)


def column_score(cards: list[str], options: Options = DEFAULT_OPTIONS) -> int:
    """The score of a 2x3 grid whose first column holds ``cards`` and whose other columns
    hold two Kings of different columns' rows (worth nothing, never pairing with the first)."""
    top, bottom = cards
    return score_grid(grid(f"{top} KS KD", f"{bottom} KH KC"), options).columns[0]


def slot(hole: Hole, index: int) -> tuple[int, int]:
    """The (row, column) of grid slot ``index``, counted from 1 as the engine counts them."""
    row, column = divmod(index, hole.columns)
    return row + 1, column + 1


def seeded_holes(options: Options, players: int, count: int = 30) -> list[Hole]:
    """Holes played to their end by random legal players, from fixed seeds."""
    done = []
    for seed in range(count):
        hole = Hole(players, options, seed=seed, dealer=seed % players)
        done.append(play_hole(hole, RandomPlayer(), random.Random(seed)))
    return done


# -- the values the sentences state in words, measured in the engine ----------------

SIDES = Words("side of the dealer", {"right": "right", "left": "left"})
WINS = Words("score that wins", {"lowest": "lowest", "highest": "highest"})
CUT_DEALS = Words("card of the cut that deals", {"lowest": "lowest", "highest": "highest"})
TURNS = Words("direction of play", {"clockwise": "clockwise", "anticlockwise": "anticlockwise"})
MAY = Words("permission", {True: "may", False: "may NOT"})
MUST = Words("obligation", {True: "must", False: "may"})
CAN = Words("permission", {True: "can", False: "cannot"})
LAST_TURNS = Words("last turns per player", {1: "ONE LAST TURN", 2: "TWO LAST TURNS"})
MORE_TURNS = Words("more turns per player", {1: "one more turn", 2: "two more turns"})


def _side(players: int, dealer: int, seat: int) -> str:
    """The side of the dealer ``seat`` sits on (seats go clockwise: the player to a seat's
    left is the next seat); ``"neither"`` for a seat next to the dealer on neither side."""
    if seat == (dealer + 1) % players:
        return "left"
    if seat == (dealer - 1) % players:
        return "right"
    return "neither"


def _one(values: set[Any]) -> Any:
    """The one value every situation gave, or all of them (a claim's table has no words for
    a set, so the sentence is reported with what the engine gave)."""
    return next(iter(values)) if len(values) == 1 else frozenset(values)


def cutter_side(facts: Facts) -> Any:
    """The side of the dealer the seat that cuts sits on, at tables of 3 to 6 (with two
    players the other player is on both sides)."""
    return _one(
        {
            _side(players, dealer, Hole(players, Options(), seed=players, dealer=dealer).cutter)
            for players in range(3, 7)
            for dealer in range(players)
        }
    )


def first_turn_side(facts: Facts) -> Any:
    """The side of the dealer the player who takes the first turn sits on."""
    return _one(
        {
            _side(players, dealer, Hole(players, Options(), seed=dealer, dealer=dealer).current)
            for players in range(3, 7)
            for dealer in range(players)
        }
    )


def cut_deals(facts: Facts) -> Any:
    """Which card of the cut for the first dealer deals: the dealer's card against the
    others of the last round of cutting, over many cuts."""
    orders = set()
    for seed in range(200):
        cut = cut_for_dealer(2 + seed % 5, seed)
        ranks = {seat: card.rank for seat, card in cut.rounds[-1]}
        mine = ranks.pop(cut.dealer)
        orders.add(
            "lowest"
            if all(mine < r for r in ranks.values())
            else "highest"
            if all(mine > r for r in ranks.values())
            else "neither"
        )
    return _one(orders)


def _direction(players: int, before: int, after: int) -> str:
    if after == (before + 1) % players:
        return "clockwise"
    return "anticlockwise" if after == (before - 1) % players else "neither"


def deal_order_direction(facts: Facts) -> Any:
    """Where each card of the deal goes after the one before: holes of 3 to 6."""
    seen = set()
    for players in range(3, 7):
        order = Hole(players, Options(), seed=players, dealer=1).deal_order
        seen |= {_direction(players, a, b) for a, b in itertools.pairwise(order)}
    return _one(seen)


def turn_direction(facts: Facts) -> Any:
    """Where the turn goes after a turn: holes of 3 to 5 played by random legal players."""
    seen = set()
    for players in range(3, 6):
        hole = Hole(players, Options(), seed=players, dealer=0)
        rng = random.Random(players)
        for _ in range(3 * players):
            seat = hole.current
            hole.play(hole.legal_actions()[0])  # a draw
            finishing = [a for a in hole.legal_actions()]
            hole.play(rng.choice(finishing))
            if hole.over or hole.ending:
                break
            seen.add(_direction(players, seat, hole.current))
    return _one(seen)


def deal_direction(facts: Facts) -> Any:
    """Where the deal goes from hole to hole of a match."""
    return _one(
        {
            _direction(players, Match(players).dealer_of(k), Match(players).dealer_of(k + 1))
            for players in range(3, 7)
            for k in range(6)
        }
    )


def winner_order(facts: Facts) -> Any:
    """Which total wins a match: the winners' totals against the others', matches of random
    players."""
    orders = set()
    for seed in range(4):
        match = Match(3, holes=2, seed=seed)
        for number in range(2):
            play_hole(match.start_hole(), RandomPlayer(), random.Random(seed * 10 + number))
        totals = match.totals()
        won = {totals[seat] for seat in match.winners()}
        lost = [t for seat, t in enumerate(totals) if seat not in match.winners()]
        orders.add(
            "lowest"
            if all(w < t for w in won for t in lost)
            else "highest"
            if all(w > t for w in won for t in lost)
            else "neither"
        )
    return _one(orders)


def _after_draw_from(pile: str, seed: int = 4) -> tuple[Hole, int]:
    """A hole of 3 whose first player has drawn from ``pile`` (``stock`` or ``discard``)."""
    hole = Hole(3, Options(), seed=seed, dealer=0)
    seat = hole.current
    hole.play(Action.draw_stock(seat) if pile == "stock" else Action.draw_discard(seat))
    return hole, seat


def _discard_allowed(pile: str) -> bool:
    hole, seat = _after_draw_from(pile)
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    return hole.refusal(Action.discard(seat, *slot(hole, down[0]))) is None


def put_back_discard(facts: Facts) -> bool:
    """Whether a card taken from the discard pile may be discarded again."""
    return _discard_allowed("discard")


def discard_from_stock(facts: Facts) -> bool:
    """Whether a card drawn from the stock may be discarded (to turn a card up)."""
    return _discard_allowed("stock")


def must_draw_first(facts: Facts) -> bool:
    """Whether a player must draw before anything else: a replacement before drawing."""
    hole = Hole(3, Options(), seed=4, dealer=0)
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    return hole.refusal(Action.replace(seat, *slot(hole, down[0]))) is Reason.DRAW_FIRST


def must_place_or_discard(facts: Facts) -> Any:
    """Whether a player who has drawn must replace a grid card or discard (and turn one up):
    nothing else is legal then, from the stock or the discard pile."""
    kinds = set()
    for pile in ("stock", "discard"):
        hole, _seat = _after_draw_from(pile)
        kinds |= {action.kind for action in hole.legal_actions()}
    return kinds <= {"replace", "discard"} and "replace" in kinds


def may_knock(facts: Facts) -> Any:
    """Whether any player may knock at the start of a turn (knock variant)."""
    allowed = set()
    for seed in range(3):
        hole = Hole(4, Options(knock=True), seed=seed, dealer=seed)
        for _ in range(4):
            seat = hole.current
            allowed.add(any(a.kind == "knock" for a in hole.legal_actions()))
            hole.play(Action.draw_stock(seat))
            hole.play(next(a for a in hole.legal_actions() if a.kind == "replace"))
    return _one(allowed)


def knock_spared(facts: Facts) -> Any:
    """Which score spares the player who ended a knock-variant hole the penalty."""
    spared = set()
    for ended_by in ("knock", "out"):
        for hole in _knock_holes(ended_by, count=30):
            assert hole.ender is not None
            grid = [g.score for g in hole.grid_scores()]
            mine, others = grid[hole.ender], [s for i, s in enumerate(grid) if i != hole.ender]
            penalised = hole.scores()[hole.ender] != mine
            lowest, highest = all(mine < s for s in others), all(mine > s for s in others)
            spared.add(
                "lowest"
                if penalised != lowest
                else "highest"
                if penalised != highest
                else "neither"
            )
    return _one(spared)


def last_turns_each(facts: Facts) -> Any:
    """How many last turns each other player gets once a player ended the hole."""
    counts = set()
    for hole in seeded_holes(Options(), 4, count=12):
        if hole.ended_by == "out" and hole.ender is not None:
            others = [s for s in range(hole.players) if s != hole.ender]
            counts |= {hole.last_turns_taken.count(seat) for seat in others}
    return _one(counts)


def _grid_shape(layout: Layout) -> tuple[int, int]:
    shape = Hole(layout.players.start, Options(layout=layout), seed=3).grid(0)
    return len(shape), len(shape[0])


PAIR_CARDS = counted("cards of a 6-card column")


def column_cards(facts: Facts) -> int:
    """The cards of one column of a 6-card grid (its rows) as a hole deals it."""
    return _grid_shape(Layout.SIX)[0]


def decks_used(facts: Facts) -> frozenset[int]:
    """The numbers of decks a 6-card hole is dealt from, over the players it allows."""
    return frozenset(Options().decks_for(n) for n in range(facts["six_min"], facts["six_max"] + 1))


def ender_bonus(facts: Facts) -> Any:
    """What the player who went out gets on top of their grid's score, by default."""
    return _one(
        {
            hole.scores()[hole.ender] - hole.grid_scores()[hole.ender].score
            for hole in seeded_holes(Options(), 4, count=12)
            if hole.ended_by == "out" and hole.ender is not None
        }
    )


def six_columns(facts: Facts) -> int:
    """The columns of a 6-card grid as a hole deals it."""
    return _grid_shape(Layout.SIX)[1]


def nine_column_cards(facts: Facts) -> int:
    """The cards of one column of a 9-card grid (its rows) as a hole deals it."""
    return _grid_shape(Layout.NINE)[0]


def turned_at_start(facts: Facts) -> Any:
    """How many cards each player has face up at the start of a 6-card hole."""
    return _one({sum(Hole(4, Options(), seed=seed).face_up[0]) for seed in range(5)})


def pair_points(facts: Facts) -> Any:
    """The points of two cards of one rank in a column, by rank."""
    return _one({column_score([f"{rank}S", f"{rank}H"]) for rank in "A23456789TJQK"})


@claim(
    "six-values",
    S["intro"],
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


@claim("six-suits", S["suits"])
def suits(facts: Facts) -> list[str]:
    base = score_grid(grid("7S 9C QD", "7H 2D 5S")).score
    other = score_grid(grid("7C 9D QH", "7D 2S 5H")).score
    return [] if base == other else [f"the same ranks in other suits score {other}, not {base}"]


@claim(
    "six-deal",
    S["summary"],
    S["deal"],
    S["lay_out"],
    S["stock"],
    S["turn_up"],
    S["first_turn"],
    says=[
        Says(S["deal"], "one at a time, {}", TURNS, lambda facts: deal_order_direction(facts)),
        Says(
            S["turn_up"], "the {} turned cards", counted("cards up at the start"), turned_at_start
        ),
        Says(S["first_turn"], "the dealer's {} takes the first turn", SIDES, first_turn_side),
    ],
)
def deal(facts: Facts) -> list[str]:
    found = []
    players, dealer = 4, 2
    hole = Hole(players, Options(), seed=11, dealer=dealer)
    six: Layout = facts["six"]
    order = [(dealer + 1 + k) % players for k in range(players)] * six.size
    if hole.deal_order != order:
        found.append(
            f"the cards are dealt to seats {hole.deal_order[:8]}..., not one at a time "
            "clockwise from the dealer's left"
        )
    for seat in range(players):
        shape = hole.grid(seat)
        if (len(shape), len(shape[0])) != (six.rows, six.columns):
            found.append(f"a grid is {len(shape)}x{len(shape[0])}")
        up = sum(hole.face_up[seat])
        if up != facts["face_up"]:
            found.append(f"a player starts with {up} cards up, the page says {facts['face_up']}")
    if len(hole.discard) != 1 or len(hole.stock) + 1 + players * six.size != len(hole.deck):
        found.append("the cards left over are not the stock and one card face up beside it")
    if hole.current != (dealer + 1) % players:
        found.append(f"seat {hole.current} starts, not the player left of the dealer")
    return found


@claim(
    "six-turn",
    S["summary"],
    S["draw"],
    S["decide"],
    S["replace"],
    S["discard_and_turn"],
    S["clockwise"],
    S["tip_anti_stall"],
    S["glossary_replace"],
    S["glossary_turn_up"],
    says=[
        Says(S["draw"], "You {} draw before any other action", MUST, must_draw_first),
        Says(S["decide"], "you {} now either REPLACE", MUST, must_place_or_discard),
        Says(
            S["tip_anti_stall"],
            "discard pile {} go into your grid",
            Words("obligation", {True: "MUST", False: "may"}),
            lambda facts: not put_back_discard(facts),
        ),
        Says(S["discard_and_turn"], "you {} choose to discard that card", MAY, discard_from_stock),
        Says(
            S["discard_and_turn"],
            "You {} put a card taken from the discard pile straight back",
            MAY,
            put_back_discard,
        ),
        Says(S["clockwise"], "The turn passes {}.", TURNS, turn_direction),
        Says(S["tip_anti_stall"], "you {} put it straight back", CAN, put_back_discard),
    ],
)
def turn(facts: Facts) -> list[str]:
    found = []
    hole = Hole(3, Options(), seed=4, dealer=0)
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    row, column = slot(hole, down[0])
    if hole.refusal(Action.replace(seat, row, column)) is not Reason.DRAW_FIRST:
        found.append("a player may replace a card before drawing")
    top = hole.discard[-1]
    hole.play(Action.draw_discard(seat))
    if hole.refusal(Action.discard(seat, row, column)) is not Reason.ANTI_STALL:
        found.append("a card taken from the discard pile may be discarded again")
    old = hole.grid(seat)[row - 1][column - 1]
    hole.play(Action.replace(seat, row, column))
    if hole.grid(seat)[row - 1][column - 1] != top or not hole.face_up[seat][down[0]]:
        found.append("the card taken does not lie face up in the grid")
    if hole.discard[-1] != old:
        found.append("the replaced card does not go onto the discard pile")
    if hole.current != (seat + 1) % 3:
        found.append("the turn does not pass clockwise")
    seat = hole.current
    down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
    row, column = slot(hole, down[0])
    hole.play(Action.draw_stock(seat))
    drawn = hole.hand
    if hole.refusal(Action.discard(seat, row, column)) is not None:
        found.append("a card drawn from the stock may not be discarded to turn a card up")
    hole.play(Action.discard(seat, row, column))
    if hole.discard[-1] != drawn or not hole.face_up[seat][down[0]]:
        found.append("discarding the card drawn does not turn the face-down card up")
    return found


@claim(
    "six-end",
    S["summary"],
    S["hole_ends"],
    S["last_turns"],
    S["scored"],
    S["ender"],
    says=[
        Says(S["summary"], "every other player gets {} and", MORE_TURNS, last_turns_each),
        Says(
            S["ender"],
            "the player who ended the hole gets {};",
            Words("ender's bonus", {0: "no bonus or penalty", 10: "a penalty", -10: "a bonus"}),
            ender_bonus,
        ),
        Says(S["last_turns"], "Play goes on {};", TURNS, turn_direction),
        Says(S["last_turns"], "every other player gets {} to respond", LAST_TURNS, last_turns_each),
    ],
)
def end(facts: Facts) -> list[str]:
    found = []
    for hole in seeded_holes(Options(), 4):
        if hole.ended_by != "out":
            continue
        ender = hole.ender
        assert ender is not None
        others = sorted(s for s in range(4) if s != ender)
        if sorted(hole.last_turns_taken) != others:
            found.append(
                f"after seat {ender} went out, the last turns were {hole.last_turns_taken}"
            )
        if hole.scores() != tuple(g.score for g in hole.grid_scores()):
            found.append("the player who ended the hole gets a bonus or a penalty by default")
        if not all(all(up) for up in hole.face_up):
            found.append("not every card is turned up for the score")
    return found[:3]


@claim(
    "six-cut",
    S["cut"],
    says=[Says(S["cut"], "The player to the dealer's {} cuts", SIDES, cutter_side)],
)
def cut(facts: Facts) -> list[str]:
    """Another player than the dealer cuts; the side the sentence names is measured by
    :func:`cutter_side` (seats go clockwise, so the player to a seat's left is the next seat)."""
    found = []
    for players in range(2, 7):
        for dealer in range(players):
            hole = Hole(players, Options(), seed=players, dealer=dealer)
            if hole.cutter == dealer or not 0 <= hole.cutter < players:
                found.append(f"with {players} players and dealer {dealer}, seat {hole.cutter} cuts")
    return found[:3]


def _knock_holes(ended_by: str, count: int = 60) -> list[Hole]:
    """Holes of the knock variant played by random legal players to their end, ended by
    ``ended_by``: ``knock`` (a player knocks) or ``out`` (nobody knocks, so someone turns
    up their last card)."""
    done = []
    for seed in range(count):
        hole = Hole(3, Options(knock=True), seed=seed, dealer=seed % 3)
        rng = random.Random(seed)
        while not hole.over:
            actions = hole.legal_actions()
            knocks = [a for a in actions if a.kind == "knock"]
            if ended_by == "knock" and knocks and rng.random() < 0.2:
                hole.play(knocks[0])
                continue
            hole.play(rng.choice([a for a in actions if a.kind != "knock"] or actions))
        if hole.ended_by == ended_by:
            done.append(hole)
    return done


@claim(
    "six-knock",
    S["ender"],
    S["knock"],
    S["glossary_knock"],
    says=[
        Says(
            S["knock"],
            "the others get {}.",
            Words("last turns", {1: "one last turn", 2: "two last turns"}),
            lambda facts: last_turns_each(facts),
        ),
        Says(S["knock"], "any player {} signal the end", MAY, lambda facts: may_knock(facts)),
        Says(S["knock"], "do not have the {} score.", WINS, lambda facts: knock_spared(facts)),
        Says(
            S["ender"],
            "do not have the {} score of the hole",
            WINS,
            lambda facts: knock_spared(facts),
        ),
        Says(S["glossary_knock"], "has had {}.", MORE_TURNS, lambda facts: last_turns_each(facts)),
    ],
)
def knock(facts: Facts) -> list[str]:
    """Whoever ended a hole of the knock variant, by knocking or by turning up their last
    card, gets the penalty unless their score is the lowest; the others get one last turn."""
    found = []
    penalty = int(facts["knock_penalty"])
    for ended_by in ("knock", "out"):
        holes = _knock_holes(ended_by)
        penalised = lowest = 0
        for hole in holes:
            assert hole.ender is not None
            grid_scores = [g.score for g in hole.grid_scores()]
            mine = grid_scores[hole.ender]
            is_lowest = all(mine < s for i, s in enumerate(grid_scores) if i != hole.ender)
            expected = mine + (0 if is_lowest else penalty)
            penalised += not is_lowest
            lowest += is_lowest
            if hole.scores()[hole.ender] != expected:
                found.append(
                    f"a player who ended the hole by {'knocking' if ended_by == 'knock' else 'going out'} "
                    f"with {mine} scores {hole.scores()[hole.ender]}, the page {expected}"
                )
            others = sorted(s for s in range(hole.players) if s != hole.ender)
            if sorted(hole.last_turns_taken) != others:
                found.append(
                    f"after seat {hole.ender} ended the hole, the last turns were {hole.last_turns_taken}"
                )
        if not penalised or not lowest:
            found.append(
                f"the holes ended by {ended_by} show {penalised} penalised and {lowest} lowest "
                "enders: both cases must be played"
            )
    return found[:3]


@claim(
    "six-match",
    S["intro"],
    S["summary"],
    S["object"],
    S["scoreboard"],
    S["winning"],
    S["glossary_hole"],
    INDEX,
    says=[
        Says(S["intro"], "in which the {} score wins", WINS, winner_order),
        Says(
            S["summary"],
            "the {} the score, the better",
            Words("score that wins", {"lowest": "lower", "highest": "higher"}),
            winner_order,
        ),
        Says(S["summary"], "the player with the {} cumulative score wins", WINS, winner_order),
        Says(S["object"], "Get the {} total score", WINS, winner_order),
        Says(S["winning"], "The {} cumulative score wins the match", WINS, winner_order),
        Says(INDEX, "the {} score over %(holes)s holes wins", WINS, winner_order),
    ],
)
def match(facts: Facts) -> list[str]:
    found = []
    if Match(3).holes != facts["holes"]:
        found.append(f"a match has {Match(3).holes} holes by default")
    long = Match(3, holes=facts["long_holes"], seed=1)
    dealers = [long.dealer_of(k) for k in range(4)]
    if dealers != [0, 1, 2, 0]:
        found.append(f"the deal goes to seats {dealers}, not clockwise")
    scores = []
    for number in range(facts["long_holes"]):
        hole = long.start_hole()
        play_hole(hole, RandomPlayer(), random.Random(number))
        scores.append(hole.scores())
        long.finish_hole()
    totals = [sum(hole[seat] for hole in scores) for seat in range(3)]
    if long.winners() != [s for s, t in enumerate(totals) if t == min(totals)]:
        found.append(f"with totals {totals} the winners are {long.winners()}")
    return found


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


@claim(
    "six-players",
    S["summary"],
    S["players"],
    S["four_card"],
    S["nine_card"],
    INDEX,
    says=[
        Says(S["players"], "Play goes {};", TURNS, turn_direction),
        Says(S["players"], "chosen by cutting ({} card deals)", CUT_DEALS, cut_deals),
        Says(S["players"], "the deal passes {} after each hole", TURNS, deal_direction),
    ],
)
def players(facts: Facts) -> list[str]:
    found = []
    for layout in Layout:
        low, high = facts[f"{layout.name.lower()}_min"], facts[f"{layout.name.lower()}_max"]
        for count in range(1, 9):
            try:
                Hole(count, Options(layout=layout), seed=0)
                allowed = True
            except OptionsError:
                allowed = False
            if allowed != (low <= count <= high):
                found.append(
                    f"{layout.value} with {count} players is {'' if allowed else 'not '}dealt"
                )
    return found


@claim(
    "six-layouts",
    S["intro"],
    S["summary"],
    S["lay_out"],
    S["three_columns"],
    S["four_card"],
    S["nine_card"],
    S["glossary_grid"],
    S["play_heading"],
    S["glossary_polish"],
    says=[
        Says(S["three_columns"], "Add up your {} column scores", counted("columns"), six_columns),
        Says(
            S["nine_card"],
            "only when all {} of its cards are alike",
            counted("cards of a 9-card column"),
            nine_column_cards,
        ),
    ],
)
def layouts(facts: Facts) -> list[str]:
    found = []
    for layout in Layout:
        hole = Hole(layout.players.start, Options(layout=layout), seed=3)
        shape = hole.grid(0)
        said = facts[layout.name.lower()]
        if (len(shape), len(shape[0])) != (said.rows, said.columns) or said.size != len(
            shape
        ) * len(shape[0]):
            found.append(f"a {layout.value} grid is {len(shape)}x{len(shape[0])}")
    # The match applies to the three cards of a column: by the engine's default (the
    # published 9-card rule) only three alike cancel; two 7s and a 9 score 7 + 7 + 9.
    nine = Options(layout=Layout.NINE)
    three = score_grid(grid("7S 2C 3C", "7H 4C 5C", "7D 6C 8C"), nine).columns[0]
    pair = score_grid(grid("7S 2C 3C", "7H 4C 5C", "9D 6C 8C"), nine).columns[0]
    if nine.column_rule is not ColumnMatch.THREE_ALIKE or three != 0 or pair != 7 + 7 + 9:
        found.append(f"a 9-card column of three 7s scores {three}, two 7s and a 9 score {pair}")
    hole = Hole(3, nine, seed=1)
    while not hole.over:
        seat = hole.current
        hole.play(Action.draw_stock(seat))
        down = [i for i, up in enumerate(hole.face_up[seat]) if not up]
        if not down:
            hole.play(Action.replace(seat, 1, 1))
            continue
        hole.play(Action.discard(seat, *slot(hole, down[0])))
    if hole.ended_by == "out" and not all(hole.face_up[hole.ender or 0]):
        found.append("a 9-card hole ends before a player has turned up all nine cards")
    return found


@claim("six-peek", S["peek"])
def peek(facts: Facts) -> list[str]:
    hole = Hole(4, Options(layout=Layout.FOUR, peek=True), seed=2)
    found = []
    for seat in range(4):
        if any(hole.face_up[seat]) or len(hole.known[seat]) != facts["face_up"]:
            found.append(f"seat {seat} turned cards up or knows {len(hole.known[seat])} cards")
    return found


@claim("six-wild-twos", S["wild_twos"])
def wild_twos(facts: Facts) -> list[str]:
    wild = column_score(["2S", "9H"], Options(wild_twos=True)) - 9
    plain = column_score(["2S", "9H"]) - 9
    if (wild, plain) != (facts["wild_two"], int(facts["plain_two"])):
        return [f"a two scores {wild} with wild twos and {plain} without"]
    return []


@claim("six-joker-pair", S["tip_jokers"])
def joker_pair(facts: Facts) -> list[str]:
    """Two Jokers in a column score as the page's pair rule (its scoring section's 0), and -4
    under the house rule the tip names; one Joker scores the value table's -2."""
    zero = column_score(["JK", "JK"])
    four = column_score(["JK", "JK"], Options(joker_pair=JokerPair.MINUS_FOUR))
    single = column_score(["JK", "5H"]) - 5
    if (zero, four, single) != (facts["pair_score"], facts["joker_pair"], facts["value"].joker):
        return [f"a Joker pair scores {zero} (or {four}), one Joker {single}"]
    return []


@claim("six-row-rule", S["row_rule"])
def row_rule(facts: Facts) -> list[str]:
    cards = grid("7S 7H 2C", "3D 4D 5D")
    plain = score_grid(cards).score
    rows = score_grid(cards, Options(row_rule=RowRule.PAIRS)).score
    if plain != 7 + 3 + 7 + 4 + 2 + 5 or rows != 3 + 4 + 2 + 5:
        return [f"two 7s in a row score {plain - 16} without the house rule, {rows - 14} with it"]
    return []


def _verdict(name: str) -> evidence.Verdict:
    return next(v for v in evidence.judge() if v.claim == name)


def _backed(name: str) -> list[str]:
    verdict = _verdict(name)
    return [] if verdict.verdict == "backed" else [f"the simulation says {verdict.detail}"]


def simulated(measure: str, base: str, other: str) -> str:
    """How configuration ``other`` compares with ``base`` on ``measure`` in the committed
    simulation, for every player: ``higher`` or ``lower`` (the 95% intervals apart), else
    ``undecided``."""
    data = evidence.load()
    figures = data["figures"]
    seen = {
        evidence.compare(figures[base][player][measure], figures[other][player][measure])
        for player in data["players"]
    }
    return {"backed": "higher", "contradicted": "lower"}.get(_one(seen), "undecided")


COMPARED = Words("simulation's comparison", {"higher": "higher", "lower": "lower"})


@claim(
    "six-no-jokers-higher",
    S["no_jokers"],
    says=[
        Says(
            S["no_jokers"],
            "slightly {} average scores",
            COMPARED,
            lambda facts: simulated("hole_score", "6-card", "6-card-no-jokers"),
        )
    ],
)
def no_jokers_higher(facts: Facts) -> list[str]:
    return _backed("no-jokers-higher")


@claim(
    "six-four-card-fewer",
    S["four_card"],
    says=[
        Says(
            S["four_card"],
            "; {} chances for column pairs",
            Words("simulation's comparison", {"lower": "fewer", "higher": "more"}),
            lambda facts: simulated("pairs_per_grid", "6-card", "4-card"),
        )
    ],
)
def four_card_fewer(facts: Facts) -> list[str]:
    return _backed("four-card-fewer-cancelling")


@claim(
    "six-double-deck-pairs",
    S["double_deck"],
    says=[
        Says(
            S["double_deck"],
            "column pairs are {} frequent",
            Words("simulation's comparison", {"higher": "more", "lower": "less"}),
            lambda facts: simulated("paired_column_share", "6-card", "6-card-double-deck"),
        )
    ],
)
def double_deck_pairs(facts: Facts) -> list[str]:
    return _backed("double-deck-more-pairs")


def _acknowledged(name: str) -> list[str]:
    """A claim judged on the committed figures: it holds when they back it, or when they say
    exactly what ``generator/data/sixcard_page.yaml`` acknowledged of it (the seed's Dutch
    sentence stays either way, so a contradiction is recorded, never hidden)."""
    verdict = _verdict(name)
    acknowledged = page_data().get("acknowledged", {}).get(name)
    if verdict.verdict == "backed":
        if acknowledged:
            return [f"the data now backs {name!r}: remove its acknowledgement ({verdict.detail})"]
        return []
    if not acknowledged or acknowledged.get("figure") != verdict.detail:
        return [f"{verdict.verdict}: {verdict.detail}"]
    return []


TENTH = 0.1
"""The page states what a tip is worth in points a hole to a tenth."""


def _tournament() -> dict[str, Any]:
    return evidence.load(evidence.TOURNAMENT)


def _margin(match: str) -> dict[str, Any]:
    margin: dict[str, Any] = _tournament()["matches"][match]["margin"]
    return margin


def _shown(fig: dict[str, Any]) -> str:
    low, high = fig["ci95"]
    return f"{fig['mean']} [{low}, {high}]"


def _stated(
    stated: object, fig: dict[str, Any], what: str, unit: str = "points a hole"
) -> list[str]:
    """A figure the page states to a tenth holds when it lies in the measured 95% interval,
    widened by the rounding (half a tenth each way); a figure of "worth about" must also be
    clear of zero (else the page says it makes no measurable difference)."""
    low, high = fig["ci95"]
    if not isinstance(stated, int | float) or isinstance(stated, bool):
        return [f"the page states {stated!r} {what}: not a number"]
    found = []
    if not low - TENTH / 2 <= stated <= high + TENTH / 2:
        found.append(
            f"the page says about {stated} {unit} {what}; the tournament measured "
            f"{_shown(fig)}: state its mean to a tenth"
        )
    if low <= 0 <= high:
        found.append(
            f"the page says the tip is worth about {stated} points a hole {what}, but the "
            f"tournament's interval holds zero ({_shown(fig)}): say it makes no measurable "
            "difference"
        )
    return found


def _no_difference(fig: dict[str, Any], what: str) -> list[str]:
    low, high = fig["ci95"]
    if low <= 0 <= high:
        return []
    return [
        f"the page says the tip makes no measurable difference {what}, but the tournament "
        f"measured {_shown(fig)}: state what it is worth"
    ]


def _worth(facts: Facts, tip: str, key: str) -> object:
    return facts["tip_worth"].get(tip, {}).get(key)


def _reversed_worth(facts: Facts, tip: str) -> list[str]:
    return _stated(_worth(facts, tip, "reversed"), _margin(tip), f"against its reversal ({tip})")


def _neutral_match(tip: str) -> str | None:
    """The tip's neutral match as the tournament's file records it."""
    for entry in _tournament()["tips"]:
        if entry["claim"] == tip:
            match: str | None = entry.get("neutral_match")
            return match
    return None


@claim("six-face-down", S["tip_unknown"], S["tip_unknown_measured"])
def face_down(facts: Facts) -> list[str]:
    """'About 5.4': the value of a face-down card when the strong player turns it up, measured
    in the tournament (its ``strong_face_down``, over every match the strong player plays);
    "turn cards over with care" is a warning, not a habit play can reverse
    (:data:`generator.sixcard.tournament.TIPS`). The seed's Dutch "ongeveer 6" is not within
    half a point of what was measured: an erratum (docs_src/seed_errata.yaml)."""
    found = []
    turned = _tournament()["strong_face_down"]["turned_up"]
    found += _stated(facts["face_down_about"], turned, "for a face-down card turned up", "points")
    if facts["face_down_cards"] != turned["units"]:
        found.append(
            f"the page counts {facts['face_down_cards']} cards turned up, the tournament "
            f"{turned['units']}"
        )
    if facts["value"].ten < 10 or not JOKER.is_joker:
        found.append("the highest card is not worth 10")
    return found


# The tips play can test, each against the strong player with that habit reversed
# (generator/sixcard/tournament.py): a tip holds when following it wins points, the interval
# clear of zero. The anti-stall tip is a rule (claim six-turn); "about 5.4" is six-face-down.
# Each tip's measured sentence (English and German: the Dutch seed's tips stand where they
# are not false) states its worth against a player who ignores it (the neutral match) and
# against its reversal, as generator/data/sixcard_page.yaml gives them.


@claim("six-tips-measured", S["tips_measured"])
def tips_measured(facts: Facts) -> list[str]:
    from generator.sixcard.tournament import PLAYERS_PER_DEAL

    data = _tournament()
    found = []
    if facts["tip_deals"] != data["deals_per_match"]:
        found.append(
            f"the page says {facts['tip_deals']} deals, the tournament played {data['deals_per_match']}"
        )
    if PLAYERS_PER_DEAL != 2:
        found.append(f"the tournament seats {PLAYERS_PER_DEAL} players, not heads-up")
    return found


@claim("six-tip-pairs", S["tip_pairs"])
def tip_pairs(facts: Facts) -> list[str]:
    return _acknowledged("tip-pairs")


@claim("six-tip-pairs-worth", S["tip_pairs_worth"])
def tip_pairs_worth(facts: Facts) -> list[str]:
    neutral = "against a player who does not play for pairs (tip-pairs-neutral)"
    return _no_difference(_margin("tip-pairs-neutral"), neutral) + _reversed_worth(
        facts, "tip-pairs"
    )


@claim("six-tip-kings", S["tip_kings"])
def tip_kings(facts: Facts) -> list[str]:
    return _acknowledged("tip-kings")


@claim("six-tip-kings-worth", S["tip_kings_worth"])
def tip_kings_worth(facts: Facts) -> list[str]:
    """A player neutral about Kings judges one by its points: the player that follows the tip
    (:class:`generator.sixcard.strong.Habits`), so the tournament plays no neutral match."""
    found = []
    if _neutral_match("tip-kings") is not None:
        found.append("the tournament plays a neutral match for Kings: the neutral player differs")
    if facts["value"].king != 0:
        found.append(f"a King is worth {facts['value'].king}: keeping it is not its points")
    return found + _reversed_worth(facts, "tip-kings")


@claim("six-tip-jokers", S["tip_jokers"])
def tip_jokers(facts: Facts) -> list[str]:
    return _acknowledged("tip-jokers")


@claim("six-tip-jokers-worth", S["tip_jokers_worth"])
def tip_jokers_worth(facts: Facts) -> list[str]:
    """ "Scored exactly the same in every deal": the neutral match's margin is 0 in every deal
    (a mean of 0 with no spread)."""
    margin = _margin("tip-jokers-neutral")
    found = []
    if (margin["mean"], margin["se"]) != (0, 0):
        found.append(
            "the page says a player judging a Joker by its points scored the same in every "
            f"deal; the tournament measured {_shown(margin)} (se {margin['se']})"
        )
    return found + _reversed_worth(facts, "tip-jokers")


@claim("six-tip-high", S["tip_high"])
def tip_high(facts: Facts) -> list[str]:
    return _acknowledged("tip-high")


@claim("six-tip-high-worth", S["tip_high_worth"])
def tip_high_worth(facts: Facts) -> list[str]:
    neutral = "against a player who takes the first place that helps (tip-high-neutral)"
    stated = _worth(facts, "tip-high", "neutral")
    return _stated(stated, _margin("tip-high-neutral"), neutral) + _reversed_worth(
        facts, "tip-high"
    )


@claim("six-tip-watch", S["tip_watch"])
def tip_watch(facts: Facts) -> list[str]:
    """The seed's tip stands unless the data contradicts it: against its reversal the data is
    undecided, and the page says so beside it (claim six-tip-watch-worth)."""
    verdict = _verdict("tip-watch")
    return [] if verdict.verdict in ("backed", "undecided") else [verdict.detail]


@claim("six-tip-watch-worth", S["tip_watch_worth"])
def tip_watch_worth(facts: Facts) -> list[str]:
    neutral = "against a player who counts the cards face up now (tip-watch-neutral)"
    stated = _worth(facts, "tip-watch", "neutral")
    return _stated(stated, _margin("tip-watch-neutral"), neutral) + _no_difference(
        _margin("tip-watch"), "against a player who counts only its own cards (tip-watch)"
    )


@claim("six-tip-end", S["tip_end"])
def tip_end(facts: Facts) -> list[str]:
    return _acknowledged("tip-end")


@claim("six-tip-end-worth", S["tip_end_worth"])
def tip_end_worth(facts: Facts) -> list[str]:
    neutral = "against a player who goes out without reckoning the last turn (tip-end-neutral)"
    stated = _worth(facts, "tip-end", "neutral")
    return _stated(stated, _margin("tip-end-neutral"), neutral) + _reversed_worth(facts, "tip-end")


@claim("six-stock-out", S["stock_out"])
def stock_out(facts: Facts) -> list[str]:
    """Holes played until their stock runs out: at the end of that turn
    the discard pile but its top card is the new stock (every card of it, shuffled) and the top
    card stays. Each turn's end is also played on a copy whose stock holds one more card, so
    that the pile as it lay before the rebuild is seen."""
    found: list[str] = []
    rebuilds = 0
    for seed in range(20):
        hole = Hole(2, DEFAULT_OPTIONS, seed=seed, dealer=0)
        rng = random.Random(seed)
        while not hole.over and rebuilds < 12:
            # a player who draws from the stock and lays the card on a face-up place: the
            # hole goes on until the stock runs out
            actions = hole.legal_actions()
            draws = [a for a in actions if a.kind == "draw-stock"]
            onto_up = [
                a
                for a in actions
                if a.kind == "replace" and hole.face_up[a.player][hole._index(a.row, a.column)]
            ]
            action = draws[0] if draws else rng.choice(onto_up or actions)
            if hole.stock:  # only a turn that ends on an empty stock rebuilds it
                hole.play(action)
                continue
            before = copy.deepcopy(hole)
            before.stock.insert(0, JOKER)  # a card more at the bottom: no rebuild there
            hole.play(action)
            if hole.rebuilds == before.rebuilds:
                continue
            before.play(action)
            rebuilds += 1
            pile = before.discard
            if hole.discard != pile[-1:]:
                found.append(f"after a rebuild the discard pile is {hole.discard}, not {pile[-1:]}")
            if sorted(map(str, hole.stock)) != sorted(map(str, pile[:-1])):
                found.append(
                    f"the new stock is not the discard pile but its top card: {hole.stock}"
                )
    if rebuilds < 3:
        found.append(f"only {rebuilds} stocks ran out in the holes played: play more")
    return found[:3]


@claim("six-nine-up", S["nine_up"])
def nine_up(facts: Facts) -> list[str]:
    """9-Card Golf's holes start with as many cards face up in every grid as the page says."""
    found = []
    for seed in range(10):
        hole = Hole(3, Options(layout=Layout.NINE), seed=seed, dealer=seed % 3)
        for seat in range(3):
            up = sum(hole.face_up[seat])
            if up != facts["nine_up"]:
                found.append(f"a 9-Card Golf grid starts with {up} cards face up")
    return found[:3]


@claim("six-knock-when", S["knock_when"])
def knock_when(facts: Facts) -> list[str]:
    """Knock variant: a knock is offered instead of a draw, at a player's first turn too, and
    not once a card is drawn; a knocker whose score ties for the lowest is penalised."""
    found = []
    penalty = int(facts["knock_penalty"])
    for seed in range(5):
        hole = Hole(3, Options(knock=True), seed=seed, dealer=0)
        first = {a.kind for a in hole.legal_actions()}
        if not {"knock", "draw-stock", "draw-discard"} <= first:
            found.append(f"a player's first turn offers {sorted(first)}")
        hole.play(Action.draw_stock(hole.current))
        if any(a.kind == "knock" for a in hole.legal_actions()):
            found.append("a player may knock after drawing")
    ties = 0
    for hole in _knock_holes("knock", count=400):
        assert hole.ender is not None
        grid_scores = [g.score for g in hole.grid_scores()]
        mine = grid_scores[hole.ender]
        if mine != min(grid_scores) or grid_scores.count(mine) < 2:
            continue
        ties += 1
        if hole.scores()[hole.ender] != mine + penalty:
            found.append(
                f"a knocker who ties for the lowest ({mine}) scores {hole.scores()[hole.ender]}"
            )
    if not ties:
        found.append("no hole was played in which the knocker ties for the lowest score")
    return found[:3]


@claim("six-row-pairs", S["row_pairs"])
def row_pairs(facts: Facts) -> list[str]:
    """The row rule of the page (``row_rule=True``, the engine's PAIRS): two equal cards of a
    row score 0 and the third card of that row its points; without the rule they all count."""
    grid = [[parse_card(c) for c in row] for row in (["5H", "5S", "9C"], ["2D", "3D", "4C"])]
    with_rule = score_grid(grid, Options(row_rule=RowRule.PAIRS)).score
    without = score_grid(grid, DEFAULT_OPTIONS).score
    found = []
    if (with_rule, without) != (0 + 0 + 9 + 2 + 3 + 4, 5 + 5 + 9 + 2 + 3 + 4):
        found.append(
            f"a row 5, 5, 9 over 2, 3, 4 scores {with_rule} with the row rule and {without} "
            "without it, not 18 and 28"
        )
    return found

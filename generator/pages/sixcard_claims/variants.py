"""The page's "Common variants": the 4- and 9-card layouts, peeking, knocking, wild twos, row
cancelling, and what the committed simulation says of the variants' play."""

from __future__ import annotations

import random
from typing import Any

from generator.pages.claims import CAPITALIZED, Says, Words, counted, one_value
from generator.pages.sixcard_claims.end import last_turns_each
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import (
    MAY,
    MORE_TURNS,
    WINS,
    Facts,
    claim,
    column_score,
    grid,
    grid_shape,
    slot,
    verdict_of,
)
from generator.sixcard import evidence
from generator.sixcard.cards import parse_card
from generator.sixcard.hole import Action, Hole
from generator.sixcard.players import RandomPlayer, play_hole
from generator.sixcard.rules import DEFAULT_OPTIONS, ColumnMatch, Layout, Options, RowRule
from generator.sixcard.scoring import score_grid


def six_columns(facts: Facts) -> int:
    """The columns of a 6-card grid as a hole deals it."""
    return grid_shape(Layout.SIX)[1]


def nine_column_cards(facts: Facts) -> int:
    """The cards of one column of a 9-card grid (its rows) as a hole deals it."""
    return grid_shape(Layout.NINE)[0]


def face_up_when(facts: Facts) -> Any:
    """When a grid's cards lie face up: ``after`` the start (face down then, but for the ones
    turned up; all face up when the hole is over)."""
    sides = set()
    for seed in range(6):
        hole = Hole(3, Options(), seed=seed, dealer=seed % 3)
        down_at_start = all(not all(up) for up in hole.face_up)
        random_end = play_hole(hole, RandomPlayer(), random.Random(seed))
        up_at_end = all(all(up) for up in random_end.face_up)
        sides.add("after" if down_at_start and up_at_end else "neither")
    return one_value(sides)


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
    S["title"],
    S["play_title"],
    S["glossary_polish"],
    says=[
        Says(S["three_columns"], "Add up your {} column scores", counted("columns"), six_columns),
        Says(
            S["glossary_grid"],
            "layout of face-down ({} face-up) cards",
            Words(
                "when a grid's cards are face up",
                {"after": "later", "before": "earlier"},
                reads="order",
            ),
            face_up_when,
        ),
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


ROW_CARDS = ("7S 7H 2C", "3D 4D 5D")


def row_rule_scores(facts: Facts) -> str:
    """Whether the row rule makes a grid's score ``lower`` (more forgiving, the lowest score
    winning) or ``higher``."""
    cards = grid(*ROW_CARDS)
    plain = score_grid(cards).score
    rows = score_grid(cards, Options(row_rule=RowRule.PAIRS)).score
    return "higher" if rows < plain else "lower" if rows > plain else "same"


def only_columns_cancel(facts: Facts) -> bool:
    """Whether, under the row rule, only a column's pairs cancel: ``False`` when a row pair
    cancels too and a column pair still does."""
    options = Options(row_rule=RowRule.PAIRS)
    row_pair = (
        score_grid(grid("7S 7H 2C", "3D 4D 5D"), options).score
        < score_grid(grid("7S 7H 2C", "3D 4D 5D")).score
    )
    column_pair = score_grid(grid("7S 2C 3D", "7H 4D 5D"), options).score == 4 + 5 + 2 + 3
    return not (row_pair and column_pair)


@claim(
    "six-row-rule",
    S["row_rule"],
    says=[
        Says(
            S["row_rule"],
            "; {} forgiving,",
            Words(
                "how forgiving the row rule is",
                {"higher": "more", "lower": "less"},
                reads="comparison",
            ),
            row_rule_scores,
        ),
        Says(
            S["row_rule"],
            "also cancel ({} those in the same column)",
            Words(
                "column pairs alone cancel under the row rule",
                {False: "not only", True: "only"},
                reads="affirmed",
            ),
            only_columns_cancel,
        ),
    ],
)
def row_rule(facts: Facts) -> list[str]:
    cards = grid(*ROW_CARDS)
    plain = score_grid(cards).score
    rows = score_grid(cards, Options(row_rule=RowRule.PAIRS)).score
    if plain != 7 + 3 + 7 + 4 + 2 + 5 or rows != 3 + 4 + 2 + 5:
        return [f"two 7s in a row score {plain - 16} without the house rule, {rows - 14} with it"]
    return []


def _backed(name: str) -> list[str]:
    verdict = verdict_of(name)
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
    return {"backed": "higher", "contradicted": "lower"}.get(one_value(seen), "undecided")


COMPARED = Words(
    "simulation's comparison", {"higher": "higher", "lower": "lower"}, reads="comparison"
)


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
            Words(
                "simulation's comparison", {"lower": "fewer", "higher": "more"}, reads="comparison"
            ),
            lambda facts: simulated("pairs_per_grid", "6-card", "4-card"),
        )
    ],
)
def four_card_fewer(facts: Facts) -> list[str]:
    return _backed("four-card-fewer-cancelling")


def stock_speed(facts: Facts) -> str:
    """How quickly the stock of a double-deck hole runs out against a one-deck hole of as many
    players (as many players as the page's figure): ``lower`` when it holds more cards."""
    players = facts["double_from"]
    one = len(Hole(players, Options(decks=1), seed=1).stock)
    two = len(Hole(players, Options(decks=2), seed=1).stock)
    return "lower" if two > one else "higher" if two < one else "same"


def second_deck_players(facts: Facts) -> str:
    """For which player counts the page's 6-Card Golf deals from two decks: the figure ``or
    more`` (``higher``), ``or fewer``, or neither."""
    first = facts["double_from"]
    counts = range(facts["six_min"], facts["six_max"] + 1)
    two = {n for n in counts if Options().decks_for(n) == 2}
    if two == {n for n in counts if n >= first}:
        return "higher"
    return "lower" if two == {n for n in counts if n <= first} else "neither"


@claim(
    "six-double-deck-pairs",
    S["double_deck"],
    says=[
        Says(
            S["double_deck"],
            "the stock runs out {} quickly",
            Words("stock's speed", {"lower": "less", "higher": "more"}, reads="comparison"),
            stock_speed,
        ),
        Says(
            S["double_deck"],
            "use {} decks of %(deck)s cards",
            counted("decks of the double-deck variant"),
            lambda facts: Options(double_deck=True).decks_for(facts["six_min"]),
        ),
        Says(
            S["double_deck"],
            "for %(from)s or {} players",
            Words("player counts", {"higher": "more", "lower": "fewer"}, reads="comparison"),
            second_deck_players,
        ),
        Says(
            S["double_deck"],
            "column pairs are {} frequent",
            Words(
                "simulation's comparison", {"higher": "more", "lower": "less"}, reads="comparison"
            ),
            lambda facts: simulated("paired_column_share", "6-card", "6-card-double-deck"),
        ),
    ],
)
def double_deck_pairs(facts: Facts) -> list[str]:
    return _backed("double-deck-more-pairs")


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
    return one_value(allowed)


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
    return one_value(spared)


@claim(
    "six-knock",
    S["ender"],
    S["knock"],
    S["glossary_knock"],
    says=[
        Says(
            S["knock"],
            "the others get {}.",
            Words("last turns", {1: "one last turn", 2: "two last turns"}, reads="count"),
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


@claim(
    "six-knock-when",
    S["knock_when"],
    says=[
        Says(S["knock_when"], "a tie for the {} score", WINS, lambda facts: knock_spared(facts)),
        Says(
            S["knock_when"],
            "is not the {}, so a knocker who ties",
            WINS,
            lambda facts: knock_spared(facts),
        ),
    ],
)
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


def equal_cards_enough(facts: Facts) -> Any:
    """The fewest equal cards of a row that the row rule cancels (a row of two 5s and a 9,
    and of three 5s)."""
    enough = set()
    for row in (["5H", "5S", "9C"], ["5H", "5S", "5D"]):
        cards = [[parse_card(c) for c in r] for r in (row, ["2D", "3D", "4C"])]
        with_rule = score_grid(cards, Options(row_rule=RowRule.PAIRS)).score
        if with_rule < score_grid(cards, DEFAULT_OPTIONS).score:
            enough.add(sum(card[0] == row[0][0] for card in row))
    return min(enough, default=0)


@claim(
    "six-row-pairs",
    S["row_pairs"],
    says=[
        Says(
            S["row_pairs"],
            "{} equal cards in a row are enough",
            counted("equal cards a row needs", CAPITALIZED),
            equal_cards_enough,
        )
    ],
)
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

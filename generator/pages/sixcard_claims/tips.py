"""The page's "Tips and strategies": each tip judged on the committed figures (the simulation
and the tournament of the strong player against its habits reversed), and what it is worth in
points a hole, to a tenth."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from generator.pages.claims import CAPITALIZED, Says, Words, can, counted, extreme, extreme_of
from generator.pages.sixcard import page_data
from generator.pages.sixcard_claims.cards import column_cards
from generator.pages.sixcard_claims.sentences import S
from generator.pages.sixcard_claims.situations import (
    Facts,
    claim,
    column_score,
    grid,
    hole_with,
    verdict_of,
)
from generator.sixcard import evidence
from generator.sixcard.cards import JOKER
from generator.sixcard.hole import Action
from generator.sixcard.rules import JokerPair, Options


@claim(
    "six-joker-pair",
    S["tip_jokers"],
    says=[
        Says(
            S["tip_jokers"],
            "{} Jokers in a column are a pair",
            counted("cards of a 6-card column", CAPITALIZED),
            column_cards,
        )
    ],
)
def joker_pair(facts: Facts) -> list[str]:
    """Two Jokers in a column score as the page's pair rule (its scoring section's 0), and -4
    under the house rule the tip names; one Joker scores the value table's -2."""
    zero = column_score(["JK", "JK"])
    four = column_score(["JK", "JK"], Options(joker_pair=JokerPair.MINUS_FOUR))
    single = column_score(["JK", "5H"]) - 5
    if (zero, four, single) != (facts["pair_score"], facts["joker_pair"], facts["value"].joker):
        return [f"a Joker pair scores {zero} (or {four}), one Joker {single}"]
    return []


def _acknowledged(name: str) -> list[str]:
    """A claim judged on the committed figures: it holds when they back it, or when they say
    exactly what ``generator/data/sixcard_page.yaml`` acknowledged of it (the seed's Dutch
    sentence stays either way, so a contradiction is recorded, never hidden)."""
    verdict = verdict_of(name)
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


def face_down_ranks(facts: Facts) -> bool:
    """Whether a face-down card of a dealt grid can be any card of the deck: over seeded holes,
    the start's face-down cards hold every rank, the Joker included."""
    from generator.sixcard.hole import Hole
    from generator.sixcard.rules import DEFAULT_OPTIONS

    seen = set()
    for seed in range(40):
        hole = Hole(4, DEFAULT_OPTIONS, seed=seed, dealer=seed % 4)
        for seat in range(4):
            seen |= {
                card.rank if not card.is_joker else "JK"
                for card, up in zip(hole.grids[seat], hole.face_up[seat], strict=True)
                if not up
            }
    return seen == {card.rank if not card.is_joker else "JK" for card in DEFAULT_OPTIONS.deck(4)}


def face_down_high(facts: Facts) -> bool:
    """Whether a face-down card can be one of the highest cards or a Joker: both lie face down
    in the seeded holes' grids."""
    from generator.sixcard.hole import Hole
    from generator.sixcard.rules import DEFAULT_OPTIONS

    values = set()
    for seed in range(40):
        hole = Hole(4, DEFAULT_OPTIONS, seed=seed, dealer=seed % 4)
        for seat in range(4):
            values |= {
                "JK" if card.is_joker else DEFAULT_OPTIONS.value(card)
                for card, up in zip(hole.grids[seat], hole.face_up[seat], strict=True)
                if not up
            }
    return "JK" in values and facts["value"].ten in values


CAN = can("what a face-down card can be")


@claim(
    "six-face-down",
    S["tip_unknown"],
    S["tip_unknown_measured"],
    says=[
        Says(S["tip_unknown"], "A face-down card {} be anything", CAN, face_down_ranks),
        Says(S["tip_unknown"], "but it {} also be %(high)s or a Joker", CAN, face_down_high),
    ],
)
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


# -- the habits the measured sentences name, played by the strong player ------------------


def _choice(hole: Any, **habits: Any) -> Any:
    from generator.sixcard.strong import FOLLOWS_EVERY_TIP, StrongPlayer

    return StrongPlayer(replace(FOLLOWS_EVERY_TIP, **habits)).choose(hole, random.Random(0))


def reversed_takes_joker(facts: Facts) -> bool:
    """Whether the player with the Joker habit reversed takes a Joker from the discard pile
    (one the tip's player takes)."""
    from generator.sixcard.strong import REVERSED

    hole = hole_with([grid("5S 6S 7S", "8S 6H 7H"), grid("9S QC 3D", "TC 8D 5H")], discard="JK")
    return bool(_choice(hole, jokers=REVERSED).kind == "draw-discard")


def reversed_keeps_pair(facts: Facts) -> bool:
    """Whether the player with the pairs habit reversed keeps a column pair of 8s when a 2
    from the pile could go elsewhere (the tip's player keeps it)."""
    from generator.sixcard.strong import REVERSED

    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("8C 3C 4D", "8D KD 5H")]
    hole = hole_with(grids, discard="2H", turned_up=[[(1, 1), (1, 2)], [(1, 1), (2, 1)]])
    hole.play(Action.draw_discard(1))
    return _choice(hole, pairs=REVERSED) not in (Action.replace(1, 1, 1), Action.replace(1, 2, 1))


def neutral_plays_for_pairs(facts: Facts) -> bool:
    """Whether the player with the pairs habit neutral turns up the card that may pair with a
    face-up one, as the tip's player does (it turns cards up in slot order)."""
    from generator.sixcard.strong import NEUTRAL

    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("8C 4C QS", "TC 8D 5H")]
    hole = hole_with(
        grids, discard="AH", stock=["9D"], turned_up=[[(1, 1), (1, 2)], [(1, 2), (2, 3)]]
    )
    hole.play(Action.draw_stock(1))
    follows = _choice(hole)
    return bool(_choice(hole, pairs=NEUTRAL) == follows == Action.discard(1, 1, 3))


def reversed_goes_out(facts: Facts) -> bool:
    """Whether the player with the going-out habit reversed ends the hole whenever a move
    allows, where the tip's player does not (its score is far from hard to beat)."""
    from generator.sixcard.strong import REVERSED

    hole = hole_with(
        [grid("KS KH AS", "AC 2S 2H"), grid("AH 2C 3D", "4D AD QH")], discard="4C", stock=["5C"]
    )
    for seat in range(2):
        for slot in range(5):
            hole.face_up[seat][slot] = True
    hole.play(Action.draw_stock(1))
    ends = (Action.discard(1, 2, 3), Action.replace(1, 2, 3))
    return _choice(hole, end_when_ahead=REVERSED) in ends and _choice(hole) not in ends


def differences(match: str) -> Any:
    """How many measurable differences the tournament's ``match`` shows: 1 when its 95%
    interval of the margin lies clear of zero, else 0."""

    def measure(facts: Facts) -> int:
        low, high = _margin(match)["ci95"]
        return int(not low <= 0 <= high)

    return measure


NO_DIFFERENCE = counted(
    "measurable differences", {0: "no measurable difference", 1: "a measurable difference"}
)


@claim(
    "six-tip-pairs-worth",
    S["tip_pairs_worth"],
    says=[
        Says(
            S["tip_pairs_worth"],
            "but {} for pairs",
            Words(
                "neutral player's pairs", {False: "does not play", True: "plays"}, reads="affirmed"
            ),
            neutral_plays_for_pairs,
        ),
        Says(
            S["tip_pairs_worth"], "tip makes {};", NO_DIFFERENCE, differences("tip-pairs-neutral")
        ),
        Says(
            S["tip_pairs_worth"],
            "against one who {} the rule",
            Words(
                "reversed player's pair rule",
                {False: "does not know", True: "knows"},
                reads="affirmed",
            ),
            reversed_keeps_pair,
        ),
    ],
)
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


@claim(
    "six-tip-jokers-worth",
    S["tip_jokers_worth"],
    says=[
        Says(
            S["tip_jokers_worth"],
            "against one who {} takes one",
            Words("reversed player's Jokers", {False: "never", True: "always"}, reads="affirmed"),
            reversed_takes_joker,
        )
    ],
)
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


def queen_pairs(facts: Facts) -> bool:
    """Whether a Queen in the grid can be paired away: two Queens in a column score less
    than one Queen beside a low card."""
    return column_score(["QS", "QH"]) < column_score(["QS", "AH"])


@claim(
    "six-tip-high",
    S["tip_high"],
    says=[
        Says(
            S["tip_high"],
            "unless you {} pair it",
            can("pairing a picture card"),
            queen_pairs,
        )
    ],
)
def tip_high(facts: Facts) -> list[str]:
    return _acknowledged("tip-high")


def reversed_high_place(facts: Facts) -> str:
    """Where the strong player with the high-cards habit reversed puts an Ace taken from the
    discard pile, among the face-up cards it helps on (a Queen and a Four, no pair in sight):
    ``lowest`` when it replaces the one whose points it lowers least."""
    from generator.sixcard.strong import FOLLOWS_EVERY_TIP, REVERSED, StrongPlayer

    grids = [grid("5S 6S 7S", "8S 6H 7H"), grid("QS 4C 3D", "TC 8D 5H")]
    hole = hole_with(grids, discard="AH", turned_up=[[(1, 1), (1, 2)], [(1, 1), (1, 2)]])
    hole.play(Action.draw_discard(1))
    player = StrongPlayer(replace(FOLLOWS_EVERY_TIP, high_first=REVERSED))
    action = player.choose(hole, random.Random(0))
    if action.kind != "replace":
        return "neither"
    helped = {(1, 1): 12 - 1, (1, 2): 4 - 1}  # points each replacement takes off
    chosen = helped.get((action.row, action.column))
    return "neither" if chosen is None else extreme_of(chosen, helped.values())


@claim(
    "six-tip-high-worth",
    S["tip_high_worth"],
    says=[
        Says(
            S["tip_high_worth"],
            "who puts it where it helps {}, about",
            extreme("place the reversed player puts a card"),
            reversed_high_place,
        )
    ],
)
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
    verdict = verdict_of("tip-watch")
    return [] if verdict.verdict in ("backed", "undecided") else [verdict.detail]


@claim(
    "six-tip-watch-worth",
    S["tip_watch_worth"],
    says=[
        Says(S["tip_watch_worth"], "cards, it makes {}.", NO_DIFFERENCE, differences("tip-watch"))
    ],
)
def tip_watch_worth(facts: Facts) -> list[str]:
    neutral = "against a player who counts the cards face up now (tip-watch-neutral)"
    stated = _worth(facts, "tip-watch", "neutral")
    return _stated(stated, _margin("tip-watch-neutral"), neutral) + _no_difference(
        _margin("tip-watch"), "against a player who counts only its own cards (tip-watch)"
    )


def early_going_out_pays(facts: Facts) -> Any:
    """Whether going out early pays: the tournament's match of the tip's player against the
    one that goes out whenever it can (``False`` when the tip's player wins it)."""
    verdict = verdict_of("tip-end").verdict
    return {"backed": False, "contradicted": True}.get(verdict, "undecided")


@claim(
    "six-tip-end",
    S["tip_end"],
    says=[
        Says(
            S["tip_end"],
            "{} too early with a high score",
            Words("going out early", {False: "do not go out", True: "go out"}, reads="affirmed"),
            early_going_out_pays,
        )
    ],
)
def tip_end(facts: Facts) -> list[str]:
    return _acknowledged("tip-end")


@claim(
    "six-tip-end-worth",
    S["tip_end_worth"],
    says=[
        Says(
            S["tip_end_worth"],
            "against one who goes out {}, about",
            Words(
                "reversed player's going out",
                {True: "whenever it can", False: "only when it is hard to beat"},
                reads="any-time",
            ),
            reversed_goes_out,
        )
    ],
)
def tip_end_worth(facts: Facts) -> list[str]:
    neutral = "against a player who goes out without reckoning the last turn (tip-end-neutral)"
    stated = _worth(facts, "tip-end", "neutral")
    return _stated(stated, _margin("tip-end-neutral"), neutral) + _reversed_worth(facts, "tip-end")

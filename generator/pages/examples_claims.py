"""What the examples page says, played in the patience engine.

See :mod:`generator.pages.claims` for how a claim is tied to its sentence. Each
example's claim checks its deal from scratch: the code deals the recorded cards,
every recorded line replays in :class:`Game` and wins, every verdict holds (the
solver runs again), and the move the page names is in the line, is what the
sentence says it is, and is the first move the stricter rule set refuses (so
the line does not work there, and the deal cannot be won there either).
"""

from __future__ import annotations

import itertools
from typing import Any

from generator.pages.claims import Claims, Says, Words, can, counted, one_value
from generator.pages.examples import (
    BY_NAME,
    CLASSIC,
    EASY,
    NOTHING_ON_KING,
    RULE_SETS,
    STRICT,
    STRICTER,
    Example,
    examples_page_facts,
    is_locked,
    onto_cards,
    uncovered,
)
from generator.pages.patience_claims import situation
from generator.pages.recorded import load_reference_game
from generator.patience import (
    ACE_RANK,
    KING_RANK,
    Card,
    DealCode,
    Game,
    Move,
    Reason,
    RuleSet,
    deal_for_number,
)
from generator.patience.solver import solve

QUEEN_RANK = KING_RANK - 1

CLAIMS = Claims(examples_page_facts)
claim = CLAIMS.claim


def _game(example: Example | None, rules: RuleSet, game: Game | None = None) -> Game:
    deal = example.deal if example else game.deal if game else None
    assert deal is not None
    return Game(deal, rules.rules, variants=rules.variants)


def verified(example: Example) -> list[str]:
    """What is wrong with ``example``'s deal, verdicts and lines (nothing: an empty list)."""
    found = []
    if deal_for_number(DealCode.parse(example.code).number) != example.deal:
        found.append(f"{example.code} does not deal the cards {example.where()} records")
    for rules in RULE_SETS:
        said = example.verdicts[str(rules)]
        if solve(example.deal, rules).winnable != said:
            verdict = "winnable" if said else "unwinnable"
            found.append(
                f"{example.code} is recorded {verdict} under {rules}; the solver disagrees"
            )
        line = example.moves.get(str(rules))
        if said and line is None:
            found.append(f"{example.code} has no winning line recorded under {rules}")
        if line is None:
            continue
        game = _game(example, rules)
        for number, move in enumerate(line, start=1):
            reason = game.refusal(move)
            if reason is not None:
                found.append(
                    f"{example.code}: move {number} ({move}) of the line under {rules} is "
                    f"refused: {reason.value}"
                )
                break
            game.push(move)
        else:
            if not game.is_won():
                found.append(f"{example.code}: the line under {rules} does not win")
    return found


def special(example: Example) -> tuple[Move, Card, list[str]]:
    """The special move of ``example``'s shown line, the waste card it meets, and what is
    wrong: it must be the first move of the line that the stricter rule set refuses."""
    name = example.name
    found = []
    shown = BY_NAME[example.shown or "easy"]
    line = example.moves.get(str(shown), ())
    if example.special is None or not line:
        return Move.draw(Card(1, "C")), Card(1, "C"), [f"{name}: no special move recorded"]
    move = line[example.special - 1]
    stricter = _game(example, STRICTER[name])
    onto = stricter.waste_card
    for number, played in enumerate(line, start=1):
        reason = stricter.refusal(played)
        if number == example.special:
            onto = stricter.waste_card
            if reason is None:
                found.append(f"move {number} ({played}) is allowed under {STRICTER[name]} too")
            break
        if reason is not None:
            found.append(
                f"{STRICTER[name]} refuses move {number} ({played}) already, before "
                f"move {example.special}"
            )
            break
        stricter.push(played)
    if solve(example.deal, STRICTER[name]).winnable:
        found.append(f"{example.code} can be won under {STRICTER[name]} too")
    if onto is None:
        return move, Card(1, "C"), [*found, f"{name}: no waste card under the special move"]
    return move, onto, found


# -- the values the sentences state in words, measured in the engine ----------------


def _refusal(rules: RuleSet, waste: int, rank: int) -> Reason | None:
    game = situation(Card(waste, "C"), [Card(rank, "H")])
    return _game(None, rules, game).refusal(Move.remove(1, Card(rank, "H")))


def on_king(rules: RuleSet) -> frozenset[int]:
    """The ranks ``rules`` let go onto a King, the Ace of the wrap left out."""
    return frozenset(
        r for r in range(ACE_RANK + 1, KING_RANK + 1) if _refusal(rules, KING_RANK, r) is None
    )


def draws_while_a_card_fits(rules: RuleSet) -> bool:
    game = _game(None, rules, situation(Card(5, "C"), [Card(6, "H")], rules=rules.rules))
    return game.refusal(Move.draw(game.stock[0])) is None


def rule_set_count(facts: dict[str, Any]) -> int:
    """The rule sets the page's examples are solved under (each example's verdicts name them)."""
    named = {frozenset(e.verdicts) for e in facts["records"].values()}
    listed = frozenset(str(rules) for rules in facts["rule_sets"])
    return len(listed) if named == {listed} else -1


MAY = Words("permission", {True: "may", False: "may not"}, reads="permission")
ON_KING = Words(
    "cards a King takes",
    {frozenset(): "no card at all", frozenset({QUEEN_RANK}): "a Queen"},
    reads="ranks",
)
DRAWING = Words("drawing", {False: "only when no card fits", True: "at any time"}, reads="any-time")
RULE_SET_COUNT = counted("rule sets")
RULE_SETS_SAID = (
    "%(easy)s (%(description)s), the app's default;",
    "%(classic)s (%(description)s), where a Queen may still be played onto a King;",
    "%(name)s: as %(classic)s, but no card at all may go onto a King;",
    "%(name)s: as %(nothing_on_king)s, and you may draw only when no card fits.",
    "Each of them allows every move the next one allows, so a deal that can be won under one of "
    "them can also be won under those above it.",
)


def monotone_verdicts(facts: dict[str, Any]) -> bool:
    """Whether every example deal won under a rule set of the page's list is won under each
    one above it too (the solver's verdicts, :func:`verified`)."""
    names = [str(rules) for rules in RULE_SETS]
    return all(
        not (record.verdicts[later] and not record.verdicts[earlier])
        for record in facts["records"].values()
        for earlier, later in itertools.pairwise(names)
    )


# -- the rule sets -------------------------------------------------------------


@claim(
    "examples-rule-sets",
    *RULE_SETS_SAID,
    says=[
        Says(
            RULE_SETS_SAID[1],
            "where a Queen {} still be played onto a King",
            MAY,
            lambda facts: QUEEN_RANK in on_king(CLASSIC),
        ),
        Says(
            RULE_SETS_SAID[2],
            "but {} may go onto a King",
            ON_KING,
            lambda facts: on_king(NOTHING_ON_KING),
        ),
        Says(
            RULE_SETS_SAID[3],
            "and you may draw {}.",
            DRAWING,
            lambda facts: draws_while_a_card_fits(STRICT),
        ),
        Says(
            RULE_SETS_SAID[4],
            "so a deal that can be won under one of them {} also be won under those above it",
            can("verdict under the rule sets above"),
            monotone_verdicts,
        ),
    ],
)
def rule_sets(facts: dict[str, Any]) -> list[str]:
    found = []

    def refusal(rules: RuleSet, waste: int, rank: int) -> Reason | None:
        game = situation(Card(waste, "C"), [Card(rank, "H")])
        return _game(None, rules, game).refusal(Move.remove(1, Card(rank, "H")))

    if refusal(EASY, KING_RANK, ACE_RANK) or refusal(EASY, ACE_RANK, KING_RANK):
        found.append("Easy does not connect King and Ace")
    if not refusal(CLASSIC, KING_RANK, ACE_RANK):
        found.append("Classic connects King and Ace")
    if refusal(CLASSIC, KING_RANK, QUEEN_RANK):
        found.append("Classic refuses a Queen on a King")
    for rules in (NOTHING_ON_KING, STRICT):
        for rank in range(ACE_RANK, KING_RANK + 1):
            if refusal(rules, KING_RANK, rank) is None:
                found.append(f"{rules} lets a card of rank {rank} go onto a King")
    # a draw while a card fits: only the strict rules refuse it
    for rules in RULE_SETS:
        game = situation(Card(5, "C"), [Card(6, "H")], rules=rules.rules)
        game = _game(None, rules, game)
        refused = game.refusal(Move.draw(game.stock[0])) is not None
        if refused != (rules == STRICT):
            found.append(
                f"a draw while a card fits is {'refused' if refused else 'allowed'} under {rules}"
            )
    # each rule set allows every move the next one allows
    if tuple(facts["rule_sets"]) != RULE_SETS:
        found.append("the page lists other rule sets than the examples are solved under")
    for looser, stricter in itertools.pairwise(RULE_SETS):
        for waste in range(ACE_RANK, KING_RANK + 1):
            for rank in range(ACE_RANK, KING_RANK + 1):
                if stricter.accepts(waste, rank) and not looser.accepts(waste, rank):
                    found.append(f"{stricter} allows rank {rank} onto {waste}, {looser} does not")
        if looser.draw_only_when_blocked and not stricter.draw_only_when_blocked:
            found.append(f"{looser} restricts drawing, {stricter} does not")
    return found


def split_verdict(example: Any, *, wins: str, loses: str) -> tuple[Move, Card, list[str]]:
    """What every "won under one rule set, not the next" example checks first: its data
    (:func:`verified`), its special move (:func:`special`) and its two recorded verdicts."""
    found = verified(example)
    move, onto, wrong = special(example)
    found += wrong
    if not example.verdicts[wins] or example.verdicts[loses]:
        found.append(f"{example.code} is not recorded winnable under {wins} and not under {loses}")
    return move, onto, found


# -- the examples --------------------------------------------------------------

CAN_BE_WON = can("verdict")
AND_NOT = Words("verdict of the other rule set", {False: "not", True: "also"}, reads="affirmed")
REFUSES = Words("stricter rules' answer", {True: "refuses", False: "accepts"}, reads="refused")
REFUSE = Words("stricter rules' answer", {True: "refuse", False: "accept"}, reads="refused")
REFUSED = Words("stricter rules' answer", {True: "refused", False: "accepted"}, reads="refused")


def verdict(name: str, rules: str) -> Any:
    """The recorded verdict of example ``name`` under ``rules`` (:func:`verified` solves it
    again): whether the deal can be won."""
    return lambda facts: bool(facts["records"][name].verdicts[rules])


def refused(key: str) -> Any:
    """Whether the stricter rule set refuses example ``key``'s special move (the engine's
    answer, recorded in the page's facts)."""
    return lambda facts: facts["examples"][key].refused is not None


EASY_NOT_CLASSIC = (
    "Deal %(code)s can be won on %(easy)s and not on %(classic)s: the cards are the same, only "
    "the rules differ. Move %(number)s of the winning line plays %(card)s onto %(onto)s; "
    "%(classic)s refuses that move: “%(message)s”."
)
CLASSIC_NOT_STRICT = (
    "Deal %(code)s can be won on %(classic)s and not under the strict rules. The strict rules "
    "refuse move %(number)s of the winning line: “%(message)s”."
)
QUEEN_ON_KING = (
    "Deal %(code)s can be won on %(classic)s, and not when nothing may go onto a King. Move "
    "%(number)s of the winning line plays %(card)s onto %(onto)s; with nothing on a King that "
    "move is refused: “%(message)s”."
)
DRAW_ANY_TIME = (
    "Deal %(code)s can be won with nothing on a King, as long as you may draw at any time, and "
    "not under the strict rules. Move %(number)s of the winning line draws %(card)s although "
    "%(fitting)s fits %(onto)s; the strict rules refuse that draw: “%(message)s”."
)


@claim(
    "example-easy-not-classic",
    EASY_NOT_CLASSIC,
    says=[
        Says(
            EASY_NOT_CLASSIC,
            "Deal %(code)s {} be won on %(easy)s",
            CAN_BE_WON,
            verdict("easy-not-classic", "easy"),
        ),
        Says(
            EASY_NOT_CLASSIC,
            "and {} on %(classic)s:",
            AND_NOT,
            verdict("easy-not-classic", "classic"),
        ),
        Says(
            EASY_NOT_CLASSIC,
            "%(classic)s {} that move",
            REFUSES,
            refused("easy_not_classic"),
        ),
    ],
)
def easy_not_classic(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["easy-not-classic"]
    move, onto, found = split_verdict(example, wins="easy", loses="classic")
    if move.action != "remove" or {move.card.rank, onto.rank} != {ACE_RANK, KING_RANK}:
        found.append(f"move {example.special} ({move}) does not play King and Ace together")
    shown = facts["examples"]["easy_not_classic"]
    if shown.refused is not Reason.NOT_ADJACENT:
        found.append(f"Classic refuses the move with {shown.refused}, not as not adjacent")
    return found


@claim(
    "example-classic-not-strict",
    CLASSIC_NOT_STRICT,
    says=[
        Says(
            CLASSIC_NOT_STRICT,
            "Deal %(code)s {} be won on %(classic)s",
            CAN_BE_WON,
            verdict("classic-not-strict", "classic"),
        ),
        Says(
            CLASSIC_NOT_STRICT,
            "and {} under the strict rules.",
            AND_NOT,
            verdict("classic-not-strict", "strict"),
        ),
        Says(
            CLASSIC_NOT_STRICT,
            "The strict rules {} move %(number)s of the winning line",
            REFUSE,
            refused("classic_not_strict"),
        ),
    ],
)
def classic_not_strict(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["classic-not-strict"]
    _move, _onto, found = split_verdict(example, wins="classic", loses="strict")
    if example.shown != "classic":
        found.append("the line shown is not the Classic one")
    return found


@claim(
    "example-queen-on-king",
    QUEEN_ON_KING,
    says=[
        Says(
            QUEEN_ON_KING,
            "Deal %(code)s {} be won on %(classic)s",
            CAN_BE_WON,
            verdict("queen-on-king", "classic"),
        ),
        Says(
            QUEEN_ON_KING,
            "and {} when nothing may go onto a King.",
            AND_NOT,
            verdict("queen-on-king", "classic+nothing-on-king"),
        ),
        Says(
            QUEEN_ON_KING,
            "with nothing on a King that move is {}:",
            REFUSED,
            refused("queen_on_king"),
        ),
    ],
)
def queen_on_king(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["queen-on-king"]
    move, onto, found = split_verdict(example, wins="classic", loses="classic+nothing-on-king")
    if example.shown != "classic":
        found.append("the line shown is not the Classic one")
    if move.action != "remove" or move.card.rank != QUEEN_RANK or onto.rank != KING_RANK:
        found.append(f"move {example.special} ({move}) does not put a Queen onto a King")
    if facts["examples"]["queen_on_king"].refused is not Reason.NOTHING_ON_KING:
        found.append("the move is not refused because nothing may go onto a King")
    return found


@claim(
    "example-draw-any-time",
    DRAW_ANY_TIME,
    says=[
        Says(
            DRAW_ANY_TIME,
            "Deal %(code)s {} be won with nothing on a King, as long as you may draw at any time",
            CAN_BE_WON,
            verdict("draw-any-time", "classic+nothing-on-king"),
        ),
        Says(
            DRAW_ANY_TIME,
            "and {} under the strict rules.",
            AND_NOT,
            verdict("draw-any-time", "strict"),
        ),
        Says(
            DRAW_ANY_TIME,
            "the strict rules {} that draw",
            REFUSE,
            refused("draw_any_time"),
        ),
    ],
)
def draw_any_time(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["draw-any-time"]
    move, onto, found = split_verdict(example, wins="classic+nothing-on-king", loses="strict")
    if example.shown != "classic+nothing-on-king":
        found.append("the line shown is not the one with nothing on a King")
    shown = facts["examples"]["draw_any_time"]
    if move.action != "draw":
        found.append(f"move {example.special} ({move}) is not a draw")
    fitting = shown.fitting
    if fitting is None or not NOTHING_ON_KING.accepts(onto.rank, fitting.rank):
        found.append(f"no free card fits {onto} at move {example.special}")
    if shown.refused is not Reason.MUST_REMOVE:
        found.append("the strict rules do not refuse the draw because a card can be removed")
    return found


UNWINNABLE = "Deal %(code)s cannot be won under any of the four rule sets."
LOCKED = (
    "So none of them can be removed first, since the card it would go onto is still covered: "
    "they stay on the tableau whatever you play. The same holds with nothing on a King and under "
    "the strict rules, which allow fewer moves still."
)
FEWER_MOVES = Words(
    "moves the stricter rule sets allow against Classic's",
    {"lower": "fewer", "higher": "more"},
    reads="comparison",
)


def stricter_than_classic(facts: dict[str, Any]) -> Any:
    """How the moves of "nothing on a King" and the strict rules compare with Classic's: each
    accepts a card on a card only where Classic does, and draws no more freely (``lower``)."""
    ranks = range(ACE_RANK, KING_RANK + 1)
    pairs = [(waste, rank) for waste in ranks for rank in ranks]
    sides = set()
    for rules in (NOTHING_ON_KING, STRICT):
        fewer = {p for p in pairs if CLASSIC.accepts(*p) and not rules.accepts(*p)}
        more = {p for p in pairs if rules.accepts(*p) and not CLASSIC.accepts(*p)}
        draws_less = rules.rules.draw_only_when_blocked >= CLASSIC.rules.draw_only_when_blocked
        if fewer and not more and draws_less:
            sides.add("lower")
        elif more and not fewer:
            sides.add("higher")
        else:
            sides.add("neither")
    return one_value(sides)


REASON = (
    "The reason, which you can check by eye: on %(classic)s, %(cards)s can only go onto "
    "%(onto)s, and each of those lies above one of them in its own column:"
)
EASY_DIFFERS = (
    "On %(easy)s they can also go onto %(extra)s, so the reason does not hold there; the solver, "
    "trying every line of play, finds no win on %(easy)s either."
)


def _lock(facts: dict[str, Any]) -> Any:
    return facts["examples"]["unwinnable"].lock


def _locked_under(*rules: RuleSet) -> Any:
    """Whether the locked cards of the unwinnable example stay locked under each of ``rules``."""
    return lambda facts: one_value(
        {is_locked(facts["records"]["unwinnable"].deal, _lock(facts).cards, r) for r in rules}
    )


def removable_first(facts: dict[str, Any]) -> int:
    """How many of the locked cards may go onto a card no other card covers, on Classic."""
    example, lock = facts["records"]["unwinnable"], _lock(facts)
    return len(uncovered(example.deal, lock.cards, CLASSIC))


def onto_only_listed(facts: dict[str, Any]) -> bool:
    """Whether the cards the locked ones may go onto on Classic are exactly those listed."""
    example, lock = facts["records"]["unwinnable"], _lock(facts)
    onto = {c for card in lock.cards for c in onto_cards(example.deal, card, CLASSIC)}
    return set(lock.onto) == onto


@claim(
    "example-unwinnable",
    UNWINNABLE,
    REASON,
    "column %(column)s: %(above)s above %(card)s.",
    LOCKED,
    EASY_DIFFERS,
    says=[
        Says(UNWINNABLE, "under any of the {} rule sets", RULE_SET_COUNT, rule_set_count),
        Says(
            UNWINNABLE,
            "Deal %(code)s {} be won under any",
            CAN_BE_WON,
            lambda facts: any(facts["records"]["unwinnable"].verdicts.values()),
        ),
        Says(
            REASON,
            "%(cards)s {} go onto %(onto)s",
            Words(
                "cards the locked ones may go onto",
                {True: "can only", False: "can not only"},
                reads="affirmed",
            ),
            onto_only_listed,
        ),
        Says(
            LOCKED,
            "So {} of them can be removed first",
            counted("locked cards removable first", {0: "none", 1: "one"}),
            removable_first,
        ),
        Says(
            LOCKED,
            "{} with nothing on a King and under the strict rules",
            Words(
                "lock under the stricter rules",
                {True: "The same holds", False: "It does not hold"},
                reads="affirmed",
            ),
            _locked_under(NOTHING_ON_KING, STRICT),
        ),
        Says(
            EASY_DIFFERS,
            "On %(easy)s they {} also go onto",
            can("locked cards' other places on Easy"),
            lambda facts: bool(
                uncovered(facts["records"]["unwinnable"].deal, _lock(facts).cards, EASY)
            ),
        ),
        Says(
            EASY_DIFFERS,
            "so the reason {} there",
            Words("lock on Easy", {True: "holds", False: "does not hold"}, reads="affirmed"),
            _locked_under(EASY),
        ),
        Says(
            EASY_DIFFERS,
            "finds {} on %(easy)s either",
            counted("wins on Easy", {0: "no win", 1: "a win"}),
            lambda facts: int(facts["records"]["unwinnable"].verdicts["easy"]),
        ),
        Says(
            LOCKED,
            "the strict rules, which allow {} moves still",
            FEWER_MOVES,
            stricter_than_classic,
        ),
    ],
)
def unwinnable(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["unwinnable"]
    found = verified(example)
    if any(example.verdicts.values()):
        found.append(f"{example.code} is recorded winnable under some rule set")
    lock = facts["examples"]["unwinnable"].lock
    if lock is None:
        return found  # the page gives no reason then
    if lock.rules != CLASSIC:
        found.append(f"the reason is recorded for {lock.rules}, the page says Classic")
    for rules in (CLASSIC, NOTHING_ON_KING, STRICT):
        if not is_locked(example.deal, lock.cards, rules):
            found.append(
                f"under {rules} the cards {', '.join(map(str, lock.cards))} are not locked: "
                f"they may go onto {', '.join(map(str, uncovered(example.deal, lock.cards, rules)))}"
            )
    onto = {c for card in lock.cards for c in onto_cards(example.deal, card, CLASSIC)}
    if set(lock.onto) != onto or {c for _n, _c, above in lock.columns for c in above} != onto:
        found.append("the page does not list every card the locked cards may go onto")
    for column, card, above in lock.columns:
        cards = example.deal.columns[column - 1]
        if card not in cards or any(c not in cards[: cards.index(card)] for c in above):
            found.append(f"in column {column}, not every one of the cards listed lies above {card}")
    extra = uncovered(example.deal, lock.cards, EASY)
    if lock.looser != EASY or not extra or set(lock.extra) != set(extra):
        found.append("on Easy the locked cards may go onto other cards than the page lists")
    return found


REFERENCE = (
    "Deal %(code)s, the one the rules page takes its examples from, can be won under all four "
    "rule sets. Its won game on %(easy)s is shown move by move on the page %(page)s."
)


@claim(
    "example-reference",
    REFERENCE,
    says=[Says(REFERENCE, "can be won under all {} rule sets", RULE_SET_COUNT, rule_set_count)],
)
def reference(facts: dict[str, Any]) -> list[str]:
    example = facts["records"]["reference"]
    found = verified(example)
    recorded = load_reference_game()
    if example.code != recorded.code:
        found.append(f"the example is {example.code}, the won game {recorded.code}")
    if tuple(example.moves.get("easy", ())) != recorded.moves:
        found.append("the example's line on Easy is not the won game's")
    if not all(example.verdicts.values()):
        found.append(f"{example.code} is not recorded winnable under every rule set")
    return found

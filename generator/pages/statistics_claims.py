"""What the statistics page says about the census, checked against the census itself.

See :mod:`generator.pages.claims` for how a claim is tied to its sentence. The
facts (:func:`generator.pages.statistics.statistics_page_facts`) computed the
figures; each claim here reads the census rows again and derives what its
sentence says in another way (the interval from its defining equation, the
rounding from whole percents, the relaxations from the rules' own answers and
from the deals themselves), so that a wrong figure or a sentence that no longer
holds stops the build at the sentence.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from statistics import NormalDist
from typing import Any

from generator.census import Census
from generator.pages.claims import (
    CAPITALIZED,
    Claims,
    Says,
    Words,
    can,
    counted,
    extreme,
    extreme_of,
    one_value,
)
from generator.pages.statistics import RELAX_ORDER, Z95, statistics_page_facts
from generator.patience import SCORING, TABLEAU_SIZE, RuleSet

CLAIMS = Claims(statistics_page_facts)
RANKS = range(1, 14)


def _census(facts: dict[str, Any]) -> dict[str, Census]:
    return {str(census.rule_set): census for census in facts["census"]}


CAN_BE_WON = can("verdict of the deals counted")
SHARES = (
    "For each rule set: how many deals the census solved, how many of them can be won, "
    "and the share of winnable deals with its %(level)s%% interval (Wilson's), the range in "
    "which the share of all deals lies with %(level)s%% confidence."
)


def counted_winnable(facts: dict[str, Any]) -> Any:
    """Which deals the page's second figure counts: the census's winnable ones (``True``) or
    the others (``False``), rule set by rule set."""
    census, kinds = _census(facts), set()
    for share in facts["shares"]:
        won = sum(census[share.name].winnable)
        kinds.add(
            True
            if share.winnable == won
            else False
            if share.winnable == share.deals - won
            else None
        )
    return one_value(kinds)


def unwon_verdict(facts: dict[str, Any]) -> Any:
    """The census's verdict on the deals its best scores are counted for: each deal whose best
    result falls short of the whole tableau is one the census cannot win (``False``)."""
    verdicts = set()
    for name in RELAX_ORDER:
        data = _census(facts)[name]
        short = bytes(b < TABLEAU_SIZE for b in data.best)
        verdicts |= {bool(w) for w, s in set(zip(data.winnable, short, strict=True)) if s}
    return one_value(verdicts)


@CLAIMS.claim(
    "census-shares",
    SHARES,
    says=[Says(SHARES, "how many of them {} be won", CAN_BE_WON, counted_winnable)],
)
def census_shares(facts: dict[str, Any]) -> list[str]:
    """Each share counts its census's rows; its interval solves Wilson's equation.

    Wilson's bounds are the shares ``b`` for which the observed share ``p`` is
    ``z`` standard errors away: ``(p - b)**2 == z**2 * b * (1 - b) / n``.
    """
    wrong = []
    if not math.isclose(NormalDist().inv_cdf(0.5 + facts["confidence"] / 200), Z95):
        wrong.append(f"the intervals are not {facts['confidence']}% intervals")
    census = _census(facts)
    for share in facts["shares"]:
        data = census[share.name]
        n, won = len(data.winnable), sum(data.winnable)
        if (share.deals, share.winnable) != (n, won):
            wrong.append(
                f"{share.name}: the page counts {share.winnable} of {share.deals} deals, "
                f"the census {won} of {n}"
            )
            continue
        p = won / n
        if not share.low <= p <= share.high:
            wrong.append(f"{share.name}: the interval does not hold the share {p:.4f}")
        for bound, clipped in ((share.low, 0.0), (share.high, 1.0)):
            gap = (p - bound) ** 2 - Z95 * Z95 * bound * (1 - bound) / n
            if bound != clipped and abs(gap) > 1e-9:
                wrong.append(f"{share.name}: {bound:.6f} is not a bound of Wilson's interval")
    return wrong


OPENING = "%(rules)s: %(share)s of deals can be won."


@CLAIMS.claim(
    "census-opening",
    OPENING,
    says=[Says(OPENING, "of deals {} be won", CAN_BE_WON, counted_winnable)],
)
def census_opening(facts: dict[str, Any]) -> list[str]:
    """The page opens with the share of winnable deals of each rule set of its order (the app's
    two, nothing on a King and the strict rules), as the census counts it."""
    wrong = []
    names = [share.name for share in facts["relax"]]
    if sorted(names) != sorted(RELAX_ORDER):
        wrong.append(f"the opening names {names}, the census's order is {list(RELAX_ORDER)}")
    census = _census(facts)
    for share in facts["relax"]:
        data = census[share.name]
        n, won = len(data.winnable), sum(data.winnable)
        if not math.isclose(share.share, won / n):
            wrong.append(
                f"{share.name}: the opening gives {share.share:.4f}, the census {won / n:.4f}"
            )
    return wrong


def _allows_more(stricter: RuleSet, relaxed: RuleSet) -> str | None:
    """What is wrong with "``relaxed`` allows every move ``stricter`` allows, and more"."""
    pairs = [(w, r) for w in RANKS for r in RANKS]
    lost = [(w, r) for w, r in pairs if stricter.accepts(w, r) and not relaxed.accepts(w, r)]
    if lost:
        return f"{relaxed} refuses rank {lost[0][1]} on rank {lost[0][0]}, which {stricter} allows"
    if relaxed.rules.draw_only_when_blocked and not stricter.rules.draw_only_when_blocked:
        return f"{relaxed} restricts drawing, {stricter} does not"
    gained = any(relaxed.accepts(w, r) and not stricter.accepts(w, r) for w, r in pairs)
    draws = stricter.rules.draw_only_when_blocked and not relaxed.rules.draw_only_when_blocked
    return None if gained or draws else f"{relaxed} allows nothing more than {stricter}"


def lost_deals(facts: dict[str, Any]) -> int:
    """How many deals the census wins under a rule set of the page's order and not under the
    next one."""
    census, relax = _census(facts), [share.name for share in facts["relax"]]
    return sum(len(_lost(census[a], census[b])) for a, b in itertools.pairwise(relax))


RELAXING = (
    "In the order %(order)s, each rule set allows every move the one before it allows, "
    "and more. No deal is lost when the rules relax: every deal that can be won under a rule "
    "set can also be won under each one after it."
)
SIDE_IN_ORDER = Words(
    "side of the page's order the stricter rule set stands on",
    {"before": "before", "after": "after"},
    reads="order",
)
LAX_SIDE = Words(
    "side of the page's order the more relaxed rule set stands on",
    {"before": "before", "after": "after"},
    reads="order",
)


def _stricter_side(facts: dict[str, Any]) -> Any:
    """Where in the page's order each rule set's stricter neighbour stands: ``before`` when
    each rule set allows every move of the one before it and more, ``after`` the other way."""
    relax = [share.rule_set for share in facts["relax"]]
    sides = set()
    for first, second in itertools.pairwise(relax):
        if _allows_more(first, second) is None:
            sides.add("before")
        elif _allows_more(second, first) is None:
            sides.add("after")
        else:
            sides.add("neither")
    return one_value(sides)


def _allows_beyond(facts: dict[str, Any]) -> Any:
    """Whether each rule set of the page's order allows more than the one before it
    (``higher``), fewer moves (``lower``) or the same."""
    relax = [share.rule_set for share in facts["relax"]]
    pairs = [(w, r) for w in RANKS for r in RANKS]
    sides = set()
    for first, second in itertools.pairwise(relax):
        gained = any(second.accepts(w, r) and not first.accepts(w, r) for w, r in pairs) or (
            first.rules.draw_only_when_blocked and not second.rules.draw_only_when_blocked
        )
        lost = any(first.accepts(w, r) and not second.accepts(w, r) for w, r in pairs) or (
            second.rules.draw_only_when_blocked and not first.rules.draw_only_when_blocked
        )
        sides.add("higher" if gained and not lost else "lower" if lost and not gained else "same")
    return one_value(sides)


def _relaxed_side(facts: dict[str, Any]) -> Any:
    side = _stricter_side(facts)
    return {"before": "after", "after": "before"}.get(side, side)


@CLAIMS.claim(
    "relaxing",
    RELAXING,
    says=[
        Says(RELAXING, "allows every move the one {} it allows", SIDE_IN_ORDER, _stricter_side),
        Says(RELAXING, "can also be won under each one {} it", LAX_SIDE, _relaxed_side),
        Says(
            RELAXING,
            "{} is lost when the rules relax",
            Words("deals lost when the rules relax", {0: "No deal", 1: "One deal"}, reads="count"),
            lost_deals,
        ),
        Says(
            RELAXING,
            "every deal that can be won under a rule set {} also be won",
            CAN_BE_WON,
            lambda facts: lost_deals(facts) == 0,
        ),
        Says(
            RELAXING,
            "it allows, and {}.",
            Words(
                "what each rule set allows beyond the one before it",
                {"higher": "more", "lower": "less"},
                reads="comparison",
            ),
            _allows_beyond,
        ),
    ],
)
def relaxing(facts: dict[str, Any]) -> list[str]:
    """The page's order is the order of relaxation, and the census's deals keep to it."""
    wrong = []
    relax = facts["relax"]
    names = [share.name for share in relax]
    if names != [name for name in RELAX_ORDER if name in names]:
        wrong.append(f"the page orders the rule sets {names}, not from the strictest")
    census = _census(facts)
    for stricter, relaxed in itertools.pairwise(relax):
        problem = _allows_more(stricter.rule_set, relaxed.rule_set)
        if problem:
            wrong.append(problem)
        lost = _lost(census[stricter.name], census[relaxed.name])
        if lost:
            wrong.append(
                f"deal {lost[0]} can be won under {stricter.name} and not under {relaxed.name} "
                f"({len(lost)} such deal(s))"
            )
    return wrong


def _gains(facts: dict[str, Any]) -> dict[tuple[str, str], float]:
    """Each step of the page's order and how much it raises the share of winnable deals."""
    census = _census(facts)

    def share(name: str) -> float:
        return sum(census[name].winnable) / len(census[name].winnable)

    relax = [share.name for share in facts["relax"]]
    return {(a, b): share(b) - share(a) for a, b in itertools.pairwise(relax)}


def named_step(facts: dict[str, Any]) -> str:
    """Which step the page names: the largest, the smallest, or neither."""
    gains = _gains(facts)
    largest = facts["largest_step"]
    gain = gains.get((largest.stricter.name, largest.relaxed.name))
    if gain is None:
        return "neither"
    if math.isclose(gain, max(gains.values()), abs_tol=1e-12):
        return "largest"
    return "smallest" if math.isclose(gain, min(gains.values()), abs_tol=1e-12) else "neither"


def step_direction(facts: dict[str, Any]) -> str:
    """Whether the named step raises the share of winnable deals or lowers it."""
    largest = facts["largest_step"]
    gain = _gains(facts).get((largest.stricter.name, largest.relaxed.name), 0.0)
    return "rises" if gain > 0 else "falls" if gain < 0 else "stays"


STEP = (
    "The largest step is from %(stricter)s to %(relaxed)s: the share of winnable deals "
    "rises by %(points)s percentage points."
)


@CLAIMS.claim(
    "relax-steps",
    STEP,
    says=[
        Says(
            STEP,
            "The {} step is from",
            Words("step named", {"largest": "largest", "smallest": "smallest"}, reads="size"),
            named_step,
        ),
        Says(
            STEP,
            "the share of winnable deals {} by",
            Words("share's direction", {"rises": "rises", "falls": "falls"}, reads="trend"),
            step_direction,
        ),
    ],
)
def relax_steps(facts: dict[str, Any]) -> list[str]:
    """No other relaxation of the page raises the share as much as the one it names."""
    census = _census(facts)

    def share(name: str) -> float:
        return sum(census[name].winnable) / len(census[name].winnable)

    relax = [share.name for share in facts["relax"]]
    gains = {(a, b): share(b) - share(a) for a, b in itertools.pairwise(relax)}
    largest = facts["largest_step"]
    named = (largest.stricter.name, largest.relaxed.name)
    if named not in gains:
        return [f"{named[0]} to {named[1]} is not a step of the page's order {relax}"]
    best = max(gains.values())
    if not math.isclose(gains[named], best, abs_tol=1e-12):
        other = max(gains, key=lambda pair: gains[pair])
        return [f"{other[0]} to {other[1]} gains {best:.4f}, more than {gains[named]:.4f}"]
    if not math.isclose(largest.gain, gains[named], abs_tol=1e-12):
        return [f"the page's step is {largest.gain:.4f}, the census's {gains[named]:.4f}"]
    return []


def _lost(stricter: Census, relaxed: Census) -> list[int]:
    """The deals of both census files won under ``stricter`` and not under ``relaxed``."""
    first, last = max(stricter.first, relaxed.first), min(stricter.last, relaxed.last)
    if first > last:
        return []
    won = stricter.winnable[first - stricter.first : last - stricter.first + 1]
    kept = relaxed.winnable[first - relaxed.first : last - relaxed.first + 1]
    # deal by deal, a byte each: 1 where won under stricter and not under relaxed
    if not int.from_bytes(won, "big") & ~int.from_bytes(kept, "big"):
        return []
    return [first + i for i, (w, k) in enumerate(zip(won, kept, strict=True)) if w and not k]


def _whole_percents(low: float, high: float) -> range:
    """The whole percents that the shares from ``low`` to ``high`` round to (half up)."""
    return range(math.floor(low * 100 + 0.5), math.floor(high * 100 + 0.5) + 1)


AGREE = (
    "%(rules)s: the article “%(source)s” gives %(percent)s; the census finds %(share)s "
    "(%(interval)s). They agree: the interval holds shares that round to %(percent)s."
)
DISAGREE = (
    "%(rules)s: the article “%(source)s” gives %(percent)s; the census finds %(share)s "
    "(%(interval)s). They do not agree: no share in the interval rounds to %(percent)s."
)
AGREEMENT = Words(
    "agreement of the figures", {True: "agree", False: "do not agree"}, reads="affirmed"
)


def agreement(shown_with: bool) -> Any:
    """Whether the figures the page shows with the sentence for ``shown_with`` agree: the
    published percent is a whole percent the census's interval rounds to. A sentence no figure
    is shown with states nothing on the page: its own words stand."""

    def measure(facts: dict[str, Any]) -> Any:
        found = {
            share.published.percent in _whole_percents(share.low, share.high)
            for share in facts["compared"]
            if share.agrees == shown_with
        }
        return one_value(found) if found else shown_with

    return measure


def rounding_shares(facts: dict[str, Any]) -> Any:
    """How many whole percents of the interval equal the published one, for the figures shown
    with the sentence that they do not agree (none shown: none)."""
    return one_value(
        {
            list(_whole_percents(share.low, share.high)).count(share.published.percent)
            for share in facts["compared"]
            if not share.agrees
        }
        or {0}
    )


@CLAIMS.claim(
    "published-figures",
    AGREE,
    DISAGREE,
    says=[
        Says(AGREE, "They {}: the interval holds", AGREEMENT, agreement(True)),
        Says(DISAGREE, "They {}: no share", AGREEMENT, agreement(False)),
        Says(
            DISAGREE,
            "{} in the interval rounds to",
            Words(
                "shares that round to the figure", {0: "no share", 1: "one share"}, reads="count"
            ),
            rounding_shares,
        ),
    ],
)
def published_figures(facts: dict[str, Any]) -> list[str]:
    """Each comparison says "agree" exactly when the interval rounds to the published figure."""
    wrong = []
    names = {str(census.rule_set) for census in facts["census"]}
    for figure in facts["literature"].figures:
        if figure.rules in names and not any(s.published == figure for s in facts["compared"]):
            wrong.append(f"the figure {figure.percent}% for {figure.rules} is not compared")
    for share in facts["compared"]:
        agrees = share.published.percent in _whole_percents(share.low, share.high)
        if share.agrees != agrees:
            said = "agree" if share.agrees else "do not agree"
            wrong.append(
                f"{share.name}: the page says the figures {said}, but the interval "
                f"{share.low:.4f}-{share.high:.4f} rounds to {list(_whole_percents(share.low, share.high))}"
            )
        if share.published.source.title != facts["literature"].figures[0].source.title:
            wrong.append(
                f"{share.name}: the figure comes from {share.published.source.title!r}, "
                "not from the article the page's note speaks of"
            )
    return wrong


BEST_SCORES = (
    "When a deal cannot be won, the game ends stuck, and the score depends on how many of the "
    "%(tableau)s tableau cards were removed. For the deals that cannot be won, the census "
    "found the most cards a player can remove, and so the best score that deal allows."
)


def best_removals_end(facts: dict[str, Any]) -> str:
    """Which removals give a stuck game its best (highest) score: the most cards removed when
    the score rises with each card removed, the fewest when it falls."""
    scores = [SCORING.stuck_score(removed) for removed in range(TABLEAU_SIZE)]
    return extreme_of(scores.index(max(scores)), range(TABLEAU_SIZE))


@CLAIMS.claim(
    "best-scores",
    BEST_SCORES,
    says=[
        Says(
            BEST_SCORES,
            "the census found the {} cards a player can remove, and so the best score that deal "
            "allows",
            extreme("cards removed that give the best score"),
            best_removals_end,
        ),
        Says(BEST_SCORES, "When a deal {} be won, the game ends stuck", CAN_BE_WON, unwon_verdict),
        Says(BEST_SCORES, "For the deals that {} be won, the census", CAN_BE_WON, unwon_verdict),
    ],
)
def best_score_claim(facts: dict[str, Any]) -> list[str]:
    """The distribution counts the unwinnable rows by the score of their best removals."""
    wrong = []
    census = _census(facts)
    score_of = {removed: SCORING.stuck_score(removed) for removed in range(TABLEAU_SIZE)}
    for best in facts["best"]:
        data = census[best.name]
        removals = bytes(itertools.compress(data.best, map(operator.not_, data.winnable)))
        if any(r >= TABLEAU_SIZE for r in removals):
            wrong.append(f"{best.name}: a deal that cannot be won has no best result below 35")
            continue
        deals_at: Counter[int] = Counter()
        for removed, deals in Counter(removals).items():
            deals_at[score_of[removed]] += deals
        if best.unwinnable != len(removals) or sum(c.deals for c in best.scores) != len(removals):
            wrong.append(f"{best.name}: the table counts other deals than the census")
        for count in best.scores:
            if deals_at[count.score] != count.deals:
                wrong.append(
                    f"{best.name}: {count.deals} deals at {count.score}, the census says "
                    f"{deals_at[count.score]}"
                )
        if removals and best.best.score != max(deals_at):
            wrong.append(f"{best.name}: the best score is {max(deals_at)}, not {best.best.score}")
        if (
            removals
            and min(r for r in set(removals) if score_of[r] == best.best.score) != best.best.removed
        ):
            wrong.append(f"{best.name}: the best score's removals are not {best.best.removed}")
    return wrong


def _unwon_removals(data: Census) -> bytes:
    """The best results (cards removed) of the deals ``data`` cannot win, one byte each."""
    return bytes(itertools.compress(data.best, map(operator.not_, data.winnable)))


def _main_rule_sets(facts: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The names of the rule sets the page charts, and what is wrong with them: they must
    be those of :data:`RELAX_ORDER` (how many, the sentences say in words: :func:`charted`)."""
    names = [b.name for b in facts["best_summary"].main]
    if sorted(names) != sorted(RELAX_ORDER):
        return names, [f"the page charts {names}, not the rule sets {list(RELAX_ORDER)}"]
    return names, []


def charted(facts: dict[str, Any]) -> int:
    """How many rule sets the page charts."""
    return len(facts["best_summary"].main)


CHARTED = counted("rule sets charted")
COMMON_ALL = (
    "%(score)s points is the most common best score under each of the four rule sets charted "
    "below, from %(low)s of the deals that cannot be won (%(low_rules)s) to %(high)s "
    "(%(high_rules)s)."
)
HALF = (
    "Half of the deals that cannot be won under %(rules)s let you remove %(half)s cards or "
    "more. Under the four rule sets charted below, that figure runs from %(low)s cards "
    "(%(low_rules)s) to %(high)s (%(high_rules)s)."
)


COMMON = (
    "Under %(rules)s, the most common best score of a deal that cannot be won is %(score)s "
    "points: %(removed)s of the %(tableau)s tableau cards removed. It is the best that "
    "%(share)s of these deals allow."
)
MOST_COMMON = extreme("how many deals have the named best score, against the other scores")


def common_end(facts: dict[str, Any]) -> Any:
    """Where the named score's count of deals stands among the counts of each best score, under
    each charted rule set (``highest``: no score is the best of more deals)."""
    census = _census(facts)
    named = facts["best_summary"].classic.most_common.score
    ends = set()
    for name in _main_rule_sets(facts)[0]:
        at_score = Counter(SCORING.stuck_score(r) for r in _unwon_removals(census[name]))
        ends.add(extreme_of(at_score[named], at_score.values()) if at_score else "neither")
    return one_value(ends)


@CLAIMS.claim(
    "best-common",
    COMMON,
    COMMON_ALL,
    says=[
        Says(COMMON_ALL, "under each of the {} rule sets charted below", CHARTED, charted),
        Says(COMMON, "the {} common best score of a deal", MOST_COMMON, common_end),
        Says(COMMON, "best score of a deal that {} be won is", CAN_BE_WON, unwon_verdict),
        Says(COMMON_ALL, "of the deals that {} be won (%(low_rules)s)", CAN_BE_WON, unwon_verdict),
        Says(COMMON_ALL, "is the {} common best score under", MOST_COMMON, common_end),
    ],
)
def best_common(facts: dict[str, Any]) -> list[str]:
    """The most common best score counts the unwinnable rows by score, rule set by rule set;
    the score is that of exactly the cards removed the sentence names."""
    summary = facts["best_summary"]
    names, wrong = _main_rule_sets(facts)
    census = _census(facts)
    named = summary.classic.most_common
    if summary.classic.name != "classic":
        wrong.append(f"the sentence speaks of Classic, the page of {summary.classic.name}")
    if facts["tableau"] != TABLEAU_SIZE:
        wrong.append(f"the tableau has {TABLEAU_SIZE} cards, not {facts['tableau']}")
    found = {}
    for name in names:
        removals = _unwon_removals(census[name])
        if not removals:
            wrong.append(f"{name}: no deal that cannot be won")
            continue
        at_score: Counter[int] = Counter()
        for removed, deals in Counter(removals).items():
            at_score[SCORING.stuck_score(removed)] += deals
        most = max(at_score.values())
        score = max(s for s, n in at_score.items() if n == most)  # of two as common, the higher
        found[name] = (score, most / len(removals))
        if name == "classic":
            if named.score != score:
                wrong.append(f"classic: the most common best score is {score}, not {named.score}")
            counts = {r for r in set(removals) if SCORING.stuck_score(r) == named.score}
            if counts != {named.removed}:
                wrong.append(
                    f"classic: the deals whose best score is {named.score} remove "
                    f"{sorted(counts)} cards, not {named.removed}"
                )
            if not math.isclose(named.share, at_score[named.score] / len(removals)):
                wrong.append(
                    f"classic: {named.share:.6f} of the deals have the best score {named.score}, "
                    f"the census says {at_score[named.score] / len(removals):.6f}"
                )
    if "classic" not in found:
        return [*wrong, "no census of classic with a deal it cannot win"]
    other = [name for name, (score, _) in found.items() if score != named.score]
    if other:
        wrong.append(f"{other[0]}: the most common best score is {found[other[0]][0]}")
    shares = {name: share for name, (_, share) in found.items()}
    for said, pick in ((summary.common_low, min), (summary.common_high, max)):
        value = pick(shares.values())
        if said.name not in shares or not math.isclose(shares[said.name], value):
            wrong.append(
                f"the {pick.__name__} share of the most common best score is {value:.6f} "
                f"({[n for n, v in shares.items() if v == value]}), not {said.name}'s"
            )
        elif not math.isclose(said.most_common.share, value):
            wrong.append(
                f"{said.name}: the page says {said.most_common.share:.6f}, not {value:.6f}"
            )
    return wrong


def half_side(facts: dict[str, Any]) -> str:
    """On which side of Classic's figure half of its deals that cannot be won lie: ``higher``
    when the figure is the most cards that half of them let a player remove (so half remove
    it or more), ``lower`` when it is the fewest that half of them stay within."""
    removals = _unwon_removals(_census(facts)["classic"])
    half = facts["best_summary"].classic.half_removed
    n, at = len(removals), Counter(removals)
    cards = range(TABLEAU_SIZE + 1)
    reach = [m for m in cards if 2 * sum(c for r, c in at.items() if r >= m) >= n]
    within = [m for m in cards if 2 * sum(c for r, c in at.items() if r <= m) >= n]
    if reach and half == max(reach):
        return "higher"
    return "lower" if within and half == min(within) else "neither"


@CLAIMS.claim(
    "best-half",
    HALF,
    says=[
        Says(HALF, "Under the {} rule sets charted below", CHARTED, charted),
        Says(HALF, "Half of the deals that {} be won under", CAN_BE_WON, unwon_verdict),
        Says(
            HALF,
            "let you remove %(half)s cards or {}",
            Words(
                "side of the figure half of the deals reach",
                {"higher": "more", "lower": "fewer"},
                reads="comparison",
            ),
            half_side,
        ),
    ],
)
def best_half(facts: dict[str, Any]) -> list[str]:
    """At least half of the unwinnable rows remove the named number of cards or more, and
    fewer than half one card more: the number is the most that half of them reach."""
    summary = facts["best_summary"]
    names, wrong = _main_rule_sets(facts)
    census = _census(facts)
    said = {b.name: b.half_removed for b in summary.main}
    found = {}
    for name in names:
        removals = _unwon_removals(census[name])
        # at_least[m]: how many of these deals let a player remove m cards or more
        at_least = list(
            itertools.accumulate(
                (removals.count(m) for m in range(TABLEAU_SIZE, -1, -1)),
            )
        )[::-1]
        at_least.append(0)
        half = said[name]
        if not 0 <= half <= TABLEAU_SIZE or not (
            2 * at_least[half] >= len(removals) > 2 * at_least[half + 1]
        ):
            wrong.append(
                f"{name}: {half} cards is not the most that half of the {len(removals)} deals "
                "that cannot be won let a player remove"
            )
        found[name] = max(m for m in range(TABLEAU_SIZE + 1) if 2 * at_least[m] >= len(removals))
    if summary.classic.name != "classic" or "classic" not in found:
        wrong.append(f"the sentence speaks of Classic, the page of {summary.classic.name}")
    for b, pick in ((summary.half_low, min), (summary.half_high, max)):
        value = pick(found.values(), default=None)
        if found.get(b.name) != value or b.half_removed != value:
            wrong.append(
                f"the {pick.__name__} of the four is {value} cards "
                f"({[n for n, v in found.items() if v == value]}), not {b.half_removed} ({b.name})"
            )
    return wrong


@CLAIMS.claim(
    "census-method",
    "%(rules)s: deals %(deals)s, solved with the %(solver)s by %(count)s worker processes "
    "on %(made)s, with the command %(command)s.",
)
def census_method(facts: dict[str, Any]) -> list[str]:
    """What the page says of each file comes from its header, and the header from its rows."""
    wrong = []
    census = _census(facts)
    for method in facts["methods"]:
        data = census[method.name]
        header = data.header
        if (data.first, data.last) != (method.first, method.last):
            wrong.append(
                f"{method.name}: deals {method.first}-{method.last}, "
                f"the rows hold {data.first}-{data.last}"
            )
        if header["deals"] != f"{method.first}-{method.last}":
            wrong.append(f"{method.name}: the header says deals {header['deals']}")
        shown = (method.command, method.solver, str(method.workers), method.made.isoformat())
        if shown != (header["command"], header["solver"], header["workers"], header["made"]):
            wrong.append(f"{method.name}: the page does not show the file's header")
        if method.workers < 1:
            wrong.append(f"{method.name}: {method.workers} workers")
    return wrong


def _strategy_won(facts: dict[str, Any]) -> dict[tuple[str, str], int]:
    """Each player's deals won under each rule set, counted from the file's bits."""
    from generator.strategy import won_deals

    strategy = facts["strategy"]
    return {
        key: len(won_deals(result.wins, strategy.first, strategy.last))
        for key, result in strategy.results.items()
    }


def _strategy_bounds(won: int, deals: int) -> tuple[float, float]:
    """Wilson's bounds solved from their equation, ``(p - b)**2 == z**2 b (1 - b) / n``."""
    p, z2 = won / deals, Z95 * Z95
    # (1 + z2/n) b^2 - (2p + z2/n) b + p^2 = 0
    a, b, c = 1 + z2 / deals, -(2 * p + z2 / deals), p * p
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def strategy_rule_sets(facts: dict[str, Any]) -> int:
    from generator.strategy import RULE_SETS

    return len(RULE_SETS)


STRATEGY_TABLE = (
    "The help pages of Aisleriot and PySolFC give tips for Golf. To see what each is worth, a "
    "simple player played the first %(deals)s deals under three rule sets: while a card fits the "
    "waste card, it removes one, from the column furthest to the left, and it draws only when none fits. "
    "Then it played them again following one tip, and all four at once. The table gives the "
    "share of deals won, with its %(level)s%% interval."
)


def base_draws_while_a_card_fits(facts: dict[str, Any]) -> bool:
    """Whether the simple player draws while a free card fits the waste card (a Six free on a
    Five, the stock not empty), under each rule set of the table."""
    from generator.census.format import parse_rule_set
    from generator.pages.patience_claims import situation
    from generator.patience import Card
    from generator.patience.players import choose
    from generator.strategy import RULE_SETS

    draws = set()
    for name in RULE_SETS:
        rule_set = parse_rule_set(name)
        game = situation(Card(5, "C"), [Card(6, "H")], rules=rule_set.rules)
        game = type(game)(game.deal, rule_set.rules, variants=rule_set.variants)
        move = choose(game, "base")
        draws.add(move is not None and move.action == "draw")
    return bool(one_value(draws))


def tips_counted(facts: dict[str, Any]) -> int:
    """How many tips the table's players follow one by one (all but the simple player and the
    one following all of them)."""
    from generator.patience.players import KEYS

    return len([p for p in KEYS if p not in ("base", "all")])


@CLAIMS.claim(
    "strategy-table",
    STRATEGY_TABLE,
    says=[
        Says(STRATEGY_TABLE, "deals under {} rule sets", counted("rule sets"), strategy_rule_sets),
        Says(
            STRATEGY_TABLE,
            "and it draws {}.",
            Words(
                "simple player's drawing",
                {False: "only when none fits", True: "at any time"},
                reads="any-time",
            ),
            base_draws_while_a_card_fits,
        ),
        Says(STRATEGY_TABLE, "and all {} at once", counted("tips"), tips_counted),
    ],
)
def strategy_table(facts: dict[str, Any]) -> list[str]:
    """The table's counts are the file's bits counted; its intervals solve Wilson's equation;
    the deals are the first ones; the players are the base player, four tips and all four."""
    from generator.patience.players import KEYS
    from generator.strategy import RULE_SETS

    strategy, wrong = facts["strategy"], []
    if strategy.first != 1:
        wrong.append(f"the file's deals start at {strategy.first}, not at the first deal")
    if len(RULE_SETS) != 3:
        wrong.append(f"the file measures {len(RULE_SETS)} rule sets, not three")
    tips = [p for p in KEYS if p not in ("base", "all")]
    if (
        len(tips) != 4
        or KEYS["base"]
        or sorted(KEYS["all"], key=id) != sorted((KEYS[t][0] for t in tips), key=id)
    ):
        wrong.append("the players are not the simple player, four tips and all four together")
    won = _strategy_won(facts)
    for row in facts["strategy_rows"]:
        for i, rule_set in enumerate(RULE_SETS):
            counted = won[(rule_set, row.player)]
            if row.won[i] != counted:
                wrong.append(
                    f"{row.player}, {rule_set}: {row.won[i]} won, the file's bits {counted}"
                )
            low, high = _strategy_bounds(counted, strategy.deals)
            if not (
                math.isclose(low, row.low[i], abs_tol=1e-9)
                and math.isclose(high, row.high[i], abs_tol=1e-9)
            ):
                wrong.append(f"{row.player}, {rule_set}: not Wilson's interval")
    return wrong


WORTH = (
    "Two tips are worth following: take the card of the tallest column, and take the card that "
    "starts the longest run of removals, as Aisleriot's help advises. Under each of the three "
    "rule sets, each of them wins more deals than the simple player, beyond both intervals: under "
    "%(rules)s, %(tallest)s and %(run)s of the deals, against %(base)s for the simple player."
)
LITTLE = (
    "The other two tips are worth little to this player: keeping Kings for last (nothing can be "
    "played on a King, Aisleriot's help reminds) and PySolFC's “Save Twos for Aces and Queens "
    "for Kings” change the share of deals won by at most %(points)s percentage points under each "
    "rule set, within the intervals."
)
WORTH_TIPS = ("tallest", "longest-run")
LITTLE_TIPS = ("kings-last", "save-twos")
WINS_MORE = Words(
    "tips' deals won against the simple player's",
    {"higher": "more", "lower": "fewer"},
    reads="comparison",
)
APART = Words(
    "tips' intervals against the simple player's",
    {True: "beyond both intervals", False: "within the intervals"},
    reads="separated",
)


def _tips_against_base(facts: dict[str, Any], tips: tuple[str, ...]) -> dict[str, set[Any]]:
    """How ``tips`` stand against the simple player under each rule set: the side their deals
    won lie on (``higher``, ``lower``, ``same``) and whether their intervals lie apart."""
    from generator.strategy import RULE_SETS

    deals, won = facts["strategy"].deals, _strategy_won(facts)
    sides: set[Any] = set()
    apart: set[Any] = set()
    for tip in tips:
        for rule_set in RULE_SETS:
            tip_won, base_won = won[(rule_set, tip)], won[(rule_set, "base")]
            sides.add("higher" if tip_won > base_won else "lower" if tip_won < base_won else "same")
            low, high = _strategy_bounds(tip_won, deals)
            base_low, base_high = _strategy_bounds(base_won, deals)
            apart.add(low > base_high or high < base_low)
    return {"sides": sides, "apart": apart}


def tips_worth_following(facts: dict[str, Any]) -> int:
    """How many tips win more deals than the simple player, beyond both intervals, under each
    rule set of the table."""
    from generator.patience.players import KEYS

    tips = tuple(p for p in KEYS if p not in ("base", "all"))
    return sum(
        _tips_against_base(facts, (tip,)) == {"sides": {"higher"}, "apart": {True}} for tip in tips
    )


def worth_side(facts: dict[str, Any]) -> Any:
    return one_value(_tips_against_base(facts, WORTH_TIPS)["sides"])


def worth_apart(facts: dict[str, Any]) -> Any:
    return one_value(_tips_against_base(facts, WORTH_TIPS)["apart"])


def little_apart(facts: dict[str, Any]) -> Any:
    return one_value(_tips_against_base(facts, LITTLE_TIPS)["apart"])


@CLAIMS.claim(
    "strategy-worth",
    WORTH,
    says=[
        Says(WORTH, "Under each of the {} rule sets", counted("rule sets"), strategy_rule_sets),
        Says(
            WORTH,
            "{} tips are worth following",
            counted("tips worth following", CAPITALIZED),
            lambda facts: len(WORTH_TIPS),
        ),
        Says(WORTH, "each of them wins {} deals than the simple player", WINS_MORE, worth_side),
        Says(WORTH, "than the simple player, {}:", APART, worth_apart),
    ],
)
def strategy_worth(facts: dict[str, Any]) -> list[str]:
    """Each of the two tips' intervals lies above the simple player's, under each rule set; the
    sentence's figures are Easy's, of the players it names."""
    from generator.strategy import RULE_SETS

    rows = {row.player: row for row in facts["strategy_rows"]}
    named = [row.player for row in facts["strategy_rows"]]
    wrong = []
    if named[:2] != ["base", "tallest"] or named[4] != "longest-run" or RULE_SETS[0] != "easy":
        wrong.append("the sentence's figures are not Easy's of base, tallest and longest-run")
    deals = facts["strategy"].deals
    won = _strategy_won(facts)
    for tip in ("tallest", "longest-run"):
        for rule_set in RULE_SETS:
            tip_low, _ = _strategy_bounds(won[(rule_set, tip)], deals)
            _, base_high = _strategy_bounds(won[(rule_set, "base")], deals)
            if tip_low <= base_high:
                wrong.append(f"{tip}, {rule_set}: its interval reaches the simple player's")
    if rows["tallest"].won[0] != won[("easy", "tallest")]:
        wrong.append("the Easy figure of tallest is not the file's")
    return wrong


def little_end(facts: dict[str, Any]) -> str:
    """Where the page's figure stands among the changes the two tips make to the share of
    deals won, rule set by rule set: ``highest`` when none is larger (at most the figure)."""
    from generator.strategy import RULE_SETS

    deals, won = facts["strategy"].deals, _strategy_won(facts)
    changes = [
        abs(won[(rule_set, tip)] - won[(rule_set, "base")]) / deals
        for tip in LITTLE_TIPS
        for rule_set in RULE_SETS
    ]
    said = facts["strategy_little"] + 1e-12  # the figure is the largest rounded up
    return extreme_of(said, changes)


@CLAIMS.claim(
    "strategy-little",
    LITTLE,
    says=[
        Says(LITTLE, "percentage points under each rule set, {}.", APART, little_apart),
        Says(
            LITTLE,
            "The other {} tips are worth little",
            counted("tips worth little"),
            lambda facts: len(LITTLE_TIPS),
        ),
        Says(
            LITTLE,
            "change the share of deals won by at {} %(points)s percentage points",
            extreme("end of the tips' changes the page's figure stands at"),
            little_end,
        ),
    ],
)
def strategy_little(facts: dict[str, Any]) -> list[str]:
    """Each of the two tips differs from the simple player by at most the figure, and its
    interval holds the simple player's share (and the other way round)."""
    from generator.strategy import RULE_SETS

    deals, wrong = facts["strategy"].deals, []
    won = _strategy_won(facts)
    most = 0
    for tip in ("kings-last", "save-twos"):
        for rule_set in RULE_SETS:
            tip_won, base_won = won[(rule_set, tip)], won[(rule_set, "base")]
            most = max(most, abs(tip_won - base_won))
            low, high = _strategy_bounds(tip_won, deals)
            base_low, base_high = _strategy_bounds(base_won, deals)
            if not (low <= base_won / deals <= high and base_low <= tip_won / deals <= base_high):
                wrong.append(f"{tip}, {rule_set}: outside the simple player's interval")
    # the page's "at most" is the largest change rounded up to a tenth of a percentage point
    said = facts["strategy_little"]
    if not (most / deals <= said + 1e-12 and said < most / deals + 0.001 - 1e-12):
        wrong.append(f"the largest change is {most / deals:.4f}, the page says at most {said:.4f}")
    return wrong


TIPS_INTRO = (
    "Two tips win more deals than taking the fitting card of the column furthest to the left, "
    "under each rule set (%(measured)s):"
)
TIP_TALLEST = "when several cards fit, take the card of the tallest column;"
TIP_RUN = "or take the card that starts the longest run of removals."
"""The rules page's tips (issue 47): the two the table measures as worth following, a line
each, their measurement a link away. They live here, beside the strategy file they are measured
in."""


def base_side(facts: dict[str, Any]) -> Any:
    """The side whose column the simple player takes its card from, where two columns' cards
    fit (a Six in column 2, a Four in column 5, on a Five), under each rule set: ``left``
    or ``right``."""
    from generator.census.format import parse_rule_set
    from generator.pages.patience_claims import situation
    from generator.patience import Card
    from generator.patience.players import choose, removals
    from generator.strategy import RULE_SETS

    sides = set()
    for name in RULE_SETS:
        rule_set = parse_rule_set(name)
        game = situation(Card(5, "C"), [None, Card(6, "H"), None, None, Card(4, "D")])
        game = type(game)(game.deal, rule_set.rules, variants=rule_set.variants)
        columns = sorted(m.column for m in removals(game) if m.column is not None)
        taken = choose(game, "base")
        column = taken.column if taken is not None else None
        sides.add(
            "left" if column == columns[0] else "right" if column == columns[-1] else "neither"
        )
    return one_value(sides)


@CLAIMS.claim(
    "rules-tips",
    TIPS_INTRO,
    TIP_TALLEST,
    TIP_RUN,
    says=[
        Says(
            TIPS_INTRO,
            "{} tips",
            counted("tips worth following", CAPITALIZED),
            lambda facts: len(WORTH_TIPS),
        ),
        Says(TIPS_INTRO, "win {} deals than", WINS_MORE, worth_side),
        Says(
            TIPS_INTRO,
            "the column furthest to the {},",
            Words("simple player's column", {"left": "left", "right": "right"}, reads="side"),
            base_side,
        ),
    ],
)
def rules_tips(facts: dict[str, Any]) -> list[str]:
    """The two tips of the rules page are the table's tips worth following: under each rule
    set, each wins more deals than the simple player, beyond both intervals (what ``more``
    rests on: a difference inside the intervals is no measured difference). The side the simple
    player takes its card from is played (:func:`base_side`)."""
    from generator.patience.players import KEYS

    wrong = []
    against = _tips_against_base(facts, WORTH_TIPS)
    if against != {"sides": {"higher"}, "apart": {True}}:
        wrong.append(f"the tips against the simple player, under each rule set: {against}")
    if not all(tip in KEYS for tip in WORTH_TIPS):
        wrong.append(f"the players have no tip {WORTH_TIPS}")
    return wrong

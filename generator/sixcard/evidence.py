"""Whether the simulation data backs each claim of the rules page.

A claim is ``backed`` when the 95% intervals point its way without overlapping,
``contradicted`` when they point the other way without overlapping, and
``undecided`` otherwise. "About 6" means: within half a point of 6 (the
interval lies inside [5.5, 6.5]); an interval wholly outside contradicts it.

The claims (the page's tips and variants, in Dutch):

- ``face-down-about-6``: a face-down card is worth "ongeveer 6" on average, as the tip
  means it: the value of the face-down cards the strong player turns up when it decides to
  (the tournament's ``strong_face_down``), beside the deck's mean.
- ``no-jokers-higher``: without Jokers the average hole score is "iets hoger"
  (6-Card Golf, 4 players, for each player).
- ``four-card-fewer-cancelling``: 4-Card Golf has "minder kansen op annulering":
  fewer cancelling column pairs per grid than 6-Card Golf (for each player); the
  detail also gives the share of columns that cancel, the other reading.
- ``double-deck-more-pairs``: a double deck makes column pairs "vaker": a larger
  share of columns end as pairs (for each player).
- ``two-jacks``: two jacks in one column score 0, in different columns 20 (scoring
  only: kings beside them score 0).

The tips (judged on the tournament, :mod:`generator.sixcard.tournament`): a tip that play can
test is ``backed`` when the strong player beats the same player with that habit reversed by an
interval wholly above zero, ``contradicted`` when wholly below, else ``undecided``; a tip play
cannot test is ``untestable``, with the reason (:data:`~generator.sixcard.tournament.TIPS`).
The same for each tip's neutral match (``tip-pairs-neutral``): against a player who ignores
the tip rather than one who does its opposite.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import bounded
from generator.sixcard.cards import Card, parse_card
from generator.sixcard.scoring import score_grid

DATA = Path(__file__).resolve().parent.parent / "data" / "sixcard_simulation.json"
TOURNAMENT = DATA.with_name("sixcard_tournament.json")
ABOUT = 0.5
"""How far from the stated number "about" may be."""


@dataclass(frozen=True)
class Verdict:
    claim: str
    verdict: str
    """``backed``, ``contradicted`` or ``undecided``."""
    detail: str


def load(path: Path = DATA) -> dict[str, Any]:
    """The simulation's figures; :class:`SixCardError` ``file:line: what`` if they cannot be read."""
    from generator.sixcard.errors import SixCardError

    where = _where(path)
    try:
        data = json.loads(bounded.read_text(path))
    except json.JSONDecodeError as error:
        raise SixCardError(
            f"{where}:{error.lineno}: not JSON: {error.msg} (column {error.colno})"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise SixCardError(f"{where}:1: cannot read: {error}") from None
    if not isinstance(data, dict):
        raise SixCardError(f"{where}:1: expected an object of figures")
    return data


def _where(path: Path) -> str:
    root = DATA.parents[2]
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


def _interval(fig: dict[str, Any]) -> tuple[float, float]:
    low, high = fig["ci95"]
    return float(low), float(high)


def _show(fig: dict[str, Any]) -> str:
    low, high = _interval(fig)
    return f"{fig['mean']} [{low}, {high}]"


def compare(smaller: dict[str, Any], larger: dict[str, Any]) -> str:
    """``backed`` if ``smaller``'s interval lies wholly below ``larger``'s, ``contradicted``
    if wholly above, else ``undecided``."""
    if _interval(smaller)[1] < _interval(larger)[0]:
        return "backed"
    if _interval(smaller)[0] > _interval(larger)[1]:
        return "contradicted"
    return "undecided"


def _all(verdicts: list[str]) -> str:
    if all(v == "backed" for v in verdicts):
        return "backed"
    if any(v == "contradicted" for v in verdicts):
        return "contradicted"
    return "undecided"


def _about(fig: dict[str, Any], number: float) -> str:
    low, high = _interval(fig)
    if number - ABOUT <= low and high <= number + ABOUT:
        return "backed"
    if high < number - ABOUT or low > number + ABOUT:
        return "contradicted"
    return "undecided"


def _by_player(data: dict[str, Any], measure: str, smaller: str, larger: str) -> tuple[str, str]:
    figs = data["figures"]
    verdicts, details = [], []
    for player in data["players"]:
        a, b = figs[smaller][player][measure], figs[larger][player][measure]
        verdicts.append(compare(a, b))
        details.append(f"{player}: {smaller} {_show(a)} vs {larger} {_show(b)}")
    return _all(verdicts), "; ".join(details)


def _two_jacks() -> Verdict:
    def grid(*rows: str) -> list[list[Card]]:
        return [[parse_card(t) for t in row.split()] for row in rows]

    together = score_grid(grid("JS KS", "JH KH")).score  # J J pair, K K pair
    apart = score_grid(grid("JS JH", "KS KH")).score  # J + K twice
    ok = (together, apart) == (0, 20)
    return Verdict(
        "two-jacks",
        "backed" if ok else "contradicted",
        f"one column: {together}, different columns: {apart} (kings beside them)",
    )


def above_zero(fig: dict[str, Any]) -> str:
    """``backed`` if ``fig``'s interval lies wholly above zero, ``contradicted`` if wholly
    below, else ``undecided``."""
    low, high = _interval(fig)
    if low > 0:
        return "backed"
    if high < 0:
        return "contradicted"
    return "undecided"


def judge_tips(tournament: dict[str, Any]) -> list[Verdict]:
    """Each tip's verdict on the tournament's figures (see the module), then each neutral
    match's (``<tip>-neutral``: following the tip against a player who ignores it)."""
    verdicts = []
    neutral = []
    for tip in tournament["tips"]:
        if tip["habit"] is None:
            verdicts.append(Verdict(tip["claim"], "untestable", tip["reversed"]))
            continue
        margin = tournament["matches"][tip["claim"]]["margin"]
        verdicts.append(
            Verdict(
                tip["claim"],
                above_zero(margin),
                f"following it wins {_show(margin)} points per hole against the strong "
                f"player that {tip['reversed']}",
            )
        )
        match = tip.get("neutral_match")
        if match is not None:
            margin = tournament["matches"][match]["margin"]
            neutral.append(
                Verdict(
                    match,
                    above_zero(margin),
                    f"following it wins {_show(margin)} points per hole against the strong "
                    f"player that {tip['neutral']}",
                )
            )
    return verdicts + neutral


def judge(
    data: dict[str, Any] | None = None, tournament: dict[str, Any] | None = None
) -> list[Verdict]:
    """Each claim's verdict on ``data`` and ``tournament`` (the committed figures by default)."""
    data = load() if data is None else data
    tournament = load(TOURNAMENT) if tournament is None else tournament
    turned = tournament["strong_face_down"]["turned_up"]
    means = {name: c["deck_mean"] for name, c in data["configurations"].items()}
    verdicts = [
        Verdict(
            "face-down-about-6",
            _about(turned, 6),
            f"the face-down cards the strong player turns up are worth {_show(turned)} "
            f"(the deck's mean: {means['6-card']})",
        )
    ]
    verdict, detail = _by_player(data, "hole_score", "6-card", "6-card-no-jokers")
    verdicts.append(Verdict("no-jokers-higher", verdict, f"mean hole score: {detail}"))
    verdict, detail = _by_player(data, "pairs_per_grid", "4-card", "6-card")
    _, share = _by_player(data, "paired_column_share", "4-card", "6-card")
    verdicts.append(
        Verdict(
            "four-card-fewer-cancelling",
            verdict,
            f"pairs per grid: {detail}; share of columns paired: {share}",
        )
    )
    verdict, detail = _by_player(data, "paired_column_share", "6-card", "6-card-double-deck")
    verdicts.append(Verdict("double-deck-more-pairs", verdict, f"share of columns: {detail}"))
    verdicts.append(_two_jacks())
    verdicts += judge_tips(tournament)
    return verdicts

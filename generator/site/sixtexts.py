"""The 6-Card Golf player's lines of ``messages.txt``: everything the player's script
(``docs_src/assets/golf-sixcard.js``) can show, each message rendered as the script renders it,
from the words the page carries (:func:`generator.site.sixplay.six_words`), with values the
Python engine made (:func:`six_examples`): a game of the page's set-up played by the strong
player in every seat gives each kind of move, the end of a hole, the hole's winner, a hint of
each kind of move and one that names a tip; the knock variant gives a knock and its penalty;
each counted message is shown at the engine's counts and at a count of each plural form.

Each example's label holds the values it shows (a card in the engine's notation, a count, a
score), as the patience player's lines do (:mod:`generator.site.othertexts`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from generator.i18n.numerals import integer
from generator.i18n.words import SIX_TIP_NAMES
from generator.patience import GolfError
from generator.site.plurals import plural_counts
from generator.sixcard.cards import Card
from generator.sixcard.hole import Action, Hole
from generator.sixcard.rules import (
    HOLES,
    JOKER_PAIR_MINUS_FOUR,
    KNOCK_PENALTY,
    PAIR_SCORE,
    TURN_LIMIT,
    Layout,
    Options,
)
from generator.sixcard.strong import StrongPlayer, hint

SEED = 1
"""The reference game's seed: a match of the page's set-up (hole ``k`` from ``"1/<k>"``)."""
SEEDS = 60
"""How many games from :data:`SEED` on are looked through for an example of each message."""
PLAYERS = 2


class SixTextError(GolfError):
    """The engine gives no example of a message (no game of the seeds tried has it)."""


@dataclass(frozen=True)
class SixExample:
    """One line: the message ``key`` of the player's words, with ``count`` (a counted message),
    plain ``values``, ``cards`` (their names in words) and ``said`` (values that are other
    lines, rendered first)."""

    label: str
    key: str
    count: int | None = None
    values: Mapping[str, object] = field(default_factory=dict)
    cards: Mapping[str, Card] = field(default_factory=dict)
    said: Mapping[str, SixExample] = field(default_factory=dict)
    tip: str | None = None
    """A tip's name (``tips`` of the words) instead of a message."""


def _form(words: Mapping[str, Any], count: int) -> int:
    plural = words["plural"]
    at = abs(count) - int(plural["first"])
    forms = str(plural["forms"])
    return int(forms[at]) if 0 <= at < len(forms) else -1


def six_render(words: Mapping[str, Any], example: SixExample) -> str:
    """The text the player's script shows for ``example``, given the words' JSON ``words``
    (what :func:`generator.site.sixplay.six_words` makes, or what a built page carries)."""
    if example.tip is not None:
        return str(words["tips"][example.tip])
    values: dict[str, object] = {k: v for k, v in example.values.items()}
    values |= {name: words["card_names"][str(card)] for name, card in example.cards.items()}
    values |= {name: six_render(words, said) for name, said in example.said.items()}
    if example.count is not None:
        forms = words["counted"][example.key]
        template = forms[min(_form(words, example.count), len(forms) - 1)]
        values["count"] = integer(example.count)
    else:
        template = words["text"][example.key]
    return _format(str(template), values)


def _format(template: str, values: Mapping[str, object]) -> str:
    import re

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        return "%" if name is None else str(values[name])

    return re.sub(r"%\((\w+)\)s|%%", fill, template)


def _player(seat: int) -> SixExample:
    if seat == 0:
        return SixExample("player: you", "you")
    return SixExample(f"player: computer {seat}", "computer", values={"number": seat})


def _place(hole: Hole, slot: int) -> dict[str, object]:
    return {"row": slot // hole.columns + 1, "column": slot % hole.columns + 1}


def _deal(options: Options, number: int, seed: int = SEED) -> Hole:
    return Hole(PLAYERS, options, f"{seed}/{number}", dealer=(PLAYERS - 1 + number) % PLAYERS)


def _hint(hole: Hole) -> tuple[Action, str | None]:
    """The hint, by the Python engine (:func:`generator.sixcard.strong.hint`)."""
    return hint(hole, list(SIX_TIP_NAMES))


def _hint_move(hole: Hole, action: Action, deal: str) -> SixExample:
    slot = (action.row - 1) * hole.columns + action.column - 1
    where = f"{deal}, action {len(hole.actions)}"
    if action.kind == "draw-stock":
        return SixExample(f"hint move: {where}, draw-stock", "move_stock")
    if action.kind == "draw-discard":
        top = hole.top_discard
        assert top is not None
        return SixExample(
            f"hint move: {where}, draw-discard {top}", "move_discard", cards={"card": top}
        )
    if action.kind == "replace":
        assert hole.hand is not None
        return SixExample(
            f"hint move: {where}, replace r{action.row}c{action.column} with {hole.hand}",
            "move_replace",
            values=_place(hole, slot),
            cards={"card": hole.hand},
        )
    if action.kind == "discard":
        return SixExample(
            f"hint move: {where}, discard, turn up r{action.row}c{action.column}",
            "move_turn",
            values=_place(hole, slot),
        )
    return SixExample(f"hint move: {where}, knock", "move_knock")


@functools.cache
def six_examples() -> tuple[SixExample, ...]:
    """Every line of the player in ``messages.txt``, made by the engine."""
    lines: list[SixExample] = []

    def plain(key: str, what: str = "button") -> None:
        lines.append(SixExample(f"six {what} {key}", key))

    for key in ("deal", "opponents", "length", "one_hole", "grid", "jokers", "joker_pair"):
        plain(key, "choice")
    plain("knock_variant", "choice")
    lines.append(SixExample(f"six choice match: {HOLES} holes", "match", count=HOLES))
    for layout in Layout:
        lines.append(
            SixExample(
                f"six choice grid: {layout.value}", "grid_size", values={"size": layout.size}
            )
        )
    for score in (PAIR_SCORE, JOKER_PAIR_MINUS_FOUR):
        lines.append(SixExample(f"six choice joker pair: {score}", "joker_pair_score", count=score))
    for key in ("share", "discard_turn", "knock", "hint", "next_hole", "new_game"):
        plain(key)
    for key in ("player", "hole_score", "total"):
        plain(key, "score table")
    for seat in range(4):
        lines.append(replace(_player(seat), label=f"six {_player(seat).label}"))

    options = Options()
    hole = _deal(options, 0)
    lines.append(
        SixExample(
            f"six status: hole 1 of {HOLES}", "hole_of", values={"number": 1, "count": HOLES}
        )
    )
    lines.append(SixExample(f"six status: deal {SEED}", "deal_number", values={"seed": SEED}))
    for count in sorted({len(hole.stock)} | plural_counts(range(len(hole.deck)))):
        lines.append(SixExample(f"six stock button: {count} cards", "draw_stock", count=count))
        lines.append(SixExample(f"six stock: {count} cards", "stock", count=count))
    top = hole.top_discard
    assert top is not None
    lines.append(SixExample(f"six discard: {top}", "take_discard", cards={"card": top}))
    lines.append(SixExample(f"six discard pile: {top}", "discard_top", cards={"card": top}))
    plain("discard_empty", "discard pile")
    for key in ("stock_caption", "discard_caption", "hand_caption"):
        plain(key, "caption")
    lines.append(SixExample(f"six your turn: {top} on top", "your_turn", cards={"card": top}))
    up = next(i for i, shown in enumerate(hole.face_up[0]) if shown)
    down = next(i for i, shown in enumerate(hole.face_up[0]) if not shown)
    lines.append(
        SixExample(
            f"six slot: {hole.grids[0][up]} at slot {up}",
            "slot_up",
            values=_place(hole, up),
            cards={"card": hole.grids[0][up]},
        )
    )
    lines.append(
        SixExample(f"six slot: face down at slot {down}", "slot_down", values=_place(hole, down))
    )
    for seat in range(PLAYERS):
        lines.append(
            SixExample(f"six grid of seat {seat}", "grid_of", said={"player": _player(seat)})
        )
    lines.append(SixExample("six thinking: computer 1", "thinking", said={"player": _player(1)}))
    lines += _played(options)
    lines += _knocked()
    lines.append(SixExample(f"six turn limit: {TURN_LIMIT} turns", "turn_limit", count=TURN_LIMIT))
    plain("choose_turn", "status")
    for habit in SIX_TIP_NAMES:
        lines.append(SixExample(f"six tip: {habit}", "tips", tip=habit))
    return tuple(replace(line, label=_with_numbers(line)) for line in lines)


def _numbers(example: SixExample) -> list[int]:
    """Every number a line shows: its count, its values, the ranks of the cards it names (the
    number cards', 2 to 10, which their names write in figures), and those of the lines in it."""
    found = [] if example.count is None else [example.count]
    found += [value for value in example.values.values() if isinstance(value, int)]
    found += [card.rank for card in example.cards.values() if 2 <= card.rank <= 10]
    for said in example.said.values():
        found += _numbers(said)
    if example.key == "computer":
        found += [int(str(example.values["number"]))]
    return found


def _with_numbers(example: SixExample) -> str:
    """The label with the numbers the line shows (the guard holds a line's numbers to them)."""
    numbers = sorted(set(_numbers(example)))
    return f"{example.label} [{', '.join(map(str, numbers))}]" if numbers else example.label


def _hinted(found: dict[str, SixExample], hole: Hole, deal: str) -> tuple[SixExample, str | None]:
    """The hint for the seat to move, its line kept in ``found`` under its move's kind (the
    first of each); the move's line and the tip it follows."""
    action, tip = _hint(hole)
    move = _hint_move(hole, action, deal)
    found.setdefault(
        move.key, SixExample(f"six hint: {move.label}", "hint_move", said={"move": move})
    )
    return move, tip


def _played(options: Options) -> list[SixExample]:
    """Each kind of move, the end of a hole, the winner and the hints, from games of the
    page's set-up played by the strong player in every seat (seeds from :data:`SEED` on)."""
    found: dict[str, SixExample] = {}
    for seed in range(SEED, SEED + SEEDS):
        hole = _deal(options, 0, seed)
        strong = StrongPlayer()
        while not hole.over:
            seat = hole.current
            where = f"deal {seed}/0, action {len(hole.actions)}"
            if seat == 0:
                move, tip = _hinted(found, hole, f"deal {seed}/0")
                if tip is not None:
                    found.setdefault(
                        "hint_tip",
                        SixExample(
                            f"six hint with tip {tip}: {move.label}",
                            "hint_tip",
                            said={"move": move, "tip": SixExample(f"tip {tip}", "tips", tip=tip)},
                        ),
                    )
            action = strong.choose(hole, random.Random(0))
            if action.kind in ("draw-stock", "draw-discard"):
                hole.play(action)
                card = hole.hand
                assert card is not None
                if seat == 0:
                    _hinted(found, hole, f"deal {seed}/0")
                    key = "holding_discard" if hole.hand_from_discard else "holding_stock"
                    found.setdefault(
                        key, SixExample(f"six {key}: {where}, {card}", key, cards={"card": card})
                    )
                second = strong.choose(hole, random.Random(0))
                slot = (second.row - 1) * hole.columns + second.column - 1
                old = hole.grids[seat][slot]
                key = (
                    "turn_up"
                    if second.kind == "discard"
                    else "replace_discard"
                    if hole.hand_from_discard
                    else "replace_stock"
                )
                ending = hole.ending
                hole.play(second)
                found.setdefault(
                    key,
                    SixExample(
                        f"six move: {where}, seat {seat} {card} {second.kind} r{second.row}c{second.column} ({old})",
                        key,
                        values=_place(hole, slot),
                        cards={"card": card, "old": old},
                        said={"player": _player(seat)},
                    ),
                )
                if not ending and hole.ending and hole.ended_by == "out":
                    key = "you_went_out" if seat == 0 else "went_out"
                    found.setdefault(key, _by(key, f"six went out: {where}, seat {seat}", seat))
            else:
                hole.play(action)
        if hole.ended_by == "out" and hole.ender is not None:
            key = "you_ended" if hole.ender == 0 else "hole_over"
            label = f"six hole over: deal {seed}/0, ended by seat {hole.ender}"
            found.setdefault(key, _by(key, label, hole.ender))
        scores = hole.scores()
        low = min(scores)
        winners = [seat for seat, score in enumerate(scores) if score == low]
        label = f"deal {seed}/0, scores {list(scores)}"
        if len(winners) > 1:
            found.setdefault("tie", SixExample(f"six tie: {label}", "tie", count=low))
        elif winners[0] == 0:
            found.setdefault("you_win", SixExample(f"six you win: {label}", "you_win", count=low))
        else:
            found.setdefault(
                "they_win",
                SixExample(
                    f"six they win: {label}",
                    "they_win",
                    count=low,
                    said={"player": _player(winners[0])},
                ),
            )
    wanted = [
        "holding_stock", "holding_discard", "replace_stock", "replace_discard", "turn_up",
        "you_went_out", "went_out", "you_ended", "hole_over", "you_win", "they_win", "move_stock", "move_discard",
        "move_replace", "move_turn", "hint_tip",
    ]  # fmt: skip
    missing = [key for key in wanted if key not in found]
    if missing:
        raise SixTextError(
            f"generator/site/sixtexts.py: no game of seeds {SEED} to {SEED + SEEDS - 1} shows "
            f"{', '.join(missing)}: no example of its message"
        )
    # a tie, if no game of the seeds had one: the engine's lowest score of the first game
    return [found[key] for key in wanted] + ([found["tie"]] if "tie" in found else [])


def _by(key: str, label: str, seat: int, count: int | None = None) -> SixExample:
    """A line of what ``seat`` did: the reader's own message (``you_...``, no name in it) or a
    computer player's, named."""
    said = {} if key.startswith("you_") else {"player": _player(seat)}
    return SixExample(label, key, count=count, said=said)


KNOCKED = ("you_knocked", "knocked", "move_knock", "you_penalty", "penalty")


def _knocked() -> list[SixExample]:
    """The knock variant: a knock by the reader and by a computer player, the hint to knock,
    and the penalty of the player who ended the hole without the lowest score (each kind)."""
    options = Options(knock=True)
    found: dict[str, SixExample] = {}
    for seed in range(SEED, SEED + 400):
        hole = _deal(options, 0, seed)
        strong = StrongPlayer()
        while not hole.over:
            seat = hole.current
            action = strong.choose(hole, random.Random(0))
            where = f"knock deal {seed}/0, action {len(hole.actions)}"
            if action.kind == "knock":
                key = "you_knocked" if seat == 0 else "knocked"
                found.setdefault(key, _by(key, f"six knocks: {where}, seat {seat}", seat))
                if seat == 0:
                    move = _hint_move(hole, action, f"knock deal {seed}/0")
                    found.setdefault(
                        "move_knock",
                        SixExample(f"six hint: {move.label}", "hint_move", said={"move": move}),
                    )
            hole.play(action)
        grid = hole.grid_scores()
        if hole.ender is not None:
            penalty = hole.scores()[hole.ender] - grid[hole.ender].score
            if penalty:
                key = "you_penalty" if hole.ender == 0 else "penalty"
                label = f"six penalty: knock deal {seed}/0, seat {hole.ender}, {penalty} points"
                found.setdefault(key, _by(key, label, hole.ender, count=penalty))
        if len(found) == len(KNOCKED):
            break
    missing = [key for key in KNOCKED if key not in found]
    if missing:
        raise SixTextError(
            f"generator/site/sixtexts.py: no knock-variant game of seeds {SEED} to {SEED + 399} "
            f"shows {', '.join(missing)}"
        )
    assert found["penalty"].count == found["you_penalty"].count == KNOCK_PENALTY
    return [found[key] for key in KNOCKED]


def six_lines(words: Mapping[str, Any]) -> list[str]:
    """The player's lines of ``messages.txt`` from the words' JSON ``words``."""
    return [six_render(words, example) for example in six_examples()]

"""Hostile JSON Lines fed to ``solve`` and ``six-card score`` in process (hypothesis).

Every batch: the exit status is 0 or 1, stderr holds no internal error or
traceback, every stderr line is ``stdin:N: ...`` and short, and every line that
is not blank is either answered on stdout (its ``line``) or refused on stderr
by its own number: exactly one of the two, once.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.jsonlines import MAX_LINE_BYTES
from generator.patience import deal_for_number
from tests.test_jsonlines import run

BATCHES = 200
LINES = (10, 14)
"""Lines a batch: 200 batches of at least 10 lines are at least 2,000 lines a command."""
ERROR_LINE = re.compile(r"stdin:(\d+): \S.*")

ODD_TEXTS = [
    "",
    "AS",
    "JK",
    "1S",
    "kS",
    "GO1-E-AAAAAAB",
    "GO1-X-AAAAAAB",
    "\ufeff",
    "\u2028",
    "\x1b[2J",
]
ODD_TEXTS += [
    "\x00",
    "\ud800",
    "\U0001f0a1",
    "\u202eSK",
    "é" * 70,
    "\\",
    '"',
    "NaN",
    "Infinity",
    "\n",
]
ODD_SCALARS: list[Any] = [None, True, False, 0, -1, 7, 10**30, -(10**30), 0.5, -1e308, 1e-320]


def _pool(size: int) -> list[Any]:
    """``size`` JSON values of every kind (odd texts, big numbers, nested lists and objects).

    Made once, from a fixed seed: hypothesis then picks among them in one draw, where drawing
    each value afresh took most of the test's time.
    """
    rng = random.Random(20261201)

    def value(depth: int) -> Any:
        kind = rng.randrange(4 if depth < 4 else 2)
        if kind == 0:
            return rng.choice(ODD_SCALARS)
        if kind == 1:
            return rng.choice(ODD_TEXTS) + rng.choice(ODD_TEXTS)
        if kind == 2:
            return [value(depth + 1) for _ in range(rng.randrange(6))]
        return {rng.choice(ODD_TEXTS): value(depth + 1) for _ in range(rng.randrange(4))}

    return [value(0) for _ in range(size)]


values = st.sampled_from(_pool(500))
cards = st.sampled_from(["KS", "JK", "AS", "1S", "", "kS", 7, None])
"""A card put where another was: one too many of a kind, or a wrong one."""
GOOD_CARDS = ["KS", "KH", "5D", "5C", "JK", "QS", "AS", "2C", "9H", "TD", "7S", "7C", "3D"]

FAST_DEALS = [deal_for_number(n).to_json() for n in (22, 28, 3, 17)]
"""Deals that Easy solves in about a millisecond each (deal 13 takes 0.1 s)."""


@st.composite
def deals(draw: st.DrawFn) -> dict[str, Any]:
    """A fast deal, as it is or with one key's value wrong (a bad deal: not solved)."""
    deal = dict(draw(st.sampled_from(FAST_DEALS)))
    how = draw(st.sampled_from(["as is", "value", "card", "drop", "code", "extra"]))
    if how == "value":
        deal[draw(st.sampled_from(["columns", "waste", "stock"]))] = draw(values)
    elif how == "card":  # one card made another card or no card: a card dealt twice or missing
        stock = list(deal["stock"])
        stock[draw(st.integers(0, len(stock) - 1))] = draw(cards)
        deal["stock"] = stock
    elif how == "drop":
        del deal[draw(st.sampled_from(["columns", "waste", "stock"]))]
    elif how == "code":
        deal["code"] = draw(
            values | st.sampled_from(["GO1-C-AAAAAAB", "GO1-E-AAAA", "GO1-N-ZZZZZZZ"])
        )
    elif how == "extra":
        deal[draw(st.text(max_size=5))] = draw(values)
    return deal


@st.composite
def grids(draw: st.DrawFn) -> Any:
    """Mostly a grid of a real shape (2x3, 2x2, 3x3) of cards right or wrong, else any shape."""
    height, width = draw(st.sampled_from([(2, 3), (2, 2), (3, 3), (2, 3), (1, 3), (2, 4)]))
    dealt = draw(st.permutations(GOOD_CARDS))
    rows: list[Any] = [dealt[row * width : row * width + width] for row in range(height)]
    how = draw(st.sampled_from(["as is", "as is", "card", "card", "value", "ragged", "x", "row"]))
    if how == "card":  # a card wrong, or one card more of a kind than the decks hold
        rows[0][0] = draw(cards)
    elif how == "value":
        rows[draw(st.integers(0, height - 1))] = draw(values)
    elif how == "ragged":
        rows[-1] = rows[-1][:-1]
    grid: Any = rows[0] if how == "row" else rows
    return {"grid": grid, "x": 1} if how == "x" else {"grid": grid}


def dumped(value: Any, ascii: bool) -> bytes:
    """``value`` as a JSON line, its texts escaped or raw UTF-8 (a lone surrogate: bytes not UTF-8)."""
    return json.dumps(value, ensure_ascii=ascii).encode("utf-8", "surrogatepass")


def hostile(right_shape: st.SearchStrategy[Any]) -> st.SearchStrategy[bytes]:
    """One line, made of the command's right shape with wrong values, or worse."""
    shaped = st.builds(dumped, right_shape, st.booleans())
    deep = st.tuples(
        st.integers(60, 2000), st.integers(0, 2000), st.sampled_from([b"[", b"{", b'{"a":['])
    ).map(lambda t: t[2] * t[0] + b"]" * t[1])
    numbers = st.one_of(
        st.integers(25, 5000).map(lambda n: b"[" + b"7" * n + b"]"),
        st.integers(1, 5000).map(lambda n: b'{"grid": [[1e' + b"9" * n + b"]]}"),
        st.sampled_from(
            [b"NaN", b"[-Infinity]", b'{"grid": Infinity}', b"1e309", b"-0.0", b"1E-400"]
        ),
    )
    long_text = st.integers(1, 300_000).map(lambda n: b'{"grid": [["' + b"Q" * n + b'"]]}')
    too_long = st.sampled_from(
        [b"[" + b"1," * (MAX_LINE_BYTES // 2) + b"1]", b" " * MAX_LINE_BYTES + b"x"]
    )
    plain = st.one_of(shaped, st.builds(dumped, values, st.booleans()))

    @st.composite
    def spoiled(draw: st.DrawFn) -> bytes:
        line = draw(plain)
        cut = draw(st.integers(0, len(line)))
        how = draw(st.sampled_from(["truncate", "bytes", "control", "bom", "space"]))
        if how == "truncate":
            return line[:cut]
        if how == "bytes":  # not UTF-8: a lone continuation byte, a cut character, 0xff
            return (
                line[:cut]
                + draw(st.sampled_from([b"\x80", b"\xc3", b"\xff", b"\xed\xa0\x80"]))
                + line[cut:]
            )
        if how == "control":
            return (
                line[:cut] + bytes([draw(st.sampled_from([0, 1, 9, 13, 27, 31, 127]))]) + line[cut:]
            )
        if how == "bom":
            return b"\xef\xbb\xbf" + line
        return b" \t" + line + b"\r"

    weighted = [(shaped, 8), (spoiled(), 8), (deep, 2), (numbers, 3), (long_text, 1), (plain, 2)]
    weighted += [
        (st.binary(max_size=40), 2),
        (st.sampled_from([b"", b"  \r", b"\t"]), 1),
        (too_long, 0),
    ]
    choices = [strategy for strategy, weight in weighted for _ in range(weight * 3)] + [too_long]
    return st.sampled_from(choices).flatmap(lambda strategy: strategy)  # 1 line in 82 over 1 MiB


def check_batch(argv: list[str], lines: list[bytes]) -> None:
    lines = [line.replace(b"\n", b" ") for line in lines]
    status, out, err = run(argv, b"\n".join(lines) + b"\n")
    assert status in (0, 1), (status, err[-300:])
    assert "internal error" not in err and "Traceback" not in err, err[-600:]
    refused = Counter[int]()
    for text in err.splitlines():
        assert len(text) < 300, text
        match = ERROR_LINE.fullmatch(text)
        assert match, text
        refused[int(match.group(1))] += 1
    answered = Counter(json.loads(text)["line"] for text in out.splitlines())
    blank = {
        number
        for number, line in enumerate(lines, start=1)
        if not (line.removeprefix(b"\xef\xbb\xbf") if number == 1 else line).strip(b" \t\r")
    }
    every = set(range(1, len(lines) + 1)) - blank
    assert set(refused.values()) <= {1} and set(answered.values()) <= {1}, (refused, answered)
    assert not set(refused) & set(answered), (refused, answered)
    assert set(refused) | set(answered) == every, (sorted(refused), sorted(answered), sorted(every))
    assert status == (1 if refused else 0)


def fuzz(argv: list[str], right_shape: st.SearchStrategy[Any]) -> int:
    """Run ``argv`` on :data:`BATCHES` batches of hostile lines; how many lines were fed."""
    fed = [0]

    @settings(
        max_examples=BATCHES,
        deadline=None,
        derandomize=True,  # the same batches on every run: a failure is seen again
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )
    @given(st.lists(hostile(right_shape), min_size=LINES[0], max_size=LINES[1]))
    def batch(lines: list[bytes]) -> None:
        fed[0] += len(lines)
        check_batch(argv, lines)

    batch()
    return fed[0]


LARGE_REPR = "ignore:Generating overly large repr"
"""A failing batch holding a line over 1 MiB is still shown (hypothesis warns, the tests make warnings errors)."""


@pytest.mark.filterwarnings(LARGE_REPR)
def test_solve_answers_or_refuses_every_hostile_line() -> None:
    assert fuzz(["solve"], deals()) >= 2000


@pytest.mark.filterwarnings(LARGE_REPR)
def test_six_card_score_answers_or_refuses_every_hostile_line() -> None:
    assert fuzz(["six-card", "score"], grids()) >= 2000

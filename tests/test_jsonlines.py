"""The JSON Lines reader of ``solve`` and ``six-card score`` (generator/jsonlines.py).

One test per finding of the audit: each runs a command in process on hostile
input and asserts what the user sees, the exact stderr line included, and that
the line after the bad one is still answered.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tracemalloc
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest.mock import patch

from generator import cli
from generator.jsonlines import MAX_DEPTH, MAX_DIGITS, MAX_LINE_BYTES, JsonLines
from generator.patience import deal_for_number
from tests.notices import without_notice

GRID = b'{"grid": [["KS", "5D", "JK"], ["KH", "5C", "QS"]]}'
GRID_ANSWER = '{"score": 8, "columns": [0, 0, 8], "line": %d}'
DEAL = json.dumps(deal_for_number(22).to_json()).encode()  # solved in about a millisecond


def run(argv: list[str], stdin: io.RawIOBase | bytes) -> tuple[int, str, str]:
    """Run ``python -m generator <argv>`` in process on ``stdin``: (status, stdout, stderr)."""
    raw = io.BytesIO(stdin) if isinstance(stdin, bytes) else stdin
    text = io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8")  # like sys.stdin
    out, err = io.StringIO(), io.StringIO()
    with patch.object(sys, "stdin", text), redirect_stdout(out), redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), without_notice(err.getvalue())


def score(*lines: bytes) -> tuple[int, list[str], list[str]]:
    status, out, err = run(["six-card", "score"], b"\n".join(lines) + b"\n")
    return status, out.splitlines(), err.splitlines()


def solve(*lines: bytes) -> tuple[int, list[int], list[str]]:
    status, out, err = run(["solve"], b"\n".join(lines) + b"\n")
    return status, [json.loads(line)["line"] for line in out.splitlines()], err.splitlines()


def test_deep_nesting_is_refused_by_its_column_and_the_run_goes_on() -> None:
    # 990 '[' ended the run: "internal error: RecursionError", later lines unanswered
    assert score(b"[" * 990, GRID) == (
        1,
        [GRID_ANSWER % 2],
        [f"stdin:1: too deep: more than {MAX_DEPTH} nested lists and objects at column 65"],
    )
    assert solve(b"[" * 990 + b"]" * 990, DEAL) == (
        1,
        [2],
        ["stdin:1: too deep: more than 64 nested lists and objects at column 65"],
    )
    # as deep as allowed is read, and is then a bad deal (not a crash)
    assert solve(b"[" * 64 + b"]" * 64) == (
        1,
        [],
        ["stdin:1: bad deal: a deal is a JSON object, not list"],
    )
    # an earlier syntax error is told first
    assert score(b"[1 2, " + b"[" * 100)[2] == [
        "stdin:1: not JSON: Expecting ',' delimiter at column 4"
    ]


def test_huge_numbers_nan_and_infinity_are_refused_and_the_run_goes_on() -> None:
    # 4,301 digits ended the run: "internal error: ValueError: Exceeds the limit (4300 digits)"
    status, out, err = score(b"1" * 4301, b'{"grid": [[' + b"9" * 31 + b"]]}", GRID)
    assert (status, out) == (1, [GRID_ANSWER % 3])
    assert err == [
        f"stdin:1: number too long: more than {MAX_DIGITS} digits at column 1",
        "stdin:2: number too long: more than 30 digits at column 12",
    ]
    assert solve(b"[1e999]", b'{"a": NaN}', b"[-Infinity]", DEAL) == (
        1,
        [4],
        [
            "stdin:1: number out of range: '1e999' at column 2",
            "stdin:2: not JSON: NaN at column 7 (NaN and Infinity are not JSON)",
            "stdin:3: not JSON: -Infinity at column 2 (NaN and Infinity are not JSON)",
        ],
    )
    # 30 digits are a number (and then a bad card, not a crash)
    assert score(b'{"grid": [[' + b"9" * 30 + b', "5D"], ["KH", "5C"]]}')[2] == [
        "stdin:1: bad card: 999999999999999999999999999999 (rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')"
    ]


class LongLine(io.RawIOBase):
    """``size`` bytes of ``[`` and a newline, then ``tail``, made as they are read (never held whole)."""

    def __init__(self, size: int, tail: bytes) -> None:
        self.left = size
        self.tail = tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        if self.left > 0:
            n = min(len(view), self.left)
            view[:n] = b"[" * n
            self.left -= n
            return n
        if self.left == 0:
            self.left = -1
            data = b"\n" + self.tail
            view[: len(data)] = data
            return len(data)
        return 0


def test_a_20_mb_line_is_refused_unread_in_little_memory() -> None:
    # a 20 MB line took 643 MB (a list of them 1.1 GB) and printed a 2 MB error line.
    # Measured in a Python of its own: tracemalloc counts every thread's allocations, and a
    # pytest worker may hold an earlier test's threads (CI once saw a peak of 6.1 MB here).
    done = subprocess.run(
        [sys.executable, "-m", "tests.test_jsonlines", "long_line"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[1],
    )
    assert done.returncode == 0, done.stderr[-4000:]
    status, out, err, peak = json.loads(done.stdout)
    assert (status, out.splitlines()) == (1, [GRID_ANSWER % 2])
    assert err.splitlines() == [
        f"stdin:1: line too long: more than {MAX_LINE_BYTES} bytes (not read)"
    ]
    assert peak < 4 * MAX_LINE_BYTES, peak  # one bounded chunk or two, never the line


def long_line() -> None:
    """What the test above measures, printed as JSON: (status, stdout, stderr, peak bytes)."""
    tracemalloc.start()
    try:
        status, out, err = run(["six-card", "score"], LongLine(20_000_000, GRID + b"\n"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print(json.dumps([status, out, err, peak]))


def test_the_longest_line_allowed_is_read() -> None:
    at_limit = b'"' + b"A" * (MAX_LINE_BYTES - 2) + b'"'
    status, answered, err = solve(at_limit, at_limit + b" ", DEAL)
    assert (status, answered) == (1, [3])
    assert err == [
        "stdin:1: bad deal: a deal is a JSON object, not str",
        f"stdin:2: line too long: more than {MAX_LINE_BYTES} bytes (not read)",
    ]


def test_a_syntax_error_has_its_real_column() -> None:
    # a missing '}' at the end of the line was reported "at column 1" (json's line 2)
    line = b'{"grid": [["KS", "5D", "JK"], ["KH", "5C", "QS"]]  '
    assert len(line) == 51
    assert score(line, GRID) == (
        1,
        [GRID_ANSWER % 2],
        ["stdin:1: not JSON: Expecting ',' delimiter at column 52"],
    )
    assert score(b'{"grid": [["KS" "5D"]]}\r', b'["\x01"]', b'["abc')[2] == [
        "stdin:1: not JSON: Expecting ',' delimiter at column 17",
        "stdin:2: not JSON: Invalid control character at column 3",
        "stdin:3: not JSON: Unterminated string starting at column 2",
    ]


def test_a_byte_order_mark_is_read_on_the_first_line_only() -> None:
    # a leading BOM failed the first line: "Unexpected UTF-8 BOM (decode using utf-8-sig)"
    bom = "\ufeff".encode()
    assert score(bom + GRID, GRID) == (0, [GRID_ANSWER % 1, GRID_ANSWER % 2], [])
    assert solve(bom + DEAL) == (0, [1], [])
    assert score(GRID, bom + GRID)[2] == [
        "stdin:2: not JSON: a byte order mark (U+FEFF) at column 1 (only the first line may start with one)"
    ]


def test_echoed_input_is_clipped_and_escaped() -> None:
    # a long text was echoed whole: a 2 MB error line
    long_card = b'{"grid": [["' + b"X" * 100_000 + b'", "5D"], ["KH", "5C"]]}'
    escapes = b'{"grid": [["\\u001b[31m\\n", "5D"], ["KH", "5C"]]}'
    status, out, err = score(
        long_card, escapes, b'{"grid": [[]], "x": "' + b"y" * 1000 + b'"}', GRID
    )
    assert (status, out) == (1, [GRID_ANSWER % 4])
    assert err == [
        "stdin:1: bad card: 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'… "
        "(rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')",
        "stdin:2: bad card: '\\x1b[31m\\n' (rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')",
        "stdin:3: expected {\"grid\": [[...], ...]}, not {'grid': [[]], 'x': 'yyyyyyyyyyyyyyyyyyyy'…}",
    ]
    code = DEAL[:-1] + b', "code": "GO1-E-' + b"A" * 100_000 + b'"}'
    assert solve(code, b'{"columns": 7, "waste": "AS", "stock": "' + b"S" * 5000 + b'"}')[2] == [
        "stdin:1: key 'code': bad deal code 'GO1-E-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'…: "
        "deal number 'AAAAAAAAAAAAAAAAAAAA'… is not 7 capital letters A-Z",
        "stdin:2: bad deal: 'columns' must be a list of 7 lists of cards",
    ]


def test_a_line_that_is_not_utf8_is_one_bad_line() -> None:
    status, out, err = score(b'{"grid": "\xe9t\xe9"}', "\ufeff[é] \xff".encode()[:-1], GRID)
    assert (status, out) == (1, [GRID_ANSWER % 3])
    assert err == [
        "stdin:1: not UTF-8: byte 0xe9 at column 11",  # Latin-1 "été"
        "stdin:2: not UTF-8: byte 0xc3 at column 6",  # a character cut in two
    ]


def test_valid_json_of_a_hostile_shape_is_one_bad_line() -> None:
    many_rows = b'{"grid": [' + b'["KS"], ' * 100_000 + b'["KS"]]}'
    status, out, err = score(many_rows, b'{"grid": [[{"a": [[[1]]]}, 2], [3, 4]]}', GRID)
    assert (status, out) == (1, [GRID_ANSWER % 3])
    assert err == [
        "stdin:1: a grid is 2x3, 2x2 or 3x3 cards, not 100001 row(s) of 1 1 1 1 1 1 1 1 1 ...",
        "stdin:2: bad card: {'a': [[...]]} (rank A23456789TJQK, suit CDHS, like '8S'; or 'JK')",
    ]
    deal = deal_for_number(22).to_json()
    moves = json.dumps({**deal, "moves": [{"action": "draw"}] * 50_000}).encode()  # ignored
    columns = json.dumps({**deal, "columns": [["AS"]] * 100_000}).encode()
    stock = json.dumps({**deal, "stock": "S" * 500_000}).encode()
    waste = json.dumps({**deal, "waste": {"card": "AS"}}).encode()
    code = json.dumps({**deal, "code": 7}).encode()
    status, answered, err = solve(moves, columns, stock, waste, code, DEAL)
    assert (status, answered) == (1, [1, 6])
    assert err == [
        "stdin:2: bad deal: a deal has 7 columns, not 100000",
        "stdin:3: bad deal: stock: expected a list of cards, got 'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS'…",
        "stdin:4: bad deal: waste: bad card: {'card': 'AS'} (expected a rank A23456789TJQK and a suit CDHS, like '8S', or 'JK')",
        "stdin:5: key 'code': a deal code is text, not int",
    ]


def test_a_message_is_one_printable_line_of_bounded_length() -> None:
    err = io.StringIO()
    reader = JsonLines(io.BytesIO(b""), err)
    reader.bad(3, "two\nlines\x1b[2J" + "x" * 1000)
    (line,) = err.getvalue().splitlines()
    assert line.startswith("stdin:3: two\\nlines\\x1b[2Jxxx") and line.endswith("x…")
    assert len(line) == len("stdin:3: ") + 240


if __name__ == "__main__":
    {"long_line": long_line}[sys.argv[1]]()

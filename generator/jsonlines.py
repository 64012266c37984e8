"""JSON Lines on standard input, as the commands that read them (``solve``,
``six-card score``) answer them: one value a line, blank lines skipped, and a
bad line reported as ``stdin:N: what is wrong`` while the others are still
answered; the exit status is 1 if any line was bad.

>>> import io, sys
>>> reader = JsonLines(io.BytesIO(b'{"a": 1}\\n\\nnope\\n{"b": [1, 2]\\n'), sys.stdout)
>>> [(number, value) for number, value in reader]
stdin:3: not JSON: Expecting value at column 1
stdin:4: not JSON: Expecting ',' delimiter at column 13
[(1, {'a': 1})]
>>> reader.status
1

The input is read as bytes (UTF-8; a byte order mark is skipped at the start
of the first line), in bounded chunks, and every line is checked against
limits before it is parsed, so no line can end the run or take much memory:

- a line longer than :data:`MAX_LINE_BYTES` (1 MiB) is refused without being
  read into memory (the rest of it is skipped up to its newline);
- lists and objects nested deeper than :data:`MAX_DEPTH` (64), an integer of
  more than :data:`MAX_DIGITS` (30) digits, a number too large for a float
  (``1e999``), ``NaN`` and ``Infinity`` (which Python's ``json`` accepts and
  JSON does not) and bytes that are not UTF-8 are refused with their column.

>>> lines = b"\\xef\\xbb\\xbf[1]\\n" + b"[" * 65 + b"\\n[NaN]\\n[1e999]\\n" + b"1" * 31 + b"\\n\\xff\\n"
>>> reader = JsonLines(io.BytesIO(lines), sys.stdout)
>>> [(number, value) for number, value in reader]
stdin:2: too deep: more than 64 nested lists and objects at column 65
stdin:3: not JSON: NaN at column 2 (NaN and Infinity are not JSON)
stdin:4: number out of range: '1e999' at column 2
stdin:5: number too long: more than 30 digits at column 1
stdin:6: not UTF-8: byte 0xff at column 1
[(1, [1])]

A message is one line of at most :data:`MAX_MESSAGE` characters; the callers
quote input in theirs with :func:`generator.patience.errors.excerpt`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import IO, Any

from generator.patience.errors import excerpt

MAX_LINE_BYTES = 1 << 20
"""The longest line read (without its newline): 1 MiB, in bytes (characters on a text stream)."""
MAX_DEPTH = 64
"""The most lists and objects one line may nest."""
MAX_DIGITS = 30
"""The most digits an integer may have (a card game needs no more)."""
MAX_MESSAGE = 240
"""The longest message printed for a bad line (a longer one is clipped with ``…``)."""
_SKIP_CHUNK = 1 << 16
"""How much of a refused long line is read at a time while it is skipped."""
_JSON_SPACE = " \t\r\n"

_TOKEN = re.compile(
    r"""(?P<string>"[^"\\]*(?:\\.[^"\\]*)*"?)"""  # a string, its end optional (it may run on)
    r"|(?P<open>[\[{])|(?P<close>[\]}])"
    r"|(?P<number>-?[0-9][0-9.eE+-]*)"
    r"|(?P<word>-?[A-Za-z]+)"
)
"""What the limits look at, outside strings; everything else is left to :func:`json.loads`."""


class JsonLines:
    """The JSON values of ``lines`` with their line numbers; :meth:`bad` reports a bad one.

    ``lines`` is a binary stream (``sys.stdin.buffer``) or a text one.
    """

    def __init__(self, lines: IO[Any], err: IO[str]) -> None:
        self.lines = lines
        self.err = err
        self.status = 0

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        number = 0
        while True:
            raw = self.lines.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            newline = b"\n" if isinstance(raw, bytes) else "\n"
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(newline):
                self._skip_rest(newline)
                self.bad(number, f"line too long: more than {MAX_LINE_BYTES} bytes (not read)")
                continue
            text = self._text(number, raw)
            if text is None:
                continue
            if number == 1:
                text = text.removeprefix("\ufeff")
            text = text.removesuffix("\n").removesuffix("\r")
            if not text.strip(_JSON_SPACE):
                continue
            problem = _decode(text)
            if isinstance(problem, str):
                self.bad(number, problem)
                continue
            yield number, problem[0]

    def _skip_rest(self, newline: bytes | str) -> None:
        while True:
            chunk = self.lines.readline(_SKIP_CHUNK)
            if not chunk or chunk.endswith(newline):
                return

    def _text(self, number: int, raw: bytes | str) -> str | None:
        if isinstance(raw, str):
            return raw
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as error:
            before = raw[: error.start].decode("utf-8")
            column = len(before.removeprefix("\ufeff") if number == 1 else before) + 1
            self.bad(number, f"not UTF-8: byte 0x{raw[error.start]:02x} at column {column}")
            return None

    def bad(self, number: int, message: str) -> None:
        """Report line ``number`` as bad; the run's status becomes 1.

        The message is made one printable line of at most :data:`MAX_MESSAGE` characters.
        """
        if not message.isprintable():
            message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        print(f"stdin:{number}: {message}", file=self.err)
        self.status = 1


def _decode(text: str) -> tuple[Any] | str:
    """``(value,)`` for a line of JSON within the limits, else what is wrong with it.

    Of a line with several faults the first (leftmost) is told, as a reader
    going from the left would meet them.
    """
    found = _over_limit(text)
    if found is None:
        try:
            return (json.loads(text),)
        except json.JSONDecodeError as error:
            return _syntax(error)
    where, message = found
    try:  # no deeper than MAX_DEPTH and no bad number before ``where``: parsing it is safe
        json.loads(text[:where])
    except json.JSONDecodeError as error:
        if error.pos < where:
            return _syntax(error)
    return message


def _syntax(error: json.JSONDecodeError) -> str:
    # A line holds no newline, so a position is a column; ``json`` ends some messages
    # with "at" ("Invalid control character at") and then gives the position.
    if error.msg.startswith("Unexpected UTF-8 BOM"):
        return f"not JSON: a byte order mark (U+FEFF) at column {error.pos + 1} (only the first line may start with one)"
    return f"not JSON: {error.msg.removesuffix(' at')} at column {error.pos + 1}"


def _over_limit(text: str) -> tuple[int, str] | None:
    """The place and message of the first thing in ``text`` over the limits, if any."""
    depth = 0
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                column = match.start() + 1
                return match.start(), (
                    f"too deep: more than {MAX_DEPTH} nested lists and objects at column {column}"
                )
        elif kind == "close":
            depth -= 1
        elif kind == "number":
            problem = _number_problem(match.group())
            if problem:
                return match.start(), f"{problem} at column {match.start() + 1}"
        elif kind == "word" and match.group().lstrip("-") in ("NaN", "Infinity"):
            column = match.start() + 1
            return match.start(), (
                f"not JSON: {match.group()} at column {column} (NaN and Infinity are not JSON)"
            )
    return None


def _number_problem(token: str) -> str | None:
    digits = token.lstrip("-")
    if digits.isdigit():
        if len(digits) > MAX_DIGITS:
            return f"number too long: more than {MAX_DIGITS} digits"
        return None
    try:
        value = float(token)
    except ValueError:
        return None  # not a number json reads either: it says so
    return None if math.isfinite(value) else f"number out of range: {excerpt(token)}"

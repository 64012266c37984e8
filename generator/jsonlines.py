"""JSON Lines on standard input, as the commands that read them (``solve``,
``six-card score``) answer them: one value a line, blank lines skipped, and a
bad line reported as ``stdin:N: what is wrong`` while the others are still
answered; the exit status is 1 if any line was bad.

>>> import io, sys
>>> reader = JsonLines(io.StringIO('{"a": 1}\\n\\nnope\\n'), sys.stdout)
>>> [(number, value) for number, value in reader]
stdin:3: not JSON: Expecting value at column 1
[(1, {'a': 1})]
>>> reader.status
1
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO


class JsonLines:
    """The JSON values of ``lines`` with their line numbers; :meth:`bad` reports a bad one."""

    def __init__(self, lines: TextIO, err: TextIO) -> None:
        self.lines = lines
        self.err = err
        self.status = 0

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        for number, text in enumerate(self.lines, start=1):
            if not text.strip():
                continue
            try:
                value = json.loads(text)
            except json.JSONDecodeError as error:
                self.bad(number, f"not JSON: {error.msg} at column {error.colno}")
                continue
            yield number, value

    def bad(self, number: int, message: str) -> None:
        """Report line ``number`` as bad; the run's status becomes 1."""
        print(f"stdin:{number}: {message}", file=self.err)
        self.status = 1

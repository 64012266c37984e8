"""What the commands add to stderr on a machine without the C search, for tests that compare
stderr with what they expect there.

Without the C search (no compiler at install time, or ``GOLF_NO_C_SEARCH`` set) ``solve``,
``census``, ``check`` and ``build`` start by saying so on stderr: one line,
``<command>: the C search is not built ...``. A test of what else they write drops it with
:func:`without_notice`; ``tests/test_cli.py`` tests the line itself."""

from __future__ import annotations

import re

NOTICE = re.compile(r"^[a-z-]+: the C search is not built \(.*\n?", re.MULTILINE)


def without_notice(text: str) -> str:
    """``text`` (stderr) without the line saying that the C search is not built."""
    return NOTICE.sub("", text)

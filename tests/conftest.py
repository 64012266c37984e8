"""Options of the test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--approve-screenshots",
        action="store_true",
        help="write the approved screenshots (docs_src/approved-screenshots/) anew from the "
        "pages as they look now, instead of comparing with them; review the diff",
    )

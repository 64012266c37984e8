"""Deal codes as people type them (``tests/data/typed_codes.yaml``): what ``DealCode.read``
makes of each, and how an error quotes it. The Solve page's script replays the same cases
(``tests/browser/test_solve_page.py``), so the page and the command line read codes alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.patience import DealCode, DealCodeError
from generator.patience.errors import excerpt

CASES: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).resolve().parents[1] / "data" / "typed_codes.yaml").read_text(encoding="utf-8")
)


def typed(case: dict[str, Any]) -> str:
    """What the case types (``repeat``: a text typed over and over)."""
    if "repeat" in case:
        return str(case["repeat"]["text"]) * int(case["repeat"]["times"])
    return str(case["typed"])


@pytest.mark.parametrize("case", CASES, ids=[case["why"] for case in CASES])
def test_a_typed_code_reads_as_the_data_says(case: dict[str, Any]) -> None:
    text = typed(case)
    if "reads" in case:
        assert str(DealCode.read(text)) == case["reads"]
        return
    with pytest.raises(DealCodeError) as raised:
        DealCode.read(text)
    assert raised.value.part == case["refused"]
    # the message quotes what was typed as the page does: the page's quotes are its own
    shown: str = case["shown"]
    clipped = shown.endswith("…")
    assert excerpt(text, 40) == "'" + shown.removesuffix("…") + "'" + ("…" if clipped else "")


def test_the_strict_reader_reads_no_typed_form() -> None:
    """``parse`` (data files, the census) stays strict: only ``read`` forgives."""
    readable = [typed(case) for case in CASES if "reads" in case]
    for text in readable:
        with pytest.raises(DealCodeError):
            DealCode.parse(text)

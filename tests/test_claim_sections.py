"""The rules pages' claims live a module per section of the page they back
(``generator/pages/patience_claims/``, ``generator/pages/sixcard_claims/``): each claim is
registered once, by a section its package imports, and check plays them in a stated order."""

from pathlib import Path
from types import ModuleType

import pytest

from generator.pages import patience_claims, sixcard_claims
from generator.pages.claims import Claims

PACKAGES = [patience_claims, sixcard_claims]
SHARED = {"__init__", "situations", "sentences"}
"""The modules of such a package that hold no claims: what the sections share."""


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.__name__)
def test_every_section_module_is_imported_and_registers_its_claims(package: ModuleType) -> None:
    folder = Path(package.__file__ or "").parent
    modules = {path.stem for path in folder.glob("*.py")} - SHARED
    sections = {section.__name__.rpartition(".")[2] for section in package.SECTIONS}
    assert modules == sections
    registered = {item.play.__module__.rpartition(".")[2] for item in package.CLAIMS.values()}
    assert registered == sections  # each section has claims, and no claim comes from elsewhere


def test_the_patience_claims_are_played_in_the_order_of_the_page() -> None:
    sections = [section.__name__ for section in patience_claims.SECTIONS]
    order = [item.play.__module__ for item in patience_claims.CLAIMS.values()]
    assert order == sorted(order, key=sections.index)


def test_the_six_card_claims_are_played_in_their_stated_order() -> None:
    assert tuple(sixcard_claims.CLAIMS) == sixcard_claims.PLAYED


def test_a_claim_registered_twice_or_left_out_of_the_order_is_refused() -> None:
    claims = Claims(dict)
    claims.claim("a")(lambda facts: [])
    claims.claim("b")(lambda facts: [])
    with pytest.raises(ValueError, match=r"claim 'a' is registered twice: test_claim_sections"):
        claims.claim("a")(lambda facts: [])
    with pytest.raises(ValueError, match=r"names \['a'\], not every claim registered"):
        claims.arrange(["a"])
    with pytest.raises(ValueError, match="not every claim registered"):
        claims.arrange(["a", "b", "b"])
    claims.arrange(["b", "a"])
    assert list(claims) == ["b", "a"]

"""Part ``values``: every value a page shows read back and derived again (the second path,
:mod:`generator.twopath`)."""

from __future__ import annotations

from generator.check.common import (
    Problems,
    Rendered,
    located,
)
from generator.i18n.catalogs import (
    Language,
)
from generator.patience import GolfError


def check_values(languages: list[Language], rendered: Rendered | None = None) -> Problems:
    """Every value the pages show, read back and derived again (:mod:`generator.twopath`)."""
    from generator import twopath
    from generator.site.build import render_all

    try:
        pages = rendered if rendered is not None else render_all(languages)
    except GolfError as error:  # examples says it too, and check says it once
        yield located(str(error))
        return
    yield from twopath.run(pages, languages).problems

"""Part ``site``: every language's site builds strictly (link validation included) into a
temporary folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

from generator.check.common import (
    Rendered,
    located,
)
from generator.i18n.catalogs import (
    Language,
)
from generator.patience import GolfError
from generator.site.build import Checks, Finish, Submit, build_site


def check_site(
    languages: list[Language],
    rendered: Rendered | None = None,
    meanwhile: Checks | None = None,
) -> list[str]:
    """Build every language's site into a temporary folder, strictly (link validation included).

    ``meanwhile`` (the other parts of ``check``) runs while the languages build
    (:data:`generator.site.build.Checks`); its problems come first.
    """
    found: list[str] | None = None

    def others(submit: Submit | None) -> Finish:
        finish = meanwhile(submit) if meanwhile else None

        def done(pages: Rendered | None) -> list[str]:
            nonlocal found
            found = finish(pages) if finish else []
            return []  # the site is built into a temporary folder: nothing to refuse

        return done

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            build_site(Path(tmp) / "site", rendered=rendered, checks=others)
        except GolfError as error:
            problems.append(located(str(error)))
    if found is None:  # the build stopped before the languages were built
        found = meanwhile(None)(rendered) if meanwhile else []
    return found + problems

"""What every part of ``check`` shares: the problems' type and where a problem is."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from generator.i18n.catalogs import ROOT

Problems = Iterator[str]
"""A part's problems, each ``file:line: what is wrong``."""
Rendered = dict[str, dict[str, str]]
"""Every language's rendered pages, by language code (:func:`generator.site.build.render_all`)."""
TEMPLATES_DIR = ROOT / "docs_src" / "templates"
UPDATE = "run 'python -m generator catalog update'"


def rel(path: Path | str) -> str:
    """``path`` relative to the repository (as it is, if it lies outside)."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def located(message: str) -> str:
    """Make a ``/abs/path:line: ...`` message relative to the repository."""
    head, sep, rest = message.partition(":")
    return f"{rel(head)}{sep}{rest}" if sep and Path(head).is_absolute() else message


def clip(text: str, size: int = 120) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def relative_to_root(path: Path) -> str:
    return rel(path)


def limited(make: Callable[[], Iterable[str]], what: str, where: Path | str) -> list[str]:
    """The problems ``make`` yields, within the time limit of a check
    (:data:`generator.timelimit.CHECK_SECONDS` of CPU, as the claims and the second path have
    theirs): past it, one problem naming ``what`` at ``where``'s first line, not a hang."""
    from generator import timelimit

    try:
        with timelimit.time_limit(timelimit.CHECK_SECONDS, what):
            return list(make())
    except timelimit.TimeLimitExceeded as error:
        return [f"{rel(where)}:1: {error}"]

"""Running ``check``'s parts: in this process or beside a build, each problem said once, and
the parts that passed remembered (:mod:`generator.check.results`)."""

from __future__ import annotations

import re
from concurrent.futures import Future
from pathlib import Path

from generator.check import results
from generator.check.common import Rendered, located
from generator.check.parts import IN_WORKER, PARTS, VERIFIED_BEFORE_BUILD
from generator.check.site import check_site
from generator.i18n.catalogs import languages as site_languages
from generator.paths import shown
from generator.patience import GolfError
from generator.site.build import BuiltLanguage, Finish, Submit, build_site

ByPart = dict[str, list[str]]
"""Each part's own problems, by name (before :func:`said_once`)."""


def unchanged(parts: list[str]) -> list[str]:
    """The parts of ``parts`` that passed before with the inputs they have now."""
    return [name for name in parts if results.passed_before(PARTS[name])]


def build_verified(site: Path, *, fresh: bool = False, **options: object) -> list[BuiltLanguage]:
    """:func:`generator.site.build.build_site`, refused if :data:`VERIFIED_BEFORE_BUILD`
    finds a problem (the checks run while the languages build); a part that passed before
    with the same inputs is not run again unless ``fresh``."""
    parts = VERIFIED_BEFORE_BUILD if fresh else _to_run(VERIFIED_BEFORE_BUILD)
    keys = {name: results.key(PARTS[name]) for name in parts}
    by_part: ByPart = {}

    def checks(submit: Submit | None) -> Finish:
        finish = start_checks(parts, submit, by_part)
        return lambda rendered: said_once(finish(rendered))

    try:
        return build_site(site, checks=checks, **options)  # type: ignore[arg-type]
    finally:
        # a refused build still remembers the parts that passed: the ``check`` that follows
        # runs only the parts with problems (and what the fix touched)
        _remember(by_part, keys)


def _to_run(parts: list[str]) -> list[str]:
    skipped = set(unchanged(parts))
    return [name for name in parts if name not in skipped]


def _remember(by_part: ByPart, keys: dict[str, str | None]) -> None:
    for name, problems in by_part.items():
        if not problems and name in keys:
            results.remember(PARTS[name], keys[name])


def run_parts(names: tuple[str, ...]) -> ByPart:
    """The named parts' problems, in this process (what a worker process runs)."""
    by_part: ByPart = {}
    start_checks(list(names), None, by_part)(None)
    return by_part


def start_checks(
    parts: list[str], submit: Submit | None = None, by_part: ByPart | None = None
) -> Finish:
    """Start the named parts (not ``site``): those of :data:`IN_WORKER` now, through ``submit``
    (if given); the returned function runs the others, given the rendered pages (or None: each
    part then renders what it needs), and returns every problem, in the parts' order (and
    each part's own in ``by_part``)."""
    try:
        languages = site_languages()
    except GolfError as error:
        problem = located(str(error))
        return lambda rendered: [problem]
    started: list[tuple[tuple[str, ...], Future[ByPart]]] = []
    for group in IN_WORKER:
        chosen = tuple(name for name in group if name in parts)
        if submit and chosen:
            started.append((chosen, submit(run_parts, chosen)))

    def finish(rendered: Rendered | None) -> list[str]:
        elsewhere = {name for group, _future in started for name in group}
        found = {
            name: list(PARTS[name].run(languages, rendered))
            for name in parts
            if name not in elsewhere
        }
        for _group, future in started:
            found.update(future.result())
        if by_part is not None:
            by_part.update(found)
        return [problem for name in parts for problem in found[name]]

    return finish


def run_checks(
    parts: list[str] | None = None,
    *,
    rendered: Rendered | None = None,
    submit: Submit | None = None,
    fresh: bool = True,
) -> list[str]:
    """Every problem found by the named parts (all by default), in the parts' order.

    With ``site`` last, the languages build while the other parts run (those
    of :data:`IN_WORKER` in the build's worker processes), and the pages are
    rendered once for ``pages`` and ``site``. ``submit`` runs the parts of
    :data:`IN_WORKER` in a worker process meanwhile. Unless ``fresh``, a part that passed
    before with the inputs it has now is not run; each part that passes is remembered.
    """
    parts = list(parts or PARTS)
    if not fresh:
        parts = _to_run(parts)
    if not parts:
        return []
    keys = {name: results.key(PARTS[name]) for name in parts}
    by_part: ByPart = {}
    problems = said_once(_problems(parts, rendered, submit, by_part))
    _remember(by_part, keys)
    return problems


_SAID_BY = re.compile(
    r"^(?:the template cannot be read for its claims: |TemplateSyntaxError: |"
    r"TemplateAssertionError: |error: )"
)
"""What the parts put before a problem another part reports too (a template's syntax error is
found by the claims, by the catalog extraction and by the rendering)."""


def said_once(problems: list[str]) -> list[str]:
    """``problems`` with each said once: the same ``file:line`` and words, whichever part
    found it (the first one's words are kept).

    >>> said_once(["a.j2:4: the template cannot be read for its claims: bad `x`",
    ...            "a.j2:4: TemplateSyntaxError: bad `x`", "a.j2:4: bad `x`", "b:1: other"])
    ['a.j2:4: the template cannot be read for its claims: bad `x`', 'b:1: other']
    """
    seen: set[tuple[str, str]] = set()
    kept = []
    for problem in problems:
        said = shown(problem)  # a file named by its full path is the same file (a catalog's)
        match = re.match(r"([^:\s]+:\d+): ", said)
        where, words = (match.group(1), said[match.end() :]) if match else ("", said)
        key = (where, _SAID_BY.sub("", words))
        if key not in seen:
            seen.add(key)
            kept.append(problem)
    return kept


def _problems(
    parts: list[str], rendered: Rendered | None, submit: Submit | None, by_part: ByPart
) -> list[str]:
    try:
        languages = site_languages()
    except GolfError as error:
        return [located(str(error))]
    if "site" not in parts:
        return start_checks(parts, submit, by_part)(rendered)
    if parts[-1] != "site":  # keep the order asked for: no building alongside
        problems: list[str] = []
        for name in parts:
            found = list(PARTS[name].run(languages, rendered))
            by_part[name] = found
            problems.extend(found)
        return problems
    others = parts[:-1]
    found = check_site(languages, rendered, lambda submit: start_checks(others, submit, by_part))
    theirs = sum(len(by_part.get(name, [])) for name in others)
    by_part["site"] = found[theirs:]
    return found

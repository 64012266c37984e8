"""The command line: ``python -m generator <command>``.

Commands that CI and other tools rely on print JSON in the shapes documented
in docs/dev/command-line.md; errors are one line on stderr and a non-zero exit.

Each command lives in one module of this package, which adds its options to the parser
(``add_commands``) and runs it (``run``): ``solve``; ``census`` (census, census-verify,
strategy); ``deals`` (game, deal, examples); ``build``; ``bundle``; ``check``; ``approve``; ``serve``;
``catalog``; the ``six-card`` commands are :mod:`generator.sixcard.cli`'s. This module
assembles them (:func:`build_parser`) and runs one (:func:`main`): the project checks every
command of a project passes first, and the errors as one line each.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, Protocol

from generator.atomic import shown as shown_file
from generator.cli import (
    approve,
    build,
    bundle,
    catalog,
    census,
    check,
    deals,
    errata,
    serve,
    solve,
)
from generator.cli.common import say_if_compiling as say_if_compiling
from generator.cli.common import variants_of
from generator.cli.solve import _solve_lines as _solve_lines
from generator.paths import shown
from generator.patience import GolfError, Variant
from generator.patience.errors import Terminated, internal_error
from generator.sixcard.cli import add_commands as add_six_card_commands
from generator.sixcard.cli import run as run_six_card


class Group(Protocol):
    """A module of commands (:data:`GROUPS`)."""

    COMMANDS: tuple[str, ...]
    """The commands it adds, as typed on the command line."""

    def add_commands(self, commands: Any) -> None:
        """Add its commands and their options to ``commands`` (argparse subparsers)."""

    def run(self, args: argparse.Namespace, variants: Sequence[Variant]) -> int:
        """Run the command ``args`` names, with the ``--variant`` options read
        (:func:`~generator.cli.common.variants_of`); its exit status."""


GROUPS: tuple[Group, ...] = (
    solve,
    census,
    deals,
    build,
    bundle,
    check,
    approve,
    errata,
    serve,
    catalog,
)
"""The command groups, in the order ``--help`` lists their commands (``six-card`` last)."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors as one line (its subcommands' parsers are of this class too)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")


DESCRIPTION = """\
The Golf patience and 6-Card Golf engines, their solver and the help site generated from them.
Commands that CI and other tools rely on print JSON in the shapes documented in docs/dev/command-line.md;
errors are one line on stderr and a non-zero exit."""
"""The help's text (the module's docstring is reST, which a terminal shows as it is)."""


DISTRIBUTION = "golf-rules-generator"


CONSOLE_SCRIPT = "golf-docs"
"""The console script pyproject.toml installs beside ``python -m generator``."""


def program_name(argv0: str | None = None) -> str:
    """How the command was called: the console script, or else ``python -m generator``.

    >>> program_name("/venv/lib/python3.11/site-packages/generator/__main__.py")
    'python -m generator'
    >>> program_name("/venv/bin/golf-docs")
    'golf-docs'
    """
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    return CONSOLE_SCRIPT if name == CONSOLE_SCRIPT else "python -m generator"


def version() -> str:
    """The installed distribution's version (``unknown`` when run from a checkout never
    installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=program_name(), description=DESCRIPTION)
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {version()} ({DISTRIBUTION})"
    )
    parser.add_argument(
        "--project",
        metavar="DIR",
        help="the project folder (mkdocs.yml, docs_src/, locales/), given before the command; "
        "default: the nearest folder holding them, from the current one upward",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for group in GROUPS:
        group.add_commands(commands)
    add_six_card_commands(commands)
    return parser


def _run(args: argparse.Namespace, variants: Sequence[Variant] = ()) -> int:
    for group in GROUPS:
        if args.command in group.COMMANDS:
            return group.run(args, variants)
    if args.command == "six-card":
        return run_six_card(args)
    raise AssertionError(args.command)  # pragma: no cover


DEBUG = "GOLF_DEBUG"
"""Set to 1 to see the traceback of an internal error."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; errors are one line on stderr, never a traceback.

    Exit status: 0 done, 1 an error in the input (``error: file:line: what``),
    a file that cannot be written (``error: file: No space left on device``) or
    a closed output pipe, 2 a bad command line or an internal error, 130
    interrupted, 143 terminated (SIGTERM, where the command stops cleanly).
    Messages print in any locale: what the terminal's encoding cannot show is
    written as a backslash escape.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        problem = project_problem(args.project)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        if args.command in PROJECT_COMMANDS and (missing := no_project()):
            print(f"error: {missing}", file=sys.stderr)
            return 1
        project_files(args.command)
        status = _run(args, variants_of(parser, args))
        sys.stdout.flush()  # inside the guard: a closed pipe shows up here, not at exit
        return status
    except GolfError as error:
        print(f"error: {shown(str(error))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``| head -1``). As the Python docs' "Note on SIGPIPE"
        # advises, point stdout at devnull so the interpreter's last flush is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("error: terminated", file=sys.stderr)
        return 143
    except OSError as error:
        if error.errno not in WRITE_ERRORS:
            return _internal(error)
        where = f"{shown_file(os.fsdecode(error.filename))}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 1
    except Exception as error:
        return _internal(error)


WRITE_ERRORS = {errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS, errno.EDQUOT, errno.EFBIG}
"""What a write meets on a full disk or a folder it may not write: an error in the machine's
state, said as ``error: <file>: <what>`` (exit 1), not an internal error."""


def _internal(error: BaseException) -> int:
    if os.environ.get(DEBUG, "") not in ("", "0"):
        traceback.print_exc()
        print(f"error: {internal_error(error)}", file=sys.stderr)
    else:
        print(
            f"error: {internal_error(error)}; run with {DEBUG}=1 for the traceback",
            file=sys.stderr,
        )
    return 2


PROJECT_COMMANDS = ("build", "bundle", "check", "approve", "catalog", "serve", "errata")
"""The commands that work on a project's files (its mkdocs.yml, docs_src/, locales/)."""


def no_project() -> str | None:
    """What is missing where no project was found (the current folder and those above it hold
    none, and the package runs from no checkout), if so."""
    from generator.paths import PROJECT_FILES, ROOT, is_project

    if is_project(ROOT):
        return None
    missing = [name for name in PROJECT_FILES if not (ROOT / name).exists()]
    return (
        f"no project here: {shown_file(str(ROOT))} and the folders above it have no "
        f"{', '.join(missing)}; run the command in a project's folder or name it with "
        "--project DIR"
    )


ENGINE_COMMANDS = ("solve", "game", "deal")
"""The commands that read nothing of the project (the engine's answers to their input)."""


def project_files(command: str) -> None:
    """Before a command reads or writes anything: every file it could read from the project or
    write into it is a file of the project (:func:`generator.paths.project_inputs`; the paths
    ``mkdocs.yml`` names, for the commands that build), else :class:`~generator.paths.OutsideError`
    or :class:`~generator.site.build.SiteError`, one line."""
    from generator.paths import project_inputs

    if command in ENGINE_COMMANDS:
        return
    project_inputs()
    if command in ("build", "bundle", "serve", "check"):
        from generator.paths import ROOT

        if (ROOT / "mkdocs.yml").is_file():
            from generator.site.build import check_config_paths

            check_config_paths()


def project_problem(given: str | None) -> str | None:
    """What is wrong with the project folder ``--project`` (or ``$GOLF_PROJECT``) names, if
    anything: it must be the one every room works on, and hold the project's files."""
    from generator.paths import PROJECT_FILES, PROJECT_VARIABLE, ROOT, is_project

    named = given or os.environ.get(PROJECT_VARIABLE)
    if not named:
        return None
    folder = Path(named).expanduser().resolve()
    if folder != ROOT:
        return f"--project {named}: give it before the command, to python -m generator or {CONSOLE_SCRIPT}"
    if not is_project(folder):
        missing = [name for name in PROJECT_FILES if not (folder / name).exists()]
        return f"--project {named}: not a project folder (no {', '.join(missing)})"
    return None

"""``--project DIR``, read before any other module of the package is imported.

Where the project is (:func:`generator.paths.find_project`) is settled when
:mod:`generator.paths` is first imported, and every room reads it then. So the
option, given before the command (``python -m generator --project DIR build``),
is taken from the command line first and handed on in ``$GOLF_PROJECT``; the
parser still lists it, and :func:`generator.cli.main` checks the folder. This
module imports nothing of the package.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

OPTION = "--project"
VARIABLE = "GOLF_PROJECT"  # generator.paths.PROJECT_VARIABLE


def take_project_option(argv: Sequence[str], environ: os._Environ[str] = os.environ) -> None:
    """Set ``$GOLF_PROJECT`` from a ``--project DIR`` (or ``--project=DIR``) that comes
    before the command; one without its folder is left to the parser to refuse.

    >>> env = {}
    >>> take_project_option(["--project", "../site-files", "build"], env); env
    {'GOLF_PROJECT': '../site-files'}
    >>> env = {}
    >>> take_project_option(["build", "--project", "x"], env); env
    {}
    """
    for number, argument in enumerate(argv):
        if argument == OPTION and number + 1 < len(argv):
            environ[VARIABLE] = argv[number + 1]
            return
        if argument.startswith(OPTION + "="):
            environ[VARIABLE] = argument.split("=", 1)[1]
            return
        if not argument.startswith("-"):
            return  # the command: what follows is its own


def console() -> None:
    """The ``golf-docs`` console script: ``--project`` first, then :func:`generator.cli.main`."""
    import sys

    take_project_option(sys.argv[1:])
    from generator.cli import main

    sys.exit(main())

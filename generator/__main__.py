"""``python -m generator``: see :mod:`generator.cli`."""

import sys

from generator.project_option import take_project_option

take_project_option(sys.argv[1:])  # before anything reads generator.paths.ROOT

from generator.cli import main  # noqa: E402

sys.exit(main())

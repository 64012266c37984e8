"""Builds the solver's C search; everything else is configured in pyproject.toml.

The C search is what makes the solver, the census and ``check`` fast (without it they run in
pure Python, 50-100 times slower: ``check`` would take hours). An install that cannot compile
it therefore fails with one line that says why and how to go on, instead of leaving it out
without a word (pip shows nothing of a successful build, and an optional extension that failed
to build is a success). ``GOLF_NO_C_SEARCH=1`` installs without it, on purpose.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NO_C_SEARCH_ENV = "GOLF_NO_C_SEARCH"
FIX = (
    "install a C compiler and Python's headers (Debian: apt install gcc python3-dev) and "
    f"install again, or install without it ({NO_C_SEARCH_ENV}=1 pip install ...: the solver "
    "then runs in pure Python, 50-100 times slower)"
)


def rule_values() -> list[tuple[str, str]]:
    """The engine's rule values for the C core (generator/patience/cvalues.py: each is defined
    once, in the engine), as the compiler's macros."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from generator.patience.cvalues import c_values

    return [(name, str(value)) for name, value in c_values()]


class BuildCSearch(build_ext):
    """build_ext that skips the C search when asked to and fails in one line when it cannot."""

    def run(self) -> None:
        if os.environ.get(NO_C_SEARCH_ENV, "") not in ("", "0"):
            print(f"{NO_C_SEARCH_ENV} is set: the solver's C search is not built")
            return
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, a missing compiler: all one story
            said = " ".join(str(error).split()) or type(error).__name__
            first = said if len(said) <= 100 else said[:99] + "…"
            raise SystemExit(
                f"error: the solver's C search could not be built ({first}); {FIX}"
            ) from None


setup(
    cmdclass={"build_ext": BuildCSearch},
    ext_modules=[
        Extension(
            "generator.patience._fastsolve",
            ["generator/patience/_fastsolve.c", "generator/patience/golfcore.c"],
            depends=[
                "generator/patience/golfcore.h",
                "generator/patience/rules.py",
                "generator/patience/deal.py",
                "generator/patience/cvalues.py",
            ],
            define_macros=rule_values(),
            # -O3, and -g0 after the interpreter's own -g: a release build carries no debug info
            extra_compile_args=["-O3", "-g0"],
        )
    ],
)

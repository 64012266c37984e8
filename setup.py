"""Builds the solver's C search; everything else is configured in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "generator.patience._fastsolve",
            ["generator/patience/_fastsolve.c", "generator/patience/golfcore.c"],
            depends=["generator/patience/golfcore.h"],
            # -O3, and -g0 after the interpreter's own -g: a release build carries no debug info
            extra_compile_args=["-O3", "-g0"],
            optional=True,
        )
    ]
)

"""Builds the solver's C search; everything else is configured in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "generator.patience._fastsolve",
            ["generator/patience/_fastsolve.c"],
            extra_compile_args=["-O3"],
            optional=True,
        )
    ]
)

"""Builds the solver's C search; everything else is configured in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "generator.engine._fastsolve",
            ["generator/engine/_fastsolve.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

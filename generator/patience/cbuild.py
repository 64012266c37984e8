"""``python -m generator compile``: the solver's C search compiled in place, as ``pip install -e .``
compiles it, with the engine's rule values (:mod:`generator.patience.cvalues`), for a developer
who changed a rule and has no wish to reinstall.

It runs the compiler Python was built with (``sysconfig``: ``CC``, ``CFLAGS``, ``CCSHARED``,
``LDSHARED``; -O3 -g0 as ``setup.py`` adds), needs Python's headers (Debian: python3-dev), and
writes ``generator/patience/_fastsolve<suffix>`` whole or not at all. The new module is loaded
by the next process.
"""

from __future__ import annotations

import shlex
import subprocess
import sysconfig
import tempfile
from pathlib import Path

from generator.atomic import write_bytes_atomic
from generator.patience.cvalues import compiler_flags
from generator.patience.errors import GolfError

PATIENCE = Path(__file__).resolve().parent
SOURCES = ("_fastsolve.c", "golfcore.c")


class CompileError(GolfError):
    """The C search could not be compiled; one line."""


def target() -> Path:
    """Where the extension lies for this Python."""
    return PATIENCE / f"_fastsolve{sysconfig.get_config_var('EXT_SUFFIX') or '.so'}"


def compile_c_search() -> Path:
    """Compile the extension in place; the file written."""
    config = sysconfig.get_config_vars()
    compiler = shlex.split(str(config.get("CC") or "cc"))
    flags = shlex.split(str(config.get("CFLAGS") or "")) + shlex.split(
        str(config.get("CCSHARED") or "")
    )
    linker = shlex.split(str(config.get("LDSHARED") or "cc -shared"))
    include = sysconfig.get_paths()["include"]
    output = target()
    with tempfile.TemporaryDirectory() as folder:
        objects = []
        for source in SOURCES:
            obj = Path(folder) / (source + ".o")
            _run(
                [
                    *compiler,
                    *flags,
                    "-O3",
                    "-g0",
                    *compiler_flags(),
                    "-I",
                    include,
                    "-c",
                    str(PATIENCE / source),
                    "-o",
                    str(obj),
                ]
            )
            objects.append(str(obj))
        built = Path(folder) / output.name
        _run([*linker, *objects, "-o", str(built)])
        write_bytes_atomic(output, built.read_bytes())
        output.chmod(0o755)
    return output


def _run(command: list[str]) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise CompileError(f"the C compiler could not be run ({command[0]}): {error}") from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise CompileError(
            f"compiling the C search failed: {lines[0] if lines else f'exit {done.returncode}'} "
            "(the compiler and Python's headers are needed: Debian's gcc and python3-dev)"
        )

"""C sources compiled to WebAssembly: the compiler of the ``ziglang`` package (a dependency: it
installs by pip alone, bundling clang and a WASI libc) and the cache that keeps each module.

A module is a :class:`WasmSpec`: its C sources, the headers they include, the rule values they
are compiled with (``-D`` flags taken from the engine) and its size budget. :func:`build` compiles
it (about 50 s the first time on a machine, while zig builds its libc; then well under a second)
and keeps the bytes in ``_build/cache/`` under the checksum of the sources, the flags and zig's
version. The page's modules (:mod:`generator.site.wasm`) and the engines' Python bindings
(:mod:`generator.sixcard.ccore`) build through here; this room imports no engine.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import cache
from generator.patience.errors import GolfError

FLAGS = ("--target=wasm32-wasi", "-mexec-model=reactor", "-O3", "-msimd128", "-s", "-Wall")
"""zig cc's flags: a WASI reactor (no main; exports only), optimized, SIMD (every browser of
the last years runs it), stripped."""


class WasmError(GolfError):
    """A module could not be compiled: the compiler is missing or refused the sources."""


@dataclass(frozen=True)
class WasmSpec:
    """One module: what it is called (its cache's kind), its sources and headers, a function
    giving its ``-D`` flags (called when it is built: the engine's values), its extra compiler
    flags and its size budget in bytes."""

    name: str
    sources: tuple[Path, ...]
    headers: tuple[Path, ...]
    defines: Callable[[], list[str]]
    max_size: int
    extra: tuple[str, ...] = ()

    def command(self, output: Path) -> list[str]:
        return [
            *(sys.executable, "-m", "ziglang", "cc", *FLAGS, *self.extra, *self.defines()),
            *(*map(str, self.sources), "-o", str(output)),
        ]


def zig_version() -> str:
    try:
        return importlib.metadata.version("ziglang")
    except importlib.metadata.PackageNotFoundError:
        raise WasmError(
            "the page's WebAssembly module needs the C compiler of the 'ziglang' package: "
            "pip install ziglang (or pip install -e . again)"
        ) from None


def zig_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The compiler's environment: ours, and where zig keeps its cache when the environment
    names no home for it (no ``$HOME``, ``$XDG_CACHE_HOME`` or ``$ZIG_GLOBAL_CACHE_DIR``, as
    in a container or a service): a folder of the project's cache, instead of zig stopping
    with 'unable to resolve zig cache directory'.

    >>> zig_env({"HOME": "/home/a"})
    {'HOME': '/home/a'}
    >>> zig_env({"PATH": "/bin"})["ZIG_GLOBAL_CACHE_DIR"].endswith("zig")
    True
    """
    found = dict(os.environ if environ is None else environ)
    if not any(found.get(name) for name in ("HOME", "XDG_CACHE_HOME", "ZIG_GLOBAL_CACHE_DIR")):
        found["ZIG_GLOBAL_CACHE_DIR"] = str(cache.folder_for("zig"))
    return found


def compile_module(spec: WasmSpec, output: Path) -> None:
    """Compile ``spec`` into ``output`` (its folder must exist); :class:`WasmError` if it fails."""
    zig_version()
    done = subprocess.run(
        spec.command(output), capture_output=True, text=True, check=False, env=zig_env()
    )
    if done.returncode != 0 or not output.exists():
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise WasmError(f"zig cc failed: {lines[0] if lines else f'exit {done.returncode}'}")
    if done.stderr.strip():  # -Wall: a warning is a fault of the sources
        raise WasmError(f"zig cc: {done.stderr.strip().splitlines()[0]}")


def entry(spec: WasmSpec) -> str:
    """The module's cache entry: its sources, headers, flags and the compiler's version."""
    flags = " ".join((*FLAGS, *spec.extra, *spec.defines()))
    return cache.key(*spec.sources, *spec.headers, flags, zig_version())


def is_built(spec: WasmSpec) -> bool:
    """Whether the module is in the cache already (a build then takes no time for it)."""
    try:
        return cache.get(spec.name, entry(spec)) is not None
    except WasmError:
        return True  # the build will say what is missing


@functools.cache
def build(spec: WasmSpec) -> bytes:
    """The compiled module's bytes (compiled once per process, and kept in the cache)."""
    key = entry(spec)
    kept = cache.get(spec.name, key)
    if kept is not None:
        return kept
    with tempfile.TemporaryDirectory(prefix=f"{spec.name}-") as folder:
        output = Path(folder) / f"{spec.name}.wasm"
        compile_module(spec, output)
        data = output.read_bytes()
    if len(data) > spec.max_size:
        raise WasmError(
            f"the module {spec.name} is {len(data):,} bytes, over its budget of {spec.max_size:,}"
        )
    cache.put(spec.name, key, data)
    return data

"""The page's WebAssembly module: the engine's C core (``generator/patience/golfcore.c``, the same
source as the solver's Python extension) and its exports for the page (``golfwasm.c``), compiled
for wasm32 by the C compiler of the ``ziglang`` package (a dependency: it installs by pip alone,
bundling clang and a WASI libc).

The module is built by the build, never committed: :func:`wasm_module` compiles it (about 50 s
the first time on a machine, while zig builds its libc; then well under a second) and keeps the
bytes in ``_build/cache/`` under the checksum of the sources, the flags and zig's version.
:func:`write_wasm` puts it into a language's docs folder (``assets/golf.wasm``), from where the
site ships it: the page fetches it beside its script, so it works offline too.
"""

from __future__ import annotations

import base64
import functools
import importlib.metadata
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from generator import cache
from generator.atomic import write_bytes_atomic
from generator.paths import PACKAGE
from generator.patience.cvalues import compiler_flags
from generator.patience.errors import GolfError

SOURCES = tuple(PACKAGE / "patience" / name for name in ("golfcore.c", "golfwasm.c"))
HEADER = PACKAGE / "patience" / "golfcore.h"
FLAGS = ("--target=wasm32-wasi", "-mexec-model=reactor", "-O3", "-msimd128", "-s", "-Wall")
"""zig cc's flags: a WASI reactor (no main; exports only), optimized, SIMD (every browser of
the last years runs it), stripped."""
ASSET = "assets/golf.wasm"
"""Where the module lies in each language's site."""
MAX_SIZE = 100_000
"""The module's size budget in bytes (issue 21: under 100 KB)."""


class WasmError(GolfError):
    """The module could not be compiled: the compiler is missing or refused the sources."""


def _zig_version() -> str:
    try:
        return importlib.metadata.version("ziglang")
    except importlib.metadata.PackageNotFoundError:
        raise WasmError(
            "the page's WebAssembly module needs the C compiler of the 'ziglang' package: "
            "pip install ziglang (or pip install -e . again)"
        ) from None


def compile_wasm(output: Path) -> None:
    """Compile the module into ``output`` (its folder must exist); :class:`WasmError` if it fails."""
    _zig_version()
    command = [
        *(sys.executable, "-m", "ziglang", "cc", *FLAGS, *compiler_flags()),
        *(*map(str, SOURCES), "-o", str(output)),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=zig_env())
    if done.returncode != 0 or not output.exists():
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise WasmError(f"zig cc failed: {lines[0] if lines else f'exit {done.returncode}'}")
    if done.stderr.strip():  # -Wall: a warning is a fault of the sources
        raise WasmError(f"zig cc: {done.stderr.strip().splitlines()[0]}")


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


def _entry() -> str:
    return cache.key(*SOURCES, HEADER, " ".join((*FLAGS, *compiler_flags())), _zig_version())


COMPILING = (
    "building the page's WebAssembly search (up to a minute the first time on a machine, "
    "while zig builds its C library; then kept in _build/cache/)"
)
"""What the commands that build say before they compile the module: the first build is
otherwise silent for about a minute."""


def is_built() -> bool:
    """Whether the module is in the cache already (a build then takes no time for it)."""
    try:
        return cache.get("wasm", _entry()) is not None
    except WasmError:
        return True  # the build will say what is missing


@functools.cache
def wasm_module() -> bytes:
    """The compiled module's bytes (compiled once per process, and kept in the cache)."""
    entry = _entry()
    kept = cache.get("wasm", entry)
    if kept is not None:
        return kept
    with tempfile.TemporaryDirectory(prefix="golf-wasm-") as folder:
        output = Path(folder) / "golf.wasm"
        compile_wasm(output)
        data = output.read_bytes()
    if len(data) > MAX_SIZE:
        raise WasmError(f"the module is {len(data):,} bytes, over its budget of {MAX_SIZE:,}")
    cache.put("wasm", entry, data)
    return data


SCRIPT = "assets/golf-wasm.js"
"""The module's bytes in a script (base64), which the page's script loads: a page opened from
disk may load a script but fetch no file, and the site works offline, from disk too."""


def wasm_script(data: bytes) -> str:
    """The text of :data:`SCRIPT` for the module ``data``."""
    encoded = base64.b64encode(data).decode("ascii")
    return (
        "/* The engine's C core as WebAssembly (generator/site/wasm.py builds it; "
        f'{len(data)} bytes). */\nwindow.golfWasmBase64 = "{encoded}";\n'
    )


def write_wasm(docs_dir: Path) -> Path:
    """Put the module (:data:`ASSET`) and its script (:data:`SCRIPT`) into ``docs_dir``, unless
    they are there already; the module's path."""
    data = wasm_module()
    for name, content in ((ASSET, data), (SCRIPT, wasm_script(data).encode("ascii"))):
        path = docs_dir / name
        if not path.exists() or path.read_bytes() != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(path, content)
    return docs_dir / ASSET

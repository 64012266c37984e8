"""The page's WebAssembly modules, compiled by :mod:`generator.wasmbuild` (zig's clang, kept in
``_build/cache/``), never committed:

- the patience's: the engine's C core (``generator/patience/golfcore.c``, the same source as the
  solver's Python extension) and its exports for the page (``golfwasm.c``);
- 6-Card Golf's: its engine's C core (``generator/sixcard/sixcore.c``), with its rules and the
  strong player (:data:`generator.sixcard.cvalues.SIXCARD_WASM`).

:func:`write_wasm` puts each into a language's docs folder (``assets/golf.wasm``,
``assets/sixcard.wasm``) with a script holding its bytes, from where the site ships them: the
pages load them beside their scripts, so they work offline too.
"""

from __future__ import annotations

import base64
from pathlib import Path

from generator.atomic import write_bytes_atomic
from generator.paths import PACKAGE
from generator.patience.cvalues import compiler_flags
from generator.sixcard.cvalues import SIXCARD_WASM
from generator.wasmbuild import (
    FLAGS,
    WasmError,
    WasmSpec,
    build,
    compile_module,
    zig_env,
)
from generator.wasmbuild import is_built as _is_built

__all__ = ["FLAGS", "MAX_SIZE", "WasmError", "is_built", "wasm_module", "write_wasm", "zig_env"]

SOURCES = tuple(PACKAGE / "patience" / name for name in ("golfcore.c", "golfwasm.c"))
HEADER = PACKAGE / "patience" / "golfcore.h"
MAX_SIZE = 100_000
"""The patience module's size budget in bytes (issue 21: under 100 KB)."""
PATIENCE_WASM = WasmSpec("wasm", SOURCES, (HEADER,), compiler_flags, MAX_SIZE)
ASSET = "assets/golf.wasm"
"""Where the patience's module lies in each language's site."""
SCRIPT = "assets/golf-wasm.js"
"""The module's bytes in a script (base64), which the page's script loads: a page opened from
disk may load a script but fetch no file, and the site works offline, from disk too."""
SIX_ASSET = "assets/sixcard.wasm"
SIX_SCRIPT = "assets/sixcard-wasm.js"
MODULES = (
    (PATIENCE_WASM, ASSET, SCRIPT, "golfWasmBase64"),
    (SIXCARD_WASM, SIX_ASSET, SIX_SCRIPT, "sixcardWasmBase64"),
)
"""Each module, its file, its script and the script's variable."""

COMPILING = (
    "building the page's WebAssembly search (up to a minute the first time on a machine, "
    "while zig builds its C library; then kept in _build/cache/)"
)
"""What the commands that build say before they compile the module: the first build is
otherwise silent for about a minute."""


def compile_wasm(output: Path) -> None:
    """Compile the patience's module into ``output``; :class:`WasmError` if it fails."""
    compile_module(PATIENCE_WASM, output)


def is_built() -> bool:
    """Whether every module is in the cache already (a build then takes no time for them)."""
    return all(_is_built(spec) for spec, *_ in MODULES)


def wasm_module() -> bytes:
    """The patience's compiled module."""
    return build(PATIENCE_WASM)


def wasm_script(data: bytes, variable: str = "golfWasmBase64") -> str:
    """The text of a module's script for its bytes ``data``."""
    encoded = base64.b64encode(data).decode("ascii")
    return (
        "/* An engine's C core as WebAssembly (generator/site/wasm.py builds it; "
        f'{len(data)} bytes). */\nwindow.{variable} = "{encoded}";\n'
    )


def write_wasm(docs_dir: Path) -> Path:
    """Put each module and its script into ``docs_dir``, unless they are there already; the
    patience module's path."""
    for spec, asset, script, variable in MODULES:
        data = build(spec)
        for name, content in ((asset, data), (script, wasm_script(data, variable).encode("ascii"))):
            path = docs_dir / name
            if not path.exists() or path.read_bytes() != content:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_bytes_atomic(path, content)
    return docs_dir / ASSET

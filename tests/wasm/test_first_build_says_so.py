"""The first build on a machine compiles the page's WebAssembly module, for up to a minute while
zig builds its C library: the commands that build say so first (issue 34), and say nothing of it
once the module is in the cache."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import say_if_compiling
from generator.paths import ROOT
from generator.site.wasm import COMPILING, wasm_module


def test_the_compile_is_announced_only_when_it_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    wasm_module()  # in the cache from here on
    quiet = io.StringIO()
    say_if_compiling(quiet)
    assert quiet.getvalue() == ""
    monkeypatch.setenv("GOLF_NO_CACHE", "1")  # nothing kept: the build would compile it
    said = io.StringIO()
    say_if_compiling(said)
    assert said.getvalue() == COMPILING + "\n"


def test_it_compiles_where_the_environment_names_no_home(tmp_path: Path) -> None:
    """A container or a service may have no ``$HOME``: zig then keeps its cache in the
    project's cache folder instead of stopping ('unable to resolve zig cache directory').
    The test's folder lends zig this machine's cache (a link), so its C library is not built
    again here."""
    zig_home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "zig"
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    if zig_home.is_dir():
        (cache_dir / "zig").symlink_to(zig_home)
    environ = {
        "PATH": os.environ["PATH"],
        "PYTHONPATH": str(ROOT),
        "GOLF_CACHE_DIR": str(cache_dir),
    }
    script = (
        "import sys; from pathlib import Path; from generator.site.wasm import compile_wasm; "
        "compile_wasm(Path(sys.argv[1]))"
    )
    output = tmp_path / "golf.wasm"
    done = subprocess.run(
        [sys.executable, "-c", script, str(output)],
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert output.read_bytes()[:4] == b"\0asm"

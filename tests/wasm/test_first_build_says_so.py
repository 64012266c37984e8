"""The first build on a machine compiles the page's WebAssembly module, for up to a minute while
zig builds its C library: the commands that build say so first (issue 34), and say nothing of it
once the module is in the cache."""

from __future__ import annotations

import io

import pytest

from generator.cli import say_if_compiling
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

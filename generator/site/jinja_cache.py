"""Jinja's compiled templates kept across environments and processes (theme and pages)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from types import CodeType

import jinja2
import jinja2.bccache

from generator import cache


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates, kept in memory for every environment in this process, and on disk
    (Jinja's own file cache) for the next process.

    MkDocs makes a new Jinja environment for each build, and the page renderer
    one for each language; with this cache a template whose source is unchanged
    is not compiled again. A compiled template is immutable, so environments can
    share it; a cached one is used only while its source's checksum is the same.
    Jinja's key is the template's name and file, not the environment's options:
    each kind of environment gets its own folder.
    """

    def __init__(self, directory: Path | None = None) -> None:
        self._codes: dict[str, tuple[str, CodeType]] = {}
        self._disk = directory

    def _files(self) -> jinja2.FileSystemBytecodeCache | None:
        if self._disk is None or os.environ.get(cache.OFF):
            return None
        try:
            self._disk.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None  # a read-only checkout builds without it
        return jinja2.FileSystemBytecodeCache(str(self._disk))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        entry = self._codes.get(bucket.key)
        if entry is not None and entry[0] == bucket.checksum:
            bucket.code = entry[1]
            return
        files = self._files()
        if files is not None:
            files.load_bytecode(bucket)  # Jinja checks the checksum and its own version
            if bucket.code is not None:
                self._codes[bucket.key] = (bucket.checksum, bucket.code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.code is None:
            return
        self._codes[bucket.key] = (bucket.checksum, bucket.code)
        files = self._files()
        if files is not None:
            with contextlib.suppress(OSError):  # written to a temporary file, then renamed
                files.dump_bytecode(bucket)

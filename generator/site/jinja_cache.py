"""Jinja's compiled templates kept across environments and processes (theme and pages)."""

from __future__ import annotations

import os
from types import CodeType
from typing import Any

import jinja2
import jinja2.bccache

from generator import cache


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates, kept in memory for every environment in this process, and in
    :mod:`generator.cache` (as ``kind``) for the next process.

    MkDocs makes a new Jinja environment for each build, and the page renderer
    one for each language; with this cache a template is compiled once. A
    compiled template is immutable, so environments can share it. It is filed
    under the template's name, its file (as it really is, whatever path led to
    it), the checksum of its source, Jinja's and Python's versions and every
    setting of the environment that changes what a template compiles to
    (:func:`compile_settings`): a template compiled under other settings is
    compiled again, never used.
    """

    def __init__(self, kind: str | None = None) -> None:
        self._codes: dict[str, CodeType] = {}
        self._kind = kind

    def get_bucket(
        self,
        environment: jinja2.Environment,
        name: str,
        filename: str | None,
        source: str,
    ) -> jinja2.bccache.Bucket:
        checksum = self.get_source_checksum(source)
        key = cache.key(
            name,
            os.path.realpath(filename) if filename else "",
            compile_settings(environment, name),
            _VERSIONS,
            checksum,
        )
        bucket = jinja2.bccache.Bucket(environment, key, checksum)
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._codes.get(bucket.key)
        if code is not None:
            bucket.code = code
            return
        if self._kind is None:
            return
        data = cache.get(self._kind, bucket.key)
        if data is None:
            return
        try:
            bucket.bytecode_from_string(data)  # Jinja checks its own format and the checksum
        except Exception:  # marshal's errors on bytes it did not write: compile again
            bucket.reset()
        if bucket.code is not None:
            self._codes[bucket.key] = bucket.code

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.code is None:
            return
        self._codes[bucket.key] = bucket.code
        if self._kind is not None:
            cache.put(self._kind, bucket.key, bucket.bytecode_to_string())


_VERSIONS = cache.versions("jinja2")


def compile_settings(environment: jinja2.Environment, name: str) -> str:
    """What, besides its source, a template compiles differently under: the environment's
    syntax, whitespace and escaping settings, extensions, policies, filters and tests."""
    autoescape = environment.autoescape
    escaped = autoescape(name) if callable(autoescape) else autoescape
    return repr(
        (
            sorted(environment.extensions),
            environment.block_start_string,
            environment.block_end_string,
            environment.variable_start_string,
            environment.variable_end_string,
            environment.comment_start_string,
            environment.comment_end_string,
            environment.line_statement_prefix,
            environment.line_comment_prefix,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.newline_sequence,
            environment.keep_trailing_newline,
            environment.optimized,
            environment.is_async,
            bool(escaped),
            _plain(environment.finalize),
            _plain(environment.policies),
            sorted(environment.filters),
            sorted(environment.tests),
            type(environment).__qualname__,  # a sandbox compiles its operators as calls
            environment.sandboxed,
        )
    )


def _plain(value: Any) -> Any:
    """``value`` as text that is the same in every process (a function by its name)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return sorted((str(k), _plain(v)) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    return (
        f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__name__)}"
    )

"""Reading input files with bounds: the one way the generator reads compressed and YAML data.

A damaged or hostile input must cost an error line, not the machine's memory:

- gzip data (the census files) is decompressed in chunks and refused past
  :data:`GZIP_LIMIT` decompressed bytes (a few MB of zeros make gigabytes);
- YAML text (the data files, ``locales/languages.yaml``, ``mkdocs.yml``) is
  refused past :data:`YAML_LIMIT` bytes, and a document that uses an alias
  (``*name``, a repeat of an ``&name`` anchor) is refused: no committed file
  uses one, and a few lines of nested aliases expand to billions of values for
  whatever walks them.

Each refusal is one line naming the file relative to the repository
(:class:`InputError`, a :class:`~generator.patience.GolfError`).
"""

from __future__ import annotations

import gzip
import io
import re
from pathlib import Path
from typing import Any

import yaml

from generator.atomic import shown
from generator.patience.errors import GolfError

MB = 1 << 20
GZIP_LIMIT = 64 * MB
"""The most bytes a compressed input may hold decompressed (a census file holds some 5 MB)."""
RAW_LIMIT = 64 * MB
"""The most bytes a compressed input may hold as it is on disk."""
YAML_LIMIT = 8 * MB
"""The most bytes a YAML input may hold (the largest committed one holds 30 kB)."""
_CHUNK = MB

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class InputError(GolfError):
    """An input file too large, or a YAML document with an alias."""


class NotUtf8Error(InputError, UnicodeDecodeError):
    """An input file that is not UTF-8: one line, ``file:line: not UTF-8 ...`` (a
    :class:`UnicodeDecodeError` too, for the readers that catch that)."""

    def __init__(self, path: Path, data: bytes, error: UnicodeDecodeError) -> None:
        UnicodeDecodeError.__init__(self, "utf-8", data, error.start, error.end, error.reason)
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        self.message = (
            f"{shown(path)}:{line}: not UTF-8: byte 0x{data[error.start]:02x} at column "
            f"{column} ({error.reason}); save the file as UTF-8"
        )

    def __str__(self) -> str:
        return self.message


def decoded(data: bytes, path: Path) -> str:
    """``data`` (read from ``path``) as UTF-8 text; :class:`NotUtf8Error` naming the line.

    >>> decoded("Spalte".encode(), Path("x.txt"))
    'Spalte'
    >>> decoded(b"a\\nb\\xffc", Path("x.txt"))
    Traceback (most recent call last):
    generator.bounded.NotUtf8Error: x.txt:2: not UTF-8: byte 0xff at column 2 (invalid start byte); save the file as UTF-8
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8Error(path, data, error) from None


def _too_large(path: Path, limit: int, how: str = "") -> InputError:
    return InputError(f"{shown(path)}: more than {limit // MB} MB{how}")


def read_bytes(path: Path, limit: int = RAW_LIMIT) -> bytes:
    """The bytes of ``path``; :class:`InputError` past ``limit`` (OSError as ``open`` raises it)."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(path, limit)
    return data


def read_text(path: Path, limit: int = RAW_LIMIT) -> str:
    """The UTF-8 text of ``path`` (a JSON data or work file); :class:`InputError` past ``limit``
    bytes, :class:`NotUtf8Error` (a :class:`UnicodeDecodeError`) if it is not UTF-8."""
    return decoded(read_bytes(path, limit), path)


def gunzip(data: bytes, path: Path, limit: int = GZIP_LIMIT) -> bytes:
    """``data`` (gzip, read from ``path``) decompressed, in chunks: :class:`InputError` as soon
    as it passes ``limit`` bytes; damage raises what :func:`gzip.decompress` raises."""
    chunks = []
    total = 0
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
        while chunk := stream.read(_CHUNK):
            total += len(chunk)
            if total > limit:
                raise _too_large(path, limit, " when decompressed")
            chunks.append(chunk)
    return b"".join(chunks)


def read_gzip(path: Path, limit: int = GZIP_LIMIT) -> bytes:
    """The decompressed bytes of the gzip file ``path`` (:func:`read_bytes`, :func:`gunzip`)."""
    return gunzip(read_bytes(path), path, limit)


def read_yaml_text(path: Path, limit: int = YAML_LIMIT) -> str:
    """The UTF-8 text of ``path``; :class:`InputError` past ``limit`` bytes,
    :class:`NotUtf8Error` if it is not UTF-8."""
    return decoded(read_bytes(path, limit), path)


def no_aliases(node: yaml.Node | None, path: Path) -> None:
    """Refuse a composed document in which a node appears twice (an ``&anchor`` used by an
    ``*alias``): one walk over the distinct nodes, however many times an alias repeats them."""
    seen: set[int] = set()
    todo = [node] if node is not None else []
    while todo:
        item = todo.pop()
        if id(item) in seen:
            raise InputError(
                f"{shown(path)}:{item.start_mark.line + 1}: this value is anchored (&) and "
                "used again by an alias (*); data files may not use YAML aliases"
            )
        seen.add(id(item))
        if isinstance(item, yaml.MappingNode):
            todo.extend(part for pair in item.value for part in pair)
        elif isinstance(item, yaml.SequenceNode):
            todo.extend(item.value)


def yaml_error(error: yaml.YAMLError) -> tuple[int, str]:
    """Where a YAML error is (the 1-based line of its mark; 1 if it has none) and what it says,
    for a one-line ``file:line: what`` message.

    >>> try:
    ...     yaml.compose("a: [1, 2")
    ... except yaml.YAMLError as error:
    ...     yaml_error(error)
    (1, "not valid YAML: expected ',' or ']', but got '<stream end>'")
    """
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        return (mark.line + 1 if mark is not None else 1), f"not valid YAML: {error.problem}"
    return 1, f"not valid YAML: {error}"


_NOT_YAML = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character no YAML document may hold (a control character): PyYAML's reader names only
its position, in two lines."""


def printable(text: str, path: Path) -> str:
    """``text`` (of ``path``) once it holds no character YAML refuses; else :class:`InputError`
    naming its line and column.

    >>> printable("a: 1\\nb: \\x05", Path("x.yaml"))
    Traceback (most recent call last):
    generator.bounded.InputError: x.yaml:2: the control character U+0005 at column 4: YAML allows none
    """
    found = _NOT_YAML.search(text)
    if found is None:
        return text
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    raise InputError(
        f"{shown(path)}:{line}: the control character U+{ord(found.group()):04X} at column "
        f"{column}: YAML allows none"
    )


PLAIN_TAGS = {
    f"tag:yaml.org,2002:{name}"
    for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
}
"""The tags a plain document's nodes have; any other (``!ENV``, ``!relative``, ``!!python/…``)
asks the reader to do something, and no input of the project has one."""


def plain_tags(node: yaml.Node | None, path: Path) -> None:
    """:class:`InputError` naming the line of the first node with a tag of its own."""
    stack = [node] if node is not None else []
    seen: set[int] = set()
    while stack:
        here = stack.pop()
        if id(here) in seen:
            continue
        seen.add(id(here))
        if here.tag not in PLAIN_TAGS:
            raise InputError(
                f"{shown(path)}:{here.start_mark.line + 1}: the YAML tag {here.tag!r} asks the "
                "reader to do something (the environment, another file, Python): not accepted"
            )
        if isinstance(here, yaml.SequenceNode):
            stack.extend(here.value)
        elif isinstance(here, yaml.MappingNode):
            for key, value in here.value:
                stack.extend((key, value))


def compose_yaml(path: Path, loader: Any = yaml.SafeLoader, text: str | None = None) -> Any:
    """The composed node tree of ``path`` (or of its ``text``, read already), bounded and
    without aliases; YAML errors are raised as :func:`yaml.compose` raises them."""
    node = yaml.compose(
        printable(read_yaml_text(path) if text is None else text, path), Loader=loader
    )
    no_aliases(node, path)
    plain_tags(node, path)
    return node


def load_yaml(path: Path, loader: Any = _LOADER, text: str | None = None) -> Any:
    """``yaml.safe_load`` of ``path`` (or of its ``text``, read already), bounded and without
    aliases (:func:`compose_yaml`)."""
    source = printable(read_yaml_text(path) if text is None else text, path)
    reader = loader(source)
    try:
        node = reader.get_single_node()
        no_aliases(node, path)
        plain_tags(node, path)
        return reader.construct_document(node) if node is not None else None
    finally:
        reader.dispose()

"""The cache of worked-out results: a changed input is never served an old result."""

from __future__ import annotations

import os
from pathlib import Path

import jinja2
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from generator import cache
from generator.i18n import catalog_cli
from generator.i18n.catalogs import ROOT, languages
from generator.site import pagetext
from generator.site.build import render_all
from generator.site.jinja_cache import CompiledTemplates


def test_an_entry_reads_back_and_the_newest_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cache.get("kind", "a", tmp_path) is None
    cache.put("kind", "a", b"one", tmp_path)
    assert cache.get("kind", "a", tmp_path) == b"one"
    for number, name in enumerate("abcde"):
        cache.put("kind", name, name.encode(), tmp_path)
        os.utime(tmp_path / "kind" / name, ns=(number * 10**9, (10 + number) * 10**9))
    monkeypatch.setattr(cache, "KEEP", 3)
    assert cache.get("kind", "b", tmp_path) == b"b"  # used: among the newest again
    cache.put("kind", "f", b"f", tmp_path)
    assert sorted(p.name for p in (tmp_path / "kind").iterdir()) == ["b", "e", "f"]
    monkeypatch.setattr(cache, "KEEP", 10)
    cache.put("kind", "e.2", b"e2", tmp_path, replaces="e.")
    cache.put("kind", "e.3", b"e3", tmp_path, replaces="e.")
    assert cache.get("kind", "e.2", tmp_path) is None and cache.get("kind", "e.3", tmp_path)
    assert cache.get("kind", "e", tmp_path) == b"e"  # "e." names its versions, not "e"


def test_a_damaged_entry_is_not_read(tmp_path: Path) -> None:
    cache.put("kind", "a", b"columns of a census", tmp_path)
    path = tmp_path / "kind" / "a"
    path.write_bytes(path.read_bytes().replace(b"census", b"cenSus"))
    assert cache.get("kind", "a", tmp_path) is None
    path.write_bytes(b"no checksum at all")
    assert cache.get("kind", "a", tmp_path) is None
    cache.put("kind", "a", b"", tmp_path)
    assert cache.get("kind", "a", tmp_path) == b""


def test_the_cache_can_be_off_or_unwritable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    cache.put("kind", "a", b"one", blocked)  # no error: the work is only done again
    assert cache.get("kind", "a", blocked) is None
    monkeypatch.setenv(cache.OFF, "1")
    cache.put("kind", "a", b"one", tmp_path)
    assert not (tmp_path / "kind").exists() and cache.get("kind", "a", tmp_path) is None


def test_a_key_changes_with_any_part() -> None:
    assert cache.key("a", "bc") != cache.key("ab", "c")
    assert cache.key(b"a") == cache.key("a") != cache.key(Path(__file__))


def test_the_extraction_key_covers_every_file_babel_reads() -> None:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    read: set[str] = set()

    def seen(filename: str, method: str, options: dict[str, str]) -> None:
        read.add(Path(filename).as_posix())

    for _ in extract_from_dir(str(ROOT), method_map, options_map, callback=seen):
        pass
    assert read and read <= {name for _root, name in catalog_cli._extraction_sources()}


def test_the_extracted_messages_come_from_the_cache_only_for_the_same_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    calls: list[Path] = []
    real = catalog_cli.extract_to

    def counting(pot: Path) -> None:
        calls.append(pot)
        real(pot)

    monkeypatch.setattr(catalog_cli, "extract_to", counting)
    catalog_cli.extracted(tmp_path / "one.pot")
    catalog_cli.extracted(tmp_path / "two.pot")
    assert len(calls) == 1
    assert (tmp_path / "one.pot").read_bytes() == (tmp_path / "two.pot").read_bytes()
    sources = catalog_cli._extraction_sources()
    changed = tmp_path / "extra.py"
    changed.write_text('_("A sentence no one wrote")\n', encoding="utf-8")
    monkeypatch.setattr(
        catalog_cli, "_extraction_sources", lambda: [*sources, (tmp_path, changed.name)]
    )
    catalog_cli.extracted(tmp_path / "three.pot")
    assert len(calls) == 2


def test_a_page_text_from_the_cache_is_the_page_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path)
    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    language = languages()[1]
    for name, source in render_all([language])[language.code].items():
        if name.endswith(".md"):
            fresh = pagetext._markdown_text(source, pictures=True)
            assert pagetext.markdown_text(source, pictures=True) == fresh  # worked out, kept
            assert pagetext.markdown_text(source, pictures=True) == fresh  # read back
            assert pagetext.markdown_text(source + "\nMore.\n", pictures=True) != fresh


def _i18n_env(compiled: CompiledTemplates, trimmed: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.DictLoader({"t.j2": "{% trans %}one\n   two{% endtrans %}"}),
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=compiled,
    )
    env.policies["ext.i18n.trimmed"] = trimmed
    env.install_null_translations()  # type: ignore[attr-defined]
    return env


def test_a_template_compiled_under_other_settings_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path)
    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    for _ in range(2):  # the second time from the disk (a new in-memory cache)
        assert _i18n_env(CompiledTemplates("jinja-test"), True).get_template("t.j2").render() == (
            "one two"
        )
        assert _i18n_env(CompiledTemplates("jinja-test"), False).get_template("t.j2").render() == (
            "one\n   two"
        )
    assert len(list((tmp_path / "jinja-test").iterdir())) == 2


def test_compiled_bytes_that_do_not_load_are_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE_DIR", tmp_path)
    monkeypatch.delenv(cache.DIR_VARIABLE, raising=False)
    _i18n_env(CompiledTemplates("jinja-test"), True).get_template("t.j2")
    (entry,) = (tmp_path / "jinja-test").iterdir()
    kept = cache.get("jinja-test", entry.name)
    assert kept is not None
    for wrong in (kept[:-5], kept[:-5] + b"\xff" * 5, b""):
        cache.put("jinja-test", entry.name, wrong)  # a writer with a bug
        rendered = _i18n_env(CompiledTemplates("jinja-test"), True).get_template("t.j2").render()
        assert rendered == "one two"
    # a constant of the compiled code changed on disk, the length kept: not that entry
    entry.write_bytes(entry.read_bytes().replace(b"one", b"ONE"))
    rendered = _i18n_env(CompiledTemplates("jinja-test"), True).get_template("t.j2").render()
    assert rendered == "one two"


def test_an_entry_copied_under_another_name_is_not_read(tmp_path: Path) -> None:
    cache.put("census", "strict.a", b"columns", tmp_path)
    folder = tmp_path / "census"
    (folder / "classic.a").write_bytes((folder / "strict.a").read_bytes())
    assert cache.get("census", "classic.a", tmp_path) is None
    (tmp_path / "mo").mkdir()
    (tmp_path / "mo" / "strict.a").write_bytes((folder / "strict.a").read_bytes())
    assert cache.get("mo", "strict.a", tmp_path) is None


def test_a_write_that_fails_leaves_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "kind" / "a").mkdir(parents=True)  # the rename onto it fails
    cache.put("kind", "a", b"one", tmp_path)
    assert [p.name for p in (tmp_path / "kind").iterdir()] == ["a"]
    old = tmp_path / "kind" / ".left-by-a-killed-writer.tmp"
    old.write_bytes(b"half")
    os.utime(old, (0, 0))
    fresh = tmp_path / "kind" / ".being-written.tmp"
    fresh.write_bytes(b"half")
    cache.put("kind", "b", b"two", tmp_path)
    assert sorted(p.name for p in (tmp_path / "kind").iterdir()) == [".being-written.tmp", "a", "b"]

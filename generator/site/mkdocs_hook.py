"""MkDocs hook of ``python -m generator build`` and ``serve``.

In every build it keeps the pictures out of the Markdown parser (placeholders
in, SVG back after: :mod:`generator.site.placeholders`) and lets the theme's
templates be compiled once per process (:data:`generator.site.build.THEME_CACHE`),
so that the second language built in a process does not compile them again.
Neither changes a byte of the pages: without the hook (a bare ``mkdocs build``
of a generated configuration) the site comes out the same. Zensical runs no
hook: what this one does to the pages, and Zensical leaves undone, is done on
the pages Zensical built (:func:`generator.site.build.zensical_finish`).

For ``serve`` (the configuration names ``extra.generator_language``) it also
renders the pages before each build. Only pages whose text changed are
written, so writing them does not set off another rebuild.

When the pages cannot be rendered (a broken placeholder in a catalog, a bad
line in ``languages.yaml``), every page is replaced by one error page that
says what is wrong and where, and the build goes on: the browser shows the
error instead of waiting for a build that never finishes, and the next save
that fixes the file brings the pages back.
"""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from generator import cache
from generator.i18n.catalogs import languages
from generator.paths import shown
from generator.patience import GolfError
from generator.site import build
from generator.site.build import ALTERNATE_LINK, write_pages
from generator.site.placeholders import for_search, join_pictures, split_pictures
from generator.site.render import PAGES, render_language
from generator.site.wasm import write_wasm

ERROR_MARK = "<!-- generator: error page -->"

_pictures: dict[str, tuple[list[str], str]] = {}
"""Each page's pictures and its HTML with their placeholders, by the page's source path."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    text, pictures = split_pictures(markdown)
    _pictures[page.file.src_uri] = (pictures, "")
    return text


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The page as the search plugin indexes it: the pictures' text, not their drawing."""
    pictures, _ = _pictures.get(page.file.src_uri, ([], ""))
    if not pictures:
        return html
    _pictures[page.file.src_uri] = (pictures, html)
    return join_pictures(html, [for_search(picture) for picture in pictures])


@event_priority(-100)  # after the search plugin has indexed the page
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """The page as it is shown: the pictures whole."""
    pictures, html = _pictures.pop(page.file.src_uri, ([], ""))
    if pictures:
        page.content = join_pictures(html, pictures)
    return context


def on_post_page(output: str, page: Any, config: Any) -> str:
    """An offline site has no ``<link rel="alternate">``: Material's script fetches the
    ``sitemap.xml`` beside each, which a browser refuses from ``file://`` (a console error).
    The language switcher does not need them."""
    if config["extra"].get("generator_offline"):
        return ALTERNATE_LINK.sub("", output)
    return output


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    """The 404 page, as :func:`on_post_page`."""
    return on_post_page(output_content, None, config)


@event_priority(100)  # before the search plugin's, which makes environments of its own
def on_config(config: Any) -> None:
    """Every Jinja environment the theme makes (MkDocs' own, the search plugin's) shares the
    compiled templates; in ``build``, the list of the theme's files is also made once per process
    (filtering Material's 14,500 files, icons and all, costs as much as a page) and kept in
    :mod:`generator.cache` under the names of all the theme's files (walking the folders is
    cheap; a file added, removed or renamed makes a new key). ``serve`` lists it each time."""
    make_env = config.theme.get_env
    theme_files = "generator_language" not in config["extra"]
    static = tuple(sorted(config.theme.static_templates))

    def get_env() -> Any:
        env = make_env()
        env.bytecode_cache = (
            build.THEME_CACHE
        )  # read when used: MkDocs loads a hook once per process
        if theme_files:
            list_templates = env.list_templates
            key = (tuple(env.loader.searchpath), static)

            def listed(extensions: Any = None, filter_func: Any = None) -> list[str]:
                # MkDocs' filter depends only on the static templates (in the key)
                names = build.THEME_FILES.get((key, extensions))
                if names is None:
                    # the folders as they are (not as a configuration in a temporary folder
                    # names them) and every file in them: the listing depends on nothing else
                    roots = tuple(os.path.realpath(root) for root in key[0])
                    follow = bool(getattr(env.loader, "followlinks", False))
                    entry = cache.key(
                        repr((roots, static, extensions, follow)),
                        cache.versions("mkdocs", "jinja2"),
                        _file_names(roots, follow),
                    )
                    names = _kept_listing(entry)
                    if names is None:
                        names = list_templates(extensions, filter_func)
                        cache.put("theme-files", entry, json.dumps(names).encode())
                    build.THEME_FILES[(key, extensions)] = names
                return list(names)

            env.list_templates = listed
        return env

    config.theme.get_env = get_env


def _file_names(roots: tuple[str, ...], follow: bool = False) -> str:
    """Every file under ``roots`` by its path in its root, as Jinja's loader walks them."""
    found = []
    for root in roots:
        found.append(f"{root}\0")
        for folder, _dirs, files in os.walk(root, followlinks=follow):
            relative = os.path.relpath(folder, root)
            found.extend(f"{relative}/{name}" for name in files)
    return "\n".join(sorted(found))


def _kept_listing(entry: str) -> list[str] | None:
    """The theme's files as listed before for the same files."""
    data = cache.get("theme-files", entry)
    if data is None:
        return None
    try:
        names = json.loads(data)
    except ValueError:
        return None
    return [str(name) for name in names] if isinstance(names, list) else None


def error_page(message: str) -> str:
    """The Markdown of the page shown in place of every page while ``message`` holds."""
    return (
        f"{ERROR_MARK}\n\n"
        "# The pages could not be rendered\n\n"
        f'<pre class="generator-error">error: {html.escape(message)}</pre>\n\n'
        "Fix it and save the file: the pages come back on the next rebuild.\n"
    )


def _render(code: str) -> dict[str, str]:
    matches = [lang for lang in languages() if lang.code == code]
    if not matches:
        raise GolfError(f"no language {code!r} in locales/languages.yaml")
    return render_language(matches[0])


def on_pre_build(config: Any) -> None:
    from generator.patience.errors import internal_error

    if "generator_language" not in config["extra"]:
        return  # `build` has rendered the pages
    docs_dir = Path(config["docs_dir"])
    try:
        pages = _render(config["extra"]["generator_language"])
    except GolfError as error:
        message = shown(str(error))
    except Exception as error:  # anything else would leave the browser waiting
        message = internal_error(error)
    else:
        write_pages(pages, docs_dir)
        write_wasm(docs_dir)
        for path in docs_dir.rglob("*.md"):
            name = path.relative_to(docs_dir).as_posix()
            if name not in pages and path.read_text(encoding="utf-8").startswith(ERROR_MARK):
                path.unlink()
        return
    # Printed, not logged: MkDocs' strict mode would turn a logged error into a failed build.
    print(f"error: {message}", file=sys.stderr)
    # every page of the site says it (a preview started on a broken catalog has none yet)
    names = {path.relative_to(docs_dir).as_posix() for path in docs_dir.rglob("*.md")}
    write_pages(dict.fromkeys(sorted(names | set(PAGES)), error_page(message)), docs_dir)

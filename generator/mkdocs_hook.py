"""MkDocs hook for ``python -m generator serve``: render the pages before each build.

Only pages whose text changed are written, so writing them does not set off
another rebuild.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.catalogs import languages
from generator.render import render_language
from generator.site import write_pages


def on_pre_build(config: Any) -> None:
    code = config["extra"]["generator_language"]
    language = next(lang for lang in languages() if lang.code == code)
    write_pages(render_language(language), Path(config["docs_dir"]))

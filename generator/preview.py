"""``python -m generator serve``: MkDocs' live-reloading server for one language.

The pages are rendered before every build by an MkDocs hook
(:mod:`generator.mkdocs_hook`), and MkDocs watches the templates, catalogs
and data, so an edit to a ``.po`` file or a template shows up in the browser
without a restart.
"""

from __future__ import annotations

import yaml

from generator.catalogs import LOCALES, ROOT, languages, source_language
from generator.engine import GolfError
from generator.site import language_config

PREVIEW = ROOT / "_build" / "preview"


def serve(code: str | None, addr: str) -> int:
    from mkdocs.commands.serve import serve as mkdocs_serve

    all_languages = languages()
    code = code or source_language()
    matches = [lang for lang in all_languages if lang.code == code]
    if not matches:
        known = ", ".join(lang.code for lang in all_languages)
        raise GolfError(f"no language {code!r} in locales/languages.yaml (known: {known})")
    language = matches[0]
    docs_dir = PREVIEW / "docs" / code
    docs_dir.mkdir(parents=True, exist_ok=True)
    config = language_config(language, all_languages, docs_dir, PREVIEW / "site" / code)
    config["hooks"] = [str(ROOT / "generator" / "mkdocs_hook.py")]
    config["watch"] = [str(ROOT / "docs_src"), str(LOCALES), str(ROOT / "generator" / "data")]
    config["extra"]["generator_language"] = code
    config_file = PREVIEW / f"mkdocs-{code}.yml"
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    mkdocs_serve(config_file=str(config_file), livereload=True, dev_addr=addr)
    return 0

"""``python -m generator serve``: MkDocs' live-reloading server for one language.

The pages are rendered before every build by an MkDocs hook
(:mod:`generator.site.mkdocs_hook`), and MkDocs watches the templates, catalogs
and data, so an edit to a ``.po`` file or a template shows up in the browser
without a restart. A file that cannot be rendered shows as an error page
until it is fixed.
"""

from __future__ import annotations

import ipaddress
import sys
from gettext import NullTranslations
from typing import Any

import yaml

from generator.atomic import write_text_atomic
from generator.i18n.catalogs import LOCALES, ROOT, languages, source_language, translations
from generator.i18n.words import Translations
from generator.paths import PACKAGE, shown
from generator.patience import GolfError
from generator.site.build import language_config

PREVIEW = ROOT / "_build" / "preview"


def parse_address(addr: str) -> tuple[str, int]:
    """``IP:PORT`` (or ``localhost:PORT``) as a host and a port number, as MkDocs takes them.

    >>> parse_address("127.0.0.1:8000")
    ('127.0.0.1', 8000)
    >>> parse_address("[::1]:8000")
    ('::1', 8000)
    >>> parse_address("localhost")
    Traceback (most recent call last):
    ...
    generator.patience.errors.GolfError: --addr 'localhost': expected IP:PORT like 127.0.0.1:8000
    >>> parse_address("example.org:80")
    Traceback (most recent call last):
    ...
    generator.patience.errors.GolfError: --addr 'example.org:80': expected IP:PORT like 127.0.0.1:8000
    """
    host, _, port = addr.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if host != "localhost":
        try:
            host = str(ipaddress.ip_address(host))
        except ValueError:
            host = ""
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise GolfError(f"--addr {addr!r}: expected IP:PORT like 127.0.0.1:8000")
    return host, int(port)


def serve(code: str | None, addr: str) -> int:
    from mkdocs.commands.serve import serve as mkdocs_serve
    from mkdocs.exceptions import MkDocsException

    host, port = parse_address(addr)
    all_languages = languages()
    code = code or source_language()
    matches = [lang for lang in all_languages if lang.code == code]
    if not matches:
        known = ", ".join(lang.code for lang in all_languages)
        raise GolfError(f"no language {code!r} in locales/languages.yaml (known: {known})")
    language = matches[0]
    try:
        t: Translations = translations(language, fallback_warning=False)
    except GolfError as error:
        # Serve anyway: the hook shows the error page until the catalog is fixed.
        print(f"error: {shown(str(error))}", file=sys.stderr)
        t = NullTranslations()
    docs_dir = PREVIEW / "docs" / code
    docs_dir.mkdir(parents=True, exist_ok=True)
    config = language_config(
        language, all_languages, docs_dir, PREVIEW / "site" / code, t, config_dir=PREVIEW
    )
    config["hooks"] = [str(PACKAGE / "site" / "mkdocs_hook.py")]
    config["watch"] = [str(ROOT / "docs_src"), str(LOCALES), str(PACKAGE / "data")]
    config["extra"]["generator_language"] = code
    # A preview shows what is wrong (the hook's error page) instead of stopping at it:
    # `build` and `check` build strictly.
    config["strict"] = False
    config_file = PREVIEW / f"mkdocs-{code}.yml"
    write_text_atomic(config_file, yaml.safe_dump(config, allow_unicode=True))
    url_host = f"[{host}]" if ":" in host else host
    _can_bind(host, port)
    exposed = exposure(host)
    if exposed:
        print(exposed, file=sys.stderr, flush=True)
    print(f"serving {code} at http://{url_host}:{port}/", flush=True)
    refuse_malformed_paths()
    try:
        mkdocs_serve(config_file=str(config_file), livereload=True, dev_addr=f"{url_host}:{port}")
    except MkDocsException as error:  # MkDocs has logged the details
        raise GolfError(f"serve: {error.format_message()}") from None
    except OSError as error:
        raise GolfError(f"cannot serve at {host}:{port}: {error.strerror or error}") from None
    # MkDocs returns only when it was stopped (Ctrl-C): say so as a shell does
    print("serve: stopped", file=sys.stderr)
    return 130


def malformed_path(path: str) -> bool:
    """Whether a request's path (WSGI's ``PATH_INFO``: its bytes as latin-1) holds a control
    character (a NUL byte) or bytes that are no UTF-8: no file of a site is named so.

    >>> malformed_path("/en/rules/"), malformed_path("/en/r%00"), malformed_path("/en/" + chr(0))
    (False, False, True)
    >>> malformed_path("/nl/" + "é".encode().decode("latin-1")), malformed_path("/" + chr(0xFF))
    (False, True)
    """
    try:
        text = path.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return True
    return any(ord(char) < 0x20 or ord(char) == 0x7F for char in text)


def refuse_malformed_paths() -> None:
    """MkDocs' live-reload server answers a path it cannot open (one with a NUL byte) with
    500 and a traceback in ``serve``'s output: such a path gets 400 Bad Request, before the
    server looks for a file."""
    from mkdocs.livereload import LiveReloadServer

    original = LiveReloadServer.serve_request
    if getattr(original, "refuses_malformed_paths", False):
        return

    def serve_request(self: Any, environ: dict[str, Any], start_response: Any) -> Any:
        if malformed_path(str(environ.get("PATH_INFO", ""))):
            start_response("400 Bad Request", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"400 Bad Request: the path holds a control character or is not UTF-8\n"]
        return original(self, environ, start_response)

    serve_request.refuses_malformed_paths = True  # type: ignore[attr-defined]
    LiveReloadServer.serve_request = serve_request  # type: ignore[method-assign]


def exposure(host: str) -> str | None:
    """The one line ``serve`` prints when ``host`` is not a loopback address (None when it is):
    the preview is then reachable from other machines.

    >>> exposure("127.0.0.1"), exposure("::1"), exposure("localhost")
    (None, None, None)
    >>> exposure("0.0.0.0")
    'serve: 0.0.0.0 is not a loopback address: the site is then reachable from other machines (the default, 127.0.0.1, is not)'
    """
    import ipaddress
    import socket

    try:
        addresses = [ipaddress.ip_address(host.split("%", 1)[0])]
    except ValueError:
        try:
            found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
            addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in found]
        except (OSError, ValueError):
            addresses = []
    if addresses and all(address.is_loopback for address in addresses):
        return None
    return (
        f"serve: {host} is not a loopback address: the site is then reachable from other "
        "machines (the default, 127.0.0.1, is not)"
    )


def _can_bind(host: str, port: int) -> None:
    """Raise :class:`GolfError` now, before the address is printed, if ``host:port`` is taken."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((host, port))
    except OSError as error:
        raise GolfError(f"cannot serve at {host}:{port}: {error.strerror or error}") from None

"""``serve``'s answer to a malformed path: MkDocs' live-reload server answered a path with a
NUL byte with 500 and printed a traceback (issue 46); ``serve`` answers 400 and prints nothing."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.livereload import LiveReloadServer

from generator.site import preview


def ask(server: LiveReloadServer, path: str) -> tuple[str, bytes]:
    """The status and body a client gets for ``path`` (WSGI's PATH_INFO: bytes as latin-1)."""
    said: list[str] = []

    def start_response(status: str, headers: list[Any]) -> None:
        said.append(status)

    answer = server.serve_request({"PATH_INFO": path}, start_response)
    try:
        body = b"".join(answer)
    finally:
        getattr(answer, "close", lambda: None)()  # a file's wrapper: close the file
    return said[0], body


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveReloadServer]:
    # the class as serve leaves it, undone after the test
    monkeypatch.setattr(LiveReloadServer, "serve_request", LiveReloadServer.serve_request)
    preview.refuse_malformed_paths()
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    made = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path))
    yield made
    made.server_close()


@pytest.mark.parametrize(
    "path", ["/index.html" + chr(0), "/" + chr(0) + "/x", "/\x1b[31m", "/" + chr(0xFF)]
)
def test_a_malformed_path_gets_400_and_no_traceback(
    server: LiveReloadServer, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        status, body = ask(server, path)
    assert status == "400 Bad Request", (status, body)
    assert not [r for r in caplog.records if r.exc_info], caplog.text


def test_a_good_path_is_served_as_before(server: LiveReloadServer) -> None:
    assert ask(server, "/index.html")[0] == "200 OK"
    assert ask(server, "/missing.html")[0] == "404 Not Found"

"""How many words does a player see on each page, on a phone? (issue 47)

    python scripts/visible_words.py [SITE] [--width 390] [--height 844] [--lang en,nl,de,fr]

Serves a built site (default ``site/``, as ``python -m generator build`` makes it) and opens
every page type of every language in headless Chromium (Debian's ``chromium``; ``CHROMIUM=``
picks another) at a phone's width, light scheme, its scripts run and settled. It counts the
article's words a sighted reader sees: drawn text only (not a closed fold's, not a screen
reader's alone), ``fold`` those whose line starts within the first window (the page as it
opens, under the header), ``all`` those of the whole page as it is; and ``open`` the page's
words with every fold (``<details>``) open, what it would show with nothing folded. It prints
one table, page by language.

To compare two versions, build each (a worktree of each commit) and run the script on both
sites: the counts are the page's, whatever code built it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]

PAGES = {
    "home": "",
    "rules": "rules/",
    "won-game": "won-game/",
    "examples": "examples/",
    "solve": "solve/",
    "statistics": "statistics/",
    "sources": "sources/",
    "six-card-golf": "six-card-golf/",
}
"""Each page type and its path under a language's folder."""

COUNT = """(top) => {
  const root = document.querySelector('article');
  let fold = 0, all = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    const rects = [...(() => { const r = document.createRange(); r.selectNodeContents(node);
                                return r.getClientRects(); })()].filter(r => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const words = node.textContent.split(/\\s+/).filter(Boolean).length;
    all += words;
    if (rects[0].top + scrollY < top) fold += words;
  }
  return [fold, all];
}"""
"""The article's drawn words: [within the first window, in all]."""


def chromium() -> str:
    return os.environ.get("CHROMIUM") or "/usr/bin/chromium"


def find_page(site: Path, lang: str, page: str) -> str | None:
    """The page's path under the site, if built: a language's pages may sit at the root."""
    for base in (f"{lang}/", ""):
        if (site / base / PAGES[page] / "index.html").is_file():
            return base + PAGES[page]
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "site"))
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--lang", default="en,nl,de,fr")
    args = parser.parse_args()
    site = Path(args.site).resolve()
    if not (site / "index.html").is_file():
        print(f"error: {site} holds no built site (index.html)", file=sys.stderr)
        return 2
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    langs = args.lang.split(",")
    rows: dict[str, dict[str, str]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True)
        try:
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            for name in PAGES:
                for lang in langs:
                    path = find_page(site, lang, name)
                    if path is None:
                        rows.setdefault(name, {})[lang] = "-"
                        continue
                    page.goto(url + path, wait_until="load")
                    page.wait_for_timeout(300)
                    fold, seen = page.evaluate(COUNT, args.height)
                    page.evaluate(
                        "document.querySelectorAll('details').forEach(d => d.open = true)"
                    )
                    _, opened = page.evaluate(COUNT, args.height)
                    rows.setdefault(name, {})[lang] = f"{fold} / {seen} / {opened}"
        finally:
            browser.close()
            server.shutdown()
    print(f"Words a reader sees at {args.width} px: first window / whole page / every fold open")
    print("| page | " + " | ".join(langs) + " |")
    print("|---|" + "---|" * len(langs))
    for name, cells in rows.items():
        print(f"| {name} | " + " | ".join(cells[lang] for lang in langs) + " |")
    return 0


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


if __name__ == "__main__":
    sys.exit(main())

"""How each kind of page looks, compared with its approved screenshot.

Every page type (the home page, each page of the site, a 404 page) in the first language,
light and dark, 390 and 1280 px wide, full length: the screenshot, halved and reduced to 64
colours (so a file is small enough to review in a diff), must match
``docs_src/approved-screenshots/<page>-<width>-<scheme>.png`` in size, and in all but
:data:`TOLERANCE` of its pixels (a pixel differs when a channel is off by more than
:data:`PIXEL`). A change of how a page looks is intended or not; either way it shows up
here. When it is intended, write them anew and review the images in the diff:

    python -m pytest tests/browser/test_screenshots.py --approve-screenshots

A failure leaves the page as it looks now and a picture of the differing pixels (in red) in
``test-screenshots/changed/``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ROOT, SCREENSHOTS, first_language_group
from tests.browser.pagecheck import SCHEMES, WIDTHS

# the first language's group: the pages are opened once for test_pages.py and this test
pytestmark = [pytest.mark.browser, *first_language_group()]

APPROVED = ROOT / "docs_src" / "approved-screenshots"

PAGES = (
    "",
    "rules",
    "examples",
    "solve",
    "won-game",
    "statistics",
    "sources",
    "six-card-golf",
    "six-card-golf-play",
    "404.html",
)
"""One page of each type (``""`` the home page)."""

GAME = "#six=1.31.2.1.6.101.002300"
"""The 6-Card Golf player at a game: two computer players, the knock variant, the reader's first
turn played and a card drawn (the approved screenshots ``six-card-golf-game-*``)."""
GAME_SHOTS = "six-card-golf-game"

PIXEL = 48
"""A pixel differs when one of its channels is off by more than this (of 255)."""

TOLERANCE = 0.003
"""The share of pixels that may differ (anti-aliasing, a caret)."""

COLOURS = 64


def name_of(page: str, width: int, scheme: str) -> str:
    stem = (page or "index").removesuffix(".html").replace("/", "-")
    return f"{stem}-{width}-{scheme}.png"


def reduced(png: bytes) -> Any:
    """A screenshot as it is approved: half its size, in :data:`COLOURS` colours."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    half = image.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.LANCZOS)
    return half.quantize(COLOURS)


def differences(approved: Any, shown: Any) -> tuple[float, Any]:
    """The share of differing pixels, and a picture of them (red on the shown page, greyed)."""
    from PIL import Image, ImageChops

    a, b = approved.convert("RGB"), shown.convert("RGB")
    diff = ImageChops.difference(a, b).convert("RGB")
    channels = diff.split()
    mask = Image.eval(channels[0], lambda v: 255 if v > PIXEL else 0)
    for channel in channels[1:]:
        mask = ImageChops.lighter(mask, Image.eval(channel, lambda v: 255 if v > PIXEL else 0))
    changed = sum(mask.histogram()[255:]) / (mask.width * mask.height)
    picture = Image.composite(
        Image.new("RGB", b.size, (255, 0, 0)), b.convert("L").convert("RGB"), mask
    )
    return changed, picture


def compare(png: bytes, name: str, approve: bool) -> list[str]:
    from PIL import Image

    shown = reduced(png)
    path = APPROVED / name
    if approve:
        APPROVED.mkdir(exist_ok=True)
        partial = path.with_suffix(".png.partial")
        shown.save(partial, "PNG", optimize=True)
        partial.replace(path)
        return []
    if not path.is_file():
        return [f"{name}: no approved screenshot (run with --approve-screenshots)"]
    with Image.open(path) as opened:  # closed at once: a size mismatch returned early leaked it
        approved = opened.convert("RGB")
    changed_dir = SCREENSHOTS / "changed"
    if approved.size != shown.size:
        changed_dir.mkdir(parents=True, exist_ok=True)
        shown.save(changed_dir / name)
        return [
            f"{name}: {shown.size[0]}x{shown.size[1]}, approved {approved.size[0]}x{approved.size[1]}"
        ]
    share, picture = differences(approved, shown)
    if share > TOLERANCE:
        changed_dir.mkdir(parents=True, exist_ok=True)
        shown.save(changed_dir / name)
        picture.save(changed_dir / name.replace(".png", "-diff.png"))
        return [f"{name}: {share:.2%} of the pixels differ (at most {TOLERANCE:.2%})"]
    return []


def screenshot(page: Any) -> bytes:
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(100)
    shot: bytes = page.screenshot(full_page=True, animations="disabled", caret="hide")
    return shot


def test_every_page_type_looks_as_approved(
    first_language_visits: Any, request: pytest.FixtureRequest
) -> None:
    """Each page type of the first language (:data:`PAGES`) at each width in each scheme, as
    ``test_pages.py`` opens it (``first_language_visits``: one load of each page for both)."""
    approve = bool(request.config.getoption("--approve-screenshots"))
    problems = []
    compared = set()
    for seen in first_language_visits.visits:
        if seen.look is not None:
            compared.add((seen.target.path, seen.width, seen.scheme))
            problems += seen.look
    wanted = len(PAGES) * len(WIDTHS) * len(SCHEMES)
    assert len(compared) == wanted, f"{len(compared)} screenshots compared, not {wanted}"
    if approve:
        kept = {name_of(n, w, s) for n in (*PAGES, GAME_SHOTS) for w in WIDTHS for s in SCHEMES}
        stale = sorted(p.name for p in APPROVED.glob("*.png") if p.name not in kept)
        for stale_name in stale:
            (APPROVED / stale_name).unlink()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_a_game_of_six_card_golf_looks_as_approved(
    site: Any, context: Any, request: pytest.FixtureRequest, width: int, scheme: str
) -> None:
    """The 6-Card Golf player during a game (:data:`GAME`): the grids, the stock and the
    discard pile, the card in hand, the buttons and the hint, at each width in each scheme."""
    from generator.i18n.catalogs import shipped_languages
    from tests.browser.pagecheck import material_schemes

    approve = bool(request.config.getoption("--approve-screenshots"))
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.add_init_script("window.golfSixDelay = 0;")
    page.emulate_media(color_scheme=scheme)
    code = shipped_languages()[0].code
    page.goto(site.url + site.page_path(code, "six-card-golf-play") + GAME)
    page.wait_for_selector("[data-six-ready]", state="attached")
    page.wait_for_function("() => GolfSix.state().current === 0 && GolfSix.state().hand !== 255")
    page.click("[data-six-hint-button]")
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    shown = page.evaluate("document.body.dataset.mdColorScheme")
    assert shown == material_schemes()[scheme]
    assert compare(screenshot(page), name_of(GAME_SHOTS, width, scheme), approve) == []


def test_a_changed_look_is_seen(tmp_path: Path) -> None:
    """The comparison itself: a picture with a box drawn over 1% of it differs; one whose
    pixels are off by a shade, or by a few pixels, does not."""
    from PIL import Image, ImageDraw

    base = Image.new("RGB", (400, 300), (255, 255, 255))
    ImageDraw.Draw(base).rectangle((40, 40, 200, 120), fill=(46, 125, 50))

    def png(image: Any) -> bytes:
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    approved = reduced(png(base))
    boxed = base.copy()
    ImageDraw.Draw(boxed).rectangle((300, 200, 340, 230), fill=(0, 0, 0))
    shaded = Image.eval(base, lambda v: max(0, v - 10))
    assert differences(approved, reduced(png(boxed)))[0] > TOLERANCE
    assert differences(approved, reduced(png(shaded)))[0] <= TOLERANCE
    taller = Image.new("RGB", (400, 320), (255, 255, 255))
    assert reduced(png(taller)).size != approved.size

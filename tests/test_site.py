"""The built site: golden pages, languages, switcher, atomic output."""

import difflib
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

import generator.site.build
from generator.i18n.catalogs import shipped_languages
from generator.pages.errata import corrected
from generator.site.approval import seed_text
from generator.site.build import SiteError, build_site
from generator.site.pagetext import page_text

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("built") / "site"
    build_site(out)
    return out


@pytest.mark.parametrize("code", ["nl", "de"])
def test_page_reads_exactly_like_the_seed(site: Path, code: str) -> None:
    """The built rules page is its seed's text, with the seed's errata (the tips' lines added
    after the end of the game, docs_src/seed_errata.yaml) and nothing else."""
    path = GOLDEN / f"{code}.txt"
    expected = seed_text(corrected(path, path.read_text(encoding="utf-8")))
    actual = page_text((site / code / "rules" / "index.html").read_text(encoding="utf-8"))
    if actual != expected:
        diff = "\n".join(
            difflib.unified_diff(
                expected.splitlines(), actual.splitlines(), "seed", "built", lineterm=""
            )
        )
        pytest.fail(f"the {code} page differs from its seed:\n{diff}")


def test_every_language_has_its_lang_switcher_and_pages(site: Path) -> None:
    codes = [lang.code for lang in shipped_languages()]
    for code in codes:
        html = (site / code / "rules" / "index.html").read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{code}"', html)
        for other in codes:
            # the switcher lands on the same page in the other language
            assert f'href="../../{other}/rules/" hreflang="{other}"' in html
            assert (site / other / "rules" / "index.html").exists()
        assert (site / code / "search" / "search_index.json").exists()
    assert (site / "index.html").exists()


def test_english_page_is_complete(site: Path) -> None:
    text = page_text((site / "en" / "rules" / "index.html").read_text(encoding="utf-8"))
    assert text.startswith("The rules of Golf\n")
    assert "Stock: 16 cards; waste: ace of clubs." in text
    path = GOLDEN / "nl.txt"
    dutch = seed_text(corrected(path, path.read_text(encoding="utf-8")))
    assert len(text.splitlines()) == len(dutch.splitlines())


def test_two_builds_give_identical_pages(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "site"
    build_site(again)
    for code in [lang.code for lang in shipped_languages()]:
        for page in ("index.html", "rules/index.html"):
            a = page_text((site / code / page).read_text(encoding="utf-8"))
            b = page_text((again / code / page).read_text(encoding="utf-8"))
            assert a == b


def test_a_failed_build_leaves_the_previous_site_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "marker.txt").write_text("previous site")
    real = generator.site.build.mkdocs_build

    def failing(config_file: Path, label: str) -> None:
        if label == "de":
            raise SiteError("mkdocs.yml:1: the de site did not build: boom")
        real(config_file, label)

    monkeypatch.setattr(generator.site.build, "mkdocs_build", failing)
    with pytest.raises(SiteError, match="boom"):
        build_site(out, replace=True)  # a folder it did not build (no .golf-site)
    assert sorted(p.name for p in out.iterdir()) == ["marker.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no staging left behind


SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.mark.parametrize(
    ("golden", "seed"),
    [
        ("nl.txt", "000_860e7f26d97dc533.txt"),
        ("de.txt", "004_a40096e4120bb38d.txt"),
        ("nl-six-card-golf.txt", "003_5b612702b17a5506.txt"),
    ],
)
def test_golden_texts_are_the_seed_pages(golden: str, seed: str) -> None:
    """tests/golden/ are copies of the seed pages, so a clone without shared/ can run the golden tests."""
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is not beside this checkout")
    assert (GOLDEN / golden).read_bytes() == (SEEDS / seed).read_bytes()


def test_the_six_card_page_reads_like_its_seed(site: Path) -> None:
    """The built Dutch page is the seed's text with its errata (docs_src/seed_errata.yaml);
    where the seed has the card runs A♠K♠Q♠J♠ and A♠K♠, the page has card pictures whose text
    alternative names the cards."""
    html = (site / "nl" / "six-card-golf" / "index.html").read_text(encoding="utf-8")
    path = GOLDEN / "nl-six-card-golf.txt"
    seed = seed_text(corrected(path, path.read_text(encoding="utf-8")))
    assert page_text(html) == seed
    with_pictures = page_text(html, pictures=True).splitlines()
    values = with_pictures.index(next(line for line in with_pictures if "Kaartwaarden" in line))
    assert with_pictures[values + 1] == (
        "[picture] schoppen aas, schoppen heer, schoppen vrouw, schoppen boer"
    )
    assert "[picture] schoppen aas, schoppen heer" in with_pictures
    raw = (GOLDEN / "nl-six-card-golf.txt").read_text(encoding="utf-8")
    assert "Joker = -2.A♠K♠Q♠J♠" in raw and "Joker=-2.A♠K♠" in raw  # what seed_text removes


def test_both_games_are_in_every_language_s_navigation(site: Path) -> None:
    for language in shipped_languages():
        html = (site / language.code / "index.html").read_text(encoding="utf-8")
        for page in ("rules/", "won-game/", "six-card-golf/"):
            assert f'href="{page}"' in html, (language.code, page)


class _Elements(HTMLParser):
    """Counts a page's elements: every start tag (void or not), as the DOM has them."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.count += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.count += 1


def page_weight(html: str) -> tuple[int, int]:
    """A page's HTML in bytes (UTF-8) and its number of elements."""
    counter = _Elements()
    counter.feed(html)
    counter.close()
    return len(html.encode("utf-8")), counter.count


WEIGHTS = Path(__file__).parent / "data" / "page_weights.yaml"


def weight_problems(site: Path) -> list[str]:
    """Every page of every language over its weight in :data:`WEIGHTS`, or with none given."""
    limits = yaml.safe_load(WEIGHTS.read_text(encoding="utf-8"))["pages"]
    problems = []
    for language in shipped_languages():
        folder = site / language.code
        pages = sorted(p for p in folder.glob("**/index.html") if "search" not in p.parts)
        for path in pages:
            name = path.parent.relative_to(folder).as_posix().removeprefix(".")
            if name not in limits:
                problems.append(f"{language.code}/{name}: no weight in {WEIGHTS.name}")
                continue
            size, elements = page_weight(path.read_text(encoding="utf-8"))
            limit = limits[name]
            if size > limit["bytes"]:
                problems.append(
                    f"{language.code}/{name}: {size:,} bytes of HTML, over {limit['bytes']:,}"
                )
            if elements > limit["elements"]:
                problems.append(
                    f"{language.code}/{name}: {elements:,} elements, over {limit['elements']:,}"
                )
    return problems


def test_every_page_keeps_to_its_weight(site: Path) -> None:
    problems = weight_problems(site)
    assert not problems, "\n".join(problems)


def test_a_page_that_draws_what_it_does_not_show_is_too_heavy(site: Path, tmp_path: Path) -> None:
    """The weights catch the won game drawn again board by board: every move's section given a
    copy of the deal's board (what the page carried before issue 36)."""
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    page = copy / "en" / "won-game" / "index.html"
    html = page.read_text(encoding="utf-8")
    deal = re.search(r'<svg[^>]*id="board-0".*?</svg>', html, re.S)
    assert deal, "the won game's page has no board of the deal"
    slot = '<div class="golf-board-slot" data-stepper-slot></div>'
    assert html.count(slot) > 40, "the won game's page has no slots for its boards"
    page.write_text(html.replace(slot, deal.group(0)), encoding="utf-8")
    problems = weight_problems(copy)
    assert any(p.startswith("en/won-game: ") and "bytes" in p for p in problems), problems
    assert any(p.startswith("en/won-game: ") and "elements" in p for p in problems), problems

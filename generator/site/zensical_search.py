"""Zensical's search dialog in the page's language.

Zensical (0.0.73) draws its search dialog with its own script, whose words are English and
written into the script (``assets/javascripts/bundle.*.min.js``): "Search", "No results",
"21 results" on every language's pages; neither its configuration nor its templates reach them.
The words are translated here like every other string of the site (the catalogs, context
``search dialog``) and written into each language's copy of that script after Zensical built it
(:func:`translate_bundle`, called by ``build.zensical_finish``), each English literal replaced
by its translation as a JavaScript string (JSON, ASCII: a translation is text, never code).

The places are the script's own text, as Zensical 0.0.73 writes it; each must be there as
often as :data:`PLACES` says, or the build stops naming the place, so a new Zensical whose
script says it otherwise is seen, not left half in English.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from babel import Locale

from generator.atomic import write_text_atomic
from generator.i18n.words import NN_, NP_
from generator.patience import GolfError

WORDS = {
    # TRANSLATORS: Zensical's search dialog (used with --builder zensical): its close button.
    "close": NP_("search dialog", "Close search"),
    # TRANSLATORS: Zensical's search dialog: the button and heading of its tag filters.
    "filters": NP_("search dialog", "Filters"),
    # TRANSLATORS: Zensical's search dialog: the heading of the page tags to filter by.
    "tags": NP_("search dialog", "Tags"),
    # TRANSLATORS: Zensical's search dialog: how to choose tags with the keyboard.
    "tags_hint": NP_(
        "search dialog",
        "Use Up and Down arrow keys to move between tags. Press Space or Enter to toggle a tag.",
    ),
    # TRANSLATORS: Zensical's search dialog: its name and the search box's label and placeholder.
    "search": NP_("search dialog", "Search"),
    # TRANSLATORS: Zensical's search dialog: the name of the list of results.
    "results": NP_("search dialog", "Search results"),
    # TRANSLATORS: Zensical's search dialog: nothing found for what was typed.
    "none": NP_("search dialog", "No results"),
    # TRANSLATORS: Zensical's search dialog: while its index loads.
    "loading": NP_("search dialog", "Loading search…"),
    # TRANSLATORS: Zensical's search dialog: its index could not be loaded.
    "unavailable": NP_("search dialog", "Search is unavailable. Reload the page to try again."),
}
# TRANSLATORS: Zensical's search dialog: how many pages were found; %(count)s is the number.
COUNT = NN_("%(count)s result", "%(count)s results")

PLACES: tuple[tuple[str, str, str, int], ...] = (
    ("close", '"aria-label":', "", 1),
    ("filters", '"aria-label":', "", 1),
    ("filters", "children:", "}", 1),
    ("tags", "children:", "}", 1),
    ("tags_hint", "children:", "}", 1),
    ("search", '"aria-label":', ",", 2),
    ("search", "placeholder:", ",", 1),
    ("results", '"aria-label":', "", 1),
    ("none", "a=", ")", 1),
    ("loading", "a=", ",", 1),
    ("unavailable", "a=", ":", 1),
)
"""Where the script says each word: the text before and after its string literal, and how many
times it is there."""
COUNT_PLACE = '`${new Intl.NumberFormat("en-US").format(i)} ${i===1?"result":"results"}`'
"""The script's count of results (``i``), in English."""


class SearchWordsError(GolfError):
    """The script is not the one whose words :data:`PLACES` knows."""


def _js(text: str) -> str:
    """``text`` as a JavaScript string literal (JSON, every character outside ASCII escaped)."""
    return json.dumps(text, ensure_ascii=True)


COUNTS = (*range(0, 1001), 1_000_000, 2_000_000)
"""The counts whose translation is asked of the catalog to find each CLDR plural category's form
(a million: French and Spanish give it a form of its own)."""


def intl_locale(code: str) -> str:
    """A gettext locale as the browser's ``Intl`` names it (``pt_BR`` -> ``pt-BR``)."""
    return code.replace("_", "-")


def search_words(t: Any, locale: str) -> dict[str, Any]:
    """The dialog's words in the language of ``t`` (``pgettext``, ``ngettext``), the count's
    form for each CLDR plural category of the language (the browser's ``Intl.PluralRules``
    chooses among them, as Babel's CLDR data does here), and the locale its number is written
    in. A catalog whose plural rule gives one category two forms (its ``Plural-Forms`` is no
    rule CLDR knows for the language) keeps ``count_error``: only Zensical's script needs the
    forms, so only :func:`translate_bundle` refuses it."""
    words: dict[str, Any] = {
        key: str(t.pgettext(context, message)) for key, (context, message) in WORDS.items()
    }
    rule = Locale.parse(locale).plural_form
    forms: dict[str, str] = {}
    for n in COUNTS:
        category, text = rule(n), str(t.ngettext(*COUNT, n))
        known = forms.setdefault(category, text)
        if known != text:
            words["count_error"] = (
                f"the translation of {COUNT[1]!r} has two forms for CLDR's plural category "
                f"{category!r} of {locale!r} ({known!r} and {text!r}): Zensical's search dialog "
                "chooses a form by the category (the catalog's Plural-Forms is no rule of CLDR's)"
            )
            break
    return {**words, "count_forms": forms, "locale": intl_locale(locale)}


def translate_bundle(site_dir: Path, words: dict[str, Any]) -> None:
    """Zensical's script in ``site_dir`` with the dialog's English words replaced by ``words``
    (:func:`search_words`); a place not found as often as :data:`PLACES` says stops it, before
    anything is written."""
    scripts = sorted((site_dir / "assets" / "javascripts").glob("bundle.*.min.js"))
    if len(scripts) != 1:
        raise SearchWordsError(
            f"{site_dir}: {len(scripts)} Zensical scripts (bundle.*.min.js), not 1"
        )
    script = scripts[0]
    text = script.read_text(encoding="utf-8")
    english = {key: message for key, (_context, message) in WORDS.items()}
    for key, before, after, times in PLACES:
        old = before + _js(english[key]) + after
        found = text.count(old)
        if found != times:
            raise SearchWordsError(
                f"{script.name}: Zensical's search dialog says {old!r} {found} times, not {times} "
                "(generator/site/zensical_search.py knows Zensical 0.0.73's script)"
            )
        text = text.replace(old, before + _js(words[key]) + after)
    if text.count(COUNT_PLACE) != 1:
        raise SearchWordsError(
            f"{script.name}: Zensical's search dialog counts its results otherwise than "
            f"{COUNT_PLACE!r} (generator/site/zensical_search.py knows Zensical 0.0.73's script)"
        )
    if words.get("count_error"):
        raise SearchWordsError(str(words["count_error"]))
    forms: dict[str, str] = dict(words["count_forms"])
    table = "{" + ",".join(f"{_js(c)}:{_js(text)}" for c, text in sorted(forms.items())) + "}"
    count = (
        f"({table}[new Intl.PluralRules({_js(words['locale'])}).select(i)]"
        f"??{_js(forms.get('other', next(iter(forms.values()))))})"
        f'.replace("%(count)s",new Intl.NumberFormat({_js(words["locale"])}).format(i))'
    )
    write_text_atomic(script, text.replace(COUNT_PLACE, count))

"""The counts a counted message of a page's script is shown at in ``messages.txt``: one count of
each plural form of each shipped language's catalog, the same counts in every language, so
that the texts correspond line for line (:mod:`generator.site.othertexts` for the patience
player, :mod:`generator.site.sixtexts` for 6-Card Golf's)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from generator.i18n.catalogs import languages, translations
from generator.i18n.words import Translations


def plural_rule(t: Translations) -> Callable[[int], int]:
    """The catalog's plural rule (a count -> its form's index); English's without one."""
    found = getattr(t, "plural", None)
    return found if callable(found) else (lambda n: int(n != 1))


@functools.cache
def shipped_plurals() -> tuple[Callable[[int], int], ...]:
    """Each shipped language's plural rule."""
    return tuple(
        plural_rule(translations(language, fallback_warning=False))
        for language in languages()
        if language.shipped
    )


def plural_counts(counts: Sequence[int]) -> set[int]:
    """The first count of ``counts`` that takes each plural form of each shipped language."""
    chosen: set[int] = set()
    for plural in shipped_plurals():
        forms: dict[int, int] = {}
        for count in counts:
            forms.setdefault(plural(count), count)
        chosen |= set(forms.values())
    return chosen

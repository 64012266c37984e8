"""Templates are untrusted input (issue 46, point 2): the page templates render in Jinja's
immutable sandbox, so a template that reaches for the machine (a function's globals, a class's
subclasses, a value changed in place) is refused at its line, and the page is not written."""

from __future__ import annotations

from gettext import NullTranslations
from pathlib import Path

import jinja2
import pytest
import yaml

from generator.site.render import TemplateError, _render, environment, install

CASES = yaml.safe_load(
    (Path(__file__).parent / "data" / "hostile_templates.yaml").read_text(encoding="utf-8")
)


def rendered(source: str) -> str:
    env = environment(jinja2.DictLoader({"page.md.j2": source}))
    install(env, NullTranslations())  # type: ignore[arg-type]
    return _render(env, "page.md.j2", {"number": 5})


@pytest.mark.parametrize("case", CASES, ids=[c["expr"][:50] for c in CASES])
def test_a_template_reaching_for_the_machine_is_refused_at_its_line(case: dict[str, str]) -> None:
    with pytest.raises(TemplateError) as refused:
        rendered("# Rules\n\n" + case["expr"] + "\n")
    message = str(refused.value)
    assert message.startswith("page.md.j2:3: "), message
    assert "root:" not in message and "uid=" not in message, message


def test_what_the_templates_do_still_renders() -> None:
    # a loop, a filter, a test, a set and a call of the helpers: the templates' own language
    source = (
        "{% set rows = [1, 2] %}{% for row in rows %}{{ row }}{% endfor %}"
        "{{ 'x' | upper }}{% if number is odd %} odd{% endif %}{{ gettext('Rules') }}"
    )
    assert rendered(source) == "12X oddRules"

"""``mkdocs.yml`` read by an allow-list (issue 46): the configuration is untrusted input too.

MkDocs does what its configuration says: a Markdown extension may read any file
(``pymdownx.snippets`` with ``base_path: ["/"]``), ``INHERIT`` merges a file from anywhere,
``!ENV`` reads the environment, ``copyright`` is raw HTML on every page, ``theme.font`` and
``extra.analytics`` make every page request another server. So before MkDocs sees the file,
:func:`check_config` reads it against :data:`ACCEPTED`: the keys this site uses and the values
each may take. Anything else is refused as ``mkdocs.yml:LINE: key: why``. The paths it names
are checked apart (:func:`generator.site.build.check_config_paths`), and every text of it that
reaches a page is escaped where the configuration for a language is written
(:func:`generator.site.build.language_config`).

A new key is a line of :data:`ACCEPTED` (and of the README's list), reviewed like code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from generator.atomic import shown
from generator.bounded import compose_yaml
from generator.patience import GolfError

STANDARD_TAGS = {
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")
}
"""The tags a plain YAML document gives its nodes; any other (``!ENV``, ``!relative``,
``!!python/name:``) asks the reader to do something."""

Check = Callable[[yaml.Node, str], None]
"""A check of one value: raises :class:`ConfigError` (a message without the place)."""


class ConfigError(GolfError):
    """``mkdocs.yml`` holds a key or value this site does not accept."""


class _Refused(Exception):
    def __init__(self, why: str, node: yaml.Node | None = None) -> None:
        super().__init__(why)
        self.node = node
        self.placed = False


def _scalar(node: yaml.Node) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise _Refused("not a single value")
    try:
        return yaml.SafeLoader("").construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, TypeError) as error:  # a timestamp out of range, ...
        raise _Refused(f"not a value ({str(error).splitlines()[0]})") from None


def text() -> Check:
    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise _Refused("not a text")

    return check


def matching(pattern: str, what: str) -> Check:
    """A text that is wholly ``pattern`` (an icon's name, never a path)."""
    import re

    compiled = re.compile(pattern)

    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise _Refused("not a text")
        if not compiled.fullmatch(str(node.value)):
            raise _Refused(f"{str(node.value)[:60]!r} is not {what}")

    return check


def boolean() -> Check:
    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:bool":
            raise _Refused("not true or false")

    return check


def one_of(*values: Any) -> Check:
    def check(node: yaml.Node, key: str) -> None:
        value = _scalar(node)
        if not any(type(v) is type(value) and v == value for v in values):
            accepted = ", ".join(repr(v) for v in values)
            raise _Refused(f"{value!r} is not accepted (accepted: {accepted})")

    return check


def whole(low: int, high: int) -> Check:
    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:int":
            raise _Refused("not a whole number")
        if not low <= int(node.value) <= high:
            raise _Refused(f"{node.value} is not from {low} to {high}")

    return check


def mapping(fields: dict[str, Check], *, required: tuple[str, ...] = ()) -> Check:
    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.MappingNode):
            raise _Refused("not a mapping of keys")
        seen = set()
        for name_node, value in node.value:
            name = str(name_node.value)
            where = f"{key}.{name}" if key else name
            if name not in fields:
                accepted = ", ".join(fields) or "none"
                refused = _Refused(f"{where}: not a key this site uses (accepted: {accepted})")
                refused.node, refused.placed = name_node, True
                raise refused
            if name in seen:
                raise _Refused(f"{where}: given twice", name_node)
            seen.add(name)
            _apply(fields[name], value, where)
        missing = [name for name in required if name not in seen]
        if missing:
            raise _Refused(f"{key}: needs {', '.join(missing)}")

    return check


def items(check_item: Check) -> Check:
    def check(node: yaml.Node, key: str) -> None:
        if not isinstance(node, yaml.SequenceNode):
            raise _Refused("not a list")
        for item in node.value:
            _apply(check_item, item, key)

    return check


def named(choices: dict[str, Check | None]) -> Check:
    """A list entry that is a name (``search``) or a mapping of one name to its options
    (``toc: {permalink: false}``); ``None``: the name takes no options."""

    def check(node: yaml.Node, key: str) -> None:
        if isinstance(node, yaml.ScalarNode):
            name, options = str(node.value), None
        elif isinstance(node, yaml.MappingNode) and len(node.value) == 1:
            name, options = str(node.value[0][0].value), node.value[0][1]
        else:
            raise _Refused("an entry is a name, or one name with its options")
        if name not in choices:
            raise _Refused(f"{name!r} is not accepted (accepted: {', '.join(choices)})", node)
        rule = choices[name]
        if options is None or (isinstance(options, yaml.ScalarNode) and options.value == ""):
            return
        if rule is None:
            raise _Refused(f"{name}: takes no options here", options)
        _apply(rule, options, f"{key}.{name}")

    return check


def _apply(check: Check, node: yaml.Node, key: str) -> None:
    """Run ``check`` on ``node``; a refusal names the key and the node, once, where it is first
    met (the innermost check)."""
    try:
        check(node, key)
    except _Refused as refused:
        if not refused.placed:
            refused.placed = True
            refused.node = refused.node if refused.node is not None else node
            said = str(refused)
            if key and not said.startswith(f"{key}"):
                refused.args = (f"{key}: {said}",)
        raise


WARNING = one_of("warn", "info", "ignore")
ACCEPTED = mapping(
    {
        "site_name": text(),
        "site_description": text(),
        "site_url": text(),  # checked as an http(s) URL by build.site_url_of
        "docs_dir": text(),
        "site_dir": text(),
        "use_directory_urls": boolean(),
        "strict": boolean(),
        "copyright": text(),  # escaped: it reaches every page as text
        "theme": mapping(
            {
                "name": one_of("material"),
                "variant": one_of("classic", "modern"),
                "language": text(),
                "custom_dir": text(),  # a folder of the project: build.check_config_paths
                # false: no web fonts, no request to Google's servers
                "font": one_of(False),
                "features": items(
                    one_of(
                        "navigation.footer",
                        "content.tooltips",
                        "navigation.top",
                        "navigation.sections",
                        "navigation.indexes",
                        "search.highlight",
                        "content.code.copy",
                    )
                ),
                "palette": items(
                    mapping(
                        {
                            "media": text(),
                            "scheme": one_of("default", "slate"),
                            "primary": one_of("custom"),  # golf.css gives the colours
                            "accent": one_of("custom"),
                            "toggle": mapping(
                                {
                                    "icon": matching(r"material/[a-z0-9-]+", "a Material icon"),
                                    "name": text(),
                                }
                            ),
                        }
                    )
                ),
            },
            required=("name",),
        ),
        "plugins": items(named({"search": None})),
        "extra_css": items(text()),  # files of the site: build.check_config_paths
        "extra_javascript": items(text()),
        "markdown_extensions": items(
            named(
                {
                    "tables": None,
                    # the templates' folds, <details markdown="1">: a translation is
                    # Markdown-escaped text and writes no tag (attr_list stays refused)
                    "md_in_html": None,
                    "toc": mapping({"permalink": boolean(), "toc_depth": whole(1, 6)}),
                }
            )
        ),
        "validation": mapping(
            {
                "nav": mapping(
                    {"omitted_files": WARNING, "not_found": WARNING, "absolute_links": WARNING}
                ),
                "links": mapping(
                    {
                        "not_found": WARNING,
                        "anchors": WARNING,
                        "absolute_links": WARNING,
                        "unrecognized_links": WARNING,
                    }
                ),
            }
        ),
        "extra": mapping({"generator": boolean()}),
    },
    required=("site_name", "theme"),
)
"""Every key of ``mkdocs.yml`` this site uses, and the values each may take."""


def _tags(node: yaml.Node) -> yaml.Node | None:
    """The first node with a tag of its own (``!ENV``), if any."""
    stack = [node]
    while stack:
        here = stack.pop()
        if here.tag not in STANDARD_TAGS:
            return here
        if isinstance(here, yaml.SequenceNode):
            stack.extend(here.value)
        elif isinstance(here, yaml.MappingNode):
            for key, value in here.value:
                stack.extend((key, value))
    return None


def check_config(config_file: Path) -> None:
    """:class:`ConfigError` ``mkdocs.yml:LINE: key: why`` for a key or value of
    ``config_file`` that :data:`ACCEPTED` does not hold, or a YAML tag of its own."""
    name = shown(config_file)
    try:
        node = compose_yaml(config_file)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(error, "problem", None) or error
        raise ConfigError(f"{name}:{line}: not valid YAML: {problem}") from None
    if node is None:
        raise ConfigError(f"{name}:1: empty")
    tagged = _tags(node)
    if tagged is not None:
        raise ConfigError(
            f"{name}:{tagged.start_mark.line + 1}: the YAML tag {tagged.tag!r} asks MkDocs to "
            "read something (the environment, another file, Python): not accepted"
        )
    try:
        _apply(ACCEPTED, node, "")
    except _Refused as refused:
        at = refused.node if refused.node is not None else node
        raise ConfigError(f"{name}:{at.start_mark.line + 1}: {refused}") from None

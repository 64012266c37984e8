"""Make cases.po, the strings tests/test_gnu_wrapping.py wraps as GNU gettext does.

    python tests/data/gnu_wrapping/make_cases.py
    msgcat tests/data/gnu_wrapping/cases.po -o tests/data/gnu_wrapping/cases.msgcat.po

(msgcat 0.21 with libunistring 1.0, Debian 12, made cases.msgcat.po.) Random, seeded
strings of the words, punctuation, quotes, dashes, spaces, escapes, format directives and
scripts that catalogs hold, at every length, with comments, references, flags (as Babel sets
them), previous msgids, contexts, plurals and obsolete entries.
"""

import random
from pathlib import Path

from babel.messages.catalog import Message

rng = random.Random(20261202)
words = [
    "de",
    "kaart",
    "Karte",
    "spelen",
    "Nachziehstapel",
    "aflegstapel",
    "%(name)s",
    "%(count)d",
    "%s",
    "%%",
    "{brace}",
    "2-Kaarten",
    "5-6",
    "x-y",
    "A/B",
    "https://example.org/a/b?c=d",
    "«citaat»",
    "„Zitat“",
    "‘quote’",
    "“quote”",
    '"dq"',
    "l'école",
    "one—two",
    "een–twee",
    "3 × 4",
    "½",
    "€5",
    "5 €",
    "50%",
    "°C",
    "(haakjes)",
    "[vak]",
    "{x}",
    "etc.",
    "z.B.",
    "…",
    "e\u0301te",
    "日本語",
    "テスト",
    "😀",
    "tab\there",
    "a\\b",
    "ńóżę",
    "Straße",
    "ÆØÅ",
    "x\u00a0y",
    "5\u202f%",
    "a,b",
    "a;b",
    "a:b",
    "ja!",
    "nee?",
    "¡hola!",
    "¿qué?",
    "--",
    "-",
    "/",
    "+1",
    "-2",
    "1.000,50",
    "10:30",
    "#3",
    "@user",
    "a_b",
    "a|b",
    "a&b",
    "<b>",
    "*x*",
    "supercalifragilisticexpialidocious" * 2,
    "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller",
    "word",
    "the",
    "a",
    "in",
    "and",
    "or",
    "of",
    "is",
    "Golf",
    "patience",
]
PLAIN = [w for w in words if "%" not in w]


def text(n, fmt=False, plain=False):
    out = []
    for _ in range(n):
        pool = (
            PLAIN
            if plain
            else [w for w in words if not fmt or "%" not in w or w.startswith("%(") or w == "%%"]
        )
        w = rng.choice(pool)
        out.append(w)
        sep = rng.choice(
            [" "] * 12 + ["  ", " - ", ", ", "; ", ": ", "\n", " / ", "", "\u00a0", " — "]
        )
        out.append(sep)
    s = "".join(out).rstrip(" ")
    if rng.random() < 0.1:
        s += "\n"
    if rng.random() < 0.05:
        s = "\n" + s
    return s


entries = []
for i in range(400):
    n = rng.choice([1, 2, 3, 5, 8, 10, 12, 14, 16, 20, 30, 50])
    pyf = rng.random() < 0.5
    msgid = f"{i:03d} " + text(n, fmt=pyf)
    import re as _re

    parts = _re.split(r"(%\([a-z]+\)[sd]|%%|[ \n,;:]+)", msgid)
    msgstr = (
        "".join(
            p if (_re.fullmatch(r"%\([a-z]+\)[sd]|%%|[ \n,;:]+", p) or not p) else rng.choice(PLAIN)
            for p in parts
        )
        if rng.random() < 0.8
        else ""
    )
    if msgid.startswith("\n") != msgstr.startswith("\n") and msgstr:
        msgstr = ""
    if msgid.endswith("\n") != msgstr.endswith("\n") and msgstr:
        msgstr = ""
    if not pyf and "%" in msgid:
        pass
    entries.append((msgid, msgstr, pyf, rng.random() < 0.1, rng.random() < 0.05))


def q(s):
    return (
        '"'
        + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        + '"'
    )


lines = [
    "# Cases for GNU wrapping (tests/test_gnu_wrapping.py): made by tests/data/gnu_wrapping/make_cases.py",
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: wrapping cases\\n"',
    '"Language: nl\\n"',
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    "",
]
for _i, (mid, mstr, _pyf, ctx, fuzzy) in enumerate(entries):
    if rng.random() < 0.2:
        lines.append("# " + text(rng.choice([3, 20])).replace("\n", " "))
    if rng.random() < 0.2:
        lines.append("#. " + text(rng.choice([3, 20])).replace("\n", " "))
    refs = " ".join(
        rng.choice(
            [
                "docs_src/templates/rules.md.j2",
                "generator/pages/sixcard_claims.py",
                "a.py",
                "docs_src/templates/very/long/folder/name/for/a/template.md.j2",
            ]
        )
        for _ in range(rng.choice([0, 1, 2, 5]))
    )
    if refs:
        lines.append("#: " + refs)
    flags = []
    _m = Message(mid)
    if fuzzy:
        flags.append("fuzzy")
    if _m.python_format:
        flags.append("python-format")
    if getattr(_m, "python_brace_format", False):
        flags.append("python-brace-format")
    if flags:
        lines.append("#, " + ", ".join(flags))
    if fuzzy and rng.random() < 0.7:
        lines.append("#| msgid " + q(text(5, plain=True)))
    if ctx:
        lines.append("msgctxt " + q(text(rng.choice([1, 4]), plain=True)))
    lines.append("msgid " + q(mid))
    if rng.random() < 0.1:
        lines.append(
            "msgid_plural "
            + q(mid[:-1] + " (plural)\n" if mid.endswith("\n") else mid + " (plural)")
        )
        lines.append("msgstr[0] " + q(mstr))
        lines.append("msgstr[1] " + q(mstr))
    else:
        lines.append("msgstr " + q(mstr))
    lines.append("")
for i in range(20):
    lines += [
        "# an obsolete one",
        "#~ msgid " + q(f"obsolete {i} " + text(12, plain=True).strip("\n")),
        "#~ msgstr " + q(text(12, plain=True).strip("\n")),
        "",
    ]
Path(__file__).with_name("cases.po").write_text("\n".join(lines) + "\n", encoding="utf-8")

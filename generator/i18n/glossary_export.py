"""A language's glossary as translation tools read it: TBX (ISO 30042, which Weblate imports as
a glossary and CAT tools read as a termbase) or CSV (Weblate's glossary columns ``source`` and
``target``). The glossary itself is ``docs_src/words/<code>.yaml``'s ``glossary``: each
interface term with its one translation (and its other forms), held by ``check``.

>>> print(glossary_csv({"Undo": ("Annuler",), "Move": ("Coup", "coups")}), end="")
source,target,explanation
Undo,Annuler,
Move,Coup,other forms: coups
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

TBX_HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">
<martif type="TBX" xml:lang="{source}">
  <martifHeader>
    <fileDesc>
      <sourceDesc><p>{description}</p></sourceDesc>
    </fileDesc>
  </martifHeader>
  <text>
    <body>
"""
TBX_FOOTER = """    </body>
  </text>
</martif>
"""


def glossary_tbx(
    glossary: Mapping[str, Sequence[str]], source: str, target: str, description: str = ""
) -> str:
    """The glossary ({English term: (its translation, other forms)}) as a TBX document: one
    ``termEntry`` a term, its English and its translations (the first the preferred one)."""
    parts = [
        TBX_HEADER.format(
            source=escape(source),
            description=escape(description or f"Golf help glossary, {source} to {target}"),
        )
    ]
    for number, (term, forms) in enumerate(glossary.items(), 1):
        parts.append(f'      <termEntry id="term-{number}">\n')
        parts.append(f"        <langSet xml:lang={quoteattr(source)}>\n")
        parts.append(f"          <tig><term>{escape(term)}</term></tig>\n")
        parts.append("        </langSet>\n")
        parts.append(f"        <langSet xml:lang={quoteattr(target)}>\n")
        for index, form in enumerate(forms):
            status = "preferredTerm-admn-sts" if index == 0 else "admittedTerm-admn-sts"
            parts.append(
                f"          <tig><term>{escape(form)}</term>"
                f'<termNote type="administrativeStatus">{status}</termNote></tig>\n'
            )
        parts.append("        </langSet>\n")
        parts.append("      </termEntry>\n")
    parts.append(TBX_FOOTER)
    return "".join(parts)


def glossary_csv(glossary: Mapping[str, Sequence[str]]) -> str:
    """The glossary as CSV with Weblate's glossary columns: ``source``, ``target`` (the
    preferred translation) and ``explanation`` (the other forms)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["source", "target", "explanation"])
    for term, forms in glossary.items():
        others = f"other forms: {', '.join(forms[1:])}" if len(forms) > 1 else ""
        writer.writerow([term, forms[0], others])
    return out.getvalue()

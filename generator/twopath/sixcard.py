"""Two paths for the 6-Card Golf page: each grid picture re-scored from its own cards.

The cards are read from the drawn picture (``class="six-card six-card-5S up pair"``,
their places from the drawing's coordinates), scored by the engine's
:func:`~generator.sixcard.scoring.score_grid`, and compared with the column scores the
picture draws under the grid, with its text alternative's column scores, and with the
total in its title.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.i18n.words import GRID_START
from generator.sixcard.cards import Card, parse_card
from generator.sixcard.hole import Hole
from generator.sixcard.rules import DEFAULT_OPTIONS
from generator.sixcard.scoring import score_grid
from generator.twopath.findings import Finding
from generator.twopath.reader import Page, ReadError, element_text, svgs

CARD = re.compile(
    r'<g class="six-card six-card-(?P<card>[0-9A-Z]{2})(?P<marks>[^"]*)"><rect x="(?P<x>\d+)" y="(?P<y>\d+)"'
)
SCORE = re.compile(
    r'<text x="(?P<x>\d+)"[^>]*class="six-score six-score-(?P<column>\d+)"[^>]*>(?P<score>[^<]*)</text>'
)


def sixcard_page(page: Page) -> Iterator[Finding]:
    name = "sixcard-grids"
    grids = svgs(page.markdown, "six-grid")
    if not grids:
        raise ReadError("no grid pictures (svg.six-grid) on the 6-Card Golf page")
    line = 1
    for _attrs, body in grids:
        title = element_text(body, "title")
        desc = element_text(body, "desc")
        line = page.line_of(f"[picture] {title}", line)
        cards = [
            (int(m["y"]), int(m["x"]), m["card"], m["marks"].split()) for m in CARD.finditer(body)
        ]
        if cards and any("up" not in marks for *_, marks in cards):
            # a grid at the start: the cards it shows face up, as many as a hole starts with
            up = sum("up" in marks for *_, marks in cards)
            start = Hole(4, DEFAULT_OPTIONS, seed=0, dealer=0)
            dealt_up = sum(start.face_up[start.current])
            rows_said = sorted({y for y, *_ in cards})
            title_numbers = page.counted(title, *GRID_START)
            shown = [
                page.words.card(c)
                for _y, _x, code, marks in sorted(cards)
                if "up" in marks and not (c := parse_card(code)).is_joker
            ]
            ok = (
                up == dealt_up
                and bool(title_numbers)
                and int(title_numbers[0]) == up
                and all(card_name in desc for card_name in shown)
            )
            yield Finding(
                name,
                line,
                title,
                f"a hole starts with {dealt_up} cards face up in the engine; the picture shows {up} "
                f"in {len(rows_said)} rows",
                ok,
            )
            line += 1
            continue
        if not cards:
            continue
        rows_y = sorted({y for y, *_ in cards})
        columns_x = sorted({x for _, x, *_ in cards})
        grid: list[list[Card | None]] = [[None] * len(columns_x) for _ in rows_y]
        for y, x, card, _marks in cards:
            grid[rows_y.index(y)][columns_x.index(x)] = parse_card(card)
        if any(card is None for row in grid for card in row):
            yield Finding(name, line, title, "the picture's grid has a gap", False)
            continue
        scored = score_grid(grid, DEFAULT_OPTIONS)  # type: ignore[arg-type]
        drawn = sorted((int(m["column"]), int(m["x"]), m["score"]) for m in SCORE.finditer(body))
        if drawn:
            said = [page.number(score) for _c, _x, score in drawn]
            order = [x for _c, x, _s in drawn]
            truth = [int(s) for s in scored.columns]
            ok = said == truth and order == sorted(order) and len(drawn) == len(columns_x)
            yield Finding(
                name,
                line,
                " ".join(s for *_, s in drawn),
                f"the grid's columns score {', '.join(map(str, truth))} in the engine, left to right",
                ok,
            )
        numbers = page.numbers(desc)
        truth = [int(s) for s in scored.columns]
        tail = numbers[-len(truth) :] if len(numbers) >= len(truth) else numbers
        yield Finding(
            name,
            line,
            desc,
            f"its text alternative should end with the column scores {', '.join(map(str, truth))}",
            [int(n) for n in tail] == truth,
        )
        title_numbers = page.numbers(title)
        yield Finding(
            name,
            line,
            title,
            f"the grid scores {scored.score} in the engine",
            bool(title_numbers) and int(title_numbers[-1]) == scored.score,
        )
        line += 1

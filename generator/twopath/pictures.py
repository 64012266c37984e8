"""Two paths for the pictures: every card, board, grid and bar read back from its drawing.

The other checks read a picture by its text alternative and by the classes that name
its cards (``card card-KC``); nothing there reads what the eye sees. Here each picture
is read as drawn (:mod:`generator.twopath.drawing`) and held to the engine and the data:

- each **card face**: its corner's rank and suit (the page's short form, ``R♣``), its
  pip (the symbol written, ``♣``, or the shape drawn, three lobes for a club) and its
  colour in both colour schemes (red for hearts and diamonds, the text colour for clubs
  and spades, 3:1 against the face at least), all of them the same card;
- each **patience board** (rules, won game, examples pages): its columns (the cards lying
  in each column of frames, top to bottom), its waste card and its stock's count, as
  the engine's position of that board (:func:`generator.twopath.patience.board_games`:
  a deal board its code, a won game's board its number of moves, a rules page's board
  its title); the solve page's board (a frame the script plays on) and the card sheet
  the script copies cards from (each card the one its class promises the script, the
  engine's deck complete) are read for their faces;
- each **6-Card Golf grid**: its cells (face up: the card; face down: a back) as its text
  alternative names them, scored by the engine's scorer
  (:func:`~generator.sixcard.scoring.score_grid`) against the scores drawn under its
  columns and the total in its title; a grid at the start of a hole shows as many cards
  face up as the engine turns; each small run of cards is the cards its title names;
- each **chart bar** (statistics page): from 0% to its share of the census rows
  (:func:`generator.twopath.statistics.census_rows`), measured along the axis its ticks
  draw, to the drawing's precision (0.1 units: a bar 1% too long is caught once it is 10
  units long), with the figure written beside it, the whisker of its interval from and to
  Wilson's bounds and the diamond of a published figure at the figure its source's quote
  states (:func:`generator.twopath.sources.quoted_figures`); each best-score column to its
  share of the deals that cannot be won, its label under it the score.

A problem names the picture (``[picture] <title>``, its line in the page's approved text)
and what its drawing shows against the truth.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from generator.i18n.words import FACE_DOWN, GRID_START, JOKER_NAME
from generator.patience import FULL_DECK, JOKER, Game
from generator.patience.cards import Card, parse_card
from generator.patience.deal import TABLEAU_SIZE
from generator.patience.rules import SCORING
from generator.sixcard.hole import Hole
from generator.sixcard.rules import DEFAULT_OPTIONS
from generator.sixcard.scoring import score_grid
from generator.twopath import css
from generator.twopath.drawing import (
    SYMBOL_OF,
    Drawn,
    Node,
    Picture,
    apply,
    cards,
    colours,
    outlines,
    pictures,
    pip_box,
    pip_suit,
)
from generator.twopath.findings import Finding
from generator.twopath.patience import Board, board_games, reference_moves
from generator.twopath.reader import Page, ReadError
from generator.twopath.sources import quoted_figures
from generator.twopath.statistics import Rows, _names, census_rows, tenth, wilson

MOST = 3
"""Problems named per picture; the rest are counted."""
CONTRAST = 3.0
"""The least contrast of a corner or pip against its card's face (WCAG's for large text)."""
PRECISION = 0.1
"""How far a bar's drawn end may lie from its share, in the picture's units: its
coordinates are written to one decimal, and two of them (start and length) meet there."""
SCHEME_NAMES = {"default": "light", "slate": "dark"}
SUIT_NAMES = {"C": "a club", "D": "a diamond", "H": "a heart", "S": "a spade"}


def _said(picture: Picture) -> str:
    return f"[picture] {picture.title}"[:90]


def _findings(
    name: str, line: int, picture: Picture, problems: list[str], truth: str, compared: int = 1
) -> Iterator[Finding]:
    """One finding per problem (the first :data:`MOST`, then how many more), or one that
    agrees for each of the ``compared`` values read (cards, bars)."""
    if not problems:
        for _ in range(max(1, compared)):
            yield Finding(name, line, _said(picture), truth, True)
        return
    for problem in problems[:MOST]:
        yield Finding(name, line, _said(picture), f"its drawing: {problem}", False)
    if len(problems) > MOST:
        yield Finding(
            name, line, _said(picture), f"its drawing: and {len(problems) - MOST} more", False
        )


def _line(page: Page, picture: Picture, after: int) -> int:
    return page.line_of(f"[picture] {picture.title}", after)


def _symbol(suit: str | None) -> str:
    if suit is None:
        return "a shape of no suit"
    return SYMBOL_OF.get(suit, "the Joker's mark")


# -- card faces ----------------------------------------------------------------------------


def face_card(
    page: Page, picture: Picture, face: Drawn, where: str
) -> tuple[Card | None, list[str]]:
    """The card a face shows by its corner, and what is wrong with how it is drawn."""
    problems: list[str] = []
    if face.corner is None:
        return None, [f"{where} has no corner"]
    corner = face.corner.text
    if corner in ("JK", page.t(JOKER_NAME)):
        card = JOKER
    else:
        try:
            card = page.card(corner)
        except ReadError:
            return None, [f"{where} has the corner {corner!r}, no card in {page.language.code}"]
    where = f"{where} ({corner})"
    if not face.pips:
        problems.append(f"{where} has no pip")
    for pip in face.pips:
        suit = pip_suit(picture, pip)
        if suit != card.suit:
            problems.append(f"{where} has the pip {_symbol(suit)}; {corner} is {_suit_name(card)}")
        x, y, w, h = pip_box(pip)
        fx, fy, fw, fh = face.box
        if not (
            fx - 0.5 <= x and x + w <= fx + fw + 0.5 and fy - 0.5 <= y and y + h <= fy + fh + 0.5
        ):
            problems.append(f"{where} has its pip outside the card")
    parts: list[tuple[str, Node, str]] = [("corner", face.corner, _colour_of(card))]
    parts += [("pip", pip, _colour_of(card) if not card.is_joker else "") for pip in face.pips]
    for part_name, part, wanted in parts:
        said: set[str] = set()  # a part's problem said once a scheme, in the first view it shows
        for view, seen, ratio in colours(picture, face, part):
            if view.scheme in said:
                continue
            page_name = f"{SCHEME_NAMES[view.scheme]} page{view.words()}"
            before = len(problems)
            if seen == "not drawn" or (wanted and seen != wanted):
                shown = "not drawn" if seen == "not drawn" else f"drawn {seen}"
                problems.append(
                    f"{where}'s {part_name} is {shown} on the {page_name}; "
                    f"{_suit_name(card)} is {wanted or 'drawn'}"
                )
            elif ratio < CONTRAST:
                problems.append(
                    f"{where}'s {part_name} barely shows on the {page_name} "
                    f"(contrast {ratio:.1f}:1 with the face)"
                )
            if len(problems) > before:
                said.add(view.scheme)
    return card, problems


def _colour_of(card: Card) -> str:
    if card.is_joker:
        return "black"
    return "red" if card.suit in ("D", "H") else "black"


def _suit_name(card: Card) -> str:
    return "a Joker" if card.is_joker else SUIT_NAMES[card.suit]


# -- patience boards -------------------------------------------------------------------------


def read_board(page: Page, picture: Picture) -> tuple[Board | None, list[str]]:
    """The board a picture draws (columns, waste, stock) and what is wrong with its drawing."""
    drawn = cards(picture)
    problems: list[str] = []
    stocks = [d for d in drawn if d.kind == "stock"]
    if len(stocks) != 1:
        return None, [f"{len(stocks)} stocks with a count drawn, not one"]
    stock = stocks[0]
    _sx, sy, sw, sh = stock.box
    # the columns: the frames drawn where a column lies, with nothing written on them
    columns_x: list[float] = []
    faces = {id(d.outline) for d in drawn}
    for node in picture.root.iter():
        if node.tag != "rect" or id(node) in faces:
            continue
        x, y, w, h = node.box
        frame = y < sy and abs(w - sw) < 0.5 and abs(h - sh) < 0.5
        if frame and not any(abs(x - c) < 0.5 for c in columns_x):
            columns_x.append(x)
    columns_x.sort()
    columns: list[list[tuple[float, int, Card | None]]] = [[] for _ in columns_x]
    waste: list[Card | None] = []
    for item in drawn:
        if item.kind == "back":
            problems.append(f"a card drawn face down at ({item.x:g}, {item.y:g})")
            continue
        if item.kind != "face":
            continue
        if item.y >= sy - 0.5:
            card, wrong = face_card(page, picture, item, "the waste card")
            waste.append(card)
            problems += wrong
            continue
        number = next((i for i, x in enumerate(columns_x) if abs(item.x - x) < 0.5), None)
        if number is None:
            problems.append(f"a card drawn between the columns, at x = {item.x:g}")
            continue
        row = len(columns[number]) + 1
        card, wrong = face_card(page, picture, item, f"card {row} of column {number + 1}")
        problems += wrong
        columns[number].append((item.y, item.group.order, card))
    for number, column in enumerate(columns, 1):
        by_height = sorted(column)
        if [order for _y, order, _c in by_height] != sorted(order for _y, order, _c in column):
            problems.append(f"column {number} is drawn with a card under the one above it")
    if len(waste) > 1:
        problems.append(f"{len(waste)} waste cards drawn, not one")
    if any(c is None for column in columns for _y, _o, c in column) or None in waste:
        return None, problems
    board = Board(
        picture.attrs.get("id", ""),
        picture.title,
        tuple(tuple(c for _y, _o, c in sorted(column) if c is not None) for column in columns),
        stock.count,
        waste[0] if waste else None,
        {},
    )
    return board, problems


def _boards(page: Page, name: str, deck: list[Card] | None = None) -> Iterator[Finding]:
    """Every board of a patience page, drawn as the engine's position; and the card sheet
    (of ``deck``: by default the engine's deck and Joker)."""
    games = list(board_games(page))
    drawn = [p for p in pictures(page.markdown) if "golf-board" in p.classes]
    if len(drawn) != len(games):
        raise ReadError(f"{len(drawn)} boards drawn, {len(games)} read from the page")
    line = 1
    for picture, (board, game) in zip(drawn, games, strict=True):
        if picture.attrs.get("id", "") != board.id:
            raise ReadError(f"the boards' ids do not follow each other: {board.id}")
        line = _line(page, picture, line)
        read, problems = read_board(page, picture)
        truth = "the drawing shows the faces of its cards truly"
        if isinstance(game, Game):
            truth = "the drawing is the engine's position"
            if read is not None and (differs := read.differs(game)):
                problems.append(differs)
        elif page.name != "solve":
            problems.append(game)
        yield from _findings(name, line, picture, problems, truth, len(cards(picture)) + 1)
        line += 1
    yield from _sheet(page, name, [*FULL_DECK, JOKER] if deck is None else deck)


def _sheet(page: Page, name: str, deck: list[Card]) -> Iterator[Finding]:
    """The card sheet: each face is the card its class names (the script picks a card by its
    class, ``.card-KC``), and every card of ``deck`` is there, no other."""
    for picture in pictures(page.markdown):
        if "golf-sheet" not in picture.classes:
            continue
        line = _line(page, picture, 1)
        problems: list[str] = []
        seen: list[Card] = []
        # the script shows a card of the sheet on a board: its colours are a board's
        picture.root.style.reclass("golf-board")
        for face in cards(picture):
            named = [c for c in face.group.attrs.get("class", "").split() if c.startswith("card-")]
            if face.kind != "face" or len(named) != 1:
                problems.append(f"a card of the sheet with no face or no card class ({named})")
                continue
            promised = parse_card(named[0].removeprefix("card-"))
            card, wrong = face_card(page, picture, face, f"the sheet's {promised}")
            problems += wrong
            if card is not None and card != promised:
                problems.append(f"the sheet's {promised} is drawn as {card}")
            seen.append(promised)
        if sorted(seen) != sorted(deck):
            missing = sorted(set(deck) - set(seen))
            extra = sorted(set(seen) - set(deck))
            what = "the engine's deck and Joker" if len(deck) > len(FULL_DECK) else "its cards"
            problems.append(
                f"the sheet holds {len(seen)} cards; {what} are {len(deck)} "
                f"(missing: {' '.join(map(str, missing)) or 'none'}; "
                f"more: {' '.join(map(str, extra)) or 'none'})"
            )
        yield from _findings(
            name, line, picture, problems, "every card it must hold, drawn as named", len(seen)
        )


def examples_pictures(page: Page) -> Iterator[Finding]:
    return _boards(page, "drawn-examples")


def won_game_pictures(page: Page) -> Iterator[Finding]:
    """The deal's and the final position's boards, and the sheet the stepper draws the cards
    of the stock with: the cards the recorded game draws, each once."""
    drawn = [move.card for move in reference_moves()[2] if move.column is None]
    return _boards(page, "drawn-won-game", drawn)


def rules_pictures(page: Page) -> Iterator[Finding]:
    return _boards(page, "drawn-rules")


def solve_pictures(page: Page) -> Iterator[Finding]:
    return _boards(page, "drawn-solve")


# -- 6-Card Golf -------------------------------------------------------------------------------


def _named_in_order(text: str, names: list[str]) -> str | None:
    """The first of ``names`` that ``text`` does not name in that order (None: all of them)."""
    at = 0
    for name in names:
        found = text.find(name, at)
        if found < 0:
            return name
        at = found + len(name)
    return None


def sixcard_pictures(page: Page) -> Iterator[Finding]:
    name = "drawn-six-card-golf"
    line = 1
    seen = 0
    for picture in pictures(page.markdown):
        if not picture.classes & {"six-grid", "six-run"}:
            continue
        seen += 1
        line = _line(page, picture, line)
        if "six-run" in picture.classes:
            yield from _run(page, name, line, picture)
        else:
            yield from _grid(page, name, line, picture)
        line += 1
    if not seen:
        raise ReadError("no 6-Card Golf pictures (svg.six-grid, svg.six-run) on the page")


def _name(page: Page, card: Card | None) -> str:
    if card is None:
        return page.t(FACE_DOWN)
    return page.t(JOKER_NAME) if card.is_joker else page.words.card(card)


def _run(page: Page, name: str, line: int, picture: Picture) -> Iterator[Finding]:
    problems: list[str] = []
    run: list[Card] = []
    for number, face in enumerate(sorted(cards(picture), key=lambda d: d.x), 1):
        if face.kind != "face":
            problems.append(f"card {number} is not drawn face up")
            continue
        card, wrong = face_card(page, picture, face, f"card {number}")
        problems += wrong
        if card is not None:
            run.append(card)
    missing = _named_in_order(picture.title, [_name(page, c) for c in run])
    if missing is not None:
        problems.append(
            f"it draws {' '.join(map(str, run))}; its title does not name {missing!r} there"
        )
    yield from _findings(name, line, picture, problems, "the cards its title names", len(run))


def _grid(page: Page, name: str, line: int, picture: Picture) -> Iterator[Finding]:
    problems: list[str] = []
    drawn = [d for d in cards(picture) if d.kind in ("face", "back")]
    rows_y = sorted({round(d.y, 1) for d in drawn})
    columns_x = sorted({round(d.x, 1) for d in drawn})
    cells: dict[tuple[int, int], Card | None] = {}
    for item in drawn:
        slot = (rows_y.index(round(item.y, 1)), columns_x.index(round(item.x, 1)))
        if slot in cells:
            problems.append(f"two cards drawn in row {slot[0] + 1}, column {slot[1] + 1}")
        if item.kind == "back":
            cells[slot] = None
            continue
        card, wrong = face_card(
            page, picture, item, f"the card in row {slot[0] + 1}, column {slot[1] + 1}"
        )
        problems += wrong
        if card is None:
            yield from _findings(name, line, picture, problems, "")
            return
        cells[slot] = card
    if len(cells) != len(rows_y) * len(columns_x):
        problems.append(
            f"{len(cells)} cards drawn in {len(rows_y)} rows of {len(columns_x)}: a gap"
        )
        yield from _findings(name, line, picture, problems, "")
        return
    reading = [cells[(r, c)] for r in range(len(rows_y)) for c in range(len(columns_x))]
    missing = _named_in_order(picture.desc, [_name(page, c) for c in reading])
    if missing is not None:
        problems.append(
            f"it draws {' '.join(str(c) if c else '(down)' for c in reading)}, row by row; "
            f"its text does not name {missing!r} there"
        )
    title_numbers = page.counted(picture.title, *GRID_START)
    up = sum(c is not None for c in reading)
    if up < len(reading):
        start = Hole(4, DEFAULT_OPTIONS, seed=0, dealer=0)
        dealt_up = sum(start.face_up[start.current])
        if up != dealt_up or not title_numbers or int(title_numbers[0]) != up:
            said_up = " ".join(str(n) for n in title_numbers[:1]) or "no number"
            problems.append(
                f"{up} cards drawn face up, the title says {said_up}; a hole starts "
                f"with {dealt_up} face up in the engine"
            )
        yield from _findings(
            name, line, picture, problems, f"{dealt_up} cards face up", len(reading)
        )
        return
    grid = [[cells[(r, c)] for c in range(len(columns_x))] for r in range(len(rows_y))]
    scored = score_grid(grid, DEFAULT_OPTIONS)  # type: ignore[arg-type]
    bottom = max(d.y + d.box[3] for d in drawn)
    drawn_scores: list[list[str]] = [[] for _ in columns_x]
    for node in picture.root.iter():
        if node.tag != "text" or not node.text:
            continue
        x, y = node.anchor
        if y <= bottom:
            continue
        column = next(
            (i for i, d in enumerate(columns_x) if d - 0.5 <= x <= d + drawn[0].box[2] + 0.5), None
        )
        if column is None:
            problems.append(f"a text {node.text!r} under the grid but under no column")
            continue
        drawn_scores[column].append(node.text)
    said: list[int | None] = []
    for column, texts in enumerate(drawn_scores, 1):
        if len(texts) != 1:
            problems.append(f"{len(texts)} scores drawn under column {column}")
            said.append(None)
            continue
        try:
            said.append(int(page.number(texts[0])))
        except ReadError:
            problems.append(f"the score under column {column} is {texts[0]!r}, no number")
            said.append(None)
    truth = [int(s) for s in scored.columns]
    if said != truth:
        problems.append(
            f"the scores drawn under the columns are {said}; the engine scores its cards {truth}"
        )
    if not title_numbers or int(title_numbers[-1]) != scored.score:
        said_total = " ".join(str(n) for n in title_numbers[-1:]) or "no number"
        problems.append(
            f"the engine scores the drawn grid {scored.score}, the title says {said_total}"
        )
    yield from _findings(
        name,
        line,
        picture,
        problems,
        f"scored {scored.score} by the engine",
        len(reading) + len(truth) + 1,
    )


# -- the statistics charts ------------------------------------------------------------------


def statistics_pictures(page: Page) -> Iterator[Finding]:

    name = "drawn-statistics"
    rows = census_rows()
    names = _names(page)
    line = 1
    seen = 0
    for picture in pictures(page.markdown):
        if "golf-chart" not in picture.classes:
            continue
        seen += 1
        line = _line(page, picture, line)
        problems: list[str] = []
        if "golf-column-chart" in picture.classes:
            compared = _columns(page, picture, rows, names, problems)
        else:
            compared = _bars(page, picture, rows, names, problems)
        yield from _findings(
            name, line, picture, problems, "each bar as long as its share", compared
        )
        line += 1
    if not seen:
        raise ReadError("no charts (svg.golf-chart) on the statistics page")


def _texts(picture: Picture) -> list[Node]:
    return [n for n in picture.root.iter() if n.tag == "text" and n.text]


def _scale(page: Page, picture: Picture, vertical: bool) -> tuple[float, float] | None:
    """(where 0% lies, units per percent) along the chart's axis: each percent label of the
    axis (under the vertical grid lines, or left of the level ones) read at the line it
    stands by."""
    lines: list[float] = []
    ends: list[float] = []
    for node in picture.root.iter():
        if node.tag != "line":
            continue
        a = (node.number("x1"), node.number("y1"))
        b = (node.number("x2"), node.number("y2"))
        (x1, y1), (x2, y2) = apply(node.matrix, a), apply(node.matrix, b)
        if vertical and abs(y1 - y2) < 0.01:
            lines.append(y1)
            ends.append(min(x1, x2))
        elif not vertical and abs(x1 - x2) < 0.01:
            lines.append(x1)
            ends.append(max(y1, y2))
    points = []
    for text in _texts(picture):
        x, y = text.anchor
        beside = x < min(ends, default=0.0) if vertical else y > max(ends, default=0.0)
        if not text.text.endswith("%") or not beside:
            continue
        at = y if vertical else x
        nearest = min(lines, key=lambda v: abs(v - at))
        if abs(nearest - at) > 8:
            continue
        points.append((float(page.number(text.text)), nearest))
    points.sort()
    if len(points) < 2 or points[0][0] == points[-1][0]:
        return None
    (p0, v0), (p1, v1) = points[0], points[-1]
    per = (v1 - v0) / (p1 - p0)
    return v0 - p0 * per, per


def _visible(picture: Picture, node: Node) -> bool:
    return all(
        picture.shown(node, view) and css.colour(picture.paint(node, view) or "black")[3] > 0
        for view in picture.views
    )


def _bars(
    page: Page, picture: Picture, rows: dict[str, Rows], names: dict[str, str], problems: list[str]
) -> int:
    """Each bar of the chart of winnable shares (how many are read)."""
    scale = _scale(page, picture, vertical=False)
    if scale is None:
        problems.append("no percent ticks to read its bars by")
        return 0
    zero, per = scale
    figures, _problems = quoted_figures()  # the quotes' own problems are published-quotes'
    drawn = 0
    for group in picture.root.iter():
        bars = [c for c in group.children if c.tag == "rect"]
        if group.tag != "g" or len(bars) != 1:
            continue
        drawn += 1
        bar = bars[0]
        x, _y, width, _h = bar.box
        texts = [c for c in group.children if c.tag == "text" and c.text]
        labels = [t for t in texts if t.anchor[0] <= x]
        values = [t for t in texts if t.anchor[0] > x]
        if len(labels) != 1 or labels[0].text not in names:
            problems.append(
                f"a bar with no rule set of the census beside it ({[t.text for t in labels]})"
            )
            continue
        r = rows[names[labels[0].text]]
        share = Fraction(100 * r.won, r.deals)
        _measure(problems, f"the bar of {r.rule_set}", (x, width), (zero, per), share, "long")
        if not _visible(picture, bar):
            problems.append(f"the bar of {r.rule_set} is not drawn (no fill)")
        if len(values) != 1 or page.number(values[0].text) != tenth(Fraction(r.won, r.deals)):
            problems.append(
                f"the bar of {r.rule_set} is written {[t.text for t in values]}; "
                f"its share is {tenth(Fraction(r.won, r.deals))}%"
            )
        _marks(problems, group, r, (zero, per), figures)
    if drawn != len(rows):
        problems.append(f"{drawn} bars for the {len(rows)} census files")
    return drawn


def _marks(
    problems: list[str],
    row: Node,
    r: Rows,
    scale: tuple[float, float],
    figures: dict[str, int],
) -> None:
    """A bar's row: the whisker of its interval (Wilson's, 95%) and the diamond of the figure
    its source publishes (``generator/data/sources.yaml``, read from the quote), as drawn."""
    zero, per = scale
    whiskers: list[tuple[float, float]] = []
    diamonds: list[tuple[float, float]] = []
    for path in (c for c in row.children if c.tag == "path"):
        parts = outlines(path.attrs.get("d", ""))
        xs = [apply(path.matrix, p)[0] for o in parts for p in o.points]
        closed = bool(parts) and all(o.closed and o.straight for o in parts)
        (diamonds if closed else whiskers).append((min(xs, default=0.0), max(xs, default=0.0)))
    low, high = wilson(r.won, r.deals)
    if len(whiskers) != 1:
        problems.append(f"the bar of {r.rule_set} has {len(whiskers)} interval whiskers, not one")
    else:
        left, right = whiskers[0]
        drawn = ((left - zero) / per, (right - zero) / per)
        if (
            abs(left - (zero + 100 * low * per)) > PRECISION
            or abs(right - (zero + 100 * high * per)) > PRECISION
        ):
            problems.append(
                f"the interval of {r.rule_set} is drawn from {drawn[0]:.2f}% to {drawn[1]:.2f}%, "
                f"the census rows give {100 * low:.2f}% to {100 * high:.2f}%"
            )
    published = figures.get(r.rule_set)
    if published is None and diamonds:
        problems.append(f"the bar of {r.rule_set} marks a published figure; none is published")
    elif published is not None and len(diamonds) != 1:
        problems.append(f"the bar of {r.rule_set} does not mark the published {published}%")
    elif published is not None:
        centre = (diamonds[0][0] + diamonds[0][1]) / 2
        if abs(centre - (zero + published * per)) > PRECISION:
            problems.append(
                f"the published figure of {r.rule_set} is marked at {(centre - zero) / per:.2f}%, "
                f"its source gives {published}%"
            )


def _measure(
    problems: list[str],
    what: str,
    mark: tuple[float, float],
    scale: tuple[float, float],
    share: Fraction,
    way: str,
) -> None:
    start, length = mark
    zero, per = scale
    if abs(start - zero) > PRECISION + 1e-9:
        problems.append(f"{what} is drawn from {(start - zero) / per:.2f}%, not from 0%")
        return
    if abs(length - float(share) * per) > PRECISION + 1e-9:
        problems.append(
            f"{what} is drawn {length / per:.2f}% {way}, its share is {float(share):.2f}%"
        )


def _columns(
    page: Page, picture: Picture, rows: dict[str, Rows], names: dict[str, str], problems: list[str]
) -> int:
    """Each column of a chart of best scores (how many are read)."""
    texts = _texts(picture)
    heading = min(texts, key=lambda t: t.anchor[1], default=None)
    if heading is None or heading.text not in names:
        problems.append(
            f"a chart of best scores headed {heading.text if heading else None!r}, "
            "no rule set of the census"
        )
        return 0
    r = rows[names[heading.text]]
    scale = _scale(page, picture, vertical=True)
    if scale is None:
        problems.append("no percent ticks to read its columns by")
        return 0
    zero, per = scale
    possible = sorted({SCORING.score(n, 0, stuck=True) for n in range(TABLEAU_SIZE)})
    counts = r.scores()
    columns = []
    for group in picture.root.iter():
        rects = [c for c in group.children if c.tag == "rect"]
        if group.tag == "g" and len(rects) == 1:
            columns.append((rects[0].box, group, rects[0]))
    columns.sort(key=lambda c: c[0][0])
    if len(columns) != len(possible):
        problems.append(f"{len(columns)} columns for the {len(possible)} best scores")
        return 0
    for (box, group, rect), score in zip(columns, possible, strict=True):
        x, y, width, height = box
        what = f"the column of best score {score} ({r.rule_set})"
        # drawn upwards from its foot: its foot at 0%, its top at its share
        _measure(
            problems,
            what,
            (y + height, -height),
            (zero, per),
            Fraction(100 * counts.get(score, 0), r.lost),
            "high",
        )
        if height > 0 and not _visible(picture, rect):
            problems.append(f"{what} is not drawn (no fill)")
        for text in (c for c in group.children if c.tag == "text" and c.text):
            tx, ty = text.anchor
            under = ty > y + height and x - 0.5 <= tx <= x + width + 0.5
            if under and page.number(text.text) != score:
                problems.append(f"{what} is labelled {text.text!r}")
    return len(columns)


__all__ = [
    "examples_pictures",
    "rules_pictures",
    "sixcard_pictures",
    "solve_pictures",
    "statistics_pictures",
    "won_game_pictures",
]

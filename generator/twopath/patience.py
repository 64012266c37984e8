"""Two paths for the patience pages: every board, line, verdict, count and score read back
from the rendered page and derived again by playing the engine.

The data files are read here with :func:`yaml.safe_load` (not the facts layer's loaders),
and a deal always comes from its code (:func:`~generator.patience.deal.deal_for_number`),
never from the data's cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.bounded import load_yaml
from generator.i18n.words import MOVE_DRAW, MOVE_REMOVE, PICTURE_AFTER, RULE_NAMES
from generator.paths import PACKAGE
from generator.patience import FULL_DECK, TABLEAU_SIZE, DealCode, Game, Rules, deal_for_number
from generator.patience.cards import Card, parse_card
from generator.patience.deal import Deal
from generator.patience.game import Move
from generator.patience.rules import SCORING, RuleSet, Variant
from generator.patience.solver import solve
from generator.twopath.findings import Finding
from generator.twopath.reader import Page, ReadError, element_text, svgs

DATA = PACKAGE / "data"
CODE = re.compile(r"GO1-[A-Z]-[A-Z]{7}")
CARD_CLASS = re.compile(
    r'<(?:g|use)\b[^>]*? class="card card-(?P<card>[0-9A-Z]{2})(?P<marks>[^"]*)"'
)
"""A card of a board by its classes: a group, or a ``<use>`` of the page's card sheet."""


# -- the data, read directly ---------------------------------------------------


@cache
def _yaml(name: str) -> Any:
    return load_yaml(DATA / name)


def _rule_set(name: str) -> RuleSet:
    rules, *variants = name.split("+")
    return RuleSet.of(Rules(rules), [Variant(v) for v in variants])


def _move(data: dict[str, Any]) -> Move:
    card = parse_card(data["card"])
    return Move.draw(card) if data["action"] == "draw" else Move.remove(int(data["column"]), card)


def data_lines(code: str) -> dict[str, list[Move]]:
    """The winning lines ``generator/data/examples.yaml`` keeps for a deal code, by rule set."""
    for entry in _yaml("examples.yaml")["examples"]:
        if entry.get("code") == code:
            return {
                name: [_move(m) for m in line] for name, line in (entry.get("moves") or {}).items()
            }
    return {}


def reference_moves() -> tuple[str, str, list[Move]]:
    """The recorded game's code, rules and moves (``generator/data/reference_game.yaml``)."""
    data = _yaml("reference_game.yaml")
    moves = []
    for item in data["moves"]:
        if isinstance(item, dict):
            moves.append(_move(item))
        else:  # "draw 8S" / "remove 5 9C"
            parts = str(item).split()
            card = parse_card(parts[-1])
            moves.append(
                Move.draw(card) if parts[0] == "draw" else Move.remove(int(parts[1]), card)
            )
    return str(data["code"]), str(data["rules"]), moves


def dealt(code: str) -> Deal:
    return deal_for_number(DealCode.parse(code).number)


@cache
def _winnable(code: str, rule_set: str) -> bool:
    return solve(dealt(code), _rule_set(rule_set)).winnable


def replay(deal: Deal, rule_set: RuleSet, moves: list[Move]) -> tuple[Game, int | None]:
    """The game after ``moves``, and the number of the first move the engine refuses (or None)."""
    game = Game(deal, rule_set)
    for number, move in enumerate(moves, 1):
        if game.refusal(move) is not None:
            return game, number
        game.play(move)
    return game, None


# -- boards ----------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    id: str
    title: str
    columns: tuple[tuple[Card, ...], ...]
    stock: int | None
    waste: Card | None
    marks: dict[Card, frozenset[str]]
    desc: str = ""
    hidden: bool = False
    """Its text alternative is the words after its picture line (and its fold's line)."""

    def words_differ(self, page: Page, text: str, game: Game) -> str | None:
        """How a text alternative in words differs from the game's position (None: it says it):
        the stock's count first, then every card of every column in order, by its name."""
        position = game.position()
        numbers = page.numbers(text)
        if not numbers or numbers[0] != position.stock_count:
            return (
                f"its text gives the stock {numbers[:1]}, the engine {position.stock_count} cards"
            )
        at = 0
        cards = [position.waste] if position.waste is not None else []
        cards += [card for column in position.columns for card in column]
        for card in cards:
            name = page.words.card(card)
            found = text.find(name, at)
            if found < 0:
                return f"its text does not name {card} ({name!r}) where the engine has it"
            at = found + len(name)
        return None

    def differs(self, game: Game) -> str | None:
        """How the board differs from the game's position (None: it is that position)."""
        position = game.position()
        for number, (drawn, real) in enumerate(
            zip(self.columns, position.columns, strict=False), 1
        ):
            if drawn != real:
                return f"column {number} is {_cards(real)} in the engine, the picture draws {_cards(drawn)}"
        if len(self.columns) != len(position.columns):
            return f"the picture draws {len(self.columns)} columns, the engine has {len(position.columns)}"
        if self.stock != position.stock_count:
            return f"the stock holds {position.stock_count} cards in the engine, the picture says {self.stock}"
        if self.waste != position.waste:
            return (
                f"the waste card is {position.waste} in the engine, the picture draws {self.waste}"
            )
        return None


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "empty"


def boards(page: Page) -> list[Board]:
    found = []
    for attrs, body in svgs(page.markdown, "golf-board"):
        tableau, _, rest = body.partition('<g class="stock">')
        columns = []
        for part in tableau.split('<g class="column column-')[1:]:
            columns.append(tuple(parse_card(m["card"]) for m in CARD_CLASS.finditer(part)))
        stock_text = re.search(r'class="count"[^>]*>([^<]*)<', rest)
        stock = int(stock_text.group(1)) if stock_text and stock_text.group(1).isdigit() else 0
        waste_part = rest.partition('<g class="waste">')[2]
        waste_match = CARD_CLASS.search(waste_part)
        marks = {
            parse_card(m["card"]): frozenset(m["marks"].split()) for m in CARD_CLASS.finditer(body)
        }
        found.append(
            Board(
                attrs.get("id", ""),
                element_text(body, "title"),
                tuple(columns),
                stock,
                parse_card(waste_match["card"]) if waste_match else None,
                marks,
                element_text(body, "desc"),
                # its words are beside it on the page: for a screen reader only (hidden), or
                # folded under it and its description
                attrs.get("aria-hidden") == "true"
                or (not element_text(body, "desc") and "aria-describedby" in attrs),
            )
        )
    return found


def deal_game(code: str) -> Game:
    """The game at the start of the deal of ``code``, on the rules its letter names."""
    return Game(
        dealt(code), Rules.EASY if DealCode.parse(code).rules_letter == "E" else Rules.CLASSIC
    )


def rules_board_number(page: Page, board: Board) -> int | None:
    """How many moves of the recorded game a rules page's board shows, read from its title
    (None: a title that is neither the deal nor a numbered position)."""
    if board.title == page.t("The deal at the start"):
        return 0
    match = page.pattern(page.t(PICTURE_AFTER), number=r"\d+").fullmatch(board.title)
    return int(match["number"]) if match else None


def board_games(page: Page) -> Iterator[tuple[Board, Game | str]]:
    """Every board of a patience page with the engine's game at the position it shows, as the
    checks of this module read the page (a deal board its code, a won game's board its
    number of moves of the recorded game, a rules page's board its title), or why there is
    none."""
    code, rules, moves = reference_moves()
    for board in boards(page):
        number: int | None = None
        if page.name == "examples" and board.id.startswith("deal-"):
            yield board, deal_game(board.id.removeprefix("deal-"))
            continue
        if page.name == "won-game" and re.fullmatch(r"board-\d+", board.id):
            number = int(board.id.split("-")[1])
        elif page.name == "rules":
            number = rules_board_number(page, board)
        if number is None:
            yield board, "the page names no position of the engine for it"
            continue
        game, refused = replay(dealt(code), _rule_set(rules), moves[:number])
        if refused is not None:
            yield board, f"the engine refuses move {refused} of the recorded game"
        else:
            yield board, game


def words_line(page: Page, line: int) -> int:
    """The line of a board's position in words: the first after its picture line (``line``)
    that is not its fold's (``[fold] ...``)."""
    line += 1
    while line <= len(page.lines) and page.lines[line - 1].startswith("[fold] "):
        line += 1
    return line


def picture_line(page: Page, board: Board, after: int = 1) -> int:
    """The page text's line of a board's picture (its ``[picture] <title>`` line)."""
    return page.line_of(f"[picture] {board.title}", after)


# -- the examples page ---------------------------------------------------------------

TABLE_NAMES = {
    "easy": ("Easy", "rule set"),
    "classic": ("Classic", "rule set"),
    "classic+nothing-on-king": ("Classic, nothing on a King", "rule set"),
    "strict": ("Strict rules", "rule set"),
}


def _rule_set_names(page: Page) -> dict[str, str]:
    """The table's rule-set names in the page's language -> the rule set."""
    names = {page.t(RULE_NAMES[Rules.EASY][1], "rule set"): "easy"}
    names[page.t(RULE_NAMES[Rules.CLASSIC][1], "rule set")] = "classic"
    for rule_set, (message, context) in TABLE_NAMES.items():
        names.setdefault(page.t(message, context), rule_set)
    return names


def examples_page(page: Page) -> Iterator[Finding]:
    name = "examples-lines"
    names = _rule_set_names(page)
    yes = page.pattern(
        *page.forms("yes, in %(count)s move", "yes, in %(count)s moves"), count=r"\d+"
    )
    no = page.t("no")
    summary = page.pattern(
        *page.forms(
            "The winning line on %(rules)s: %(num)s move",
            "The winning line on %(rules)s: %(num)s moves",
        ),
        num=r"\d+",
    )
    drawn = page.pattern(page.t(MOVE_DRAW), number=r"\d+", card=page.short_card)
    removed = page.pattern(page.t(MOVE_REMOVE), number=r"\d+", card=page.short_card, column=r"\d+")
    deal_boards = [b for b in boards(page) if b.id.startswith("deal-")]
    if not deal_boards:
        raise ReadError("no deal boards (svg.golf-board id=deal-...) on the examples page")
    start = 1
    for board in deal_boards:
        code = board.id.removeprefix("deal-")
        line = picture_line(page, board, start)
        start = line + 1
        deal = dealt(code)
        game = deal_game(code)
        differs = board.differs(game)
        yield Finding(name, line, board.title, differs or f"the deal {code}", differs is None)
        caption = words_line(page, line) if board.hidden else line
        said = (
            page.lines[caption - 1] if board.hidden and caption <= len(page.lines) else board.desc
        )
        wrong = board.words_differ(page, said, game)
        yield Finding(name, caption, said[:80], wrong or "the deal in words", wrong is None)
        lines = data_lines(code)
        # the verdict table: the rows after the picture
        rows, at = [], start
        while at <= len(page.lines) and not page.lines[at - 1].startswith("| "):
            at += 1
        while at <= len(page.lines) and page.lines[at - 1].startswith("|"):
            cells = [c.strip() for c in page.lines[at - 1].strip("|").split("|")]
            if len(cells) == 2 and cells[0] in names:
                rows.append((at, names[cells[0]], cells[1]))
            at += 1
        seen = {rule_set for _, rule_set, _ in rows}
        if seen != set(TABLE_NAMES):
            missing = ", ".join(sorted(set(TABLE_NAMES) - seen)) or "none"
            yield Finding(
                name, start, "", f"the verdict table of {code} lacks rule sets: {missing}", False
            )
        counts: dict[str, int] = {}
        for row_line, rule_set, cell in rows:
            match = yes.fullmatch(cell)
            if match:
                count = int(match["count"])
                counts[rule_set] = count
                line_moves = lines.get(rule_set)
                if line_moves is None:
                    yield Finding(
                        name,
                        row_line,
                        cell,
                        f"the data keeps no winning line of {code} on {rule_set}",
                        False,
                    )
                    continue
                after, refused = replay(deal, _rule_set(rule_set), line_moves)
                if refused is not None:
                    truth = f"move {refused} of the data's line of {code} on {rule_set} is refused by the engine"
                elif not after.is_won():
                    truth = f"the data's line of {code} on {rule_set} does not win"
                elif len(line_moves) != count:
                    truth = f"the winning line of {code} on {rule_set} has {len(line_moves)} moves"
                else:
                    truth = ""
                yield Finding(
                    name, row_line, cell, truth or "a winning line of that length", not truth
                )
            elif cell == no:
                winnable = _winnable(code, rule_set)
                yield Finding(
                    name,
                    row_line,
                    cell,
                    f"the solver wins {code} on {rule_set}"
                    if winnable
                    else "the solver finds no win",
                    not winnable,
                )
            else:
                yield Finding(name, row_line, cell, "neither a win in some moves nor 'no'", False)
        # the shown line, if the table is followed by one
        if at <= len(page.lines):
            head = summary.fullmatch(page.lines[at - 1])
            if head and head["rules"] in names:
                yield from _shown_line(
                    page,
                    name,
                    code,
                    deal,
                    names[head["rules"]],
                    int(head["num"]),
                    at,
                    counts,
                    lines,
                    drawn,
                    removed,
                )
                start = at + 1


def _shown_line(
    page: Page,
    name: str,
    code: str,
    deal: Deal,
    rule_set: str,
    said: int,
    at: int,
    counts: dict[str, int],
    lines: dict[str, list[Move]],
    drawn: Any,
    removed: Any,
) -> Iterator[Finding]:
    items = []
    line = at + 1
    while line <= len(page.lines):
        text = page.lines[line - 1]
        text_item = text[2:] if text.startswith("- ") else None
        if text_item is None:
            break
        match = removed.match(text_item) or drawn.match(text_item)
        if not match:
            break
        items.append((line, match))
        line += 1
    data = lines.get(rule_set, [])
    real = len(data)
    yield Finding(
        name,
        at,
        page.lines[at - 1],
        f"the line shown has {len(items)} moves, the table {counts.get(rule_set)}, the data {real}",
        said == len(items) == real == counts.get(rule_set),
    )
    game = Game(deal, _rule_set(rule_set))
    for number, (item_line, match) in enumerate(items, 1):
        try:
            card = page.card(match["card"])
        except ReadError as error:
            yield Finding(name, item_line, page.lines[item_line - 1], str(error), False)
            return
        column = match.groupdict().get("column")
        move = Move.draw(card) if column is None else Move.remove(int(column), card)
        expected = data[number - 1] if number <= len(data) else None
        truth = ""
        if int(match["number"]) != number:
            truth = f"this is move {number}"
        elif move != expected:
            truth = f"move {number} of the data's line is {expected}"
        elif game.refusal(move) is not None:
            truth = f"the engine refuses {move} ({game.refusal(move).value})"  # type: ignore[union-attr]
        else:
            waste = game.waste_card
            onto = re.findall(page.short_card, match.group(0)[match.end("card") - match.start(0) :])
            if column is not None and onto and waste is not None and page.card(onto[-1]) != waste:
                truth = f"the card goes onto {waste}, not {onto[-1]}"
        yield Finding(name, item_line, page.lines[item_line - 1], truth or str(move), not truth)
        if truth:
            return
        game.play(move)
    if items and not game.is_won():
        yield Finding(
            name, items[-1][0], page.lines[items[-1][0] - 1], "the line does not win", False
        )


# -- the won game page -----------------------------------------------------------------


def _won_game_board(
    page: Page, board: Board, game: Game, number: int, move: Move | None
) -> Iterator[Finding]:
    """A board of the won game's page (the deal's, move 0, or the last move's) against the
    engine's game after ``number`` moves; a board after a move marks the card played."""
    line = picture_line(page, board)
    if move is not None:
        moved = [card for card, marks in board.marks.items() if "move" in marks]
        if moved != [move.card]:
            yield Finding(
                "won-game-replay",
                line,
                board.title,
                f"the board marks {' '.join(map(str, moved)) or 'no card'} as played, "
                f"not {move.card}",
                False,
            )
    differs = board.differs(game) or board.words_differ(page, board.desc, game)
    yield Finding(
        "won-game-replay",
        line,
        board.title,
        differs or f"the position after move {number}",
        differs is None,
    )


def won_game_page(page: Page) -> Iterator[Finding]:
    name = "won-game-replay"
    code, rules, _moves = reference_moves()
    intro = page.pattern(
        *page.forms(
            "Every move of the won game of deal %(code)s, from the deal to the win: %(count)s move.",
            "Every move of the won game of deal %(code)s, from the deal to the win: %(count)s moves.",
        ),
        count=r"\d+",
        code=CODE.pattern,
    )
    found = [(n, m) for n, line in enumerate(page.lines, 1) if (m := intro.fullmatch(line))]
    if not found:
        raise ReadError("no sentence naming the won game's deal and its moves")
    intro_line, match = found[0]
    code_said = match["code"]
    deal = dealt(code_said)
    game = Game(deal, _rule_set(rules))
    steps = sorted(
        (b for b in boards(page) if b.id.startswith("board-")),
        key=lambda b: int(b.id.split("-")[1]),
    )
    scores = page.pattern(
        *page.forms("Score: %(count)s point.", "Score: %(count)s points."), count=r"-?\d+"
    )
    score_lines = [
        (n, int(m["count"]))
        for n, line in enumerate(page.lines, 1)
        if (m := scores.fullmatch(line))
    ]
    titles = [
        page.pattern(page.t(MOVE_DRAW), number=r"\d+", card=page.short_card),
        page.pattern(page.t(MOVE_REMOVE), number=r"\d+", card=page.short_card, column=r"\d+"),
    ]
    listed = [
        page.pattern(page.t("Move %(number)s: draw %(card)s"), number=r"\d+", card=page.short_card),
        page.pattern(
            page.t("Move %(number)s: remove %(card)s"), number=r"\d+", card=page.short_card
        ),
    ]
    heading_lines = [
        (n, m)
        for n, line in enumerate(page.lines, 1)
        if (m := (titles[1].fullmatch(line) or titles[0].fullmatch(line)))
    ]
    list_lines = [
        (n, m, kind)
        for n, line in enumerate(page.lines, 1)
        for kind, p in enumerate(listed)
        if (m := p.fullmatch(re.sub(r"^\d+\. ", "", line)))
    ]
    yield Finding(name, intro_line, code_said, f"the recorded game is of {code}", code_said == code)
    # The moves as the page's headings say them (the boards between the deal and the last move
    # are the script's, which the browser tests hold to the engine), played in the engine.
    shown = {int(b.id.split("-")[1]): b for b in steps}
    shown_numbers = list(shown)
    for number, (h_line, h) in enumerate(heading_lines, 1):
        card = page.card(h["card"])
        column = int(h["column"]) if h.groupdict().get("column") else None
        move = Move.draw(card) if column is None else Move.remove(column, card)
        if int(h["number"]) != number:
            yield Finding(
                name, h_line, page.lines[h_line - 1], f"the heading of move {number}", False
            )
            return
        reason = game.refusal(move)
        if reason is not None:
            yield Finding(
                name,
                h_line,
                page.lines[h_line - 1],
                f"the engine refuses move {number} ({move}): {reason.value}",
                False,
            )
            return
        game.play(move)
        yield Finding(name, h_line, page.lines[h_line - 1], f"the engine plays {move}", True)
        if number <= len(list_lines):
            l_line, item, kind = list_lines[number - 1]
            said_l = (int(item["number"]), page.card(item["card"]), kind == 0)
            yield Finding(
                name,
                l_line,
                page.lines[l_line - 1],
                f"move {number} is {move}",
                said_l == (number, move.card, move.action == "draw"),
            )
        if number <= len(score_lines):
            s_line, score = score_lines[number - 1]
            yield Finding(
                name,
                s_line,
                page.lines[s_line - 1],
                f"the engine scores {game.score} after move {number}",
                score == game.score,
            )
        if number in shown:
            yield from _won_game_board(page, shown.pop(number), game, number, move)
    moves = len(heading_lines)
    numbers = set(shown_numbers)
    for number, board in sorted(shown.items()):
        if number == 0:
            yield from _won_game_board(page, board, Game(deal, _rule_set(rules)), 0, None)
        else:
            yield Finding(
                name,
                picture_line(page, board),
                board.title,
                f"a board after move {number}, of {moves} moves",
                False,
            )
    if 0 not in numbers:
        yield Finding(name, intro_line, "", "the page shows no board of the deal", False)
    if moves not in numbers:
        yield Finding(name, intro_line, "", "the page shows no board of the last move", False)
    for label, count in (("scores", len(score_lines)), ("list entries", len(list_lines))):
        if count != moves:
            yield Finding(
                name, intro_line, "", f"{moves} move headings, but {count} move {label}", False
            )
    yield Finding(
        name,
        intro_line,
        match["count"],
        f"the page shows {moves} moves",
        int(match["count"]) == moves,
    )
    yield Finding(name, intro_line, match["count"], "the game is not won after them", game.is_won())
    end = page.pattern(
        *page.forms(
            "The game is won: all %(tableau)s tableau cards are removed, with %(count)s card left in the stock.",
            "The game is won: all %(tableau)s tableau cards are removed, with %(count)s cards left in the stock.",
        ),
        tableau=r"\d+",
        count=r"\d+",
    )
    ends = [(n, m) for n, line in enumerate(page.lines, 1) if (m := end.fullmatch(line))]
    if not ends:
        yield Finding(
            name,
            len(page.lines),
            "",
            "the page ends without the sentence of the won game's end",
            False,
        )
    for n, m in ends:
        tableau = sum(len(column) for column in deal.columns)
        end_truth = (tableau, len(game.stock))
        yield Finding(
            name,
            n,
            page.lines[n - 1],
            f"{end_truth[0]} tableau cards, {end_truth[1]} left in the stock",
            (int(m["tableau"]), int(m["count"])) == end_truth,
        )


# -- the rules page ---------------------------------------------------------------------


def rules_page(page: Page) -> Iterator[Finding]:
    """The boards (positions of the recorded game) and the stuck scores."""
    name = "rules-boards"
    code, rules, moves = reference_moves()
    codes = {m.group(0) for line in page.lines for m in CODE.finditer(line)}
    line = 1
    drawn = boards(page)
    if not drawn:
        raise ReadError("no boards on the rules page")
    for board in drawn:
        line = picture_line(page, board, line)
        number = rules_board_number(page, board)
        if number is None:
            yield Finding(
                name,
                line,
                board.title,
                "a board that is neither the deal nor a numbered position",
                False,
            )
            continue
        game, refused = replay(dealt(code), _rule_set(rules), moves[:number])
        if refused is not None:
            yield Finding(
                name,
                line,
                board.title,
                f"the engine refuses move {refused} of the recorded game",
                False,
            )
            continue
        differs = board.differs(game)
        yield Finding(
            name,
            line,
            board.title,
            differs or f"the position after move {number} of {code}",
            differs is None,
        )
        caption = words_line(page, line) if board.hidden else line
        said = (
            page.lines[caption - 1] if board.hidden and caption <= len(page.lines) else board.desc
        )
        wrong = board.words_differ(page, said, game)
        yield Finding(name, caption, said[:80], wrong or "the position in words", wrong is None)
        line += 1
    yield Finding(
        name, 1, ", ".join(sorted(codes)), f"the rules page's deal is {code}", codes == {code}
    )
    # the scoring table and the stuck examples
    cells = {
        page.t("A card is removed from the tableau"): SCORING.per_removal,
        page.t("You draw a card"): SCORING.per_draw,
        page.t("The game is stuck: per card left on the tableau"): SCORING.per_card_left_when_stuck,
    }
    for number, text in enumerate(page.lines, 1):
        parts = [c.strip() for c in text.strip("|").split("|")] if text.startswith("| ") else []
        if len(parts) == 2 and parts[0] in cells:
            value = page.number(parts[1])
            yield Finding(
                name,
                number,
                parts[1],
                f"the engine scores {cells[parts[0]]}",
                value == cells[parts[0]],
            )
    stuck = []
    for end in (";", "."):
        stuck.append(
            page.pattern(
                *page.forms(
                    f"%(count)s card removed, %(left)s left: %(score)s points{end}",
                    f"%(count)s cards removed, %(left)s left: %(score)s points{end}",
                ),
                count=r"\d+",
                left=r"\d+",
                score=r"-?\d+",
            )
        )
    tableau = sum(len(column) for column in dealt(code).columns)
    seen = 0
    for number, text in enumerate(page.lines, 1):
        item = text[2:] if text.startswith("- ") else ""
        match = stuck[0].fullmatch(item) or stuck[1].fullmatch(item)
        if not match:
            continue
        seen += 1
        removed, left, score = int(match["count"]), int(match["left"]), int(match["score"])
        truth = SCORING.score(removed, 0, stuck=True)
        yield Finding(
            name,
            number,
            item,
            f"{removed} cards removed leave {tableau - removed} and score {truth} in the engine",
            removed + left == tableau and score == truth,
        )
    if not seen:
        yield Finding(name, 1, "", "no stuck examples found on the rules page", False)


__all__ = ["Path", "examples_page", "rules_page", "won_game_page"]


# -- the Solve page ------------------------------------------------------------------

SOLVE_RULE_SETS = ("easy", "classic", "classic+nothing-on-king", "strict")
"""The rule sets the Solve page's table answers for its own deal."""
SOLVE_CODE = re.compile(r'data-golf-solve data-code="(GO1-[A-Z]-[A-Z]{7})"')


def solve_page(page: Page) -> Iterator[Finding]:
    """The Solve page's answer for its own deal, shown before its script runs: each row of the
    table solved again (a win replayed and its moves counted; a 'no' by the solver, its best
    line replayed to the cards it removes), the line's title naming a rule set the table
    answers as it says, and the score under the board the deal's own."""
    name = "solve-answer"
    found = SOLVE_CODE.search(page.markdown)
    if found is None:
        raise ReadError("no deal code on the solve page (data-golf-solve data-code=...)")
    code = found.group(1)
    deal = dealt(code)
    names = {page.words.rule_set(_rule_set(rule_set)): rule_set for rule_set in SOLVE_RULE_SETS}
    yes = page.pattern(
        *page.forms("yes, in %(count)s move", "yes, in %(count)s moves"), count=r"\d+"
    )
    no = page.pattern(
        *page.forms(
            "no: at best %(count)s of the %(tableau)s cards removed",
            "no: at best %(count)s of the %(tableau)s cards removed",
        ),
        count=r"\d+",
        tableau=r"\d+",
    )
    won: dict[str, bool] = {}
    for number, text in enumerate(page.lines, 1):
        cells = [c.strip() for c in text.strip("|").split("|")] if text.startswith("| ") else []
        if len(cells) != 3 or cells[0] not in names:
            continue
        rule_set = names[cells[0]]
        solution = solve(deal, _rule_set(rule_set), best=True)
        won[rule_set] = solution.winnable
        after, refused = replay(deal, _rule_set(rule_set), solution.moves)
        if (match := yes.fullmatch(cells[1])) is not None:
            truth = (
                f"the solver finds no win of {code} on {rule_set}"
                if not solution.winnable
                else f"move {refused} of the solver's line is refused"
                if refused is not None or not after.is_won()
                else f"the solver's winning line of {code} on {rule_set} has "
                f"{len(solution.moves)} moves"
            )
            ok = solution.winnable and after.is_won() and int(match["count"]) == len(solution.moves)
        elif (match := no.fullmatch(cells[1])) is not None:
            removed = after.removed
            ok = (
                not solution.winnable
                and refused is None
                and after.is_stuck()
                and int(match["count"]) == removed
                and int(match["tableau"]) == TABLEAU_SIZE
            )
            truth = (
                f"the solver wins {code} on {rule_set}"
                if solution.winnable
                else f"the solver's best line of {code} on {rule_set} removes {removed} cards"
            )
        else:
            ok, truth = False, "neither a win in some moves nor a best line's cards"
        yield Finding(name, number, text, truth, ok)
    if set(won) != set(SOLVE_RULE_SETS):
        missing = ", ".join(sorted(set(SOLVE_RULE_SETS) - set(won))) or "none"
        yield Finding(name, 1, "", f"the table of {code} lacks rule sets: {missing}", False)
        return
    titles = [
        (page.pattern(page.t("The winning line on %(rules)s")), True),
        (page.pattern(page.t("The best line on %(rules)s: it ends stuck")), False),
    ]
    score = page.pattern(page.t("Score") + " %(score)s", score=r"-?\d+")
    shown: str | None = None
    for number, text in enumerate(page.lines, 1):
        for pattern, winning in titles:
            match = pattern.fullmatch(text)
            if match is not None:
                shown = names.get(match["rules"])
                ok = shown is not None and won[shown] is winning
                yield Finding(name, number, text, f"the table's verdict of {shown}", ok)
        match = score.fullmatch(text)
        if match is not None and shown is not None:
            start = Game(deal, _rule_set(shown)).score
            yield Finding(
                name, number, text, f"the deal's score {start}", int(match["score"]) == start
            )


# -- the short forms' legend ---------------------------------------------------------------

FACE_RANKS = (11, 12, 13)
"""The picture cards whose short forms a page explains under its first board: jack, queen and
king (the app writes the King R in Dutch and German)."""


def card_letters(page: Page) -> Iterator[Finding]:
    """Each legend line that says which card a short form stands for ('R♣ = klaveren heer'):
    the short form read as the page's cards are read, the name as the engine's cards are named,
    the same card; and the page has the jack's, queen's and king's."""
    name = f"letters-{page.name}"
    pattern = page.pattern(
        page.t("%(short)s = %(card)s", "legend"), short=page.short_card, card=".+"
    )
    named = {page.words.card(card): card for card in FULL_DECK}
    seen = set()
    for number, text in enumerate(page.lines, 1):
        if not text.startswith("[legend] "):
            continue
        match = pattern.fullmatch(text.removeprefix("[legend] "))
        if match is None:
            continue
        short, card = page.card(match["short"]), named.get(match["card"])
        seen.add(short.rank)
        yield Finding(
            name,
            number,
            text,
            f"{match['short']} is {page.words.card(short)}",
            card == short,
        )
    wanted = set(FACE_RANKS)
    if seen != wanted:
        yield Finding(
            name, 1, "", f"the legend explains the short forms of ranks {sorted(wanted)}", False
        )

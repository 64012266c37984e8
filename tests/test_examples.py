"""The examples page: its data replays, its claims catch a broken engine or broken data, and
its reason for an unwinnable deal is a locked set."""

import json
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.check import check_claims
from generator.i18n.catalogs import shipped_languages
from generator.pages import examples as examples_module
from generator.pages.examples import (
    CLASSIC,
    EASY,
    EXAMPLES,
    KINDS,
    NOTHING_ON_KING,
    RULE_SETS,
    STRICT,
    STRICTER,
    is_locked,
    load_examples,
    locked_cards,
)
from generator.pages.examples_claims import CLAIMS
from generator.pages.recorded import DataFileError, load_reference_game
from generator.patience import (
    COLUMN_HEIGHT,
    COLUMNS,
    FULL_DECK,
    STOCK_SIZE,
    Card,
    Deal,
    DealCode,
    Game,
    Move,
    RuleSet,
    deal_for_number,
)
from generator.patience.solver import solve
from generator.site.pagetext import markdown_text
from generator.site.render import render_language

TEMPLATE = "docs_src/templates/examples.md.j2"


def test_every_kind_has_one_example_and_its_data_replays() -> None:
    examples = load_examples()
    assert [example.name for example in examples] == list(KINDS)
    for example in examples:
        assert deal_for_number(DealCode.parse(example.code).number) == example.deal
        for rules in RULE_SETS:
            line = example.moves.get(str(rules))
            assert (line is not None) == example.verdicts[str(rules)], (example.name, rules)
            if line is None:
                continue
            game = Game(example.deal, rules.rules, variants=rules.variants)
            for move in line:
                game.play(move)
            assert game.is_won(), (example.name, rules)


def test_each_example_shows_what_its_name_says() -> None:
    by_name = {example.name: example for example in load_examples()}
    wanted = {
        "easy-not-classic": (EASY, CLASSIC),
        "classic-not-strict": (CLASSIC, STRICT),
        "queen-on-king": (CLASSIC, NOTHING_ON_KING),
        "draw-any-time": (NOTHING_ON_KING, STRICT),
    }
    for name, (looser, stricter) in wanted.items():
        example = by_name[name]
        assert example.verdicts[str(looser)] and not example.verdicts[str(stricter)]
        assert STRICTER[name] == stricter and example.shown == str(looser)
    assert not any(by_name["unwinnable"].verdicts.values())
    assert all(by_name["reference"].verdicts.values())
    assert by_name["reference"].moves["easy"] == load_reference_game().moves


def test_the_claims_hold() -> None:
    """(How long they take is check's to bound: every claim runs under
    :data:`generator.timelimit.CLAIM_SECONDS`.)"""
    facts = CLAIMS.facts()
    failures = {name: claim.play(facts) for name, claim in CLAIMS.items()}
    assert failures == {name: [] for name in CLAIMS}


def claim_problems() -> list[str]:
    return [p for p in check_claims() if p.startswith(TEMPLATE)]


def sentence_line(text: str) -> int:
    lines = (Path(examples_module.__file__).parents[2] / TEMPLATE).read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_an_engine_that_lets_a_queen_onto_a_king_everywhere_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RuleSet, "_no_card_on", lambda self, waste_rank: False)
    problems = claim_problems()
    line = sentence_line("Deal {{ code }} can be won on {{ classic }}, and not when nothing")
    at = (f"{TEMPLATE}:{line - 1}:", f"{TEMPLATE}:{line}:")
    assert any(p.startswith(at) for p in problems), problems
    assert any("can be won under classic+nothing-on-king too" in p for p in problems), problems


def test_an_engine_that_lets_you_draw_at_any_time_under_strict_rules_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RuleSet, "draw_only_when_blocked", property(lambda self: False))
    problems = claim_problems()
    assert any("a draw while a card fits is allowed under strict" in p for p in problems)
    said = r"the page says 'Deal %\(code\)s can be won with nothing.*can be won under strict too"
    assert any(re.search(said, p) for p in problems), problems


def broken_copy(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = yaml.safe_load(EXAMPLES.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "examples.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def entry(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in data["examples"] if e["name"] == name)


def swap_same_rank(example: dict[str, Any]) -> None:
    """Swap the first two tableau cards of one rank (not Kings, not Queens) in the data."""
    places = [(c, r) for c, column in enumerate(example["columns"]) for r in range(len(column))]
    for i, (c, r) in enumerate(places):
        card = example["columns"][c][r]
        for c2, r2 in places[i + 1 :]:
            other = example["columns"][c2][r2]
            if other[0] == card[0] and card[0] not in "KQ":
                example["columns"][c][r], example["columns"][c2][r2] = other, card
                return
    raise AssertionError("no two tableau cards of one rank")


@pytest.mark.parametrize(
    ("what", "edit", "expected"),
    [
        (
            "a wrong verdict",
            lambda d: entry(d, "unwinnable")["verdicts"].update(easy="winnable"),
            r"is recorded winnable under easy; the solver disagrees",
        ),
        (
            "a line cut short",
            lambda d: entry(d, "classic-not-strict")["moves"]["classic"].pop(),
            r"the line under classic does not win",
        ),
        (
            "two cards of a rank swapped",  # the verdicts and the reason stay as they are
            lambda d: swap_same_rank(entry(d, "unwinnable")),
            r"does not deal the cards",
        ),
        (
            "another special move",
            lambda d: entry(d, "draw-any-time").update(special_move=1),
            r"move 1 .* is allowed under strict too",
        ),
        (
            "a locked set that is not locked",
            lambda d: entry(d, "unwinnable")["reason"]["cards"].pop(),
            r"are not locked",
        ),
    ],
)
def test_broken_data_is_caught_at_its_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, what: str, edit: object, expected: str
) -> None:
    path = broken_copy(tmp_path, edit)  # type: ignore[arg-type]
    monkeypatch.setattr(examples_module, "load_examples", lambda: load_examples(path))
    problems = claim_problems()
    assert problems, what
    assert all(re.match(rf"{TEMPLATE}:\d+: the page says '", p) for p in problems), problems
    assert any(re.search(expected, p) for p in problems), problems


def test_a_malformed_data_file_says_where(tmp_path: Path) -> None:
    text = EXAMPLES.read_text(encoding="utf-8")
    bad = text.replace("strict: unwinnable", "strict: perhaps", 1)
    path = tmp_path / "examples.yaml"
    path.write_text(bad, encoding="utf-8")
    expected = bad.splitlines().index("    strict: perhaps")  # 0-based: the mapping starts above
    with pytest.raises(DataFileError, match=rf"examples.yaml:{expected - 2}: verdict 'perhaps'"):
        load_examples(path)


# -- the locked set ------------------------------------------------------------


def deal_with(columns_first: list[list[str]], stock_first: Sequence[str] = ()) -> Deal:
    """A deal whose first columns are ``columns_first`` (top to bottom), its stock starting
    with ``stock_first``; the other cards fill the rest in deck order."""
    placed = [Card.from_str(c) for column in columns_first for c in column]
    stock = [Card.from_str(c) for c in stock_first]
    rest = iter(c for c in FULL_DECK if c not in placed and c not in stock)
    columns = [tuple(Card.from_str(c) for c in column) for column in columns_first]
    while len(columns) < COLUMNS:
        columns.append(tuple(next(rest) for _ in range(COLUMN_HEIGHT)))
    waste = next(rest)
    return Deal(tuple(columns), waste, tuple([*stock, *rest][:STOCK_SIZE]))


def test_a_king_under_all_four_queens_is_locked_on_classic_and_not_on_easy() -> None:
    deal = deal_with([["QC", "QD", "QH", "QS", "KC"]])
    king = Card.from_str("KC")
    assert locked_cards(deal, CLASSIC) == (king,)
    assert locked_cards(deal, NOTHING_ON_KING) == (king,)
    assert locked_cards(deal, EASY) == ()  # a King may go onto an Ace there
    assert is_locked(deal, [king], STRICT) and not is_locked(deal, [king], EASY)
    assert not solve(deal, CLASSIC).winnable


def test_two_kings_lock_each_other_and_a_queen_in_the_stock_unlocks_them() -> None:
    locked = deal_with([["QC", "QD", "2C", "3C", "KC"], ["QH", "QS", "2D", "3D", "KD"]])
    assert set(locked_cards(locked, CLASSIC)) == {Card.from_str("KC"), Card.from_str("KD")}
    assert not solve(locked, CLASSIC).winnable
    unlocked = deal_with([["QC", "QD", "2C", "3C", "KC"], ["QH", "2H", "2D", "3D", "KD"]], ["QS"])
    assert locked_cards(unlocked, CLASSIC) == ()


# -- the page and the command line --------------------------------------------


def test_every_language_shows_each_example_and_folds_its_line() -> None:
    examples = load_examples()
    for language in shipped_languages():
        page = render_language(language)["examples.md"]
        text = markdown_text(page, pictures=True)
        for example in examples:
            assert example.code in text
            assert f'id="deal-{example.code}"' in page
        # a shown line's fold each, and each deal's position in words folded under its board
        assert page.count('<details class="golf-line"') == sum(1 for e in examples if e.shown)
        assert page.count('<details class="golf-words"') == len(examples)
        assert "\\" not in "".join(re.findall(r"<details.*?</details>", page, re.S))
        rules = render_language(language)["rules.md"]
        assert "](examples.md))" in rules


def test_examples_json_is_the_data_in_the_solve_notation() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "examples", "--json"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    examples = load_examples()
    assert [e["name"] for e in printed] == [e.name for e in examples]
    for shown, example in zip(printed, examples, strict=True):
        assert set(shown) == {"name", "code", "columns", "waste", "stock", "verdicts", "moves"}
        assert Deal.from_json(shown) == example.deal and shown["code"] == example.code
        assert set(shown["verdicts"]) == {str(rs) for rs in RULE_SETS}
        for rules, line in shown["moves"].items():
            assert shown["verdicts"][rules] == "winnable"
            assert [Move.from_json(m).to_json() for m in line] == line
            assert tuple(Move.from_json(m) for m in line) == example.moves[rules]

"""The simple players of the tips: each move follows the player's tip, seen from the moves
alone, and the committed strategy file is what the players do (a sample replayed)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.census.format import parse_rule_set
from generator.patience import Game, Move, deal_for_number
from generator.patience.players import PLAYERS, play
from generator.strategy import (
    RULE_SETS,
    STRATEGY_FILE,
    StrategyError,
    load_strategy,
    won_deals,
)

KING, QUEEN, TWO, ACE = 13, 12, 2, 1


def _fitting(game: Game) -> list[Move]:
    return [m for m in game.legal_moves() if m.action == "remove"]


def _run(game: Game) -> int:
    """The longest run of removals from here, by brute force over every order."""
    runs = [0]
    for move in _fitting(game):
        game.push(move)
        runs.append(1 + _run(game))
        game.pop()
    return max(runs)


def _after(game: Game, move: Move) -> int:
    game.push(move)
    run = _run(game)
    game.pop()
    return run


def _height(game: Game, move: Move) -> int:
    assert move.column is not None
    return len(game.column(move.column))


def _spends(game: Game, move: Move) -> bool:
    waste = game.waste_card
    rank = 0 if waste is None else waste.rank
    return (move.card.rank == TWO and rank != ACE) or (move.card.rank == QUEEN and rank != KING)


def _problem(game: Game, move: Move, player: str) -> str | None:
    """What is wrong with ``move`` as ``player``'s choice in ``game``, if anything."""
    fitting = _fitting(game)
    if move.action == "draw":
        return f"drew while {fitting[0]} fits" if fitting else None
    if player in ("tallest", "base"):
        heights = [_height(game, m) for m in fitting]
        if player == "tallest" and _height(game, move) != max(heights):
            return f"took {move} from a column of {_height(game, move)}, not {max(heights)}"
        if player == "base" and move != fitting[0]:
            return f"took {move}, not the leftmost {fitting[0]}"
    if (
        player == "kings-last"
        and move.card.rank == KING
        and any(m.card.rank != KING for m in fitting)
    ):
        return f"took the King {move} while another card fits"
    if player == "save-twos" and _spends(game, move) and not all(_spends(game, m) for m in fitting):
        return f"spent {move} on {game.waste_card} while another card fits"
    if player in ("longest-run", "all"):
        best = max(_after(game, m) for m in fitting)
        if _after(game, move) != best:
            return f"took {move}, which starts a run of {_after(game, move)}, not {best}"
    return None


@pytest.mark.parametrize("player", PLAYERS)
def test_each_move_follows_the_players_tip(player: str) -> None:
    for rule_set in RULE_SETS:
        for number in range(1, 13):
            played = play(deal_for_number(number), parse_rule_set(rule_set), player)
            game = Game(deal_for_number(number), parse_rule_set(rule_set))
            for move in played.moves:
                problem = _problem(game, move, player)
                assert problem is None, f"{player}, {rule_set}, deal {number}: {problem}"
                game.play(move)
            assert game.is_over()


def test_the_strategy_file_is_what_the_players_do() -> None:
    """200 deals per player, drawn from the file's range and rule sets, played again."""
    strategy = load_strategy()
    chosen = random.Random(35)
    for player in PLAYERS:
        for _ in range(200):
            rule_set = chosen.choice(RULE_SETS)
            number = chosen.randint(strategy.first, strategy.last)
            won = number in set(
                won_deals(strategy.result(rule_set, player).wins, strategy.first, strategy.last)
            )
            game = play(deal_for_number(number), parse_rule_set(rule_set), player)
            assert game.is_won() == won, f"{player}, {rule_set}, deal {number}"


def test_the_file_counts_its_wins() -> None:
    strategy = load_strategy()
    for result in strategy.results.values():
        assert result.won == len(won_deals(result.wins, strategy.first, strategy.last))
    assert strategy.command.startswith("python -m generator strategy --from ")


def test_a_strategy_file_that_lies_about_its_count_is_refused(tmp_path: Path) -> None:
    data = json.loads(STRATEGY_FILE.read_text(encoding="utf-8"))
    data["results"]["easy"]["tallest"]["won"] += 1
    bad = tmp_path / "strategy.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StrategyError, match=r"strategy\.json: easy tallest: .* won"):
        load_strategy(bad)
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(StrategyError, match=r"strategy\.json: not JSON"):
        load_strategy(bad)

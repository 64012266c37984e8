"""The recorded reference game against what the pages say about it."""

from pathlib import Path

import pytest
import yaml

from generator.pages.recorded import DataFileError, load_recorded_game, load_reference_game
from generator.patience import Card, Game, Move, Reason, Rules

SNAPSHOTS = yaml.safe_load((Path(__file__).parent / "data" / "page_snapshots.yaml").read_text())


def replay(upto: int) -> Game:
    recorded = load_reference_game()
    game = Game(recorded.deal, recorded.rules)
    for move in recorded.moves[:upto]:
        game.play(move)
    return game


def test_recorded_game_replays_legally_and_wins_with_full_score() -> None:
    recorded = load_reference_game()
    game = replay(len(recorded.moves))
    assert game.is_won()
    assert game.score == 350


@pytest.mark.parametrize(
    "snapshot", SNAPSHOTS["snapshots"], ids=lambda s: f"after-{s['after_move']}"
)
def test_positions_match_the_pages_snapshots(snapshot: dict) -> None:  # type: ignore[type-arg]
    position = replay(snapshot["after_move"]).position()
    assert position.stock_count == snapshot["stock_count"]
    assert str(position.waste) == snapshot["waste"]
    assert [[str(c) for c in column] for column in position.columns] == snapshot["columns"]


def test_the_pages_sentences_about_the_reference_game() -> None:
    recorded = load_reference_game()
    start = replay(0)
    assert not start.has_removal()  # "no free card fits A♣"
    assert recorded.moves[0] == Move.draw(Card.from_str("8S"))
    assert start.refusal(Move.remove(1, Card.from_str("6H"))) is Reason.NOT_ADJACENT
    assert start.refusal(Move.remove(1, Card.from_str("TS"))) is Reason.BLOCKED
    before_35 = replay(34)
    move_35 = recorded.moves[34]
    assert move_35 == Move.remove(3, Card.from_str("AH"))
    assert before_35.waste_card == Card.from_str("KC")
    assert before_35.refusal(move_35) is None
    waste, card = before_35.waste_card.rank, move_35.card.rank
    assert Rules.CLASSIC.refusal(waste, card) is Reason.NOT_ADJACENT


def test_malformed_data_file_names_file_and_line(tmp_path: Path) -> None:
    text = (Path(__file__).parents[1] / "generator" / "data" / "reference_game.yaml").read_text()
    bad = tmp_path / "game.yaml"
    bad.write_text(
        text.replace(
            "{action: remove, column: 5, card: 9C}", "{action: remove, column: 9, card: 9C}"
        )
    )
    line = next(i for i, t in enumerate(bad.read_text().splitlines(), 1) if "column: 9" in t)
    with pytest.raises(DataFileError, match=rf"game.yaml:{line}: move 2: .*column must be"):
        load_recorded_game(bad)
    bad.write_text(text.replace("waste: AC", "waste: [AC"))
    with pytest.raises(DataFileError, match=r"game.yaml:\d+: not valid YAML"):
        load_recorded_game(bad)
    bad.write_text(text.replace("verdicts: {easy: winnable", "verdicts: {easy: maybe"))
    with pytest.raises(DataFileError, match="'maybe' is not winnable or unwinnable"):
        load_recorded_game(bad)

"""The JSON interfaces other tools rely on, run as a user would."""

import json
import subprocess
import sys

from generator.pages.recorded import load_reference_game
from generator.patience import Deal, Game, Move, Rules, deal_for_number


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], input=stdin, capture_output=True, text=True
    )


def test_game_json_prints_the_recorded_game() -> None:
    result = run("game", "GO1-N-AAAAAAB", "--json")  # the old N letter reads as Easy
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"code", "rules", "columns", "waste", "stock", "moves"}
    assert data["code"] == "GO1-E-AAAAAAB" and data["rules"] == "easy"
    recorded = load_reference_game()
    assert Deal.from_json(data) == recorded.deal
    assert [Move.from_json(m) for m in data["moves"]] == list(recorded.moves)


def test_game_with_bad_or_unrecorded_code_is_one_line_and_nonzero() -> None:
    for code, words in [
        ("GO1-Q-AAAAAAB", "rules letter 'Q'"),
        ("GO1-E-AAAAAAC", "no recorded game"),
    ]:
        result = run("game", code, "--json")
        assert result.returncode == 1
        assert result.stdout == ""
        assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_solve_answers_every_good_line_and_names_the_bad_ones() -> None:
    good = [json.dumps(deal_for_number(n).to_json()) for n in (1, 4)]
    stdin = "\n".join([good[0], "{not json", '{"columns": []}', good[1], ""]) + "\n"
    result = run("solve", "--rules", "classic", stdin=stdin)
    assert result.returncode == 1
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("stdin:2: not JSON")
    assert errors[1].startswith("stdin:3: bad deal: missing key 'waste'")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["line"] for a in answers] == [1, 4]
    for answer, number in zip(answers, (1, 4), strict=True):
        assert answer["verdict"] in {"winnable", "unwinnable"}
        assert answer["seconds"] >= 0
        game = Game(deal_for_number(number), Rules.CLASSIC)
        for move in answer["moves"]:
            game.play(Move.from_json(move))
        assert game.is_won() == (answer["verdict"] == "winnable")


def test_deal_prints_cards_the_solver_reads() -> None:
    dealt = run("deal", "GO1-C-AAAAAAE")
    assert dealt.returncode == 0
    solved = run("solve", "--rules", "strict", stdin=dealt.stdout)
    assert solved.returncode == 0 and json.loads(solved.stdout)["verdict"] in {
        "winnable",
        "unwinnable",
    }

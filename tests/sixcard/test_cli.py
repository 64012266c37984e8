"""``python -m generator six-card score``, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "six-card", *args],
        input=stdin,
        capture_output=True,
        text=True,
    )


def line(*rows: str) -> str:
    return json.dumps({"grid": [row.split() for row in rows]})


def test_scores_every_good_line() -> None:
    stdin = "\n".join(
        [
            line("KS 5D JK", "KH 5C QS"),
            line("JS AC", "QH 2D"),
            line("5C 5D 7H", "5H 9S 7S", "9C 9D 4S"),
        ]
    )
    result = run("score", stdin=stdin + "\n")
    assert result.returncode == 0 and result.stderr == ""
    answers = [json.loads(text) for text in result.stdout.splitlines()]
    assert [(a["score"], a["columns"]) for a in answers] == [
        (8, [0, 0, 8]),  # K K, 5 5, Joker + Q
        (23, [20, 3]),  # J + Q do not pair, A + 2
        (60, [19, 23, 18]),  # 5 5 9, 5 9 9, 7 7 4: in a 3x3 grid only three alike cancel
    ]


def test_variant_flags() -> None:
    jokers = line("JK 2C", "JK 3D")
    assert json.loads(run("score", stdin=jokers).stdout)["score"] == 5
    assert json.loads(run("score", "--joker-pair", "minus-four", stdin=jokers).stdout)["score"] == 1
    assert json.loads(run("score", "--wild-twos", stdin=jokers).stdout)["score"] == 1  # 0 - 2 + 3
    rows = line("5C 5D KH", "5H 3S QS")
    assert json.loads(run("score", "--row-rule", stdin=rows).stdout)["columns"] == [0, 3, 10]


def test_layout_rules_and_the_new_flags() -> None:
    def score(*flags: str, stdin: str) -> object:
        result = run("score", *flags, stdin=stdin)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        return json.loads(result.stdout)["columns"]

    nine = line("5C 5D 7H", "5H 9S 7S", "9C 9D 4S")
    assert score(stdin=nine) == [19, 23, 18]
    assert score("--column-match", "three-alike", stdin=nine) == [19, 23, 18]
    assert score("--column-match", "pairs", stdin=nine) == [9, 5, 4]
    assert score("--column-match", "pairs", stdin=line("5C 9D", "5H 8S")) == [0, 17]
    rows = line("5C 5D KH", "5H 3S QS")
    assert score("--row-rule", "pairs", stdin=rows) == [0, 3, 10]
    assert score("--row-rule", "whole-row", stdin=rows) == [0, 8, 10]
    assert score("--row-rule", "none", stdin=rows) == [0, 8, 10]
    whole = line("5C 5D", "5H 3S")
    assert score("--row-rule", "whole-row", stdin=whole) == [0, 3]
    assert score("--row-rule", "--column-match", "pairs", stdin=rows) == [0, 3, 10]


def test_bad_flags_are_one_line() -> None:
    for flags in (["--row-rule", "rows"], ["--column-match", "two"], ["--decks", "3"]):
        result = run("score", *flags, stdin=line("KS 5D JK", "KH 5C QS"))
        assert result.returncode == 2 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
        assert "Traceback" not in result.stderr


def test_bad_lines_are_named_and_the_others_answered() -> None:
    stdin = "\n".join(
        [
            "not json",
            line("KS 5D JK", "KH 5C QS"),
            json.dumps({"grid": [["KS", "5D"]]}),
            line("KS 5D 1J", "KH 5C QS"),
            json.dumps([1, 2]),
            line("JK 2C", "JK 3D"),
            line("KS KS KS", "AC 2C 3C"),
            line("JK JK JK", "JK JK 3C"),
        ]
    )
    result = run("score", "--no-jokers", stdin=stdin + "\n\n")
    assert result.returncode == 1
    assert [json.loads(t)["line"] for t in result.stdout.splitlines()] == []
    errors = result.stderr.splitlines()
    assert [e.split(":")[1] for e in errors] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert all(e.startswith("stdin:") for e in errors)
    assert "Joker" in errors[1] and "'1J'" in errors[3] and "1 row(s)" in errors[2]
    ok = run("score", stdin=stdin)
    assert [json.loads(t)["line"] for t in ok.stdout.splitlines()] == [2, 6]
    assert [e.split(":")[1] for e in ok.stderr.splitlines()] == ["1", "3", "4", "5", "7", "8"]
    assert "3 x 'KS'" in ok.stderr and "5 x 'JK'" in ok.stderr
    strict = run("score", "--decks", "1", stdin=line("KS KS", "AC 2C"))
    assert strict.returncode == 1 and "2 x 'KS', but 1 deck(s) hold 1" in strict.stderr

"""The JSON interfaces other tools rely on, run as a user would."""

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.cli import check as check_command
from generator.pages.recorded import load_reference_game, load_rules_examples
from generator.patience import Deal, DealCode, Game, Move, Rules, RuleSet, Variant, deal_for_number
from generator.patience import solver as patience_solver
from tests.notices import without_notice


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], input=stdin, capture_output=True, text=True
    )


def test_game_json_prints_the_recorded_game() -> None:
    result = run("game", "GO1-N-AAAAAAB", "--json")  # the old N letter reads as Easy
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"code", "rules", "variants", "columns", "waste", "stock", "moves"}
    assert data["code"] == "GO1-E-AAAAAAB" and data["rules"] == "easy" and data["variants"] == []
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
    errors = without_notice(result.stderr).strip().splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("stdin:2: not JSON")
    assert errors[1].startswith("stdin:3: bad deal: missing key 'waste'")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["line"] for a in answers] == [1, 4]
    for answer, number in zip(answers, (1, 4), strict=True):
        assert answer["verdict"] in {"winnable", "unwinnable"}
        assert answer["seconds"] >= 0
        assert (answer["rules"], answer["variants"]) == ("classic", [])
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


def replays(answer: dict[str, object], deal: Deal, rules: Rules, variants: list[Variant]) -> bool:
    """Whether the answer's moves are legal under ``rules`` and win exactly when it says so."""
    game = Game(deal, rules, variants=variants)
    for move in answer["moves"]:  # type: ignore[attr-defined]
        game.play(Move.from_json(move))
    return game.is_won() == (answer["verdict"] == "winnable")


def test_solve_without_rules_takes_them_from_the_code() -> None:
    example = load_rules_examples()["easy_not_classic"]  # Easy wins it, Classic does not
    code = DealCode.parse(example.code)
    assert code.rules_letter == "E" and deal_for_number(code.number) == example.deal
    classic = run("deal", str(DealCode("C", code.number))).stdout
    easy = run("deal", example.code).stdout
    no_code = json.dumps(example.deal.to_json()) + "\n"
    result = run("solve", stdin=classic + easy + no_code)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(a["rules"], a["variants"]) for a in answers] == [
        ("classic", []),
        ("easy", []),
        ("easy", []),
    ]
    assert [a["verdict"] for a in answers] == ["unwinnable", "winnable", "winnable"]
    assert example.verdicts["classic"] is False and example.verdicts["easy"] is True


def test_solve_rules_override_the_code_and_variants_are_added() -> None:
    dealt = run("deal", "GO1-C-AAAAAAH").stdout  # deal 7
    result = run("solve", "--rules", "strict", stdin=dealt)
    assert json.loads(result.stdout)["rules"] == "strict"
    result = run("solve", "--variant", "nothing-on-king", stdin=dealt + dealt)
    assert result.returncode == 0, result.stderr
    for answer in map(json.loads, result.stdout.splitlines()):
        assert (answer["rules"], answer["variants"]) == ("classic", ["nothing-on-king"])
        assert replays(answer, deal_for_number(7), Rules.CLASSIC, [Variant.NOTHING_ON_KING])
    plain = json.loads(run("solve", stdin=dealt).stdout)
    assert replays(plain, deal_for_number(7), Rules.CLASSIC, [])
    # deal 7: Classic wins it, the variant takes the win away (the naive search agrees: test_solver)
    assert (plain["verdict"], answer["verdict"]) == ("winnable", "unwinnable")


def test_solve_with_a_bad_code_names_the_line_and_answers_the_others() -> None:
    deal = deal_for_number(2).to_json()
    lines = [
        {**deal, "code": "GO1-C-AAAAAAC"},
        {**deal, "code": "GO1-X-AAAAAAC"},
        {**deal, "code": 7},
        {**deal, "code": "GO1-E-AAAAAAC"},
    ]
    for args in [(), ("--rules", "easy")]:
        result = run("solve", *args, stdin="".join(json.dumps(line) + "\n" for line in lines))
        assert result.returncode == 1
        errors = without_notice(result.stderr).strip().splitlines()
        assert len(errors) == 2
        assert errors[0].startswith("stdin:2: key 'code': bad deal code 'GO1-X-AAAAAAC'")
        assert errors[1].startswith("stdin:3: key 'code': ") and "Traceback" not in result.stderr
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        assert [a["line"] for a in answers] == [1, 4]
        expected = ["easy", "easy"] if args else ["classic", "easy"]
        assert [a["rules"] for a in answers] == expected


def test_solve_rejects_an_unknown_variant_on_the_command_line() -> None:
    result = run("solve", "--variant", "no-such-rule", stdin="")
    assert result.returncode == 2
    assert "no-such-rule" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_solve_says_once_when_the_c_search_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "generator.patience._fastsolve", None)  # import fails
    monkeypatch.setattr(patience_solver, "_search_c", patience_solver._load_fast_search())
    assert not patience_solver.has_fast_search()
    lines = "".join(json.dumps(deal_for_number(n).to_json()) + "\n" for n in (15, 38))
    out, err = io.StringIO(), io.StringIO()
    assert cli._solve_lines(None, io.StringIO(lines), out, err) == 0
    assert err.getvalue().splitlines() == [
        "solve: the C search is not built (no C compiler at install time?): solving in pure "
        "Python, about 30x slower; install gcc and run 'pip install -e .' again"
    ]
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    for answer, number in zip(answers, (15, 38), strict=True):
        assert replays(answer, deal_for_number(number), Rules.EASY, [])


def test_solve_is_quiet_about_the_c_search_when_it_is_built() -> None:
    assert patience_solver.has_fast_search()
    out, err = io.StringIO(), io.StringIO()
    line = json.dumps(deal_for_number(15).to_json()) + "\n"
    assert cli._solve_lines(None, io.StringIO(line), out, err) == 0
    assert err.getvalue() == ""


@pytest.mark.parametrize(
    ("variants", "jokers", "empty_waste"),
    [([], 0, False), (["jokers=1"], 1, False), (["jokers=2", "empty-waste"], 2, True)],
)
def test_deal_deals_the_variants_it_is_given(
    variants: list[str], jokers: int, empty_waste: bool
) -> None:
    options = [arg for name in variants for arg in ("--variant", name)]
    result = run("deal", "GO1-C-AAAAAAH", *options)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["code"] == "GO1-C-AAAAAAH" and data["variants"] == sorted(variants)
    assert Deal.from_json(data) == deal_for_number(7, jokers=jokers, empty_waste=empty_waste)
    assert (data["waste"] is None) == empty_waste and data["stock"].count("JK") + sum(
        column.count("JK") for column in data["columns"]
    ) + (data["waste"] == "JK") == jokers


@pytest.mark.parametrize(
    "command", [["deal", "GO1-E-AAAAAAB"], ["solve"], ["game", "GO1-E-AAAAAAB"]]
)
def test_jokers_1_and_2_together_are_a_usage_error(command: list[str]) -> None:
    result = run(*command, "--variant", "jokers=1", "--variant", "jokers=2")
    assert result.returncode == 2 and result.stdout == ""
    assert "'jokers=1' and 'jokers=2' exclude each other" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_every_variant_is_documented_in_the_help() -> None:
    for command in ("deal", "game", "solve"):
        help_text = " ".join(run(command, "--help").stdout.split())
        for variant in Variant:
            assert variant.value in help_text
        assert "a deal code carries no variants" in help_text


def test_solve_refuses_a_line_dealt_for_other_variants() -> None:
    line = json.dumps(deal_for_number(3, jokers=1).to_json()) + "\n"
    plain = json.dumps(deal_for_number(3).to_json()) + "\n"
    result = run("solve", stdin=line + plain)
    assert result.returncode == 1
    assert without_notice(result.stderr).startswith("stdin:1: bad deal: the deal holds 1 Joker(s)")
    assert [json.loads(out)["line"] for out in result.stdout.splitlines()] == [2]


@pytest.mark.parametrize(
    ("variant", "jokers", "empty"),
    [("jokers=1", 1, False), ("jokers=2", 2, False), ("empty-waste", 0, True)],
)
def test_solve_searches_a_variant_and_its_line_replays(
    variant: str, jokers: int, empty: bool
) -> None:
    rule_set = RuleSet.of(Rules.EASY, [Variant(variant)])
    deals = [deal_for_number(n, jokers=jokers, empty_waste=empty) for n in (1, 2, 3)]
    stdin = "".join(json.dumps(deal.to_json()) + "\n" for deal in deals)
    result = run("solve", "--variant", variant, stdin=stdin)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(out) for out in result.stdout.splitlines()]
    assert [a["variants"] for a in answers] == [[variant]] * 3
    for deal, answer in zip(deals, answers, strict=True):
        if answer["verdict"] != "winnable":
            continue
        game = Game(deal, rule_set)
        for move in answer["moves"]:
            game.play(Move.from_json(move))
        assert game.is_won()


def test_game_has_no_recorded_game_with_variants() -> None:
    result = run("game", "GO1-E-AAAAAAB", "--variant", "empty-waste")
    assert result.returncode == 1
    assert "no recorded game for 'GO1-E-AAAAAAB' with empty-waste" in result.stderr


def test_check_says_at_its_start_that_it_runs_without_the_c_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import generator.check

    said: list[str] = []
    monkeypatch.setattr(check_command, "has_fast_search", lambda: False)
    monkeypatch.setattr(generator.check, "run_checks", lambda parts: said.append("ran") or [])
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["check", "--only", "census,catalogs"]) == 0
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("check: the C search is not built"), lines
    assert "its census part then takes a few minutes for a smaller sample, 16 rows" in lines[0]
    assert said == ["ran"]  # said before it ran
    for quick in ("examples,catalogs,safety", "pages,site"):  # seconds without it too
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            assert cli.main(["check", "--only", quick]) == 0
        assert err.getvalue() == ""


def _pytest(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", "-rs", *args],
        cwd=Path(__file__).parent.parent,
        env={
            **{
                k: v
                for k, v in os.environ.items()
                if k not in ("GOLF_REQUIRE_C_SEARCH", "GOLF_NO_C_SEARCH")
            },
            **env,
        },
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_without_the_c_search_the_tests_that_need_it_say_so_and_skip() -> None:
    """tests/conftest.py, the one place: a listed test is skipped saying why, the others run;
    where CI requires the C search (GOLF_REQUIRE_C_SEARCH), its absence stops the run."""
    listed = "tests/patience/test_solver.py::test_c_and_python_searches_give_the_same_line"
    other = "tests/patience/test_solver.py::test_unknown_implementation_is_an_error"
    result = _pytest(listed, other, GOLF_NO_C_SEARCH="1")
    assert result.returncode == 0, result.stdout[-2000:]
    assert "1 passed, 1 skipped" in result.stdout, result.stdout[-2000:]
    assert "needs the C search (GOLF_NO_C_SEARCH is set)" in result.stdout
    required = _pytest(listed, GOLF_NO_C_SEARCH="1", GOLF_REQUIRE_C_SEARCH="1")
    assert required.returncode != 0
    assert "GOLF_REQUIRE_C_SEARCH is set, but the C search is not built" in required.stderr


def test_with_the_c_search_the_tests_that_need_it_run() -> None:
    """The other side of the rule (itself listed in tests/conftest.py's NEEDS_C_SEARCH)."""
    listed = "tests/patience/test_solver.py::test_c_and_python_searches_give_the_same_line"
    built = _pytest(listed)
    assert built.returncode == 0 and "1 passed" in built.stdout, built.stdout[-2000:]


@pytest.mark.parametrize("command", ["build", "check", "approve", "catalog update", "serve"])
def test_outside_a_project_a_command_names_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str
) -> None:
    """Where no project is found (an installed package run in an empty folder), the commands
    that work on one say in a line what is missing and how to name one, exit 1 (issue 34)."""
    import generator.paths

    monkeypatch.setattr(generator.paths, "ROOT", tmp_path)
    monkeypatch.delenv("GOLF_PROJECT", raising=False)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(command.split()) == 1
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"error: no project here: {tmp_path} and the folders above it")
    assert "no mkdocs.yml, locales/languages.yaml, docs_src" in lines[0]
    assert lines[0].endswith("name it with --project DIR")

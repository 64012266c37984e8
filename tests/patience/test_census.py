"""The census: its reader refuses malformed files, the command resumes, and check catches a flipped verdict."""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from generator import cache as generator_cache
from generator.patience import DealCode, Rules, RuleSet, Variant, deal_for_number
from generator.patience.census import (
    BEST_NONE,
    SEED_VARIABLE,
    STANDARD_RULE_SETS,
    Census,
    CensusError,
    CensusJob,
    RunReport,
    Stopped,
    _parse_quickly,
    available_census,
    census_command,
    code_for,
    file_name,
    load_census,
    parse_census,
    read_lines,
    sample_problems,
    where,
)
from generator.patience.solver import solve

CLASSIC = RuleSet.of(Rules.CLASSIC)
NOK = RuleSet.of(Rules.CLASSIC, [Variant.NOTHING_ON_KING])

HEADER = [
    "# command: python -m generator census --from 3 --to 5 --rules classic",
    "# rules: classic",
    "# deals: 3-5",
    "# solver: C search",
    "# workers: 1",
    "# made: 2026-11-30",
    "number,code,verdict,best_removals,cpu_ms,nodes",
]


def rows(rule_set: RuleSet = CLASSIC) -> list[str]:
    return [
        f"3,{code_for(3, rule_set)},winnable,35,0.4,120",
        f"4,{code_for(4, rule_set)},unwinnable,30,12.5,9000",
        f"5,{code_for(5, rule_set)},unwinnable,,1.0,77",
    ]


def write(folder: Path, lines: list[str], rule_set: RuleSet = CLASSIC) -> Path:
    path = folder / file_name(rule_set)
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.write("".join(line + "\n" for line in lines))
    return path


def test_a_good_file_reads_back(tmp_path: Path) -> None:
    write(tmp_path, HEADER + rows())
    census = load_census(CLASSIC, tmp_path)
    assert census.rule_set == CLASSIC
    assert census.header["deals"] == "3-5"
    assert [r.number for r in census.rows] == [3, 4, 5]
    assert [r.winnable for r in census.rows] == [True, False, False]
    assert [r.best_removals for r in census.rows] == [35, 30, None]
    assert census.rows[1].cpu_ms == 12.5 and census.rows[1].nodes == 9000
    assert census.rows[0].code.startswith("GO1-C-")
    assert [r.to_csv() for r in census.rows] == rows()


def test_available_census_lists_the_files(tmp_path: Path) -> None:
    assert available_census(tmp_path / "none") == []
    write(tmp_path, HEADER + rows())
    nok_header = [
        line.replace("rules: classic", "rules: classic+nothing-on-king") for line in HEADER
    ]
    write(tmp_path, nok_header + rows(NOK), NOK)
    (tmp_path / "classic.csv.gz.partial").write_text("ignored")
    assert available_census(tmp_path) == [CLASSIC, NOK]
    assert load_census(NOK, tmp_path).rows[0].code == code_for(3, NOK)


def test_a_file_named_after_no_rule_set_is_refused(tmp_path: Path) -> None:
    (tmp_path / "classic+wrap.csv.gz").write_bytes(b"")
    with pytest.raises(CensusError, match=r"classic\+wrap.csv.gz:1: .*'wrap' is unknown"):
        available_census(tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda ls: ls[:2] + ls[3:], r":6: the header lacks '# deals: \.\.\.'"),
        (lambda ls: [ls[0], "rules: classic", *ls[2:]], r":2: expected a '# key: value' line"),
        (lambda ls: [*ls[:2], ls[1], *ls[2:]], r":3: header key 'rules' given twice"),
        (lambda ls: [ls[0], "# rules: easy", *ls[2:]], r":2: rules 'easy' where the file"),
        (lambda ls: [*ls[:2], "# deals: 5-3", *ls[3:]], r":3: deals '5-3' is not a range"),
        (lambda ls: ["# command: solve", *ls[1:]], r":1: command 'solve' is not a census"),
        (lambda ls: ls[:6], r":7: no column header"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,35,0.4"], r":8: expected 6 fields, found 5"),
        (lambda ls: [*ls, "x,GO1-C-AAAAAAD,winnable,35,0.4,1"], r":8: deal number 'x'"),
        (lambda ls: [*ls, "3,GO1-E-AAAAAAD,winnable,35,0.4,1"], r":8: code 'GO1-E-AAAAAAD' is not"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,won,35,0.4,1"], r":8: verdict 'won'"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,36,0.4,1"], r":8: best_removals '36'"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,34,0.4,1"], r":8: best_removals 34 contra"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,unwinnable,35,0.4,1"], r":8: best_removals 35 contra"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,35,0.45,1"], r":8: cpu_ms '0.45'"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,35,0.4,-1"], r":8: nodes '-1'"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,35,0.4,212¹"], r":8: nodes '212¹'"),
        (lambda ls: [*ls, "٣,GO1-C-AAAAAAD,winnable,35,0.4,1"], r":8: deal number '٣'"),
        (lambda ls: [*ls, "3,GO1-C-AAAAAAD,winnable,٣5,0.4,1"], r":8: best_removals '٣5'"),
    ],
)
def test_a_malformed_file_is_refused_naming_file_and_line(
    tmp_path: Path, change: object, message: str
) -> None:
    assert callable(change)
    path = write(tmp_path, change(list(HEADER)))
    with pytest.raises(CensusError, match=rf"/classic\.csv\.gz{message}"):
        load_census(CLASSIC, tmp_path)
    assert (
        _parse_quickly(change(list(HEADER)), CLASSIC, path) is None
    )  # nor read a column at a time
    with pytest.raises(CensusError, match=rf"/classic\.csv\.gz{message}"):
        load_census(CLASSIC, tmp_path, cache_dir=tmp_path / "cache")
    assert not (tmp_path / "cache").exists()  # and nothing kept of it


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (lambda rs: [rs[0], rs[2]], r":9: deal 5 where deal 4 belongs"),
        (lambda rs: [rs[1], rs[0], rs[2]], r":8: deal 4 where deal 3 belongs"),
        (lambda rs: [rs[0], rs[0], rs[1], rs[2]], r":9: deal 3 where deal 4 belongs"),
        (lambda rs: rs[:2], r":10: the rows end at 4, the header says deals 3-5"),
        (lambda rs: [], r":8: the rows end at no deal"),
    ],
)
def test_rows_must_cover_the_header_range_in_order(
    tmp_path: Path, body: object, message: str
) -> None:
    assert callable(body)
    write(tmp_path, HEADER + body(rows()))
    with pytest.raises(CensusError, match=rf"/classic\.csv\.gz{message}"):
        load_census(CLASSIC, tmp_path)


def columns(census: Census) -> tuple[object, ...]:
    return (census.header, census.first, census.winnable, census.best, census.cpu_ms, census.nodes)


def test_rows_read_a_column_at_a_time_are_the_rows_read_one_by_one(tmp_path: Path) -> None:
    """Random damage to a good file: the quick reader refuses all the careful one refuses, and
    reads all it accepts as the careful one does (or leaves it to the careful one)."""
    lines = HEADER + rows()
    good = _parse_quickly(lines, CLASSIC, tmp_path / "classic.csv.gz")
    assert good is not None and good.best == bytes([35, 30, BEST_NONE])
    assert good.cpu_ms.tolist() == [0.4, 12.5, 1.0] and good.nodes.tolist() == [120, 9000, 77]
    chooser = random.Random(11)
    alphabet = "0123456789,.-ACEGOZwinableu \r\n"
    accepted = refused = quickly = 0
    for _ in range(1500):
        text = list("\n".join(lines))
        for _ in range(chooser.randint(1, 3)):
            at = chooser.randrange(len(text))
            kind = chooser.randrange(3)
            if kind == 0:
                text[at] = chooser.choice(alphabet)
            elif kind == 1:
                del text[at]
            else:
                text.insert(at, chooser.choice(alphabet))
        damaged = "".join(text).split("\n")
        path = tmp_path / "classic.csv.gz"
        quick = _parse_quickly(damaged, CLASSIC, path)
        try:
            careful = parse_census(enumerate(damaged, 1), CLASSIC, path)
        except CensusError:
            assert quick is None, damaged
            refused += 1
            continue
        accepted += 1
        quickly += quick is not None
        assert quick is None or columns(quick) == columns(careful), damaged
    assert quickly > 50 and refused > 500, (quickly, accepted, refused)  # every kind was tried


def test_the_committed_files_read_the_same_a_column_at_a_time() -> None:
    for rule_set in available_census():
        path = Path(where(load_census(rule_set).path))
        path = path if path.is_absolute() else Path(__file__).resolve().parents[2] / path
        careful = parse_census(read_lines(path), rule_set, path)
        quick = _parse_quickly([line for _, line in read_lines(path)], rule_set, path)
        assert quick is not None and columns(quick) == columns(careful)
        assert careful.row(len(careful) - 1) == careful.rows[-1]


def test_a_file_read_once_is_kept_until_its_bytes_change(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    path = write(tmp_path, HEADER + rows())
    first = load_census(CLASSIC, tmp_path, cache_dir=cache)
    (kept,) = (cache / "census").glob("*")
    assert (
        kept.name.startswith("classic.")
        and load_census(CLASSIC, tmp_path, cache_dir=cache) == first
    )
    # the kept columns are what the next reading returns...
    payload = generator_cache.get("census", kept.name, cache)
    assert payload is not None
    generator_cache.put("census", kept.name, payload.replace(b"2026-11-30", b"2026-12-01"), cache)
    assert load_census(CLASSIC, tmp_path, cache_dir=cache).header["made"] == "2026-12-01"
    # ...unless they are damaged: then the file is read again, and kept again
    for damage in (b"2026-12-01", b"2026-12-02"), (b"\x00", b"\x01"):
        kept.write_bytes(kept.read_bytes().replace(*damage, 1))
        assert load_census(CLASSIC, tmp_path, cache_dir=cache).header["made"] == "2026-11-30"
        assert generator_cache.get("census", kept.name, cache) is not None
    kept.write_bytes(kept.read_bytes()[:-3])
    assert load_census(CLASSIC, tmp_path, cache_dir=cache) == first
    payload = generator_cache.get("census", kept.name, cache)
    assert (
        payload is not None
        and json.loads(payload.partition(b"\n")[0])["header"]["made"] == "2026-11-30"
    )
    # other bytes: read again, checked again, and the old columns are dropped
    write(tmp_path, [*HEADER, rows()[0], rows()[1].replace(",30,", ",31,"), rows()[2]])
    second = load_census(CLASSIC, tmp_path, cache_dir=cache)
    assert second.best == bytes([35, 31, BEST_NONE])
    assert len(list((cache / "census").glob("*"))) == 1
    write(tmp_path, [*HEADER, rows()[0], rows()[1].replace(",30,", ",36,"), rows()[2]])
    with pytest.raises(CensusError, match=r":9: best_removals '36'"):
        load_census(CLASSIC, tmp_path, cache_dir=cache)
    assert path.exists()


def test_a_damaged_or_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CensusError, match=r"classic\.csv\.gz:1: no such census file"):
        load_census(CLASSIC, tmp_path)
    path = write(tmp_path, HEADER + rows())
    path.write_bytes(path.read_bytes()[:-12])
    with pytest.raises(CensusError, match=r"classic\.csv\.gz:1: not a complete gzip file"):
        load_census(CLASSIC, tmp_path)
    path.write_text("number,code\n")
    with pytest.raises(CensusError, match=r"classic\.csv\.gz:1: not a complete gzip file"):
        load_census(CLASSIC, tmp_path)
    with gzip.open(path, "wb") as stream:
        stream.write(b"# command: \xff\n")
    with pytest.raises(CensusError, match=r"classic\.csv\.gz:1: not UTF-8 text"):
        load_census(CLASSIC, tmp_path)


# -- the command ---------------------------------------------------------------------

STRICT = RuleSet.of(Rules.STRICT)
STRICT_NOK = RuleSet.of(Rules.STRICT, [Variant.NOTHING_ON_KING])  # as fast as strict: for two files
EASY = RuleSet.of(Rules.EASY)


def run(
    folder: Path, first: int, last: int, *rule_sets: RuleSet, **options: Any
) -> list[RunReport]:
    settings: dict[str, Any] = {
        "workers": 1,
        "folder": folder,
        "best": True,
        "command": f"python -m generator census --from {first} --to {last}",
    }
    calling = {"err": options.pop("err", io.StringIO()), "stop": options.pop("stop", None)}
    job = CensusJob(first, last, rule_sets, **{**settings, **options})
    return census_command(job, **calling)


def facts(census: Census) -> list[tuple[int, str, bool, int | None, int]]:
    """Everything a row says but its CPU time (which differs from run to run)."""
    return [(r.number, r.code, r.winnable, r.best_removals, r.nodes) for r in census.rows]


def test_the_census_records_what_the_solver_says(tmp_path: Path) -> None:
    (report,) = run(tmp_path, 7, 16, EASY)
    census = load_census(EASY, tmp_path)
    assert report.census == census and report.solved_now == 10
    assert census.header["deals"] == "7-16" and census.header["command"].endswith("--to 16")
    assert [r.number for r in census.rows] == list(range(7, 17))
    for row in census.rows:
        solution = solve(deal_for_number(row.number), EASY, best=True)
        assert (row.winnable, row.best_removals, row.nodes) == (
            solution.winnable,
            solution.best_removals,
            solution.positions,
        )
        assert row.code == str(DealCode("E", row.number))
        assert row.cpu_ms >= 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["easy.csv.gz"]
    lines = report.lines()
    assert lines[0].startswith("easy: 10 deals (10 solved in this run), winnable ")
    assert len(lines) == 1 + 5 and all(" easy " in line and " nodes" in line for line in lines[1:])


def test_a_rerun_over_a_complete_file_does_nothing_and_says_so(tmp_path: Path) -> None:
    run(tmp_path, 1, 10, STRICT)
    before = (tmp_path / "strict.csv.gz").read_bytes()
    (report,) = run(tmp_path, 1, 10, STRICT)
    assert report.skipped and report.solved_now == 0
    assert report.lines() == [
        "strict: " + where(tmp_path / "strict.csv.gz") + " already holds deals 1-10: nothing to do"
    ]
    assert (tmp_path / "strict.csv.gz").read_bytes() == before


class StopAfter(io.StringIO):
    """An error stream that asks the run to stop once the progress bar has shown ``count`` times."""

    def __init__(self, stop: threading.Event, count: int) -> None:
        super().__init__()
        self.stop, self.count = stop, count

    def write(self, text: str) -> int:
        if "deals," in text:
            self.count -= 1
            if self.count <= 0:
                self.stop.set()
        return super().write(text)


def test_an_interrupted_run_resumes_to_the_file_an_uninterrupted_run_makes(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    run(whole, 1, 30, STRICT, STRICT_NOK)
    stop = threading.Event()
    with pytest.raises(Stopped):
        run(parts, 1, 30, STRICT, STRICT_NOK, stop=stop, err=StopAfter(stop, 1), chunk=4)
    partial = parts / "strict.csv.gz.partial"
    assert not (parts / "strict.csv.gz").exists()
    kept = partial.read_text().splitlines()
    assert kept[-1].startswith("4,GO1-C-AAAAAAE,")
    partial.write_text("\n".join(kept) + "\n5,GO1-C-AAAA")  # a line cut short by a kill
    err = io.StringIO()
    reports = run(parts, 1, 30, STRICT, STRICT_NOK, err=err)
    assert "4 deals already solved, going on" in err.getvalue()
    assert [r.solved_now for r in reports] == [26, 30]
    for rule_set in (STRICT, STRICT_NOK):
        assert facts(load_census(rule_set, parts)) == facts(load_census(rule_set, whole))
    assert sorted(p.name for p in parts.iterdir()) == [
        "strict+nothing-on-king.csv.gz",
        "strict.csv.gz",
    ]


def test_a_partial_file_of_another_run_is_refused(tmp_path: Path) -> None:
    stop = threading.Event()
    with pytest.raises(Stopped):
        run(tmp_path, 1, 30, STRICT, stop=stop, err=StopAfter(stop, 1), chunk=4)
    with pytest.raises(CensusError, match=r"strict\.csv\.gz\.partial:3: a run with deals '1-30'"):
        run(tmp_path, 1, 40, STRICT)
    partial = tmp_path / "strict.csv.gz.partial"
    partial.write_text(partial.read_text() + "3,GO1-C-AAAAAAD,winnable,35,0.1,5\n")
    with pytest.raises(CensusError, match=r"partial:12: deal 3 is outside 1-30 or repeated"):
        run(tmp_path, 1, 30, STRICT)
    assert not (tmp_path / "strict.csv.gz").exists()


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stops_a_run_on_two_workers_and_loses_nothing(
    tmp_path: Path, signal_number: int
) -> None:
    command = [sys.executable, "-m", "generator", "census", "--from", "1", "--to", "2000"]
    command += ["--rules", "strict", "--workers", "2", "--out", str(tmp_path)]
    partial = tmp_path / "strict.csv.gz.partial"
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if partial.exists() and len(partial.read_text().splitlines()) > 100:
            break
        time.sleep(0.01)
    process.send_signal(signal_number)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "census: stopped; every deal solved so far is kept" in err and "Traceback" not in err
    assert not (tmp_path / "strict.csv.gz").exists()
    kept = partial.read_text().splitlines()
    assert 100 < len(kept) < 2000 + 7 and all(
        line.endswith(tuple("0123456789")) for line in kept[7:]
    )
    if signal_number == signal.SIGTERM:
        return
    rerun = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    assert "already solved, going on" in rerun.stderr
    census = load_census(STRICT, tmp_path)
    assert [r.number for r in census.rows] == list(range(1, 2001))
    for row in census.rows[::97]:
        assert row.winnable == solve(deal_for_number(row.number), STRICT).winnable


def test_the_sample_check_catches_a_flipped_verdict(tmp_path: Path) -> None:
    run(tmp_path, 1, 12, EASY, STRICT)
    assert list(sample_problems(tmp_path, seed=3, budget_ms=1e9)) == []
    path = tmp_path / "strict.csv.gz"
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        lines = stream.read().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("5,"))
    flipped = "unwinnable" if ",winnable," in lines[index] else "winnable"
    lines[index] = re.sub(r",(un)?winnable,[0-9]*,", f",{flipped},,", lines[index])
    write(tmp_path, lines, STRICT)
    problems = list(sample_problems(tmp_path, seed=3, budget_ms=1e9))
    assert len(problems) == 1
    assert re.match(
        rf"^.*/strict\.csv\.gz:{index + 1}: GO1-C-AAAAAAF is recorded {flipped} on strict, "
        r"the solver says (un)?winnable \(sample seed 3: GOLF_CENSUS_SEED=3 python -m generator",
        problems[0],
    )
    # a small budget samples a few rows, the same ones for the same seed
    assert list(sample_problems(tmp_path, seed=8, budget_ms=0.5)) == list(
        sample_problems(tmp_path, seed=8, budget_ms=0.5)
    )


def test_the_sample_check_reports_a_malformed_file(tmp_path: Path) -> None:
    write(tmp_path, HEADER + rows()[:1])
    (problem,) = sample_problems(tmp_path, seed=1)
    assert re.match(r"^.*/classic\.csv\.gz:9: the rows end at 3", problem)


def test_the_committed_census_holds(tmp_path: Path) -> None:
    rule_sets = available_census()
    assert {str(r) for r in STANDARD_RULE_SETS} <= {str(r) for r in rule_sets}
    for rule_set in rule_sets:
        census = load_census(rule_set)
        assert census.header["command"].startswith("python -m generator census")
        assert census.first == 1 and census.last >= 500
    assert list(sample_problems(seed=1, budget_ms=200)) == []


def test_check_runs_the_census_sample_with_the_seed_given() -> None:
    command = [sys.executable, "-m", "generator", "check", "--only", "census"]
    good = subprocess.run(
        command, capture_output=True, text=True, timeout=120, env={**os.environ, SEED_VARIABLE: "5"}
    )
    assert good.returncode == 0 and "check: all good: census" in good.stdout, good.stderr
    bad = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, SEED_VARIABLE: "x5"},
    )
    assert bad.returncode == 1 and f"${SEED_VARIABLE}: 'x5' is not a whole number" in bad.stdout

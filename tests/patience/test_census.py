"""The census: its reader refuses malformed files, the command resumes, and check catches a flipped verdict."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from generator.patience import Rules, RuleSet, Variant
from generator.patience.census import (
    CensusError,
    available_census,
    code_for,
    file_name,
    load_census,
)

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
    ],
)
def test_a_malformed_file_is_refused_naming_file_and_line(
    tmp_path: Path, change: object, message: str
) -> None:
    assert callable(change)
    write(tmp_path, change(list(HEADER)))
    with pytest.raises(CensusError, match=rf"/classic\.csv\.gz{message}"):
        load_census(CLASSIC, tmp_path)


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

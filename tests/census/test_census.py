"""The census: rows any executor writes the same, shards, resume, and data that cannot be lost
or quietly falsified. The committed census (made by the format-1 runner, before this room
existed) is the oracle for the rows."""

from __future__ import annotations

import gzip
import math
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.census import CENSUS_DIR, CensusError, available_census, load_census
from generator.census.format import shard_ranges
from generator.census.runner import CensusJob, Stopped, census_command, write_census
from generator.census.tasks import Solved
from generator.census.verify import sample_problems, sample_size, summary_problems
from generator.patience import Rules, RuleSet
from tests.census.own_python import in_a_python_of_its_own, main

STRICT = RuleSet.of(Rules.STRICT)
EASY = RuleSet.of(Rules.EASY)
CASES = yaml.safe_load((Path(__file__).parents[1] / "data" / "broken_census.yaml").read_text())


class Quiet:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def job(folder: Path, first: int, last: int, *rule_sets: RuleSet, **more: Any) -> CensusJob:
    return CensusJob(
        first,
        last,
        rule_sets or (STRICT,),
        more.pop("workers", 1),
        folder,
        True,
        "python -m generator census (test)",
        **more,
    )


def committed_rows(rule_set: RuleSet, last: int) -> list[str]:
    """The committed shard's first rows (the oracle)."""
    text = gzip.decompress((CENSUS_DIR / str(rule_set) / "1-100000.csv.gz").read_bytes())
    return text.decode().splitlines()[3 : 3 + last]


def rows_of(folder: Path, rule_set: RuleSet) -> list[str]:
    found = []
    for path in sorted(
        (folder / str(rule_set)).glob("*.csv.gz"), key=lambda p: int(p.name.split("-")[0])
    ):
        found += gzip.decompress(path.read_bytes()).decode().splitlines()[3:]
    return found


def test_a_census_reproduces_the_committed_rows_in_shards(tmp_path: Path) -> None:
    census_command(job(tmp_path, 1, 45, STRICT, EASY, shard_size=20), err=Quiet())
    for rule_set in (STRICT, EASY):
        assert rows_of(tmp_path, rule_set) == committed_rows(rule_set, 45)
        manifest = (tmp_path / str(rule_set) / "manifest.txt").read_text().splitlines()
        assert [line for line in manifest if line.startswith("shard")] == [
            "shard: 1-20",
            "shard: 21-40",
            "shard: 41-45",
        ]
        census = load_census(rule_set, tmp_path)
        assert (census.first, census.last, len(census.shards)) == (1, 45, 3)
    assert list(summary_problems(tmp_path)) == []


def test_shards_are_cut_at_the_multiples_of_their_size() -> None:
    assert shard_ranges(99_999, 300_001) == [
        (99_999, 100_000),
        (100_001, 200_000),
        (200_001, 300_000),
        (300_001, 300_001),
    ]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_a_malformed_census_is_one_line_naming_file_and_line(
    tmp_path: Path, case: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_census(
        tmp_path,
        STRICT,
        1,
        bytes(3),
        bytes([34, 33, 30]),
        {
            "command": "x",
            "best": "on",
            "solver": "C search",
            "executor": "local",
            "workers": "1",
            "made": "2026-12-01",
        },
    )
    path = tmp_path / case["file"]
    data = case["text"].encode()
    path.write_bytes(gzip.compress(data) if path.name.endswith(".gz") else data)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CensusError) as raised:
        load_census(STRICT, tmp_path)
    assert str(raised.value).removeprefix(f"{tmp_path}/").startswith(case["error"]), raised.value
    assert "\n" not in str(raised.value)


def test_the_local_pool_and_a_dask_cluster_write_the_same_bytes_and_resume_each_other(
    tmp_path: Path,
) -> None:
    pytest.importorskip("distributed", reason="the dask extra: pip install -e '.[dask]'")
    in_a_python_of_its_own(__name__, "pool_and_dask", tmp_path)


def pool_and_dask(tmp_path: Path) -> None:
    local, dask = tmp_path / "local", tmp_path / "dask"
    census_command(job(local, 1, 60, STRICT, workers=2, shard_size=25), err=Quiet())
    # a local run interrupted after deals 26-40 of the second shard, finished on Dask
    (dask / "strict").mkdir(parents=True)
    partial = rows_of(local, STRICT)[25:40]
    (dask / "strict" / "26-50.partial").write_text(
        "# rules: strict\n# deals: 26-50\n# best: on\nnumber,code,verdict,best_removals\n"
        + "".join(line + "\n" for line in partial)
    )
    err = []

    class Err(Quiet):
        def write(self, text: str) -> int:
            err.append(text)
            return len(text)

    (report,) = census_command(
        job(dask, 1, 60, STRICT, workers=2, shard_size=25, executor="dask"), err=Err()
    )
    assert report.solved_now == 60 - 15
    assert any("15 deals already solved, going on" in text for text in err)
    for name in ("1-25", "26-50", "51-60"):
        for suffix in (".csv.gz", ".summary.txt"):
            assert (dask / "strict" / f"{name}{suffix}").read_bytes() == (
                local / "strict" / f"{name}{suffix}"
            ).read_bytes(), name + suffix
    assert "executor: dask" in (dask / "strict" / "manifest.txt").read_text()
    assert load_census(STRICT, dask).winnable == load_census(STRICT, local).winnable


def test_a_run_keeps_its_complete_shards_and_never_shrinks_a_kept_census(tmp_path: Path) -> None:
    census_command(job(tmp_path, 1, 30, shard_size=10), err=Quiet())
    first = tmp_path / "strict" / "1-10.csv.gz"
    before = (first.stat().st_ino, first.read_bytes())
    with pytest.raises(CensusError, match="holds deals 1-30; deals 1-20 would replace it"):
        census_command(job(tmp_path, 1, 20, shard_size=10, keep_larger=True), err=Quiet())
    (report,) = census_command(job(tmp_path, 1, 40, shard_size=10, keep_larger=True), err=Quiet())
    assert report.solved_now == 10  # deals 31-40 alone
    assert (first.stat().st_ino, first.read_bytes()) == before
    assert load_census(STRICT, tmp_path).last == 40


def test_a_shard_whose_summary_was_edited_is_refused_on_resume(tmp_path: Path) -> None:
    census_command(job(tmp_path, 1, 20, shard_size=10), err=Quiet())
    summary = tmp_path / "strict" / "1-10.summary.txt"
    text = summary.read_text()
    won = int(text.split("\nwinnable: ")[1].split("\n")[0])
    text = text.replace(f"\nwinnable: {won}\n", f"\nwinnable: {won + 1}\n")
    summary.write_text(text.replace(f"unwinnable: {10 - won}\n", f"unwinnable: {9 - won}\n"))
    (tmp_path / "strict" / "manifest.txt").unlink()
    with pytest.raises(CensusError, match="the summary says winnable"):
        census_command(job(tmp_path, 1, 20, shard_size=10), err=Quiet())


def test_a_stop_loses_nothing_and_the_rerun_goes_on(tmp_path: Path) -> None:
    stop = threading.Event()

    class StopSoon(Quiet):
        def write(self, text: str) -> int:
            stop.set()  # the first progress line
            return len(text)

    with pytest.raises(Stopped):
        census_command(job(tmp_path, 1, 300, chunk=10), err=StopSoon(), stop=stop)
    partial = (tmp_path / "strict" / "1-300.partial").read_text().splitlines()
    assert 4 < len(partial) < 304
    census_command(job(tmp_path, 1, 300), err=Quiet())
    assert rows_of(tmp_path, STRICT) == committed_rows(STRICT, 300)


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stops_two_workers_and_loses_nothing(
    tmp_path: Path, signal_number: int
) -> None:
    command = [sys.executable, "-m", "generator", "census", "--from", "1", "--to", "3000"]
    command += ["--rules", "strict", "--workers", "2", "--out", str(tmp_path)]
    command += ["--task-seconds", "0.02"]  # many tasks: the stop comes while some are out
    partial = tmp_path / "strict" / "1-3000.partial"
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
    assert not (tmp_path / "strict" / "manifest.txt").exists()
    kept = partial.read_text().splitlines()[4:]
    assert 90 < len(kept) < 3000
    assert set(kept) <= set(committed_rows(STRICT, 3000))


def test_the_sample_size_catches_half_a_percent_with_99_percent() -> None:
    for rows in (100_000, 10_000, 1_000, 200, 7):
        n = sample_size(rows)
        bad = math.ceil(0.005 * rows)
        # the chance that n draws miss every false row, from binomial coefficients
        miss = math.comb(rows - bad, n) / math.comb(rows, n)
        assert miss <= 0.01, (rows, n, miss)
        if n > 1:
            assert math.comb(rows - bad, n - 1) / math.comb(rows, n - 1) > 0.01, (rows, n)


@pytest.fixture(scope="module")
def falsified(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed Easy census with 500 verdicts flipped from winnable to not winnable, chosen
    among deals Classic cannot win (so no deal is lost when the rules relax), and the summary
    rewritten to match, as a falsifier would."""
    folder = tmp_path_factory.mktemp("falsified")
    easy, classic = load_census(EASY), load_census(RuleSet.of(Rules.CLASSIC))
    chosen = [i for i in range(len(easy)) if easy.winnable[i] and not classic.winnable[i]][::7][
        :500
    ]
    assert len(chosen) == 500
    winnable, best = bytearray(easy.winnable), bytearray(easy.best)
    for i in chosen:
        winnable[i], best[i] = 0, 34
    write_census(
        folder,
        EASY,
        1,
        bytes(winnable),
        bytes(best),
        {k: v for k, v in easy.header.items() if k not in ("rules", "deals")},
    )
    return folder


def test_a_falsified_shard_with_a_matching_summary_is_caught_by_the_sample(
    falsified: Path,
) -> None:
    assert list(summary_problems(falsified)) == []  # the summary was rewritten to agree
    for salt in ("1",):
        problems = list(sample_problems(falsified, salt=salt))
        assert problems, f"salt {salt}: the sample missed 500 falsified rows"
        assert all(
            "easy/1-100000.csv.gz:" in p
            and "is recorded unwinnable on easy, the "
            f"solver says winnable (sample salt {salt}: GOLF_CENSUS_SALT={salt}"
            in p
            for p in problems
        ), problems[:2]


def test_a_falsified_shard_with_its_old_summary_is_caught_by_the_summary(
    falsified: Path, tmp_path: Path
) -> None:
    shutil.copytree(falsified, tmp_path / "c")
    shutil.copy(CENSUS_DIR / "easy" / "1-100000.summary.txt", tmp_path / "c" / "easy")
    problems = list(summary_problems(tmp_path / "c"))
    assert any(
        "easy/1-100000.summary.txt:4: the summary says winnable 92944, the rows of "
        "1-100000.csv.gz give 92444" in p
        for p in problems
    ), problems


def test_a_file_the_manifest_does_not_list_is_reported(tmp_path: Path) -> None:
    census_command(job(tmp_path, 1, 5), err=Quiet())
    (tmp_path / "strict" / "6-9.csv.gz").write_bytes(b"")
    (problem,) = summary_problems(tmp_path)
    assert problem.endswith(
        "strict/6-9.csv.gz:1: not listed in "
        + str(tmp_path / "strict" / "manifest.txt")
        + ": a census folder holds only its manifest's shards and their summaries"
    )


def test_the_committed_census_agrees_with_its_summaries() -> None:
    assert len(available_census()) == 13
    assert list(summary_problems()) == []
    for rule_set in available_census():
        census = load_census(rule_set)
        assert census.first == 1 and census.last >= 10_000


def test_the_page_counts_are_the_summaries_counts() -> None:
    from generator.pages.statistics import statistics_page_facts

    facts = statistics_page_facts()
    for share in facts["shares"]:
        summary = (CENSUS_DIR / share.name / f"1-{share.deals}.summary.txt").read_text()
        assert f"\nwinnable: {share.winnable}\n" in summary, share.name


def test_census_verify_resolves_every_row(tmp_path: Path) -> None:
    census_command(job(tmp_path / "c", 1, 30, shard_size=12), err=Quiet())
    shard = tmp_path / "c" / "strict" / "13-24.csv.gz"
    rows = gzip.decompress(shard.read_bytes()).decode()
    line = rows.splitlines()[5]
    flipped = (
        line.replace(",winnable,35", ",unwinnable,34")
        if ",winnable," in line
        else (line.rsplit(",", 2)[0] + ",winnable,35")
    )
    shard.write_bytes(gzip.compress(rows.replace(line + "\n", flipped + "\n").encode()))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "census-verify",
            "--census",
            str(tmp_path / "c"),
            "--work",
            str(tmp_path / "w"),
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])},
    )
    assert result.returncode == 1, result.stderr
    assert f"c/strict/13-24.csv.gz:6: {line.split(',')[1]} is recorded" in result.stdout
    assert "strict: 30 rows re-solved, 1 differ" in result.stdout


def test_without_the_c_search_check_draws_the_smaller_sample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the C search is not built, check's census part re-solves PURE_PYTHON_ROWS rows of
    each shard (minutes in pure Python, not hours), and the full sample with it."""
    import generator.census.verify as verify
    import generator.check as check
    import generator.patience.solver as solver

    drawn: list[int] = []
    real = verify._draw

    def draw(census: Any, salt: str, rows: int | None = None) -> list[int]:
        indexes = real(census, salt, rows)
        drawn.append(len(indexes))
        return indexes

    monkeypatch.setattr(verify, "_draw", draw)
    monkeypatch.setattr(  # nothing solved: every drawn row answered at once
        verify,
        "results",
        lambda _rules, tasks, *rest: (
            Solved(t, bytes(len(t)), bytes(len(t)), "", 0.0, ()) for t in tasks
        ),
    )
    monkeypatch.setattr(verify, "_disagreement", lambda *args: iter(()))
    monkeypatch.setattr("generator.twopath.simulation.sample_problems", lambda seed: iter(()))
    monkeypatch.setattr("generator.twopath.tournament.sample_problems", lambda seed: iter(()))
    shards = {rule_set: len(load_census(rule_set).shards) for rule_set in available_census()}
    for fast, rows in ((True, None), (False, verify.PURE_PYTHON_ROWS)):
        monkeypatch.setattr(solver, "has_fast_search", lambda fast=fast: fast)
        drawn.clear()
        assert list(check.check_census()) == []
        expected = [
            count * rows
            if rows
            else sum(verify.sample_size(len(s.winnable)) for s in load_census(r).shards)
            for r, count in shards.items()
        ]
        assert drawn == expected


def test_a_census_beyond_the_committed_one_is_checked_in_its_own_folder(tmp_path: Path) -> None:
    """``census --out DIR`` says how to check it where it is; ``check --census DIR`` passes it,
    and names the shard whose best results were lowered, its summary made to agree; the
    package holds nothing of it."""
    out = tmp_path / "big"
    before = sorted(p.name for p in CENSUS_DIR.rglob("*"))
    command = [sys.executable, "-m", "generator", "census", "--from", "1", "--to", "200"]
    command += ["--rules", "strict", "--workers", "1", "--out", str(out)]
    made = subprocess.run(command, capture_output=True, text=True, check=True)
    assert f"check it where it is: python -m generator check --census {out}\n" in made.stdout
    check = [sys.executable, "-m", "generator", "check", "--census", str(out), "--workers", "1"]
    good = subprocess.run(check, capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.startswith(
        f"check: all good: the census of 1 rule set(s), 1 shard(s) in {out}"
    )
    census = load_census(STRICT, out)
    lowered = bytes(
        best - 1 if not won and best > 0 else best
        for won, best in zip(census.winnable, census.best, strict=True)
    )
    shutil.rmtree(out / "strict")
    header = {k: v for k, v in census.header.items() if k not in ("rules", "deals")}
    write_census(out, STRICT, 1, census.winnable, lowered, header)
    bad = subprocess.run(check, capture_output=True, text=True)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert f"{out}/strict/1-200.csv.gz:" in bad.stdout and " is recorded " in bad.stdout
    assert (
        bad.stderr.startswith("check: ")
        and "problem(s) in the census of 1 rule set(s)" in bad.stderr
    )
    assert sorted(p.name for p in CENSUS_DIR.rglob("*")) == before


if __name__ == "__main__":
    main({"pool_and_dask": pool_and_dask})

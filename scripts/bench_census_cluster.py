"""The census runner on a cluster, measured: at scale by simulation, and for real against the
local pool.

    python scripts/bench_census_cluster.py simulate [--threads 64] [--processes 8] [--deals 1000000]
        [--shards 10] [--against f2dfb61]
    python scripts/bench_census_cluster.py overhead [--deals 100000] [--rounds 1]
    python scripts/bench_census_cluster.py costs [--to 20000]

``simulate`` drives the census runner (``census_command``, as the CLI does with
``--executor dask --scheduler ADDRESS``) against a Dask LocalCluster of ``--processes``
worker processes with ``--threads`` worker threads in all, with a stand-in solve
(``generator.census.simulate.StandIn``) that sleeps for each deal's measured cost
(``tests/data/census-costs-classic.txt.gz``) and writes the committed census's rows. The
scheduler counts (``generator.census.inflight.InFlight``) the tasks in flight and the
workers' compute time. It prints, per runner: wall time, the workers' busy fraction (their
compute time over threads x wall), tasks and tasks per second, the tasks in flight at most and
on average, and whether the first shard is byte for byte the committed one. ``--against
COMMIT`` also runs that commit's runner (``git show COMMIT:generator/census/runner.py``; its
task replaced by the same stand-in), on a fresh cluster of the same shape, side by side. The first shard's rows must be the
committed rows (a shard of at most 100,000 deals).

``overhead`` runs the real census command over deals 1..N of classic on the local pool and on
a Dask local cluster of as many processes (``--workers 2``), in turn, and prints each one's
wall time and CPU (its own and its children's, from ``getrusage``), the CPU of the solves
alone, and the ratio of Dask's CPU to the pool's.

``costs`` measures the sample the stand-in sleeps for: the census's own solve (verdict and
best result) of deals 1..N of classic, timed in the solving thread.
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

from generator.census.format import CENSUS_DIR, parse_rule_set

ROOT = Path(__file__).resolve().parents[1]
COSTS = ROOT / "tests" / "data" / "census-costs-classic.txt.gz"
RULES = "classic"


def _cluster(processes: int, threads: int):  # type: ignore[no-untyped-def]
    import logging

    from distributed import LocalCluster

    if threads % processes:
        raise SystemExit(f"--threads {threads} is not a multiple of --processes {processes}")
    return LocalCluster(
        n_workers=processes,
        threads_per_worker=threads // processes,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )


def _old_runner(commit: str) -> types.ModuleType:
    """``commit``'s runner, loaded beside this tree's census room (whose modules it imports)."""
    source = subprocess.run(
        ["git", "show", f"{commit}:generator/census/runner.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType(f"runner_{commit}")
    module.__dict__["__name__"] = module.__name__
    sys.modules[module.__name__] = module
    exec(compile(source, f"{commit}:generator/census/runner.py", "exec"), module.__dict__)
    return module


def simulate_one(label: str, args: argparse.Namespace, commit: str | None) -> dict[str, object]:
    from generator.census.inflight import InFlight
    from generator.census.simulate import StandIn

    rule_set = parse_rule_set(RULES)
    out = Path(tempfile.mkdtemp(prefix="bench-census-cluster-"))
    shard = args.deals // args.shards
    if not 1 <= shard <= 100_000 or shard * args.shards != args.deals:
        raise SystemExit("--deals must be --shards shards of 1 to 100,000 deals")
    with _cluster(args.processes, args.threads) as cluster:
        plugin = InFlight()
        cluster.scheduler.add_plugin(plugin)
        address = cluster.scheduler_address
        command = f"bench_census_cluster.py simulate ({label})"
        start = time.time()
        cpu = time.process_time()
        # the same census for both runners; only the workers and the task are told apart
        if commit is None:
            import generator.census.runner as runner

            workers, more = None, {"task": StandIn(str(args.costs))}
        else:
            runner = _old_runner(commit)
            runner.solve_chunk = StandIn(str(args.costs), packed=False)  # type: ignore[attr-defined]
            # its CLI's --workers without --workers: this machine's cores
            workers, more = len(os.sched_getaffinity(0)), {}
        job = runner.CensusJob(
            1,
            args.deals,
            (rule_set,),
            workers,
            out,
            True,
            command,
            executor="dask",
            scheduler=address,
            shard_size=shard,
            **more,
        )
        runner.census_command(job, err=sys.stderr)
        wall = time.time() - start
        driver = time.process_time() - cpu
    first = gzip.decompress((out / RULES / f"1-{shard}.csv.gz").read_bytes()).splitlines()
    committed = gzip.decompress((CENSUS_DIR / RULES / "1-100000.csv.gz").read_bytes()).splitlines()
    same = first[3:] == committed[3 : 3 + shard]
    shutil.rmtree(out)
    return {
        "runner": label,
        "wall": wall,
        "busy": plugin.busy / (args.threads * wall),
        "tasks": plugin.done,
        "rate": plugin.done / wall,
        "peak": plugin.peak,
        "mean": plugin.mean_in_flight(start, start + wall),
        "driver": driver,
        "same": same,
    }


def simulate(args: argparse.Namespace) -> None:
    from generator.census.simulate import read_costs

    costs = read_costs(args.costs)
    mean = sum(costs) / len(costs)
    print(
        f"simulation: deals 1..{args.deals:,} of {RULES} in {args.shards} shards, a LocalCluster "
        f"of {args.processes} processes x {args.threads // args.processes} threads = "
        f"{args.threads} worker threads, on {len(os.sched_getaffinity(0))} cores; stand-in "
        f"sleeping {mean:.2f} ms a deal on average ({len(costs):,} measured costs, "
        f"{args.costs.name}): {args.deals * mean / 1000 / args.threads:.1f} s of wall at best"
    )
    rows = [simulate_one("this tree", args, None)]
    if args.against:
        rows.append(simulate_one(args.against, args, args.against))
    print(
        f"{'runner':12} {'wall s':>8} {'busy':>6} {'tasks':>7} {'tasks/s':>8} "
        f"{'peak in flight':>15} {'mean in flight':>15} {'driver CPU s':>13} first shard"
    )
    for row in rows:
        print(
            f"{row['runner']!s:12} {row['wall']:8.1f} {row['busy']:6.1%} {row['tasks']:7} "
            f"{row['rate']:8.1f} {row['peak']:15} {row['mean']:15.1f} {row['driver']:13.1f} "
            f"{'the committed rows' if row['same'] else 'DIFFERS'}"
        )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def overhead(args: argparse.Namespace) -> None:
    print(
        f"deals 1..{args.deals:,} of {RULES}, the real solve, on --workers {args.workers}: "
        "CPU of the command and every process it started (getrusage of its children)"
    )
    print(f"{'executor':10} {'wall s':>8} {'CPU s':>8} {'solves s':>9}")
    cpu: dict[str, list[float]] = {"local": [], "dask": []}
    for _ in range(args.rounds):
        for kind in cpu:
            out = tempfile.mkdtemp(prefix="bench-census-overhead-")
            command = [sys.executable, "-m", "generator", "census", "--from", "1"]
            command += ["--to", str(args.deals), "--rules", RULES, "--workers", str(args.workers)]
            command += ["--out", out, "--executor", kind]
            before = _children_cpu()
            start = time.perf_counter()
            done = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
            wall = time.perf_counter() - start
            used = _children_cpu() - before
            solves = float(done.stdout.split("CPU ")[1].split(" s")[0])
            cpu[kind].append(used)
            print(f"{kind:10} {wall:8.1f} {used:8.1f} {solves:9.1f}")
            shutil.rmtree(out)
    local, dask = sum(cpu["local"]), sum(cpu["dask"])
    print(f"Dask's CPU over the local pool's: {dask / local:.3f}")


def costs(args: argparse.Namespace) -> None:
    from generator.census.simulate import measure_costs, read_costs, write_costs

    command = f"python scripts/bench_census_cluster.py costs --to {args.to}"
    data = measure_costs(parse_rule_set(RULES), 1, args.to, args.workers, command)
    write_costs(args.costs, data)
    sample = read_costs(args.costs)
    print(
        f"wrote {args.costs.relative_to(ROOT)}: {len(sample):,} costs, mean "
        f"{sum(sample) / len(sample):.3f} ms, {len(gzip.compress(data)):,} bytes"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="the runner against many threads, stand-in solve")
    sim.add_argument("--threads", type=int, default=64)
    sim.add_argument("--processes", type=int, default=8)
    sim.add_argument("--deals", type=int, default=1_000_000)
    sim.add_argument("--shards", type=int, default=10)
    sim.add_argument("--against", metavar="COMMIT", help="also run COMMIT's runner (f2dfb61)")
    real = commands.add_parser("overhead", help="Dask against the local pool, real solve")
    real.add_argument("--deals", type=int, default=100_000)
    real.add_argument("--rounds", type=int, default=1)
    real.add_argument("--workers", type=int, default=2)
    sample = commands.add_parser("costs", help="measure the stand-in's costs")
    sample.add_argument("--to", type=int, default=20_000)
    sample.add_argument("--workers", type=int, default=len(os.sched_getaffinity(0)))
    for command in (sim, sample):
        command.add_argument("--costs", type=Path, default=COSTS)
    args = parser.parse_args()
    {"simulate": simulate, "overhead": overhead, "costs": costs}[args.command](args)


if __name__ == "__main__":
    main()

"""What the Ray executor costs over the thread pool.

The workload is an experiment over personas/example with the reference agent (no model), the memory workspace
and the rules user: `matrix: {repeats: N, concurrency: C}`, N episodes of 3 sessions. Each measurement runs in a
fresh Python process (`run_experiment`, as `proact run` calls it): the thread pool, and Ray on a local instance
that the executor starts and stops itself (no address). Per executor, the median over the repeats of:

- first: from the call to the first finished episode (Ray: starting the instance, its actors and workers);
- per episode: from the first to the last finished episode, divided by N - 1 (C run at once);
- end: from the last finished episode to the return (Ray: stopping the actors and the instance);
- total: the call's wall time.

Run from the repository root with the ray extra installed:
`python bench/ray_executor.py [--n 16] [--concurrency 2] [--repeat 3]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("first", "per_episode", "end", "total")


def measure(executor: str, n: int, concurrency: int) -> dict[str, float]:
    """One experiment in this process; the phases in seconds."""
    sys.path.insert(0, str(ROOT))
    from engine.config_io import config_from_mapping
    from engine.experiment.execute import run_experiment
    from engine.experiment.progress import ExperimentProgress

    with tempfile.TemporaryDirectory() as tmp:
        matrix = {"agents": [{"kind": "reference"}], "repeats": n, "concurrency": concurrency, "executor": executor}
        data = {"personas": ["personas/example"], "workspace": "memory", "runs_dir": tmp, "matrix": matrix}
        config = config_from_mapping(data, "bench", [])
        done: list[float] = []

        def on_line(line: str) -> None:
            if line.endswith(" done"):
                done.append(time.perf_counter())

        progress = ExperimentProgress(on_line=on_line)
        start = time.perf_counter()
        run_experiment(config, progress=progress)
        end = time.perf_counter()
    if len(done) != n:
        raise SystemExit(f"{executor}: {len(done)} of {n} episodes finished")
    per = (done[-1] - done[0]) / max(1, n - 1)
    return {"first": done[0] - start, "per_episode": per, "end": end - done[-1], "total": end - start}


def main() -> None:
    """One line per executor: the median of each phase over the repeats, and every total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16, help="episodes per experiment")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # child: measure this executor once, print JSON
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.n, args.concurrency)))
        return
    for executor in ("thread", "ray"):
        runs = []
        for _ in range(args.repeat):
            child = [sys.executable, __file__, "--one", executor, "--n", str(args.n)]
            out = subprocess.run([*child, "--concurrency", str(args.concurrency)], cwd=ROOT, capture_output=True,
                                 text=True, check=True)  # fmt: skip
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        med = {f: statistics.median(r[f] for r in runs) for f in FIELDS}
        totals = ", ".join(f"{r['total']:.1f}" for r in runs)
        print(
            f"{executor:6} N={args.n} C={args.concurrency}: first episode {med['first']:.2f} s, then "
            f"{1000 * med['per_episode']:.0f} ms per episode, end {med['end']:.2f} s; total {med['total']:.1f} s "
            f"({totals})",
            flush=True,
        )


if __name__ == "__main__":
    main()

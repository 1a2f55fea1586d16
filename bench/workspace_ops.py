"""Workspace round trips per adapter: exec of a trivial command, and change detection over a large workspace.

Usage: python bench/workspace_ops.py [--adapters local,docker] [--files 10000] [--repeat 50]
For each adapter prints p50 / p95 / max milliseconds of:
  exec        `true` through Workspace.exec (docker: one exec in the running container)
  list+diff   Workspace.list_files + diff_files over --files files after one file changed
Docker needs a daemon and the image (`proact sandbox build`).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine.ports import Workspace
from engine.schema.config import SandboxConfig
from sandbox.workspace.diff import diff_files
from sandbox.workspace.local import LocalWorkspace
from sandbox.workspace.memory import MemoryWorkspace


def make(adapter: str) -> Workspace:
    """An empty workspace of the adapter."""
    if adapter == "memory":
        return MemoryWorkspace()
    if adapter == "local":
        return LocalWorkspace()
    from sandbox.docker import DockerWorkspace

    return DockerWorkspace(SandboxConfig())


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds of each of `repeat` calls."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(samples: list[float]) -> str:
    """p50 / p95 / max of the samples."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered):8.2f}  p95 {p95:8.2f}  max {ordered[-1]:8.2f} ms"


def bench(adapter: str, files: int, repeat: int) -> None:
    """Print the figures of one adapter."""
    ws = make(adapter)
    try:
        print(f"{adapter}: exec      {summary(timed(lambda: ws.exec('true', timeout_s=30, output_cap=1000), repeat))}")
        ws.exec(
            f"mkdir -p data && for d in $(seq 0 99); do mkdir -p data/$d; done && "
            f"seq 0 {files - 1} | while read i; do echo $i > data/$((i % 100))/f$i.txt; done",
            timeout_s=600,
            output_cap=1000,
        )
        baseline = ws.list_files()
        assert len(baseline) == files, len(baseline)
        counter = iter(range(10**9))

        def detect() -> None:
            ws.write_file("data/7/f7.txt", str(next(counter)).encode())
            changes = diff_files(baseline, ws.list_files())
            assert changes == [("data/7/f7.txt", "modified")], changes[:3]

        print(f"{adapter}: list+diff {summary(timed(detect, max(5, repeat // 5)))}  ({files} files, one change)")
    finally:
        ws.close()


def main() -> None:
    """Run the benchmark for each adapter."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--adapters", default="memory,local,docker")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    for adapter in args.adapters.split(","):
        bench(adapter, args.files, args.repeat)


if __name__ == "__main__":
    main()

"""Harness efficiency with many episodes in flight, through the real `proact run` command.

A fake OpenAI-compatible server of ours (tests/models/fake_openai.py, HTTP/1.1 keep-alive, 127.0.0.1) answers
every request a fixed latency after it arrived (its own reading and answering, in this process, count inside the
latency). The workload is personas/example with the react agent (native tool calls) at the server's api_base, the
memory workspace and the rules user: the server replays each session's gold
solution as tool calls (tests/models/example_roles.py) after PAD read-only `list_dir` steps at the first turn of
every session, so one episode is 24 sequential model calls (3 x 3 pad steps, 12 gold steps, 3 memory
consolidations). N episodes run at once as an experiment (`matrix: {repeats: N, concurrency: N}`), so one
process holds them all. Per N and repeat, measured from outside the process:

- wall: process start to exit; efficiency = ideal / wall, ideal = 24 x latency (the model time of one episode);
- start-up: process start to the server's first request (the preflight ping); first call: process start to the
  first agent request (litellm imported by then);
- in-run: first request to the last answer; exit: last answer to process exit; steady efficiency = ideal / (last
  answer - first agent request): the episodes' own overhead, start-up and exit left out;
- peak RSS of the process (wait4), and per episode: (peak at N - peak at 1) / (N - 1);
- peak memory of the process tree: the largest sum of the proportional set sizes (PSS, /proc/<pid>/smaps_rollup)
  of the process and all its descendants, sampled every TREE_SAMPLE_S (the Ray executor's workers, raylet and
  GCS are descendants; shared pages are counted once);
- CPU: user + system seconds of the process, and the system part (wait4; for Ray, the driver and the descendants
  it waited for); CPU to first call: the process's user + system seconds when the first agent request arrives
  (/proc/<pid>/stat, 10 ms ticks), the work before the first call whatever the load;
- with --latency 0: harness ms per model call (first agent request to the last request, over the requests
  after the first agent request);
- retried: requests beyond the 24 per episode and the preflight ping (retries after timeouts).

`--client litellm` sends the agent's calls through litellm instead of the direct OpenAI-compatible client
(engine/models/openai_http.py), for an A/B of the two. `--executor ray` runs the episodes as Ray tasks on a local
instance the command starts (engine/experiment/ray_executor.py), each reserving cpu_count / N CPUs so that all N
run at once; `--executor single --n 1` runs the episode as a plain run (no matrix).

The engine's bytecode is compiled first (compileall), so every trial starts with it cached, as on any machine
after its first run: where PYTHONDONTWRITEBYTECODE is set (this sandbox; many container images) and proact is
installed editable, nothing is cached and each start compiles the engine again, 0.2 s more CPU before the first
request.

Run from the repository root: `python bench/concurrency.py [--latency 1.0] [--n 1 32 128] [--repeat 3]
[--executor thread|ray] [--client auto|litellm]`.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import gc
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.loader import load_persona  # noqa: E402
from tests.models.example_roles import ExampleRoles  # noqa: E402
from tests.models.fake_openai import FakeOpenAI, tool_call  # noqa: E402

PAD = 3
PAD_PREFIX = "pad-"
CALLS_PER_EPISODE = 24
TREE_SAMPLE_S = 0.5


class PaddedRoles(ExampleRoles):
    """The example's gold replay, with PAD `list_dir` steps before the first turn's gold steps of each session."""

    def agent(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """A pad step while the session's first turn has fewer than PAD; else the gold step (pads removed)."""
        users = [m for m in messages if m["role"] == "user" and not str(m["content"]).startswith("[harness]")]
        pads = sum(1 for m in messages if m["role"] == "tool" and str(m.get("tool_call_id", "")).startswith(PAD_PREFIX))
        if len(users) == 1 and pads < PAD:
            return {"content": "", "tool_calls": [tool_call(f"{PAD_PREFIX}{pads}", "list_dir", {"path": "."})]}
        return super().agent([m for m in messages if not _is_pad(m)])


def _is_pad(message: dict[str, Any]) -> bool:
    if message["role"] == "tool":
        return str(message.get("tool_call_id", "")).startswith(PAD_PREFIX)
    calls = message.get("tool_calls") or []
    return message["role"] == "assistant" and any(str(c["id"]).startswith(PAD_PREFIX) for c in calls)


@dataclass
class Trial:
    """One `proact run` of N episodes."""

    n: int
    latency_s: float
    wall_s: float
    startup_s: float
    first_call_s: float
    cpu_to_first_call_s: float
    in_run_s: float
    exit_s: float
    peak_rss_mib: float
    peak_tree_mib: float
    requests: int
    answered_at: float
    retried: int
    steady_s: float
    cpu_s: float
    sys_s: float
    executor: str

    @property
    def efficiency(self) -> float:
        """Ideal (one episode's model time) over wall time."""
        return CALLS_PER_EPISODE * self.latency_s / self.wall_s

    @property
    def steady_efficiency(self) -> float:
        """Ideal over the time from the first agent request to the last answer."""
        return CALLS_PER_EPISODE * self.latency_s / (self.answered_at - self.first_call_s)

    @property
    def ms_per_call(self) -> float:
        """Harness milliseconds per model call from the first agent request to the last request (the preflight
        ping and the wait for litellm's import before the first agent call left out)."""
        return 1000 * self.steady_s / max(1, self.requests - 2)


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc/<pid>/stat."""
    out: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        out.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return out


def tree_pss_mib(root: int) -> float:
    """Sum of the proportional set sizes of `root` and its descendants, MiB."""
    children, todo, total_kib = _children(), [root], 0
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        total_kib += next((int(line.split()[1]) for line in text.splitlines() if line.startswith("Pss:")), 0)
    return total_kib / 1024


class TreeMemory:
    """Samples tree_pss_mib(pid) every TREE_SAMPLE_S on a thread until stopped; keeps the peak."""

    def __init__(self, pid: int) -> None:
        """Start sampling `pid`'s tree."""
        self.peak_mib = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(pid,), daemon=True)
        self._thread.start()

    def _run(self, pid: int) -> None:
        while not self._stop.wait(TREE_SAMPLE_S):
            self.peak_mib = max(self.peak_mib, tree_pss_mib(pid))

    def stop(self) -> float:
        """Stop sampling; the peak in MiB."""
        self._stop.set()
        self._thread.join()
        return self.peak_mib


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuAtRequest:
    """Reads the process's CPU seconds when the server has seen `count` requests (polled every millisecond)."""

    def __init__(self, pid: int, server: FakeOpenAI, count: int) -> None:
        """Start watching."""
        self.seconds = float("nan")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(pid, server, count), daemon=True)
        self._thread.start()

    def _run(self, pid: int, server: FakeOpenAI, count: int) -> None:
        while len(server.arrivals) < count:
            if self._stop.wait(0.001):
                return
        with contextlib.suppress(OSError):  # the process ended first: nan
            self.seconds = cpu_seconds(pid)

    def stop(self) -> float:
        """Stop watching; the CPU seconds read (nan when the request never came)."""
        self._stop.set()
        self._thread.join()
        return self.seconds


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """This process's garbage collector collects once, then stays off for the block. The fake server runs in this
    process and keeps every request it saw; a full collection over them froze every answer for up to 0.55 s at
    N=128 (answers 0.25-0.55 s late, measured), model latency the harness under test was charged for."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def trial(
    n: int,
    latency_s: float,
    work: Path,
    bundle_root: Path,
    wrap: list[str] | None = None,
    executor: str = "thread",
    client: str = "auto",
) -> Trial:
    """Run N episodes at once against a fresh fake server (the command under `wrap`, e.g. a profiler) on the
    `executor`; check every episode made its 24 calls."""
    roles = PaddedRoles(load_persona(bundle_root))
    server = FakeOpenAI(roles.answer, budget=10**7, latency_s=latency_s, keep_alive=True)
    base = server.start()
    run_id = f"n{n}-{time.time_ns()}"
    config: dict[str, Any] = {
        "personas": [str(bundle_root)],
        "agent": {
            "kind": "react",
            "protocol": "native",
            "model": {"model": "openai/bench-agent", "api_base": base, "client": client},
        },
        "user": {"mode": "rules"},
        "workspace": "memory",
        "runs_dir": str(work / "runs"),
        "run_id": run_id,
        "cache": {"dir": str(work / "cache")},
        "matrix": {"repeats": n, "concurrency": n, "executor": executor},
    }
    if executor == "ray":
        config["matrix"]["ray_cpus"] = (os.cpu_count() or 1) / n
    if executor == "single":  # one plain run, no experiment (main() allows N=1 only)
        del config["matrix"]
    path = work / f"{run_id}.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    command = [*(wrap or []), str(Path(sys.executable).parent / "proact"), "run", "--config", str(path), "--no-report"]
    with collector_paused():
        start = time.monotonic()
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=work)
        memory = TreeMemory(proc.pid)
        first_cpu = CpuAtRequest(proc.pid, server, 2)
        out = proc.stdout.read() if proc.stdout is not None else b""
        _, status, usage = os.wait4(proc.pid, 0)
        end = time.monotonic()
    peak_tree = memory.stop()
    cpu_to_first_call = first_cpu.stop()
    proc.returncode = os.waitstatus_to_exitcode(status)
    server.stop()
    expected = n * CALLS_PER_EPISODE + 1
    if proc.returncode != 0 or len(server.requests) < expected:
        tail = out.decode(errors="replace")[-3000:]
        raise SystemExit(
            f"N={n}: exit {proc.returncode}, {len(server.requests)} requests (expected {expected})\n{tail}"
        )
    arrivals = sorted(server.arrivals)
    first, last = arrivals[0], arrivals[-1]
    answered = last + latency_s
    return Trial(
        n=n,
        latency_s=latency_s,
        wall_s=end - start,
        startup_s=first - start,
        first_call_s=arrivals[1] - start,
        cpu_to_first_call_s=cpu_to_first_call,
        in_run_s=answered - first,
        exit_s=end - answered,
        peak_rss_mib=usage.ru_maxrss / 1024,
        peak_tree_mib=peak_tree,
        requests=len(server.requests),
        answered_at=answered - start,
        retried=len(server.requests) - expected,
        steady_s=last - arrivals[1],
        cpu_s=usage.ru_utime + usage.ru_stime,
        sys_s=usage.ru_stime,
        executor=executor,
    )


def spread(values: list[float], fmt: str) -> str:
    """`median (min, max)` of repeated figures."""
    med, low, high = statistics.median(values), min(values), max(values)
    return f"{med:{fmt}} ({low:{fmt}}-{high:{fmt}})"


def main() -> None:
    """Run every N `--repeat` times and print one line per N (median, min-max) plus the raw trials as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--latency", type=float, default=1.0, help="Seconds the fake model takes per answer.")
    parser.add_argument("--n", type=int, nargs="+", default=[1, 32, 128], help="Episodes at once.")
    parser.add_argument("--repeat", type=int, default=3, help="Trials per N.")
    parser.add_argument("--json", type=Path, help="Also write the raw trials here.")
    parser.add_argument("--wrap", help="Run proact under this command, e.g. 'py-spy record -o prof.svg --'.")
    parser.add_argument(
        "--executor",
        choices=["thread", "ray", "single"],
        default="thread",
        help="Run the episodes on threads or Ray tasks, or (N=1) as a plain run without a matrix.",
    )
    parser.add_argument(
        "--client",
        choices=["auto", "litellm"],
        default="auto",
        help="The agent binding's client: auto (the direct OpenAI-compatible client) or litellm.",
    )
    args = parser.parse_args()
    if args.executor == "single" and args.n != [1]:
        parser.error("--executor single runs one plain run: give --n 1")
    for package in ("engine", "graders", "sandbox"):
        compileall.compile_dir(ROOT / package, quiet=1)
    trials: list[Trial] = []
    with tempfile.TemporaryDirectory(prefix="proact-bench-") as tmp:
        for n in args.n:
            for _ in range(args.repeat):
                example = ROOT / "personas" / "example"
                wrap = shlex.split(args.wrap or "")
                trials.append(trial(n, args.latency, Path(tmp), example, wrap, args.executor, args.client))
                print(json.dumps({**vars(trials[-1]), "efficiency": round(trials[-1].efficiency, 4)}), flush=True)
    base = [t.peak_rss_mib for t in trials if t.n == 1]
    for n in args.n:
        mine = [t for t in trials if t.n == n]
        line = (
            f"{args.executor} ({args.client}) N={n}: efficiency {spread([100 * t.efficiency for t in mine], '.1f')} %, "
            f"steady {spread([100 * t.steady_efficiency for t in mine], '.1f')} %, "
            f"wall {spread([t.wall_s for t in mine], '.2f')} s, "
            f"start-up {spread([t.startup_s for t in mine], '.2f')} s, "
            f"first call {spread([t.first_call_s for t in mine], '.2f')} s "
            f"(CPU {spread([t.cpu_to_first_call_s for t in mine], '.2f')} s), "
            f"exit {spread([t.exit_s for t in mine], '.2f')} s, "
            f"peak RSS {spread([t.peak_rss_mib for t in mine], '.0f')} MiB, "
            f"peak tree PSS {spread([t.peak_tree_mib for t in mine], '.0f')} MiB, "
            f"CPU {spread([t.cpu_s for t in mine], '.2f')} s (system {spread([t.sys_s for t in mine], '.2f')} s)"
        )
        if args.latency == 0:
            line += f", harness {spread([t.ms_per_call for t in mine], '.1f')} ms/call"
        if n > 1 and base:
            per = [(t.peak_rss_mib - statistics.median(base)) / (n - 1) for t in mine]
            line += f", RSS per episode {spread(per, '.2f')} MiB"
        print(line)
    if args.json is not None:
        args.json.write_text(json.dumps([vars(t) for t in trials], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()

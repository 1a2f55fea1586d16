"""The Ray executor (`matrix.executor: ray`) on a local 2-CPU Ray instance: the same run directories as the thread
pool, a worker killed mid-episode, rate limits and the --max-cost budget shared by every worker, failures,
resume, the CLI option."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import engine.models
from engine.agents.reference import ReferenceAgent
from engine.budget import Budget
from engine.cli import app
from engine.config_io import load_config
from engine.episode import EventCallback, SessionCallback
from engine.experiment.execute import EpisodeJob, run_experiment, run_job
from engine.experiment.progress import ExperimentProgress
from engine.metrics import episode_result
from engine.models.ratelimit import RateLimits
from engine.ports import ModelUnavailableError
from engine.rundir import run_config
from engine.schema.config import ModelBinding
from engine.schema.events import AgentMessage, Event
from engine.schema.results import EpisodeResult
from engine.tools.toolbox import ToolBox
from tests.engine.scripted_costs import PricedAgent

ray = pytest.importorskip("ray", reason="ray is not installed: pip install -e '.[ray]' (the dev extra includes it)")

REPO = Path(__file__).resolve().parents[2]
CELLS = [
    "reference--full--none--r1",
    "reference--no-memory--none--r1",
    "passive--full--none--r1",
    "passive--no-memory--none--r1",
]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Any:
    """One local Ray instance for the module: 2 CPUs, a small object store, no dashboard; workers import the
    test modules (their runners) from the repository."""
    ray.init(
        num_cpus=2,
        object_store_memory=80 * 1024 * 1024,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(REPO)}},
    )
    yield
    ray.shutdown()


def matrix(tmp_path: Path, executor: str, **extra: Any) -> Path:
    """Reference and passive agents x memory full and no-memory over personas/example, 2 at once."""
    path = tmp_path / f"{executor}.yaml"
    data = {
        "personas": [str(REPO / "personas" / "example")],
        "workspace": "memory",
        "runs_dir": str(tmp_path / executor),
        "run_id": "exp",
        "matrix": {
            "agents": [{"kind": "reference"}, {"kind": "passive"}],
            "memory": ["full", "no-memory"],
            "repeats": 1,
            "concurrency": 2,
            "executor": executor,
        },
        **extra,
    }
    path.write_text(yaml.safe_dump(data))
    return path


def tree(experiment: Path) -> dict[str, bytes]:
    """Every file of an experiment directory but the SQLite checkpoints (ids and timestamps), by relative path;
    configs without their executor and runs_dir."""
    files: dict[str, bytes] = {}
    for path in sorted(p for p in experiment.rglob("*") if p.is_file()):
        rel = str(path.relative_to(experiment))
        if path.name == "checkpoints.sqlite":
            files[rel] = b""
        elif path.name in ("config.yaml", "experiment.yaml"):
            data = yaml.safe_load(path.read_text())
            config = data.get("config", data)
            config.pop("runs_dir")
            (config.get("matrix") or {}).pop("executor", None)
            files[rel] = yaml.safe_dump(data).encode()
        else:
            files[rel] = path.read_bytes()
    return files


def test_a_matrix_gives_the_same_results_and_files_under_threads_and_ray(tmp_path: Path) -> None:
    outcomes = {}
    for executor in ("thread", "ray"):
        progress = ExperimentProgress()
        outcomes[executor] = run_experiment(load_config(matrix(tmp_path, executor), []), progress=progress)
        snap = progress.snapshot()
        assert (snap.episodes_done, snap.sessions_done, snap.turns, snap.episodes_running) == (4, 12, 34, 0)
    threads, on_ray = outcomes["thread"], outcomes["ray"]
    assert [c.spec.id for c in on_ray.cells] == CELLS
    assert [e.model_dump() for c in on_ray.cells for e in c.episodes] == [
        e.model_dump() for c in threads.cells for e in c.episodes
    ]
    procs = [e.proc for c in on_ray.cells for e in c.episodes]
    assert procs == [1.0, 1.0, 0.0, 0.0]
    assert not any(c.failures for c in on_ray.cells)
    ray_files, thread_files = tree(on_ray.experiment_dir), tree(threads.experiment_dir)
    assert len(ray_files) == 4 * 16 + 1  # per cell: config, results, checkpoint, episode.json, 3 x 4 session files
    assert ray_files == thread_files


def dying_runner(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback, *, marker: Path
) -> EpisodeResult:
    """The real runner, but the worker process dies (os._exit) at the first agent turn of s02 in the first
    reference cell, once: the marker file says it already died."""

    def on_event(persona: str, session: str, event: Event) -> None:
        if job.cell.id == CELLS[0] and session == "s02" and isinstance(event, AgentMessage) and not marker.exists():
            # LangGraph writes s01's checkpoint alongside s02 (asynchronously); a real session outlasts that write
            time.sleep(0.5)
            marker.write_text(str(os.getpid()))
            os._exit(1)
        on_e(persona, session, event)

    return run_job(job, limits, on_s, on_event)


def test_a_worker_killed_mid_episode_redoes_only_its_session_and_the_run_completes(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    progress = ExperimentProgress()
    runner = partial(dying_runner, marker=marker)
    outcome = run_experiment(load_config(matrix(tmp_path, "ray"), []), progress=progress, runner=runner)
    assert marker.exists()
    assert not any(c.failures for c in outcome.cells)
    assert [e.proc for c in outcome.cells for e in c.episodes] == [1.0, 1.0, 0.0, 0.0]
    killed = outcome.cells[0].run_dir / "example"
    died_at = marker.stat().st_mtime_ns
    # s01 finished before the kill and was not redone; s02 (in flight) and s03 ran after it
    assert (killed / "s01" / "trajectory.jsonl").stat().st_mtime_ns <= died_at
    assert (killed / "s02" / "trajectory.jsonl").stat().st_mtime_ns >= died_at
    # every cell completed, the killed one included; no episode is recorded as failed
    for cell in outcome.cells:
        assert not (cell.run_dir / "errors.json").exists()
        assert len(json.loads((cell.run_dir / "results.json").read_text())[0]["sessions"]) == 3
    snap = progress.snapshot()
    assert (snap.episodes_done, snap.episodes_failed, snap.sessions_done, snap.episodes_running) == (4, 0, 12, 0)
    assert snap.turns == 34


def always_dying(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback
) -> EpisodeResult:
    """The first reference cell's worker dies every time; the others run."""
    if job.cell.id == CELLS[0]:
        os._exit(1)
    return run_job(job, limits, on_s, on_e)


def raising(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
    """The second cell raises; the others run."""
    if job.cell.id == CELLS[1]:
        raise RuntimeError("workspace exploded")
    return run_job(job, limits, on_s, on_e)


def test_failures_land_in_errors_json_the_others_finish_and_a_rerun_redoes_only_them(tmp_path: Path) -> None:
    config = load_config(matrix(tmp_path, "ray"), [])
    outcome = run_experiment(config, runner=raising)
    failed = outcome.cells[1]
    assert [f.error for f in failed.failures] == ["RuntimeError: workspace exploded"]
    errors = json.loads((failed.run_dir / "errors.json").read_text())
    assert errors[0]["persona"] == "example" and "workspace exploded" in errors[0]["traceback"]
    assert [len(c.episodes) for c in outcome.cells] == [1, 0, 1, 1]
    finished = sorted(outcome.experiment_dir.glob("cells/*/example/*/trajectory.jsonl"))
    stamps = {p: p.stat().st_mtime_ns for p in finished}
    assert len(stamps) == 9

    progress = ExperimentProgress()
    again = run_experiment(config, progress=progress)
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps  # finished episodes were skipped
    assert [e.proc for c in again.cells for e in c.episodes] == [1.0, 1.0, 0.0, 0.0]
    assert not (failed.run_dir / "errors.json").exists()
    assert progress.snapshot().sessions_done == 12


def test_a_worker_that_keeps_dying_is_recorded_after_its_retries(tmp_path: Path) -> None:
    outcome = run_experiment(load_config(matrix(tmp_path, "ray"), []), runner=always_dying)
    [failure] = outcome.cells[0].failures
    assert failure.error.startswith("WorkerCrashedError") or failure.error.startswith("ActorDiedError"), failure
    assert json.loads((outcome.cells[0].run_dir / "errors.json").read_text())[0]["persona"] == "example"
    assert [len(c.episodes) for c in outcome.cells] == [0, 1, 1, 1]


def outage_runner(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback, *, up: Path
) -> EpisodeResult:
    """The real runner; the first reference cell's agent model service is down during s02 until `up` exists."""
    session = [""]

    def on_event(persona: str, session_id: str, event: Event) -> None:
        session[0] = session_id
        on_e(persona, session_id, event)

    original = ReferenceAgent.respond

    def respond(agent: ReferenceAgent, message: str, tools: ToolBox) -> str:
        if job.cell.id == CELLS[0] and session[0] == "s02" and not up.exists():
            raise ModelUnavailableError("openai/agent-x: no answer after 3 attempts; last error: 503")
        return original(agent, message, tools)

    ReferenceAgent.respond = respond  # type: ignore[method-assign]
    try:
        return run_job(job, limits, on_s, on_event)
    finally:
        ReferenceAgent.respond = original  # type: ignore[method-assign]


def test_an_infra_error_stops_its_episode_and_a_rerun_redoes_only_it(tmp_path: Path) -> None:
    config = load_config(matrix(tmp_path, "ray"), [])
    up = tmp_path / "up"
    outcome = run_experiment(config, runner=partial(outage_runner, up=up))
    stopped = outcome.cells[0].episodes[0]
    assert [(s.session_id, s.termination) for s in stopped.sessions] == [("s01", "resolved"), ("s02", "infra_error")]
    assert stopped.infra_errors == 1 and not any(c.failures for c in outcome.cells)
    others = {p: p.stat().st_mtime_ns for p in tmp_path.glob("ray/exp/cells/*/example/*/trajectory.jsonl")}
    up.touch()
    again = run_experiment(config, runner=partial(outage_runner, up=up))
    assert [e.infra_errors for c in again.cells for e in c.episodes] == [0, 0, 0, 0]
    assert [e.proc for c in again.cells for e in c.episodes] == [1.0, 1.0, 0.0, 0.0]
    redone = {p for p, t in others.items() if p.stat().st_mtime_ns != t}
    assert {p.parent.name for p in redone} == {"s02"} and all(CELLS[0] in str(p) for p in redone)


def limited(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
    """Three sends to each of two limited models, timed; written beside the episode with the limiter actors seen."""
    assert limits is not None
    sends: dict[str, list[float]] = {"m/fast": [], "m/slow": []}
    for _ in range(3):
        for model, times in sends.items():
            limiter = limits.limiter(model)
            assert limiter is not None
            limiter.acquire()
            times.append(time.monotonic())
    actors = sorted(n for n in ray.util.list_named_actors() if n.startswith("proact-ratelimit:"))
    out = job.run_dir / f"{job.cell.id}.json"
    out.write_text(json.dumps({"pid": os.getpid(), "sends": sends, "actors": actors, "free": limits.limiter("m/x")}))
    return episode_result(job.bundle.persona.id, [])


def test_rate_limits_are_one_actor_per_model_shared_by_every_worker(tmp_path: Path) -> None:
    rates = {"m/fast": 600, "m/slow": 300}  # one send every 0.1 s and every 0.2 s
    config = load_config(matrix(tmp_path, "ray", rate_limits=rates), [])
    outcome = run_experiment(config, runner=limited)
    records = [json.loads((c.run_dir / f"{c.spec.id}.json").read_text()) for c in outcome.cells]
    assert all(r["actors"] == ["proact-ratelimit:m/fast", "proact-ratelimit:m/slow"] for r in records)
    assert all(r["free"] is None for r in records)
    # two episodes in different worker processes sent at the same time (monotonic: one clock on one machine) ...
    spans = [(r["pid"], min(r["sends"]["m/fast"]), max(r["sends"]["m/slow"])) for r in records]
    assert any(p != q and a < d and c < b for p, a, b in spans for q, c, d in spans)
    for model, rate in rates.items():
        sends = sorted(t for r in records for t in r["sends"][model])
        assert len(sends) == 12
        # ... yet the 12 sends took the 11 intervals of one shared limiter: a send can only come late, so the span is
        # at least 11 intervals less the first send's lateness, where limiters of their own in each process would
        # have let the two overlapping streams of 6 finish within about 5 intervals (a bound that allows a loaded
        # machine's late first send of over 3 intervals, unlike a bound on the smallest gap)
        assert sends[-1] - sends[0] >= 7.7 * 60 / rate, (model, sends)
    deadline = time.monotonic() + 10  # the limiters end with the experiment (ray.kill is asynchronous)
    while ray.util.list_named_actors() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ray.util.list_named_actors() == []


def lingering(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback, *, out: Path
) -> EpisodeResult:
    """The real runner, but s02's first agent turn takes up to five minutes (in short steps, as a model call returns
    and the next begins); `closed-<cell>` is written when the episode ends, however it ends."""

    def on_event(persona: str, session: str, event: Event) -> None:
        if session == "s02" and isinstance(event, AgentMessage) and not (out / "resume").exists():
            for _ in range(3000):
                time.sleep(0.1)
        on_e(persona, session, event)

    try:
        return run_job(job, limits, on_s, on_event)
    finally:
        (out / f"closed-{job.cell.id}").touch()


def test_ctrl_c_cancels_running_episodes_which_close_and_a_rerun_resumes_them(tmp_path: Path) -> None:
    config = load_config(matrix(tmp_path, "ray"), [])
    runner = partial(lingering, out=tmp_path)

    def interrupt(line: str) -> None:
        if " s01 " in line.replace("/", " "):  # the first finished session: press Ctrl-C
            raise KeyboardInterrupt

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, progress=ExperimentProgress(on_line=interrupt), runner=runner)
    assert time.monotonic() - started < 150  # the five-minute turn was cut short (Ray's start-up is slow under load)
    begun = sorted(f"closed-{p.parent.name}" for p in tmp_path.glob("ray/exp/cells/*/example"))
    deadline = time.monotonic() + 90  # a cancelled task closes at its next Python step; a loaded machine is slow
    while sorted(p.name for p in tmp_path.glob("closed-*")) != begun and time.monotonic() < deadline:
        time.sleep(0.5)
    assert begun and sorted(p.name for p in tmp_path.glob("closed-*")) == begun  # every begun episode ended
    assert not list(tmp_path.glob("ray/exp/cells/*/results.json"))  # no cell finished
    first = {p: p.stat().st_mtime_ns for p in tmp_path.glob("ray/exp/cells/*/example/s01/result.json")}
    assert first

    (tmp_path / "resume").touch()
    again = run_experiment(config, runner=runner)
    assert [e.proc for c in again.cells for e in c.episodes] == [1.0, 1.0, 0.0, 0.0]
    assert {p: p.stat().st_mtime_ns for p in first} == first  # sessions finished before Ctrl-C were not redone


PER_CALL = 0.01
PER_SESSION = 9 * PER_CALL  # as in test_budget.py: 4 turns of (list_dir, reply) and the memory consolidation


def priced_runner(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback
) -> EpisodeResult:
    """The real runner with a priced scripted agent model in place of litellm, in the worker's own process."""

    def priced(binding: ModelBinding) -> PricedAgent:
        return PricedAgent(binding, PER_CALL)

    saved = engine.models.make_model
    engine.models.make_model = priced
    try:
        return run_job(job, limits, on_s, on_e)
    finally:
        engine.models.make_model = saved


def test_max_cost_is_one_budget_over_every_worker(tmp_path: Path) -> None:
    path = tmp_path / "priced.yaml"
    path.write_text(
        yaml.safe_dump({
            "personas": [str(REPO / "personas" / "example")],
            "workspace": "memory",
            "runs_dir": str(tmp_path),
            "run_id": "exp",
            "rate_limits": {"openai/priced": 6000},
            "matrix": {"agents": [{"kind": "react", "label": "priced", "protocol": "json",
                                   "model": {"model": "openai/priced"}}],
                       "repeats": 2, "concurrency": 1, "executor": "ray"},
        })
    )  # fmt: skip
    budget = Budget(0.15)
    # cap 0.15: s01 and s02 of r1 start under it (spent $0 and $0.09), s03 ($0.18) does not, nor anything of r2
    outcome = run_experiment(load_config(path, []), runner=priced_runner, budget=budget)
    r1, r2 = (c.episodes[0] for c in outcome.cells)
    assert [s.termination for s in r1.sessions] == ["resolved", "resolved", "budget_exhausted"]
    assert (r1.not_run, r2.not_run) == (1, 3)
    assert budget.spent_usd == pytest.approx(2 * PER_SESSION)  # the workers' spend came back to the driver


def test_cli_executor_ray_runs_the_matrix_and_needs_a_matrix(tmp_path: Path) -> None:
    runner = CliRunner()
    config = matrix(tmp_path, "thread")
    out = runner.invoke(app, ["run", "--config", str(config), "--executor", "ray", "--no-report"])
    assert out.exit_code == 0, out.output
    assert "episodes 4/4 sessions 12/12" in out.output
    exp = tmp_path / "thread" / "exp"
    assert all(run_config(exp / "cells" / c).matrix is None for c in CELLS)
    assert yaml.safe_load((exp / "experiment.yaml").read_text())["config"]["matrix"]["executor"] == "ray"
    single = tmp_path / "single.yaml"
    single.write_text(yaml.safe_dump({"personas": [str(REPO / "personas" / "example")], "workspace": "memory"}))
    bad = runner.invoke(app, ["run", "--config", str(single), "--executor", "ray"])
    assert bad.exit_code == 2
    assert "matrix" in bad.output


def test_without_ray_installed_the_executor_names_the_extra_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as where it is not installed
    monkeypatch.delitem(sys.modules, "engine.experiment.ray_executor", raising=False)
    out = CliRunner().invoke(app, ["run", "--config", str(matrix(tmp_path, "ray")), "--no-report"])
    assert out.exit_code == 2, out.output
    assert "needs Ray: pip install 'ray>=2.9' (proact's ray extra)" in " ".join(out.output.split())
    assert not (tmp_path / "ray").exists()


def test_runs_without_the_ray_executor_never_import_ray(tmp_path: Path) -> None:
    script = f"""
import sys
from typer.testing import CliRunner
from engine.cli import app
out = CliRunner().invoke(app, ["run", "--config", {str(matrix(tmp_path, "thread"))!r}, "--no-report"])
assert out.exit_code == 0, out.output
print("ray" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False"

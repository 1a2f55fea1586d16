"""`proact run` over a matrix: cells and their configs, concurrency cap, failures, resume, CLI."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import engine.runner
from engine.cli import app
from engine.config_io import load_config
from engine.episode import EventCallback, SessionCallback
from engine.experiment.execute import EpisodeJob, EpisodeRunner, run_experiment, run_job
from engine.experiment.matrix import read_manifest
from engine.experiment.progress import ExperimentProgress
from engine.loader import DataError, load_persona
from engine.metrics import episode_result
from engine.models.preflight import PreflightError
from engine.models.ratelimit import RateLimits
from engine.rundir import run_config
from engine.schema.config import RunConfig
from engine.schema.events import AgentMessage
from engine.schema.results import EpisodeResult
from tests.models.example_roles import ExampleRoles, schema_keys
from tests.models.fake_openai import FakeOpenAI, refusing, running

CELLS = [
    "reference--full--none--r1",
    "reference--full--none--r2",
    "do-nothing--full--none--r1",
    "do-nothing--full--none--r2",
]


def matrix_yaml(tmp_path: Path, persona: Path, concurrency: int = 2, **fields: object) -> Path:
    """Two agents x two repeats on the memory workspace; `fields` replace top-level keys (agent, matrix)."""
    path = tmp_path / "matrix.yaml"
    data: dict[str, object] = {
        "personas": [str(persona)],
        "workspace": "memory",
        "runs_dir": str(tmp_path / "runs"),
        "run_id": "exp",
        "matrix": {
            "agents": [{"kind": "reference"}, {"kind": "passive", "label": "Do Nothing"}],
            "repeats": 2,
            "concurrency": concurrency,
        },
        **fields,
    }
    path.write_text(yaml.safe_dump(data))
    return path


def empty_episode(
    job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback
) -> EpisodeResult:
    return episode_result(job.bundle.persona.id, [])


def test_two_agents_two_repeats_make_four_cells_with_their_configs(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona), [])
    progress = ExperimentProgress()
    outcome = run_experiment(config, progress=progress)
    exp = tmp_path / "runs" / "exp"
    assert outcome.experiment_dir == exp
    assert [c.spec.id for c in outcome.cells] == CELLS
    assert sorted(p.name for p in (exp / "cells").iterdir()) == sorted(CELLS)
    manifest = read_manifest(exp)
    assert [c.id for c in manifest.cells] == CELLS
    assert [c.agent for c in manifest.cells] == ["reference", "reference", "Do Nothing", "Do Nothing"]
    assert manifest.personas == ["example"] and all(c.sessions == 3 for c in manifest.cells)
    for cell_id in CELLS:
        cfg = run_config(exp / "cells" / cell_id)
        assert cfg.matrix is None and cfg.run_id == cell_id
        assert cfg.repeat == int(cell_id[-1])
        assert cfg.agent.kind == ("reference" if cell_id.startswith("reference") else "passive")
        assert (exp / "cells" / cell_id / "example" / "s03" / "result.json").is_file()
        assert (exp / "cells" / cell_id / "results.json").is_file()
    procs = {c.spec.id: [e.proc for e in c.episodes] for c in outcome.cells}
    assert procs == {CELLS[0]: [1.0], CELLS[1]: [1.0], CELLS[2]: [0.0], CELLS[3]: [0.0]}
    snap = progress.snapshot()
    assert (snap.episodes_done, snap.episodes_total, snap.sessions_done, snap.sessions_total) == (4, 4, 12, 12)
    # reference: 2 + 1 + 2 agent turns per episode; passive: 4 + 4 + 4 (read from the saved results)
    assert snap.turns == 2 * 5 + 2 * 12 == sum(s.turns for c in outcome.cells for e in c.episodes for s in e.sessions)


def test_the_workspace_is_resolved_once_for_the_experiment_not_per_cell(
    tmp_path: Path, example_persona: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    resolved: list[str] = []

    def resolve(config: RunConfig, on_note: object = None) -> tuple[str, None]:
        resolved.append(config.workspace)  # a docker backend pings the daemon and looks up its image each time
        return config.workspace, None

    monkeypatch.setattr(engine.runner, "resolve_backend", resolve)
    config = load_config(matrix_yaml(tmp_path, example_persona), [])
    outcome = run_experiment(config, bundles=[load_persona(example_persona)], runner=empty_episode)
    assert resolved == ["memory"] and len(outcome.cells) == 4
    for cell in outcome.cells:  # every cell's directory still holds its config, written by its first episode
        assert run_config(cell.run_dir).workspace == "memory" and (cell.run_dir / "results.json").is_file()


def test_the_manifest_is_written_before_any_episode_runs(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona, concurrency=1), [])
    seen: list[bool] = []

    def runner(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
        seen.append(
            (tmp_path / "runs" / "exp" / "experiment.yaml").is_file() and (job.run_dir / "config.yaml").is_file()
        )
        return empty_episode(job, limits, on_s, on_e)

    run_experiment(config, runner=runner)
    assert seen == [True] * 4


@pytest.mark.parametrize("cap", [1, 2])
def test_concurrency_cap_is_reached_and_never_exceeded(tmp_path: Path, example_persona: Path, cap: int) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona, concurrency=cap), [])
    lock, barrier = threading.Lock(), threading.Barrier(cap, timeout=30)
    active, peak = [0], [0]

    def runner(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        barrier.wait()  # every wave of `cap` episodes must be running at once, or this times out
        with lock:
            active[0] -= 1
        return empty_episode(job, limits, on_s, on_e)

    outcome = run_experiment(config, runner=runner)
    assert peak[0] == cap
    assert not any(c.failures for c in outcome.cells)


def failing_in(cell_id: str, calls: list[str]) -> EpisodeRunner:
    def runner(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
        calls.append(job.cell.id)
        if job.cell.id == cell_id:
            raise RuntimeError("workspace exploded")
        return run_job(job, limits, on_s, on_e)

    return runner


def test_a_failing_episode_is_recorded_in_its_cell_and_the_others_finish(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona), [])
    calls: list[str] = []
    outcome = run_experiment(config, runner=failing_in(CELLS[1], calls))
    assert sorted(calls) == sorted(CELLS)
    failed = outcome.cells[1]
    assert [f.persona for f in failed.failures] == ["example"]
    assert failed.failures[0].error == "RuntimeError: workspace exploded"
    errors = yaml.safe_load((failed.run_dir / "errors.json").read_text())
    assert errors[0]["persona"] == "example" and "workspace exploded" in errors[0]["traceback"]
    assert yaml.safe_load((failed.run_dir / "results.json").read_text()) == []
    for cell in (outcome.cells[0], outcome.cells[2], outcome.cells[3]):
        assert not cell.failures and not (cell.run_dir / "errors.json").exists()
        assert len(cell.episodes) == 1 and len(cell.episodes[0].sessions) == 3


def test_rerun_skips_finished_episodes_and_runs_the_failed_one(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona), [])
    run_experiment(config, runner=failing_in(CELLS[1], []))
    cells = tmp_path / "runs" / "exp" / "cells"
    stamps = {p: p.stat().st_mtime_ns for p in cells.glob("*/example/*/trajectory.jsonl")}
    assert len(stamps) == 9
    calls: list[str] = []
    progress = ExperimentProgress()
    outcome = run_experiment(config, runner=failing_in("none", calls), progress=progress)
    assert calls == [CELLS[1]]
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    assert not (cells / CELLS[1] / "errors.json").exists()
    assert [e.proc for e in outcome.cells[1].episodes] == [1.0]
    assert progress.snapshot().sessions_done == 12


def test_cli_runs_a_matrix_config_then_resume_redoes_nothing(tmp_path: Path, example_persona: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["run", "--config", str(matrix_yaml(tmp_path, example_persona))])
    assert out.exit_code == 0, out.output
    assert "episodes 4/4 sessions 12/12" in out.output
    assert "experiment directory:" in out.output
    exp = tmp_path / "runs" / "exp"
    again = runner.invoke(app, ["run", "--resume", str(exp)])
    assert again.exit_code == 0, again.output
    assert again.output.count("already finished") == 4


def test_matrix_errors_name_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    bad = {
        "matrix": {
            "repeats": 0,
            "memory": ["amnesia"],
            "agents": [{"kind": "passive"}, {"kind": "passive"}],
            "concurrency": 0,
        },
        "rate_limits": {"openai/gpt-4o": -5},
    }
    path.write_text(yaml.safe_dump(bad))
    with pytest.raises(DataError) as err:
        load_config(path, [])
    text = str(err.value)
    assert str(path) in text
    for field in (
        "matrix.repeats",
        "matrix.memory[0]",
        "matrix.agents",
        "matrix.concurrency",
        "rate_limits.openai/gpt-4o",
    ):
        assert field in text, field
    assert "distinct labels" in text


def test_empty_axes_take_the_config_agent_memory_and_ablation(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(
        None,
        [
            f"personas=[{example_persona}]",
            "workspace=memory",
            f"runs_dir={tmp_path}",
            "run_id=e",
            "agent.kind=reference",
            "memory=isolated",
            "ablate=no-deps",
            "matrix.repeats=1",
        ],
    )
    outcome = run_experiment(config, bundles=[load_persona(example_persona)], runner=empty_episode)
    assert [c.spec.id for c in outcome.cells] == ["reference--isolated--no-deps--r1"]


def test_an_interrupt_stops_running_episodes_and_starts_no_more(tmp_path: Path, example_persona: Path) -> None:
    config = load_config(matrix_yaml(tmp_path, example_persona, concurrency=2), [])
    started, stopped, calls = threading.Event(), threading.Event(), []

    def runner(job: EpisodeJob, limits: RateLimits | None, on_s: SessionCallback, on_e: EventCallback) -> EpisodeResult:
        calls.append(job.cell.id)
        if job.cell.id == CELLS[0]:
            assert started.wait(30)
            raise KeyboardInterrupt
        started.set()
        try:
            for turn in range(1, 3000):  # bounded: fails the test below instead of hanging
                on_e("example", "s01", AgentMessage(turn=turn, text="working"))
                time.sleep(0.01)
        except BaseException:
            stopped.set()
            raise
        return empty_episode(job, limits, on_s, on_e)

    with pytest.raises(KeyboardInterrupt):
        run_experiment(config, runner=runner)
    assert stopped.is_set()
    assert sorted(calls) == sorted(CELLS[:2])
    cells = tmp_path / "runs" / "exp" / "cells"
    assert not list(cells.glob("*/errors.json")) and not list(cells.glob("*/results.json"))


def react_matrix(tmp_path: Path, persona: Path, api_base: str) -> Path:
    agent = {"kind": "react", "model": {"model": "openai/served", "api_base": api_base}}
    return matrix_yaml(tmp_path, persona, agent=agent, matrix={"repeats": 3, "concurrency": 3})


def test_a_failed_preflight_records_nothing_and_leaves_no_directory(tmp_path: Path, example_persona: Path) -> None:
    with refusing("model 'served' does not exist", delay_s=0.5) as (base, hits):
        config = load_config(react_matrix(tmp_path, example_persona, base), [])
        with pytest.raises(PreflightError, match="does not exist"):
            run_experiment(config)
    # the ping, and at most the first call of each of the 3 episodes, sent while it travelled; none retried
    assert 1 <= len(hits) <= 4
    assert not (tmp_path / "runs").exists()


PING_LATE_S = 2.0


def slow_ping(body: dict[str, object], digest: str, attempt: int) -> str | None:
    """The preflight ping is answered well, PING_LATE_S late (the server's timeout fault with that sleep)."""
    return "timeout" if "ok" in schema_keys(body) else None


def called_before_the_ping_answered(server: FakeOpenAI) -> bool:
    """One ping came, and the first agent call left before its answer (PING_LATE_S after it)."""
    pings = [at for at, body in zip(server.arrivals, server.requests, strict=True) if "ok" in schema_keys(body)]
    calls = sorted(at for at, body in zip(server.arrivals, server.requests, strict=True) if body.get("tools"))
    return len(pings) == 1 and calls[0] < pings[0] + PING_LATE_S


def test_the_episodes_call_while_the_preflight_travels(tmp_path: Path, example_persona: Path) -> None:
    roles = ExampleRoles(load_persona(example_persona))
    with running(roles.answer, fault=slow_ping, timeout_sleep_s=PING_LATE_S) as server:
        config = load_config(react_matrix(tmp_path, example_persona, server.base), [])
        outcome = run_experiment(config)
    assert called_before_the_ping_answered(server)
    assert [e.proc for c in outcome.cells for e in c.episodes] == [1.0, 1.0, 1.0]

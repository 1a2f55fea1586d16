"""A single run starts while its preflight travels; the verdict gate (engine/speculative.py) decides once."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import yaml

import engine.models.preflight
from engine.config_io import load_config
from engine.experiment.execute import run_experiment
from engine.loader import load_persona
from engine.models.preflight import PreflightError, RoleBinding, embedded_first
from engine.models.ratelimit import PreflightStopped, RateLimits
from engine.runner import run
from engine.schema.config import ModelBinding
from engine.speculative import verdict_awaited
from tests.engine.test_experiment import PING_LATE_S, called_before_the_ping_answered, react_matrix, slow_ping
from tests.models.example_roles import ExampleRoles
from tests.models.fake_openai import refusing, running


def react_run(tmp_path: Path, persona: Path, api_base: str) -> Path:
    """The experiment test's react config without its matrix: one run of the persona."""
    path = react_matrix(tmp_path, persona, api_base)
    data = yaml.safe_load(path.read_text())
    del data["matrix"]
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_run_calls_while_its_preflight_travels(tmp_path: Path, example_persona: Path) -> None:
    roles = ExampleRoles(load_persona(example_persona))
    with running(roles.answer, fault=slow_ping, timeout_sleep_s=PING_LATE_S) as server:
        config = load_config(react_run(tmp_path, example_persona, server.base), [])
        assert config.matrix is None
        outcome = run(config)
    assert called_before_the_ping_answered(server)
    calls = sorted(at for at, body in zip(server.arrivals, server.requests, strict=True) if body.get("tools"))
    pinged = min(at for at, body in zip(server.arrivals, server.requests, strict=True) if not body.get("tools"))
    assert calls[1] >= pinged + PING_LATE_S  # the first answer, which the second call needs, waited for the verdict
    assert [e.proc for e in outcome.episodes] == [1.0]
    assert (outcome.run_dir / "results.json").is_file()


@pytest.mark.parametrize(("preflight_first", "most_hits"), [(False, 2), (True, 1)], ids=["started", "waiting"])
def test_a_failed_preflight_stops_the_run_and_leaves_no_directory(
    tmp_path: Path, example_persona: Path, preflight_first: bool, most_hits: int
) -> None:
    with refusing("model 'served' does not exist", delay_s=0.5) as (base, hits):
        config = load_config(react_run(tmp_path, example_persona, base), [])
        with pytest.raises(PreflightError, match="does not exist"):
            run(config, preflight_first=preflight_first)  # proact play waits: a person must not play a lost session
    # the ping, and, started, at most the agent's first call, sent while it travelled; none retried
    assert 1 <= len(hits) <= most_hits
    assert not (tmp_path / "runs").exists()


def test_a_late_verdict_reaches_neither_its_stopped_run_nor_the_next_hold() -> None:
    limits = RateLimits({})
    verdict = threading.Event()
    with pytest.raises(KeyboardInterrupt), verdict_awaited(verdict.wait, limits):
        raise KeyboardInterrupt  # the run stops before its preflight answered
    assert limits.answers_stopped
    later = limits.hold_answers()  # the next run on the same limits holds its own answers
    verdict.set()  # the first run's verdict comes now, a pass
    passed = threading.Thread(target=limits.pass_answer, daemon=True)
    passed.start()
    passed.join(0.3)
    assert passed.is_alive()  # still held: only the next run's own verdict opens its gate
    later.release()
    passed.join(10)
    assert not passed.is_alive() and not limits.answers_stopped


def test_an_error_after_a_failed_verdict_gives_way_to_the_preflight_failure() -> None:
    def refused() -> None:
        raise PreflightError(["agent model m: request refused: no"])

    with pytest.raises(PreflightError, match="request refused"), verdict_awaited(refused, RateLimits({})) as settle:
        with pytest.raises(PreflightError):
            settle()
        raise OSError("the workspace could not be built")


def test_settle_raises_the_verdicts_failure_and_stops_the_answers() -> None:
    limits = RateLimits({})

    def refused() -> None:
        raise PreflightError(["agent model m: request refused: no"])

    with verdict_awaited(refused, limits) as settle:
        with pytest.raises(PreflightError, match="request refused"):
            settle()
        with pytest.raises(PreflightStopped):
            limits.pass_answer()
    with verdict_awaited(lambda: None, limits) as settle:
        settle()
        limits.pass_answer()  # a pass hands the answers on
    assert not limits.answers_stopped


@pytest.mark.parametrize("experiment", [False, True], ids=["run", "experiment"])
def test_a_failed_preflight_on_resume_keeps_the_directory(
    tmp_path: Path, example_persona: Path, experiment: bool
) -> None:
    kept = tmp_path / "runs" / "exp" / "earlier.txt"
    kept.parent.mkdir(parents=True)
    kept.write_text("from an earlier run")
    with refusing("model 'served' does not exist", delay_s=0.5) as (base, _):
        config = load_config((react_matrix if experiment else react_run)(tmp_path, example_persona, base), [])
        with pytest.raises(PreflightError):
            run_experiment(config) if experiment else run(config)
    assert kept.read_text() == "from an earlier run"
    recorded = ["**/results.json", "**/errors.json", "**/episode.json", "**/result.json"]
    assert not [path for pattern in recorded for path in kept.parent.glob(pattern)]  # set up, stopped unrecorded


def test_the_embedded_server_is_checked_before_the_run_starts_and_the_network_while_it_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[tuple[str, str]] = []

    def check(role: RoleBinding, factory: object = None, limits: object = None) -> None:
        checked.append((role.binding.model, threading.current_thread().name))

    monkeypatch.setattr(engine.models.preflight, "check_role", check)
    roles = [
        RoleBinding("agent", ModelBinding(model="local/smollm2-135m")),
        RoleBinding("judge", ModelBinding(model="openai/j")),
    ]
    rest = embedded_first(roles)
    assert checked == [("local/smollm2-135m", threading.current_thread().name)]  # started before the run's first call
    with verdict_awaited(rest, RateLimits({})) as settle:
        settle()
    assert [model for model, _ in checked] == ["local/smollm2-135m", "openai/j"]
    assert checked[1][1] == "preflight-verdict"  # the network role's check travels while the run starts

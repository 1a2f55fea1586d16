"""Fault injection over real model calls: agent, llm user and judge on personas/example against our fake
OpenAI-compatible server on 127.0.0.1 (tests/models/fake_openai.py). 20% of distinct requests fail on their
attempts (429 with Retry-After, 500, a timeout, a malformed body, then schema-violating JSON or broken tool-call
JSON); every episode must still end with the statuses and scores of the fault-free run, every injected fault
must be in the trajectories, and no invalid answer may be in the call cache."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from engine.loader import load_persona
from engine.models.cache import CallCache
from engine.runner import RunOutcome, run
from engine.schema.config import AgentConfig, CacheConfig, ModelBinding, RunConfig, UserConfig
from engine.schema.events import ActionError, Event, ModelAttemptFailed
from engine.trajectory import read_trajectory
from tests.models.example_roles import ExampleRoles, fault_picker, schema_keys
from tests.models.fake_openai import FAULTS, HTTP_FAULTS, FakeOpenAI, no_faults

MODELS = ("openai/fake-agent", "openai/fake-user", "openai/fake-judge")


def binding(model: str, base: str) -> ModelBinding:
    """A loopback binding (no key needed) with tiny backoff so the test takes seconds."""
    return ModelBinding(model=model, api_base=base, timeout_s=0.5, retries=4, retry_base_s=0.001, retry_max_s=0.01)


def run_example(tmp_path: Path, name: str, example: Path, server: FakeOpenAI) -> RunOutcome:
    base = server.start()
    try:
        agent, user, judge = (binding(m, base) for m in MODELS)
        config = RunConfig(
            personas=[str(example)],
            agent=AgentConfig(kind="react", model=agent, protocol="native"),
            user=UserConfig(mode="llm", model=user),
            judge=judge,
            workspace="memory",
            cache=CacheConfig(dir=str(tmp_path / name / "cache")),
            rate_limits=dict.fromkeys(MODELS, 30_000.0),
            runs_dir=str(tmp_path / name),
            run_id="run",
        )
        return run(config, bundles=[load_persona(example)])
    finally:
        server.stop()


def session_events(outcome: RunOutcome, file: str) -> list[Event]:
    return [e for d in sorted((outcome.run_dir / "example").glob("s*")) for e in read_trajectory(d / file)]


def test_twenty_percent_faults_change_nothing_but_the_trajectory(tmp_path: Path, example_persona: Path) -> None:
    bundle = load_persona(example_persona)
    clean_server = FakeOpenAI(ExampleRoles(bundle).answer, no_faults)
    clean = run_example(tmp_path, "clean", example_persona, clean_server)
    roles = ExampleRoles(bundle)
    faulty_server = FakeOpenAI(roles.answer, fault_picker(0.2), roles.violate, timeout_sleep_s=0.8)
    faulty = run_example(tmp_path, "faulty", example_persona, faulty_server)

    def scores(outcome: RunOutcome) -> list[dict[str, object]]:
        return [s.model_dump(exclude={"usage"}) for s in outcome.episodes[0].sessions]

    assert [s.termination for s in clean.episodes[0].sessions] == ["resolved"] * 3
    assert {v for s in clean.episodes[0].sessions for v in s.statuses.values()} == {"completed", "inferred"}
    assert [i.score for s in clean.episodes[0].sessions for i in s.items if i.grader == "rubric"] == [0.0, 1.0]
    assert scores(faulty) == scores(clean)
    assert faulty.episodes[0].model_dump(exclude={"sessions"}) == clean.episodes[0].model_dump(exclude={"sessions"})

    role = {
        m.split("/")[1]: r for m, r in zip(MODELS, ("agent", "user", "judge"), strict=True)
    }  # sent without "openai/"
    injected = Counter((role[m], kind) for m, kind, body in faulty_server.fault_log if "ok" not in schema_keys(body))
    assert {kind for _, kind in injected} == set(FAULTS), injected  # preflight pings (no trajectory) left out
    assert {"agent", "user"} <= {r for r, _ in injected}
    assert len(faulty_server.requests) < faulty_server.budget
    failures = [
        e
        for f in ("trajectory.jsonl", "grades.jsonl")
        for e in session_events(faulty, f)
        if isinstance(e, ModelAttemptFailed)
    ]
    logged = Counter((e.role, e.kind) for e in failures)
    for (who, kind), count in injected.items():
        if kind in HTTP_FAULTS:  # a slow machine may add a real timeout, or time out before a faulty answer arrives
            late = logged[who, "timeout"] - injected[who, "timeout"] if kind != "timeout" else 0
            assert logged[who, kind] + max(late, 0) >= count, (who, kind, logged)
        elif kind == "schema":
            assert logged[who, "invalid_output"] == count, who
    assert all(e.retry_in_s is not None for e in failures)  # every failed attempt here was followed by another
    broken = [e for e in session_events(faulty, "trajectory.jsonl") if isinstance(e, ActionError)]
    assert len(broken) == injected["agent", "tool_json"]
    assert all(e.error.startswith("arguments are not valid JSON") for e in broken)

    cached = [c.text for _, c in CallCache(tmp_path / "faulty" / "cache").items()]
    assert cached and not set(faulty_server.bad_answers) & set(cached)
    report = {
        "requests": len(faulty_server.requests),
        "clean_requests": len(clean_server.requests),
        "faulted_requests": len({d for _, _, d in faulty_server.fault_log for d in [json.dumps(d, sort_keys=True)]}),
        "faults": dict(faulty_server.faults),
        "failed_attempts_logged": {f"{r}/{k}": n for (r, k), n in sorted(logged.items())},
        "action_errors": len(broken),
    }
    print(json.dumps(report))

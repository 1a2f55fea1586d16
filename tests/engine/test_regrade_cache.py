"""Re-grading a run twice costs no model call the second time: the judge's answers come from the call cache."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.config_io import load_config
from engine.loader import load_persona
from engine.models.roles import bind_role
from engine.models.scripted import ScriptedModel
from engine.regrade import regrade_run
from engine.runner import run
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import ModelUsage
from engine.trajectory import read_trajectory


def test_second_regrade_makes_zero_judge_calls(tmp_path: Path, example_persona: Path) -> None:
    persona = tmp_path / "personas" / "example"
    shutil.copytree(example_persona, persona)
    shutil.copytree(example_persona.parent.parent / "workspaces" / "example", tmp_path / "workspaces" / "example")
    config = load_config(
        None, [f"runs_dir={tmp_path / 'runs'}", "run_id=r", f"personas=[{persona}]", "agent.kind=reference"]
    )
    outcome = run(config, bundles=[load_persona(persona)])
    judge = ScriptedModel(lambda messages, schema: {"verdict": "YES", "reason": "fine"}, name="judge-x")
    cache = CacheConfig(dir=str(tmp_path / "cache"))

    def bound():  # type: ignore[no-untyped-def]
        return bind_role(ModelBinding(model="judge-x"), "judge", cache, lambda b: judge)

    first = regrade_run(outcome.run_dir, bound())
    calls_after_first = len(judge.calls)
    assert calls_after_first == 2
    second = regrade_run(outcome.run_dir, bound())
    assert len(judge.calls) == calls_after_first
    assert [s.comp for s in second[0].sessions] == [s.comp for s in first[0].sessions]
    usage = [
        e
        for s in ("s01", "s02", "s03")
        for e in read_trajectory(outcome.run_dir / "example" / s / "grades.jsonl")
        if isinstance(e, ModelUsage)
    ]
    assert len(usage) == 2 and all(u.cached and u.role == "judge" and u.cost_usd == 0 for u in usage)
    judge_usage = [s.usage["judge"] for s in second[0].sessions if "judge" in s.usage]
    assert sum(u.calls for u in judge_usage) == sum(u.cached_calls for u in judge_usage) == 2

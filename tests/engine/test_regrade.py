"""`proact grade`: re-grading a finished run from its directory, with a new judge and a changed checklist."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import yaml

from engine.config_io import load_config
from engine.loader import load_persona
from engine.models.metered import MeteredModel
from engine.models.scripted import ScriptedModel
from engine.regrade import regrade_run
from engine.runner import run
from engine.schema.events import Grade, ModelUsage
from engine.trajectory import read_trajectory


def test_regrade_with_a_judge_then_with_a_stricter_checklist(tmp_path: Path, example_persona: Path) -> None:
    persona = tmp_path / "personas" / "example"
    shutil.copytree(example_persona, persona)
    shutil.copytree(example_persona.parent.parent / "workspaces" / "example", tmp_path / "workspaces" / "example")
    config = load_config(
        None, [f"runs_dir={tmp_path / 'runs'}", "run_id=r", f"personas=[{persona}]", "agent.kind=reference"]
    )
    outcome = run(config, bundles=[load_persona(persona)])
    assert sum(s.grader_errors for s in outcome.episodes[0].sessions) == 2
    trajectory = outcome.run_dir / "example" / "s01" / "trajectory.jsonl"
    digest = hashlib.sha256(trajectory.read_bytes()).hexdigest()

    judge = ScriptedModel(lambda messages, schema: {"verdict": "YES", "reason": "fine"}, name="judge-x")
    episodes = regrade_run(outcome.run_dir, MeteredModel(judge, "judge"))
    assert [s.grader_errors for s in episodes[0].sessions] == [0, 0, 0]
    assert episodes[0].comp == 1.0 and episodes[0].proc == 1.0
    assert len(judge.calls) == 2
    grades = read_trajectory(outcome.run_dir / "example" / "s02" / "grades.jsonl")
    assert [type(e).__name__ for e in grades].count("Grade") == 5
    assert any(isinstance(e, ModelUsage) and e.role == "judge" for e in grades)
    assert hashlib.sha256(trajectory.read_bytes()).hexdigest() == digest

    s01 = persona / "sessions" / "s01.yaml"
    data = yaml.safe_load(s01.read_text())
    data["checklist"][1]["rule"]["args"]["pattern"] = "Coffee"
    s01.write_text(yaml.safe_dump(data, sort_keys=False))
    episodes = regrade_run(outcome.run_dir, None)
    first = episodes[0].sessions[0]
    assert {i.item_id: i.score for i in first.items}["c2"] == 0.0
    assert first.proc == 1.0
    stored = read_trajectory(outcome.run_dir / "example" / "s01" / "grades.jsonl")
    assert [g.score for g in stored if isinstance(g, Grade) and g.item_id == "c2"] == [0.0]

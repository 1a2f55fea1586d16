"""Rubric items: one isolated judge call per criterion; unusable verdicts are errors, never a silent NO."""

from __future__ import annotations

from engine.agents.scripted import ScriptedAgent
from engine.episode import EpisodeDeps, run_session
from engine.models.scripted import ScriptedModel
from engine.schema.config import RunConfig
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.helpers import bundle, spec

CHECKLIST = [
    {"id": "c1", "text": "The summary is polite.", "rubric": {}},
    {
        "id": "c2",
        "text": "The summary names the best model.",
        "rubric": {"context": {"files": ["a.md"], "trace": False}},
    },
    {"id": "c3", "text": "The summary is short.", "rubric": {}},
]


def run_with_judge(judge: ScriptedModel | None):  # type: ignore[no-untyped-def]
    s = spec([], CHECKLIST)
    deps = EpisodeDeps(
        ScriptedAgent(lambda m, t: "Thanks! Model B wins."),
        RulesUser(),
        MemoryWorkspace({"a.md": b"B best"}),
        judge=judge,
    )
    return run_session(bundle(s), s, RunConfig(), deps, TrajectoryLog())


def test_one_call_per_criterion_and_no_other_criteria_visible() -> None:
    judge = ScriptedModel(
        [{"verdict": "YES", "reason": "polite"}, {"verdict": "NO", "reason": "no"}, "garbage", "garbage", "garbage"]
    )
    result = run_with_judge(judge)
    scores = {i.item_id: i.score for i in result.items}
    assert scores == {"c1": 1.0, "c2": 0.0, "c3": None}
    assert result.grader_errors == 1
    assert result.comp == 0.5
    first, second = judge.calls[0][1].content, judge.calls[1][1].content
    assert "polite" in first and "best model" not in first and "short" not in first
    assert "FILE a.md:\nB best" in second and "TRACE" not in second
    assert "ASSISTANT: Thanks! Model B wins." in first


def test_without_a_judge_rubric_items_are_reported_errors() -> None:
    result = run_with_judge(None)
    assert result.grader_errors == 3 and result.comp is None

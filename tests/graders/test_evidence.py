"""Evidence retrieval scoring on a hand-made trajectory with known precision and recall."""

from __future__ import annotations

from typing import Any

import pytest

from engine.agents.react.memory import HISTORY_DIR
from engine.metrics import episode_result, result_from_events
from engine.schema.events import Event, FileChange, ToolCall, ToolResult, WorkspaceChanged
from engine.schema.session import HiddenIntent
from graders.evidence import HISTORY_FILE, evidence_score
from tests.engine.helpers import spec


def intent(n: int, source: Any) -> dict[str, Any]:
    return {"id": f"i{n}", "content": f"c{n}", "reveal": f"r{n}", "source": source}


INTENTS = [
    intent(1, {"workspace": "notes/conventions.md"}),
    intent(2, {"workspace": "signups.csv"}),
    intent(3, {"session": "s01", "files": ["schedule/a.md"]}),
    intent(4, "ask"),
    intent(5, {"workspace": "./notes/conventions.md"}),
]


def call(n: int, name: str, args: dict[str, Any], output: Any = None, error: str | None = None) -> list[Event]:
    return [
        ToolCall(turn=1, call_id=str(n), name=name, arguments=args),
        ToolResult(turn=1, call_id=str(n), name=name, output=output, error=error),
    ]


EVENTS: list[Event] = [
    *call(1, "read_file", {"path": "notes/conventions.md"}, {"content": "..."}),
    *call(2, "read_file", {"path": "./README.md"}, {"content": "..."}),
    *call(3, "read_file", {"path": "missing.md"}, error="no such file"),
    *call(
        4,
        "grep",
        {"pattern": "Noor"},
        {"results": ["memory/history/s01.md:3:Noor", "memory/history/s01.md:9:x", "todo.txt:1:x"]},
    ),
    *call(5, "list_dir", {"path": "."}, {"files": ["signups.csv", "schedule/a.md"]}),
    *call(6, "exec", {"command": "head -5 /workspace/data/extra.csv 2>/dev/null | sort -r"}, {"output": ""}),
    *call(7, "write_file", {"path": "out.md", "content": "x"}, {"ok": True}),
    WorkspaceChanged(turn=1, changes=[FileChange(path="out.md", kind="added")]),
    *call(8, "read_file", {"path": "out.md"}, {"content": "x"}),
]


def test_precision_recall_f1_by_hand() -> None:
    intents = [HiddenIntent.model_validate(i) for i in INTENTS]
    score = evidence_score(intents, EVENTS)
    assert score is not None
    assert score.relevant == ["notes/conventions.md", "session:s01", "signups.csv"]
    assert score.read == ["README.md", "data/extra.csv", "memory/history/s01.md", "notes/conventions.md", "todo.txt"]
    assert score.found == ["notes/conventions.md", "session:s01"]
    assert score.precision == pytest.approx(2 / 5)
    assert score.recall == pytest.approx(2 / 3)
    assert score.f1 == pytest.approx(0.5)


def test_sessions_without_sources_have_no_score_and_reading_nothing_scores_zero() -> None:
    assert evidence_score([HiddenIntent.model_validate(intent(1, "ask"))], EVENTS) is None
    nothing = evidence_score([HiddenIntent.model_validate(INTENTS[0])], [])
    assert nothing is not None and (nothing.precision, nothing.recall, nothing.f1) == (0.0, 0.0, 0.0)


def test_evidence_is_reported_per_session_and_averaged_per_episode() -> None:
    with_sources = result_from_events("p", spec(INTENTS), EVENTS, [])
    without = result_from_events("p", spec([intent(1, "ask")]), EVENTS, [])
    assert with_sources.evidence is not None and without.evidence is None
    ep = episode_result("p", [with_sources, without])
    assert (ep.evidence_precision, ep.evidence_recall, ep.evidence_f1) == pytest.approx((0.4, 2 / 3, 0.5))


def test_history_file_matches_the_agent_memory_layout() -> None:
    assert HISTORY_FILE.format(session="s01") == f"{HISTORY_DIR}/s01.md"

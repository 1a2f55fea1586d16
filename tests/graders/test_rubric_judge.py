"""The rubric judge: one isolated call per criterion, feedback retries, unusable answers are errors."""

from __future__ import annotations

import json

from engine.models.scripted import ScriptedModel
from engine.ports import Message, ModelError
from engine.schema.events import AgentMessage, Event, SessionStarted, ToolCall, ToolResult
from engine.schema.session import ChecklistItem, RubricContext
from graders.checklist import grade_checklist
from graders.render import render_context
from graders.rubric import judge_item
from graders.view import view_from_events
from sandbox.workspace.memory import MemoryWorkspace

TEXTS = ["The reply thanks the user.", "The plan lists three steps.", "The email is signed by Noor."]
EVENTS: list[Event] = [
    SessionStarted(session_id="s1", trigger="user", opening="Plan my week."),
    ToolCall(turn=1, call_id="a", name="gmail__send_email", arguments={"to": "x@y.z", "body": "Hi, Noor"}),
    ToolResult(turn=1, call_id="a", name="gmail__send_email", output={"response": {"thread_id": 7, "n": 1}}),
    AgentMessage(turn=1, text="Thanks! Done."),
]


def items() -> list[ChecklistItem]:
    return [ChecklistItem(id=f"c{n}", text=t, rubric={}) for n, t in enumerate(TEXTS)]  # type: ignore[arg-type]


def test_each_criterion_is_judged_alone_and_never_sees_the_others() -> None:
    judge = ScriptedModel(lambda messages, schema: {"verdict": "YES", "reason": "ok"})
    grades = grade_checklist(items(), view_from_events(MemoryWorkspace(), EVENTS), EVENTS, judge)
    assert [g.score for g in grades] == [1.0, 1.0, 1.0]
    assert len(judge.calls) == 3
    for own, call in zip(TEXTS, judge.calls, strict=True):
        sent = "\n".join(m.content for m in call)
        assert own in sent
        assert not [other for other in TEXTS if other != own and other in sent]
        assert "ASSISTANT: Thanks! Done." in sent


def test_an_unparseable_verdict_is_an_error_not_a_no_and_retries_carry_feedback() -> None:
    judge = ScriptedModel(["maybe?", '{"verdict": "PERHAPS", "reason": ""}', "{not json"])
    grade = grade_checklist(items()[:1], view_from_events(MemoryWorkspace(), EVENTS), EVENTS, judge)[0]
    assert grade.score is None and grade.error is not None and "after 3 attempts" in grade.error
    assert len(judge.calls) == 3
    retry = judge.calls[1]
    assert retry[-2] == Message("assistant", "maybe?") and "not usable" in retry[-1].content


def test_a_retry_can_recover_and_a_failed_call_is_an_error() -> None:
    judge = ScriptedModel(["nonsense", {"verdict": "no", "reason": "x"}, {"verdict": "NO", "reason": "missing step"}])
    verdict = judge_item(items()[1], judge, "trace", "")
    assert (verdict.score, verdict.reason, verdict.error) == (0.0, "missing step", None)
    assert "verdict: 'no' is not one of ['YES', 'NO']" in judge.calls[2][-1].content  # the schema, strictly

    def broken(messages: list[Message], schema: object) -> str:
        raise ModelError("provider down")

    failed = judge_item(items()[1], ScriptedModel(broken), "trace", "")
    assert failed.score is None and failed.error == "judge call failed: provider down"


def test_context_shows_only_the_selected_tool_fields() -> None:
    context = RubricContext.model_validate(
        {
            "trace": False,
            "tool_fields": [
                {"tool": "gmail__send_email", "arguments": ["body"], "result": ["response.thread_id", "response.gone"]}
            ],
        }
    )
    text = render_context(view_from_events(MemoryWorkspace(), EVENTS), context)
    assert text == (
        'TOOL gmail__send_email (turn 1) arguments={"body": "Hi, Noor"} '
        + "result="
        + json.dumps({"response.thread_id": 7, "response.gone": "(absent)"})
    )
    assert "x@y.z" not in text

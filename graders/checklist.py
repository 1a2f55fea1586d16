"""Grade a session's checklist: rule items (credited if they passed after any turn) and rubric items."""

from __future__ import annotations

from engine.ports import ChatModel
from engine.schema.events import Event, Grade
from engine.schema.session import ChecklistItem
from graders.render import render_context, render_trace
from graders.rubric import judge_item
from graders.rules import evaluate
from graders.view import EvidenceView


def probe_rules(items: list[ChecklistItem], view: EvidenceView) -> list[str]:
    """Ids of rule items that pass on the current state (called after every agent turn)."""
    return [item.id for item in items if item.rule is not None and evaluate(item.rule, view).passed]


def grade_checklist(
    items: list[ChecklistItem],
    view: EvidenceView,
    events: list[Event],
    probed: set[str],
    judge: ChatModel | None,
) -> list[Grade]:
    """One Grade per item. Rule items pass if they passed after any turn or on the final state."""
    grades: list[Grade] = []
    trace = render_trace(events)
    for item in items:
        if item.rule is not None:
            outcome = evaluate(item.rule, view)
            passed = outcome.passed or item.id in probed
            reason = (
                outcome.detail if outcome.passed or not passed else f"passed at an earlier turn; now: {outcome.detail}"
            )
            grades.append(Grade(item_id=item.id, grader="rule", score=1.0 if passed else 0.0, reason=reason))
            continue
        assert item.rubric is not None
        if judge is None:
            grades.append(Grade(item_id=item.id, grader="rubric", score=None, error="no judge model bound"))
            continue
        ctx = item.rubric.context
        verdict = judge_item(item, judge, trace if ctx.trace else "", render_context(view, ctx.files, ctx.tools))
        grades.append(
            Grade(item_id=item.id, grader="rubric", score=verdict.score, reason=verdict.reason, error=verdict.error)
        )
    return grades

"""Grade a session's checklist: rule items (final state, or after any turn for 'anywhere' rules) and rubric items."""

from __future__ import annotations

import hashlib

from engine.ports import ChatModel
from engine.schema.events import Event, Grade, RuleProbe
from engine.schema.rules import RuleSpec
from engine.schema.session import ChecklistItem
from graders.render import render_context, render_trace
from graders.rubric import judge_item
from graders.rules import evaluate, when_of
from graders.rules.base import Outcome
from graders.view import EvidenceView


def rule_digest(rule: RuleSpec) -> str:
    """A short stable digest of a rule spec, so a probe is credited only to the rule that passed."""
    return hashlib.sha256(rule.model_dump_json().encode()).hexdigest()[:16]


def probe_rules(items: list[ChecklistItem], view: EvidenceView) -> dict[str, str]:
    """'anywhere' rule items that pass on the current state (called after every agent turn): id -> rule digest."""
    return {
        item.id: rule_digest(item.rule)
        for item in items
        if item.rule is not None and when_of(item.rule) == "anywhere" and evaluate(item.rule, view).passed
    }


def probes_from_events(events: list[Event]) -> dict[str, set[str]]:
    """Every (item id -> rule digests) recorded as passing by the run's rule_probe events."""
    found: dict[str, set[str]] = {}
    for e in events:
        if isinstance(e, RuleProbe):
            for item_id, digest in e.passed.items():
                found.setdefault(item_id, set()).add(digest)
    return found


def grade_checklist(
    items: list[ChecklistItem],
    view: EvidenceView,
    events: list[Event],
    judge: ChatModel | None,
) -> list[Grade]:
    """One Grade per item. A 'final' rule item is graded on the final state; an 'anywhere' one passes if this exact
    rule passed after any turn or on the final state. A failed rule's reason names any file it could not read."""
    grades: list[Grade] = []
    probed = probes_from_events(events)
    trace = render_trace(events)
    for item in items:
        if item.rule is not None:
            view.unreadable.clear()
            view.failed_reads.clear()
            outcome = evaluate(item.rule, view)
            failure = view.read_failure()
            if not outcome.passed and failure is not None:
                outcome = Outcome(False, outcome.detail, error=failure)
            if outcome.error is not None:
                grades.append(
                    Grade(item_id=item.id, grader="rule", score=None, reason=outcome.detail, error=outcome.error)
                )
                continue
            earlier = when_of(item.rule) == "anywhere" and rule_digest(item.rule) in probed.get(item.id, set())
            passed = outcome.passed or earlier
            reason = (
                outcome.detail if outcome.passed or not passed else f"passed at an earlier turn; now: {outcome.detail}"
            )
            if not passed and view.unreadable:  # a FIFO, device, socket or oversized file where a file was read
                reason = f"{reason} ({'; '.join(view.unreadable.values())})"
            grades.append(Grade(item_id=item.id, grader="rule", score=1.0 if passed else 0.0, reason=reason))
            continue
        assert item.rubric is not None
        if judge is None:
            grades.append(Grade(item_id=item.id, grader="rubric", score=None, error="no judge model bound"))
            continue
        ctx = item.rubric.context
        verdict = judge_item(item, judge, trace if ctx.trace else "", render_context(view, ctx))
        grades.append(
            Grade(item_id=item.id, grader="rubric", score=verdict.score, reason=verdict.reason, error=verdict.error)
        )
    return grades

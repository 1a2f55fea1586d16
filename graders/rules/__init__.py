"""Rule kinds by name. Adding a kind: one module with `RULE` plus one line here."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.schema.rules import RuleSpec
from graders.rules import (
    app_state,
    csv_schema,
    document_text,
    file_exists,
    file_matches,
    function,
    json_path_equals,
    json_schema,
    markdown_table,
    message_matches,
    plan_dag,
    tool_called,
    tool_sequence,
)
from graders.rules.base import Outcome, RuleKind
from graders.view import EvidenceView

REGISTRY: dict[str, RuleKind[Any]] = {
    rule.name: rule
    for rule in (
        file_exists.RULE,
        file_matches.RULE,
        json_path_equals.RULE,
        message_matches.RULE,
        tool_called.RULE,
        markdown_table.RULE,
        csv_schema.RULE,
        json_schema.RULE,
        document_text.RULE,
        plan_dag.RULE,
        function.RULE,
        app_state.RULE,
        tool_sequence.RULE,
    )
}


def evaluate(spec: RuleSpec, view: EvidenceView) -> Outcome:
    """Run one rule spec; an unknown kind or bad arguments is a failed outcome naming the problem."""
    kind = REGISTRY.get(spec.kind)
    if kind is None:
        return Outcome(False, f"unknown rule kind {spec.kind!r}")
    try:
        return kind.evaluate(spec.args, view)
    except ValidationError as exc:
        found = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
        return Outcome(False, f"bad arguments for {spec.kind}: {found}")
    except ValueError as exc:
        return Outcome(False, f"bad arguments for {spec.kind}: {exc}")

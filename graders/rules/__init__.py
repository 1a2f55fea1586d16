"""Rule kinds by name. Adding a kind: one module with `RULE` plus one line here."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.schema.rules import RuleSpec
from graders.locate import candidates, resolve
from graders.rules import (
    app_state,
    csv_schema,
    document_text,
    fact,
    file_exists,
    file_matches,
    function,
    json_path_equals,
    json_schema,
    markdown_table,
    message_matches,
    pibench_script,
    plan_dag,
    read_source,
    table,
    text,
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
        text.RULE,
        fact.RULE,
        table.RULE,
        read_source.RULE,
        pibench_script.RULE,
    )
}


def when_of(spec: RuleSpec) -> str:
    """'final' or 'anywhere': the spec's own choice, else its kind's default (unknown kinds: 'final')."""
    if spec.when is not None:
        return spec.when
    kind = REGISTRY.get(spec.kind)
    return kind.default_when if kind is not None else "final"


def takes_artifact(kind: RuleKind[Any]) -> bool:
    """A path kind without its own `artifact` argument: `artifact: <id>` stands in for its `path`."""
    fields = kind.args_model.model_fields
    return "path" in fields and "artifact" not in fields


def evaluate(spec: RuleSpec, view: EvidenceView) -> Outcome:
    """Run one rule spec; an unknown kind or bad arguments is a failed outcome naming the problem.

    Every kind that reads one file by `path` also takes `artifact: <id>` instead: the session artifact is
    located (graders/locate.py) and its file is graded.
    """
    kind = REGISTRY.get(spec.kind)
    if kind is None:
        return Outcome(False, f"unknown rule kind {spec.kind!r}")
    if "artifact" in spec.args and "path" in kind.args_model.model_fields and spec.args.get("absent") is not True:
        spread = _over_candidates(spec, view)
        if spread is not None:
            return spread
    return _evaluate_one(spec, kind, view)


def _over_candidates(spec: RuleSpec, view: EvidenceView) -> Outcome | None:
    """A claim about an artifact that several files qualify as (a decision note beside its comparison table and CSV)
    holds when one of them makes it: each is graded in order of preference and the first that passes is kept, else
    the preferred one's outcome. None when at most one file qualifies. What must not be said (`absent`) is graded on
    the preferred file only, as before."""
    artifact = view.artifacts.get(str(spec.args["artifact"]))
    found = [] if artifact is None else candidates(artifact, view)
    if len(found) < 2 or artifact is None:
        return None
    kind = REGISTRY[spec.kind]
    first: Outcome | None = None
    for n, path in enumerate(found, start=1):
        args = {**{k: v for k, v in spec.args.items() if k != "artifact"}, "path": path}
        outcome = _evaluate_one(spec.model_copy(update={"args": args}), kind, view)
        where = f"{artifact.description} = {path} (candidate {n} of {len(found)}): "
        if outcome.passed:
            return Outcome(True, where + outcome.detail)
        first = first or Outcome(False, where + outcome.detail)
    return first


def _evaluate_one(spec: RuleSpec, kind: RuleKind[Any], view: EvidenceView) -> Outcome:
    """One rule spec on the artifact's preferred file (or its path)."""
    args = spec.args
    note = ""
    if "artifact" in args and takes_artifact(kind):
        located = resolve(view, str(args["artifact"]), None)
        if located.path is None:
            return Outcome(spec.kind == "file_exists" and args.get("absent") is True, located.detail)
        args = {**{k: v for k, v in args.items() if k != "artifact"}, "path": located.path}
        note = f"{located.detail}: "
    try:
        outcome = kind.evaluate(args, view)
        return Outcome(outcome.passed, note + outcome.detail) if note else outcome
    except ValidationError as exc:
        found = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
        return Outcome(False, f"bad arguments for {spec.kind}: {found}")
    except ValueError as exc:
        return Outcome(False, f"bad arguments for {spec.kind}: {exc}")

"""Specifications of deterministic rules, shared by checklist graders and the rules-mode user."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.schema.base import Strict


class RuleSpec(Strict):
    """One deterministic check: a registered rule kind plus its arguments.

    The arguments are validated against the kind's own argument model by `proact validate`,
    because the schema package knows no grader code.
    """

    kind: str = Field(description="Registered rule kind, e.g. 'file_exists', 'file_matches', 'tool_called'.")
    args: dict[str, Any] = Field(default_factory=dict, description="Keyword arguments of the rule kind.")
    when: Literal["final", "anywhere"] | None = Field(
        default=None,
        description="As a checklist item: 'final' grades the session's final state only; 'anywhere' credits a pass "
        "after any turn. Default by kind: files and app state 'final'; replies and tool calls 'anywhere'. "
        "As intent evidence it is checked at each turn on the state so far.",
    )

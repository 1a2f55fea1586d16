"""Evaluate one rule spec over an in-memory workspace."""

from __future__ import annotations

from typing import Any

from engine.schema.rules import RuleSpec
from graders.rules import evaluate
from graders.rules.base import Outcome
from graders.view import EvidenceView
from sandbox.workspace.memory import MemoryWorkspace


def run(kind: str, args: dict[str, Any], files: dict[str, str | bytes] | None = None) -> Outcome:
    """Run `kind` with `args` against a workspace holding `files` (text is UTF-8 encoded)."""
    data = {p: c.encode() if isinstance(c, str) else c for p, c in (files or {}).items()}
    return evaluate(RuleSpec(kind=kind, args=args), EvidenceView(workspace=MemoryWorkspace(data)))

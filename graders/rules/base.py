"""The rule-kind abstraction: an argument model plus a check over an EvidenceView."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from graders.view import EvidenceView


class RuleArgs(BaseModel):
    """Base of every rule kind's arguments: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class Outcome:
    """A rule's verdict with a one-line explanation; `error` set means no verdict (a grader error, kept out of Comp)."""

    passed: bool
    detail: str
    error: str | None = None


A = TypeVar("A", bound=RuleArgs)


@dataclass(frozen=True)
class RuleKind(Generic[A]):
    """A registered rule kind."""

    name: str
    args_model: type[A]
    check: Callable[[A, EvidenceView], Outcome]
    default_when: Literal["final", "anywhere"] = "final"

    def evaluate(self, args: dict[str, Any], view: EvidenceView) -> Outcome:
        """Validate the arguments and run the check."""
        return self.check(self.args_model.model_validate(args), view)

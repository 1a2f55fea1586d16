"""Rule kind `function`: call a named grader function from `graders/functions` (the escape hatch)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, ValidationError, model_validator

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of function."""

    name: str = Field(description="Name of a function registered in graders/functions.")
    params: dict[str, Any] = Field(
        default_factory=dict, description="The function's parameters, validated by its own parameter model."
    )

    @model_validator(mode="after")
    def _known_function_and_params(self) -> Args:
        from graders.functions import FUNCTIONS

        function = FUNCTIONS.get(self.name)
        if function is None:
            raise ValueError(f"unknown grader function {self.name!r}; known: {sorted(FUNCTIONS)}")
        try:
            function.args_model.model_validate(self.params)
        except ValidationError as exc:
            found = "; ".join(f"params.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise ValueError(f"bad params for {self.name}: {found}") from exc
        return self


def check(args: Args, view: EvidenceView) -> Outcome:
    """Run the function; its outcome's detail is prefixed with its name."""
    from graders.functions import FUNCTIONS

    outcome = FUNCTIONS[args.name].evaluate(args.params, view)
    return Outcome(outcome.passed, f"{args.name}: {outcome.detail}")


RULE = RuleKind("function", Args, check)

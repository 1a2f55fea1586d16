"""Rule kind `plan_dag`: a plan file is a valid step DAG and, optionally, close enough to a reference plan.

Seed 003: steps carry `depends_on`; the plan must be acyclic; candidate steps are matched to the
reference plan's steps for precision/recall/F1, and F1 maps to a seven-level rating. The matching
is defined in `graders.plans`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from graders.plans import TIER_NAMES, PlanError, Step, agreeing, dag_problem, match_steps, read_steps, tier
from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.json_path_equals import lookup
from graders.rules.loading import ArtifactError, DataFormat, check_patterns, load_data
from graders.view import EvidenceView

Tier = Literal["extremely_good", "very_good", "good", "acceptable", "bad", "very_bad", "extremely_bad"]


class ReferenceStep(RuleArgs):
    """One step of the reference (gold) plan."""

    id: str | int = Field(description="Step id; 1 and '1' are the same id.")
    depends_on: list[str | int] = Field(default_factory=list, description="Ids of the steps this one needs first.")
    text: str = Field(min_length=1, description="What the step does; compared by content-word similarity.")
    keywords: list[str] = Field(
        default_factory=list,
        description="Optional case-insensitive regexes; when given, a candidate step matches only if all occur "
        "in its text (instead of the similarity threshold).",
    )

    @field_validator("keywords")
    @classmethod
    def _compiles(cls, value: list[str]) -> list[str]:
        return check_patterns(value)

    def step(self) -> Step:
        """The plain step."""
        return Step(str(self.id), tuple(str(d) for d in self.depends_on), self.text, tuple(self.keywords))


class Args(RuleArgs):
    """Arguments of plan_dag."""

    path: str = Field(description="Workspace-relative path of the plan (JSON or YAML).")
    format: DataFormat = Field(default="auto", description="'json', 'yaml', or 'auto' (by extension).")
    steps_at: str = Field(default="", description="Dotted path to the steps inside the file, e.g. 'plan'; '' = root.")
    id_field: str = Field(default="id", description="Key of a step's id when the steps are a list.")
    deps_field: str = Field(default="depends_on", description="Key of a step's dependency list.")
    text_fields: list[str] = Field(
        default_factory=lambda: ["text", "step", "query", "description", "title"],
        min_length=1,
        description="Keys tried in order for a step's text; the first non-empty string is used.",
    )
    min_steps: int = Field(default=1, ge=1, description="Minimum number of steps.")
    ordered: bool = Field(default=False, description="Also require every dependency to come earlier in the file.")
    reference: list[ReferenceStep] | None = Field(default=None, description="Gold plan to score the plan against.")
    similarity: float = Field(default=0.5, gt=0, le=1, description="Dice similarity at which two steps match.")
    match_dependencies: bool = Field(
        default=False, description="A matched pair counts only if its dependencies correspond under the matching."
    )
    min_f1: float | None = Field(default=None, ge=0, le=1, description="Pass when step-level F1 is at least this.")
    min_tier: Tier | None = Field(
        default=None,
        description="Pass when the F1 rating (seed 003: >0.95 extremely_good, >0.85 very_good, >0.75 good, "
        ">0.60 acceptable, >0.45 bad, >0.30 very_bad, else extremely_bad) is at least this.",
    )

    @model_validator(mode="after")
    def _scoring(self) -> Args:
        if self.reference is None:
            if self.min_f1 is not None or self.min_tier is not None:
                raise ValueError("min_f1/min_tier need a reference plan")
            return self
        if (self.min_f1 is None) == (self.min_tier is None):
            raise ValueError("a reference plan needs exactly one of min_f1, min_tier")
        problem = dag_problem([r.step() for r in self.reference])
        ids = [str(r.id) for r in self.reference]
        if len(set(ids)) != len(ids) or problem:
            raise ValueError(f"the reference plan is not a valid DAG: {problem or 'duplicate step ids'}")
        return self


def score(args: Args, steps: list[Step]) -> Outcome:
    """Precision, recall and F1 of the steps against the reference; pass by min_f1 or min_tier."""
    assert args.reference is not None
    references = [r.step() for r in args.reference]
    matched = match_steps(steps, references, args.similarity)
    if args.match_dependencies:
        matched = agreeing(matched, steps, references)
    precision, recall = len(matched) / len(steps), len(matched) / len(references)
    f1 = 2 * precision * recall / (precision + recall) if matched else 0.0
    rating = tier(f1)
    if args.min_tier is not None:
        passed = TIER_NAMES.index(rating) <= TIER_NAMES.index(args.min_tier)
        need = f"need {args.min_tier}"
    else:
        passed, need = f1 >= (args.min_f1 or 0.0), f"need F1 >= {args.min_f1}"
    missed = [r.id for r in references if r.id not in matched]
    used = set(matched.values())
    extra = [s.id for s in steps if s.id not in used]
    detail = f"P={precision:.2f} R={recall:.2f} F1={f1:.2f} ({rating}; {need})"
    if missed or extra:
        detail += f"; unmatched reference steps {missed}, unmatched plan steps {extra}"
    return Outcome(passed, f"{args.path}: {detail}")


def check(args: Args, view: EvidenceView) -> Outcome:
    """Read the plan, check it is a DAG, then score it against the reference if one is given."""
    try:
        container: Any = lookup(load_data(view, args.path, args.format), args.steps_at)
    except ArtifactError as exc:
        return Outcome(False, str(exc))
    except (KeyError, IndexError, TypeError):
        return Outcome(False, f"{args.steps_at!r} not found in {args.path}")
    try:
        steps = read_steps(container, args.id_field, args.deps_field, args.text_fields)
    except PlanError as exc:
        return Outcome(False, f"{args.path}: {exc}")
    if len(steps) < args.min_steps:
        return Outcome(False, f"{args.path}: {len(steps)} step(s), need {args.min_steps}")
    problem = dag_problem(steps, args.ordered)
    if problem:
        return Outcome(False, f"{args.path}: {problem}")
    if args.reference is None:
        return Outcome(True, f"{args.path}: {len(steps)} steps form a valid DAG")
    return score(args, steps)


RULE = RuleKind("plan_dag", Args, check)

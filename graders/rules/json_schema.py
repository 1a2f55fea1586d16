"""Rule kind `json_schema`: a JSON or YAML workspace file validates against an inline JSON Schema."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.rules.loading import ArtifactError, DataFormat, load_data
from graders.view import EvidenceView


class Args(RuleArgs):
    """Arguments of json_schema."""

    path: str = Field(description="Workspace-relative path of the JSON or YAML file.")
    schema_: dict[str, Any] = Field(
        alias="schema",
        description="JSON Schema the document must satisfy; its $schema picks the draft (default 2020-12). "
        "String formats such as 'date' and 'email' are checked.",
    )
    format: DataFormat = Field(
        default="auto", description="'json', 'yaml', or 'auto' (YAML for .yaml/.yml, JSON otherwise)."
    )

    @field_validator("schema_")
    @classmethod
    def _valid_schema(cls, value: dict[str, Any]) -> dict[str, Any]:
        from jsonschema import SchemaError
        from jsonschema.validators import validator_for

        try:
            validator_for(value).check_schema(value)
        except SchemaError as exc:
            raise ValueError(f"invalid JSON Schema at {exc.json_path}: {exc.message}") from exc
        return value


def _path_key(parts: Any) -> tuple[tuple[int, Any], ...]:
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in parts)


def check(args: Args, view: EvidenceView) -> Outcome:
    """Validate the document; the detail names the first failing location in document order."""
    from jsonschema.validators import validator_for

    try:
        data = load_data(view, args.path, args.format)
    except ArtifactError as exc:
        return Outcome(False, str(exc))
    validator_class = validator_for(args.schema_)
    validator = validator_class(args.schema_, format_checker=validator_class.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(data), key=lambda e: (_path_key(e.absolute_path), e.message))
    if not errors:
        return Outcome(True, f"{args.path} satisfies the schema")
    first = errors[0]
    message = first.message if len(first.message) <= 200 else first.message[:197] + "..."
    more = f" (and {len(errors) - 1} more error(s))" if len(errors) > 1 else ""
    return Outcome(False, f"{args.path} at {first.json_path}: {message}{more}")


RULE = RuleKind("json_schema", Args, check)

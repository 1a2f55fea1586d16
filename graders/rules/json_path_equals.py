"""Rule kind `json_path_equals`: a value inside a JSON workspace file equals an expected value."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import Field

from graders.rules.base import Outcome, RuleArgs, RuleKind
from graders.view import EvidenceView

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class Args(RuleArgs):
    """Arguments of json_path_equals."""

    path: str = Field(description="Workspace-relative path of a JSON file.")
    json_path: str = Field(description="Dotted path with list indices, e.g. 'items[0].name'; '' is the root.")
    value: Any = Field(description="Expected value (compared after JSON decoding).")


def lookup(data: Any, json_path: str) -> Any:
    """Follow a dotted path; KeyError/IndexError/TypeError when it does not resolve."""
    for key, index in _STEP.findall(json_path):
        data = data[int(index)] if index else data[key]
    return data


def check(args: Args, view: EvidenceView) -> Outcome:
    """Compare the value at the path."""
    text = view.read_text(args.path)
    if text is None:
        return Outcome(False, f"{args.path} does not exist")
    try:
        found = lookup(json.loads(text), args.json_path)
    except json.JSONDecodeError as exc:
        return Outcome(False, f"{args.path} is not JSON: {exc}")
    except (KeyError, IndexError, TypeError):
        return Outcome(False, f"{args.json_path!r} not found in {args.path}")
    return Outcome(found == args.value, f"{args.json_path} = {found!r} (expected {args.value!r})")


RULE = RuleKind("json_path_equals", Args, check)

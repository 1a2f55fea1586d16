"""Named grader functions: the escape hatch for a check no rule kind expresses.

A function is a `RuleKind` (a parameter model plus a check) registered here by name; the `function`
rule kind calls it with `args: {name: <name>, params: {...}}`. Adding one: a module defining
`FUNCTION` plus one line below.
"""

from __future__ import annotations

from typing import Any

from graders.functions import table_coverage
from graders.rules.base import RuleKind

FUNCTIONS: dict[str, RuleKind[Any]] = {function.name: function for function in (table_coverage.FUNCTION,)}

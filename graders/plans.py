"""Plans as dependency graphs (seed 003): reading steps, DAG checks, and step matching against a reference.

Step matching is deterministic. A step's text becomes a set of content words (casefolded `\\w+`
tokens without common function words, a plural `s` dropped from words over three letters);
similarity is the Dice coefficient of two such sets. A candidate/reference pair is eligible when
the similarity reaches the threshold, or, when the reference step lists keywords (regexes), when
every keyword matches the candidate text. Pairs are taken greedily by decreasing similarity
(ties: reference order, then candidate order), each step used at most once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


class PlanError(Exception):
    """The plan artifact is not a readable list of steps; the message says which step and field."""


STOPWORDS = frozenset(
    {
        *("a", "an", "the", "of", "to", "in", "on", "for", "from", "by", "with", "and", "or", "as", "at"),
        *("is", "are", "be", "been", "this", "that", "these", "those", "it", "its", "into", "each", "all"),
        *("any", "per", "via", "using", "use", "then", "than"),
    }
)

TIERS: tuple[tuple[str, float], ...] = (
    ("extremely_good", 0.95),
    ("very_good", 0.85),
    ("good", 0.75),
    ("acceptable", 0.60),
    ("bad", 0.45),
    ("very_bad", 0.30),
)
TIER_NAMES: tuple[str, ...] = (*(name for name, _ in TIERS), "extremely_bad")


@dataclass(frozen=True)
class Step:
    """One plan step: id, the ids it depends on, its instruction text, optional matching keywords."""

    id: str
    depends_on: tuple[str, ...]
    text: str
    keywords: tuple[str, ...] = field(default=())


def _step_id(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise PlanError(f"{where}: a step id must be a string or an integer, got {type(value).__name__}")
    return str(value)


def read_step(raw: Any, step_id: str, deps_field: str, text_fields: Sequence[str]) -> Step:
    """One step from its decoded mapping; PlanError names the step and the bad field."""
    if not isinstance(raw, Mapping):
        raise PlanError(f"step {step_id!r} is a {type(raw).__name__}, expected a mapping")
    deps = [] if raw.get(deps_field) is None else raw[deps_field]
    if not isinstance(deps, list):
        raise PlanError(f"step {step_id!r}: {deps_field} must be a list of step ids, got {type(deps).__name__}")
    texts = [raw[f] for f in text_fields if isinstance(raw.get(f), str) and raw[f].strip()]
    if not texts:
        raise PlanError(f"step {step_id!r} has no text (looked for {list(text_fields)})")
    return Step(step_id, tuple(_step_id(d, f"step {step_id!r} {deps_field}") for d in deps), texts[0])


def read_steps(container: Any, id_field: str, deps_field: str, text_fields: Sequence[str]) -> list[Step]:
    """Steps from a list of step mappings (each with an id) or a mapping id -> step."""
    if isinstance(container, Mapping):
        items = [(_step_id(k, "plan"), v) for k, v in container.items()]
    elif isinstance(container, list):
        items = []
        for n, raw in enumerate(container, start=1):
            if not isinstance(raw, Mapping) or id_field not in raw:
                raise PlanError(f"step {n} has no {id_field!r}")
            items.append((_step_id(raw[id_field], f"step {n}"), raw))
    else:
        raise PlanError(f"the plan is a {type(container).__name__}, expected a list of steps or a mapping")
    steps = [read_step(raw, step_id, deps_field, text_fields) for step_id, raw in items]
    ids = [s.id for s in steps]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise PlanError(f"duplicate step id(s) {duplicates}")
    return steps


def find_cycle(steps: Sequence[Step]) -> list[str] | None:
    """A dependency cycle as a closed id path (each step depends on the next), or None."""
    deps = {s.id: [d for d in s.depends_on if d != s.id] for s in steps}
    state: dict[str, int] = {}
    for root, root_deps in deps.items():
        if root in state:
            continue
        state[root] = 1
        path, stack = [root], [iter(root_deps)]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif nxt in deps and nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(deps[nxt]))
    return None


def dag_problem(steps: Sequence[Step], ordered: bool = False) -> str | None:
    """Why the steps do not form a DAG (unknown id, self-loop, cycle, or a forward edge if `ordered`)."""
    position = {s.id: n for n, s in enumerate(steps)}
    for step in steps:
        for dep in step.depends_on:
            if dep == step.id:
                return f"step {step.id!r} depends on itself"
            if dep not in position:
                return f"step {step.id!r} depends on unknown step {dep!r}"
    cycle = find_cycle(steps)
    if cycle:
        return "dependency cycle: " + " -> ".join(cycle)
    for step in steps:
        later = [d for d in step.depends_on if position[d] > position[step.id]]
        if ordered and later:
            return f"step {step.id!r} depends on later step(s) {later}"
    return None


def content_words(text: str) -> frozenset[str]:
    """The comparison form of a step text (see the module docstring)."""
    words = (w for w in re.findall(r"\w+", text.casefold()) if w not in STOPWORDS)
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


def similarity(a: str, b: str) -> float:
    """Dice coefficient of the two texts' content words (0 when both are empty)."""
    left, right = content_words(a), content_words(b)
    total = len(left) + len(right)
    return 2 * len(left & right) / total if total else 0.0


def match_steps(candidates: Sequence[Step], references: Sequence[Step], threshold: float) -> dict[str, str]:
    """Greedy one-to-one matching: reference id -> candidate id."""
    pairs: list[tuple[float, int, int]] = []
    for r, ref in enumerate(references):
        for c, cand in enumerate(candidates):
            score = similarity(ref.text, cand.text)
            if ref.keywords:
                eligible = all(re.search(k, cand.text, re.IGNORECASE) for k in ref.keywords)
            else:
                eligible = score >= threshold
            if eligible:
                pairs.append((-score, r, c))
    matched: dict[str, str] = {}
    used: set[int] = set()
    for _, r, c in sorted(pairs):
        if references[r].id not in matched and c not in used:
            matched[references[r].id] = candidates[c].id
            used.add(c)
    return matched


def agreeing(matched: Mapping[str, str], candidates: Iterable[Step], references: Iterable[Step]) -> dict[str, str]:
    """The matched pairs whose dependencies correspond under the matching itself."""
    to_ref = {cand: ref for ref, cand in matched.items()}
    by_id = {s.id: s for s in candidates}
    keep: dict[str, str] = {}
    for ref in references:
        cand = matched.get(ref.id)
        if cand is not None and {to_ref.get(d, f"?{d}") for d in by_id[cand].depends_on} == set(ref.depends_on):
            keep[ref.id] = cand
    return keep


def tier(f1: float) -> str:
    """Seed 003's rating for an F1 score: above 0.95 extremely_good ... at most 0.30 extremely_bad."""
    return next((name for name, bound in TIERS if f1 > bound), "extremely_bad")

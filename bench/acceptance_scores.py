"""Score every acceptance-suite solution like an agent: Proc and rule Comp of gold, variants and near-misses.

Each solution runs from the state the gold solutions of the earlier sessions leave (the rules user, in memory).
Usage: python bench/acceptance_scores.py personas/researcher [personas/law_trainee ...]
"""

from __future__ import annotations

import sys
from pathlib import Path
from statistics import mean

from engine.acceptance import gold_walk, load_suite, run_turns
from engine.loader import Problem, load_persona
from engine.schema.results import SessionResult


def _row(label: str, results: list[SessionResult]) -> str:
    procs = [r.proc for r in results if r.proc is not None]
    comps = [r.rule_comp for r in results if r.rule_comp is not None]
    failed = sum(1 for r in results for i in r.items if i.grader == "rule" and i.score != 1.0)
    return (
        f"  {label:<12} n={len(results):>3}  Proc {100 * mean(procs):5.1f}  rule Comp {100 * mean(comps):5.1f}  "
        f"failed rule items {failed}"
    )


def main(paths: list[str]) -> None:
    """Print one block per persona."""
    for path in paths:
        bundle = load_persona(Path(path))
        gold: list[SessionResult] = []
        variants: list[SessionResult] = []
        misses: list[SessionResult] = []
        problems: list[Problem] = []
        for step in gold_walk(bundle):
            gold.append(step.gold)
            suite = load_suite(bundle, step.spec.id, problems)
            if suite is None:
                continue
            variants += [run_turns(bundle, step.spec, step.start, v.turns) for v in suite.variants]
            misses += [run_turns(bundle, step.spec, step.start, n.turns) for n in suite.near_misses]
        print(bundle.persona.id)
        for label, results in (("gold", gold), ("variants", variants), ("near-misses", misses)):
            if results:
                print(_row(label, results))
        for problem in problems:
            print("  ", problem)


if __name__ == "__main__":
    main(sys.argv[1:])

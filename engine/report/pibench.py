"""π-Bench's own aggregation beside proact's (`proact report --aggregation pibench`), for Table 1 comparisons.

proact: a session's Proc is (completed + inferred) / its intents; a repeat's score is the plain mean over its
sessions (overall: over every session of every persona).

π-Bench (the original evaluator, reproduced from the files of the runs):

- a task's Proc pools its own intents with those of its direct `depends_on` tasks:
  (covered of the task and of each dependency) / (their intents), covered = completed + inferred;
- a task's Comp is its weighted checklist mean (`comp_weighted`: criterion weights, rule checks weight 1,
  grader errors left out); a task with no checklist item enters neither score;
- a persona's score is the mean over tasks with a checklist, each weighted by its dependency-group size (the
  task plus every task it depends on, transitively); overall is the mean over personas (the paper's Average).

The dependencies come from each persona's episode.yaml, found through the run's config.yaml (`personas`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean
from typing import Any

import yaml

from engine.loader import Problem, load_model
from engine.report.discover import RunInfo, SessionRow
from engine.report.stats import mean_std, repeat_scores
from engine.report.table import Table, pct
from engine.report.tables_scores import CONDITION, by_group, comp, proc
from engine.rundir import CONFIG_FILE
from engine.schema.episode import Episode

COVERED = ("completed", "inferred")
INFRA_ERROR = "infra_error"  # sessions that measured nothing (a model service failed) enter no score


@dataclass(frozen=True)
class TaskScore:
    """One task under the original's aggregation."""

    session: str
    proc: float | None
    comp: float | None
    weight: int
    included: bool


def dependencies(run: RunInfo, persona: str) -> dict[str, list[str]]:
    """session -> direct depends_on of a persona, from the episode.yaml its run's config names; ValueError when
    the persona folder is not found."""
    raw: dict[str, Any] = yaml.safe_load((run.path / CONFIG_FILE).read_text(encoding="utf-8")) or {}
    for entry in raw.get("personas") or []:
        folder = Path(str(entry))
        if folder.name == persona and (folder / "episode.yaml").is_file():
            problems: list[Problem] = []
            episode = load_model(folder / "episode.yaml", Episode, problems)
            if episode is None:
                raise ValueError("; ".join(str(p) for p in problems))
            return {e.session: list(e.depends_on) for e in episode.sessions}
    raise ValueError(
        f"--aggregation pibench needs {persona}'s episode.yaml: none of the persona folders in "
        f"{run.path / CONFIG_FILE} is found from here (run the report from where the run was started)"
    )


def group_size(session: str, deps: dict[str, list[str]]) -> int:
    """The task plus every task it depends on, transitively."""
    seen: set[str] = set()
    stack = [session]
    while stack:
        current = stack.pop()
        if current not in seen:
            seen.add(current)
            stack += deps.get(current, [])
    return len(seen)


def _covered(row: SessionRow) -> tuple[int, int]:
    return sum(s in COVERED for s in row.statuses.values()), len(row.statuses)


def task_scores(rows: Sequence[SessionRow], deps: dict[str, list[str]]) -> list[TaskScore]:
    """Every task of one persona episode (one run) under the original's rules. Dependencies the run did not hold
    (a `sessions:` selection, `--ablate no-deps`) are left out, as the original does for a task selection."""
    by_session = {r.session: r for r in rows}
    present = {s: [d for d in ds if d in by_session] for s, ds in deps.items()}
    out: list[TaskScore] = []
    for row in rows:
        pooled = [_covered(r) for r in (row, *(by_session[d] for d in present.get(row.session, [])))]
        total = sum(t for _, t in pooled)
        proc_value = sum(c for c, _ in pooled) / total if total else None
        items = row.result.items if row.result is not None else []
        comp_value = row.result.comp_weighted if row.result is not None else None
        out.append(TaskScore(row.session, proc_value, comp_value, group_size(row.session, present), bool(items)))
    return out


def weighted(scores: Sequence[TaskScore], metric: str) -> float | None:
    """The group-size-weighted mean of `metric` over tasks with a checklist and a value."""
    pairs = [(getattr(s, metric), s.weight) for s in scores if s.included and getattr(s, metric) is not None]
    total = sum(w for _, w in pairs)
    return sum(v * w for v, w in pairs) / total if total else None


def persona_scores(rows: Sequence[SessionRow]) -> dict[tuple[str, int], tuple[float | None, float | None]]:
    """(persona, repeat) -> (Proc, Comp) under the original's aggregation."""
    episodes: dict[tuple[str, int], list[SessionRow]] = {}
    for row in rows:
        episodes.setdefault((row.persona, row.run.repeat), []).append(row)
    cache: dict[tuple[Path, str], dict[str, list[str]]] = {}
    out: dict[tuple[str, int], tuple[float | None, float | None]] = {}
    for (persona, repeat), members in episodes.items():
        run = members[0].run
        deps = cache.setdefault((run.path, persona), dependencies(run, persona))
        scores = task_scores(members, deps)
        out[(persona, repeat)] = (weighted(scores, "proc"), weighted(scores, "comp"))
    return out


def _spread(values: list[float | None]) -> list[float | None]:
    mean, std = mean_std([v for v in values if v is not None])
    return [pct(mean), pct(std)]


def pibench_table(rows: Sequence[SessionRow]) -> Table:
    """Per condition, overall and per persona: proact's Proc/Comp and π-Bench's, each mean ± std over repeats."""
    table = Table(
        "pibench_scores",
        "Proc / Comp under proact's aggregation and under π-Bench's (mean ± std over repeats, %)",
        [
            *CONDITION,
            "persona",
            "repeats",
            *(f"{m} ({a}) {s}" for a in ("proact", "π-Bench") for m in ("Proc", "Comp") for s in ("mean", "std")),
        ],
        note="proact: mean over sessions. π-Bench: a task's Proc pools its depends_on tasks' intents; tasks with a "
        "checklist, weighted by dependency-group size; overall = mean over personas (README, Importing π-Bench).",
    )
    measured = [r for r in rows if r.termination != INFRA_ERROR]
    for group, members in by_group(measured).items():
        scores = persona_scores(members)
        repeats = sorted({r for _, r in scores})
        personas = sorted({p for p, _ in scores})
        for scope in ["overall", *personas]:
            scoped = [r for r in members if scope in ("overall", r.persona)]
            if scope == "overall":
                pb = [_overall(scores, personas, k) for k in repeats]
            else:
                pb = [scores[(scope, k)] for k in repeats if (scope, k) in scores]
            own = [*_spread(list(repeat_scores(scoped, proc))), *_spread(list(repeat_scores(scoped, comp)))]
            theirs = [*_spread([p for p, _ in pb]), *_spread([c for _, c in pb])]
            table.rows.append([*group, scope, len({r.run.repeat for r in scoped}), *own, *theirs])
    return table


def _overall(
    scores: dict[tuple[str, int], tuple[float | None, float | None]], personas: list[str], repeat: int
) -> tuple[float | None, float | None]:
    """The mean over personas of one repeat (each metric over the personas that have it)."""
    values = [scores[(p, repeat)] for p in personas if (p, repeat) in scores]
    procs = [v for v, _ in values if v is not None]
    comps = [c for _, c in values if c is not None]
    return (fmean(procs) if procs else None, fmean(comps) if comps else None)

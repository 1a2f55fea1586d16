"""Find run directories on disk and flatten their sessions into one tidy table of rows.

Everything here reads files only: `config.yaml` of each run and `result.json` of each session (as
`proact grade` last rewrote it), so unfinished and re-graded runs are reported as they are on disk.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.rundir import CONFIG_FILE, RESULT_FILE
from engine.schema.config import AgentConfig, agent_label
from engine.schema.results import SessionResult, UserBurden

ROLES = ("agent", "user", "judge")
STATUSES = ("completed", "inferred", "provided", "open")


@dataclass(frozen=True)
class RunInfo:
    """One run directory and the condition it belongs to."""

    path: Path
    agent: str
    memory: str
    ablate: str
    repeat: int
    personas: tuple[str, ...] = ()

    @property
    def group(self) -> tuple[str, str, str]:
        """The (agent label, memory, ablate) condition; run directories of one group are repeats."""
        return (self.agent, self.memory, self.ablate)


@dataclass
class SessionRow:
    """One session of one run: the tidy unit every table is computed from."""

    run: RunInfo
    persona: str
    session: str
    category: str
    proc: float | None
    comp: float | None
    comp_gated: float | None
    gate_passed: bool | None
    turns: int
    termination: str
    statuses: dict[str, str] = field(default_factory=dict)
    usage: dict[str, dict[str, float]] = field(default_factory=dict)
    result: SessionResult | None = None

    @property
    def burden(self) -> UserBurden | None:
        """The session's user burden (None for results written before it was recorded)."""
        return self.result.burden if self.result is not None else None

    @property
    def group(self) -> tuple[str, str, str]:
        """The condition of the session's run."""
        return self.run.group

    @property
    def episode(self) -> tuple[str, int]:
        """The persona episode (persona, repeat) the session belongs to: the bootstrap's cluster."""
        return (self.persona, self.run.repeat)

    @property
    def key(self) -> str:
        """A stable id of the session across the report (anchors of the trace viewer)."""
        agent, memory, ablate = self.group
        return re.sub(
            r"[^A-Za-z0-9_-]+", "-", f"{agent}--{memory}--{ablate}--r{self.run.repeat}--{self.persona}--{self.session}"
        )


def is_run_dir(path: Path) -> bool:
    """A folder holding config.yaml and at least one persona sub-folder (a folder with a session folder)."""
    if not (path / CONFIG_FILE).is_file():
        return False
    return any(p.is_dir() and any(s.is_dir() for s in p.iterdir()) for p in path.iterdir() if p.name != "report")


def discover(paths: Iterable[Path]) -> list[Path]:
    """Every run directory at or below `paths` (single runs and experiment cells), sorted, without duplicates."""
    found: set[Path] = set()
    for root in paths:
        if is_run_dir(root):
            found.add(root.resolve())
            continue
        for config in root.rglob(CONFIG_FILE):
            if is_run_dir(config.parent):
                found.add(config.parent.resolve())
    return sorted(found)


def read_run(path: Path) -> RunInfo:
    """The condition of a run from its config.yaml (read leniently: only the fields a report needs)."""
    raw: dict[str, Any] = yaml.safe_load((path / CONFIG_FILE).read_text(encoding="utf-8")) or {}
    agent = AgentConfig.model_validate(raw.get("agent") or {})
    personas = tuple(Path(str(p)).name for p in raw.get("personas") or [])
    return RunInfo(
        path=path,
        agent=agent_label(agent),
        memory=str(raw.get("memory", "full")),
        ablate=str(raw.get("ablate", "none")),
        repeat=int(raw.get("repeat", 1)),
        personas=personas,
    )


def natural_key(name: str) -> list[Any]:
    """Sort key that orders s2 before s10."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def _usage(result: SessionResult) -> dict[str, dict[str, float]]:
    return {
        role: {
            "calls": u.calls,
            "cached_calls": u.cached_calls,
            "prompt_tokens": u.prompt_tokens,
            "completion_tokens": u.completion_tokens,
            "cost_usd": u.cost_usd,
        }
        for role, u in result.usage.items()
    }


def session_rows(run: RunInfo) -> list[SessionRow]:
    """The graded sessions of one run (those with a result.json), personas and sessions in natural order."""
    rows: list[SessionRow] = []
    persona_dirs = sorted((p for p in run.path.iterdir() if p.is_dir()), key=lambda p: natural_key(p.name))
    for persona_dir in persona_dirs:
        for session_dir in sorted((s for s in persona_dir.iterdir() if s.is_dir()), key=lambda p: natural_key(p.name)):
            result_path = session_dir / RESULT_FILE
            if not result_path.is_file():
                continue
            result = SessionResult.model_validate_json(result_path.read_text(encoding="utf-8"))
            rows.append(
                SessionRow(
                    run=run,
                    persona=result.persona,
                    session=result.session_id,
                    category=result.category,
                    proc=result.proc,
                    comp=result.comp,
                    comp_gated=result.comp_gated,
                    gate_passed=result.gate_passed,
                    turns=result.turns,
                    termination=result.termination,
                    statuses={k: v or "open" for k, v in result.statuses.items()},
                    usage=_usage(result),
                    result=result,
                )
            )
    return rows


def number_repeats(runs: list[RunInfo]) -> list[RunInfo]:
    """Give every persona episode of a group a distinct repeat index.

    Runs of one group whose repeat indices collide on a persona (e.g. plain runs of one persona without
    `repeat`) take the next free index, in (saved index, path) order; runs over different personas with the
    same index stay one repeat (a researcher run and a law_trainee run of one agent are repeat 1 together).
    A run whose config names no persona collides with every run of its group.
    """
    by_group: dict[tuple[str, str, str], list[RunInfo]] = {}
    for run in runs:
        by_group.setdefault(run.group, []).append(run)
    out: list[RunInfo] = []
    for members in by_group.values():
        members.sort(key=lambda r: (r.repeat, str(r.path)))
        covered: dict[int, set[str]] = {}
        for run in members:
            personas = set(run.personas) or {"*"}
            k = run.repeat
            while k in covered and (covered[k] & personas or "*" in covered[k] | personas):
                k += 1
            covered.setdefault(k, set()).update(personas)
            out.append(RunInfo(run.path, run.agent, run.memory, run.ablate, k, run.personas))
    return out


def version_warnings(rows: Iterable[SessionRow]) -> list[str]:
    """One line per session that the rows hold graded under more than one task version."""
    versions: dict[tuple[str, str], set[str]] = {}
    for row in rows:
        version = row.result.task_version if row.result is not None else None
        if version is not None:
            versions.setdefault((row.persona, row.session), set()).add(version)
    return [
        f"{persona}/{session} was graded under {len(found)} different task versions ({', '.join(sorted(found))}); "
        "its results are pooled but not comparable — re-grade the older runs with `proact grade`"
        for (persona, session), found in sorted(versions.items())
        if len(found) > 1
    ]


def load_rows(paths: Iterable[Path]) -> tuple[list[RunInfo], list[SessionRow]]:
    """Discover the run directories under `paths` and read every graded session of each."""
    runs = number_repeats([read_run(p) for p in discover(paths)])
    return runs, [row for run in runs for row in session_rows(run)]

"""The bounds a run is read against: the gold replay (reference agent, the best score the graders give) and the
do-nothing baseline (passive agent) on the same personas, sessions, memory mode and ablation.

Both call no model: they run with the deterministic `rules` user, no judge (rule items only), on the in-memory
workspace, and write nothing to disk, so they take seconds per persona (about one for personas/example). They
are saved beside the run's results as `bounds.json` so the report can show them too.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import Field

from engine.episode import run_episode
from engine.loader import PersonaBundle
from engine.runner import build_deps
from engine.schema.base import Strict
from engine.schema.config import AgentConfig, RunConfig, UserConfig
from engine.schema.results import EpisodeResult

BOUNDS_FILE = "bounds.json"
GOLD = "reference"
IDLE = "passive"
HOW = "reference and passive agents, rules user, rule items only, in-memory workspace"


class Bounds(Strict):
    """The gold replay's and the do-nothing agent's results for the personas of one run."""

    how: str = Field(default=HOW, description="How the bounds were computed.")
    seconds: float = Field(default=0.0, description="Wall time of computing both bounds.")
    gold: list[EpisodeResult] = Field(description="The reference agent (replays each session's gold solution).")
    idle: list[EpisodeResult] = Field(description="The passive agent (does nothing, asks nothing).")

    def of(self, persona: str) -> tuple[EpisodeResult | None, EpisodeResult | None]:
        """The gold and do-nothing results of one persona (None when absent)."""
        gold = next((e for e in self.gold if e.persona == persona), None)
        idle = next((e for e in self.idle if e.persona == persona), None)
        return gold, idle


@dataclass(frozen=True)
class BoundsPlan:
    """Which configs the bounds run under."""

    gold: RunConfig
    idle: RunConfig


def bounds_plan(config: RunConfig) -> BoundsPlan:
    """The run's config with the reference / passive agent, the rules user, no judge and the memory workspace."""
    update = {"user": UserConfig(mode="rules"), "judge": None, "workspace": "memory", "branch": None, "matrix": None}
    base = config.model_copy(update=update)
    return BoundsPlan(
        gold=base.model_copy(update={"agent": AgentConfig(kind=GOLD)}),
        idle=base.model_copy(update={"agent": AgentConfig(kind=IDLE)}),
    )


def wants_bounds(config: RunConfig) -> bool:
    """Bounds add something to a single run of a model-driven agent that does not branch from another run."""
    return config.matrix is None and config.branch is None and config.agent.kind not in (GOLD, IDLE)


def _episode(bundle: PersonaBundle, config: RunConfig) -> EpisodeResult:
    deps = build_deps(bundle, config)
    try:
        return run_episode(bundle, config, deps)
    finally:
        deps.workspace.close()


def compute_bounds(config: RunConfig, bundles: Sequence[PersonaBundle]) -> Bounds:
    """Run the gold replay and the do-nothing agent over every persona (in memory, nothing written)."""
    plan = bounds_plan(config)
    start = time.monotonic()
    gold = [_episode(bundle, plan.gold) for bundle in bundles]
    idle = [_episode(bundle, plan.idle) for bundle in bundles]
    return Bounds(gold=gold, idle=idle, seconds=time.monotonic() - start)


def save_bounds(run_dir: Path, bounds: Bounds) -> Path:
    """Write `bounds.json` into the run directory."""
    path = run_dir / BOUNDS_FILE
    path.write_text(bounds.model_dump_json(indent=2), encoding="utf-8")
    return path


def read_bounds(run_dir: Path) -> Bounds | None:
    """The run's saved bounds, or None."""
    path = run_dir / BOUNDS_FILE
    return Bounds.model_validate_json(path.read_text(encoding="utf-8")) if path.is_file() else None

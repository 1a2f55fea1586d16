"""The per-session runtime context handed to graph nodes: ports, specs, and small mutable trackers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.agents.base import Agent
from engine.clock import EpisodeClock
from engine.ports import ChatModel, FileStat, Workspace
from engine.schema.config import Limits
from engine.schema.persona import Persona
from engine.schema.session import SessionSpec
from engine.tools.toolbox import ToolBox
from engine.trajectory import TrajectoryLog
from engine.user.base import SimulatedUser


@dataclass
class SessionRuntime:
    """Everything a node may use. Nodes do I/O only through these ports."""

    persona: Persona
    spec: SessionSpec
    agent: Agent
    user: SimulatedUser
    workspace: Workspace
    toolbox: ToolBox
    log: TrajectoryLog
    grade_log: TrajectoryLog
    judge: ChatModel | None
    limits: Limits
    data_root: Path
    clock: EpisodeClock
    services: dict[str, Any] = field(default_factory=dict)
    opening_frame: tuple[str, str] = ("", "")
    opening: str = ""
    baseline: dict[str, FileStat] = field(default_factory=dict)


@dataclass(frozen=True)
class EpisodeRuntime:
    """Context of the episode graph: how many sessions it has and how to run the one at an index."""

    total: int
    run_step: Callable[[int], None]

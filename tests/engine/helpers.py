"""Builders for hand-made sessions used across engine tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.agents.base import Agent
from engine.episode import EpisodeDeps, run_session
from engine.loader import PersonaBundle
from engine.schema.config import Limits, RunConfig
from engine.schema.episode import Episode, EpisodeEntry
from engine.schema.persona import Persona
from engine.schema.results import SessionResult
from engine.schema.session import SessionSpec
from engine.trajectory import TrajectoryLog
from engine.user.base import SimulatedUser
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace

PERSONA = Persona(id="tester", name="Tess", role="tester", occupation="Writes tests.")


def spec(intents: list[dict[str, Any]], checklist: list[dict[str, Any]] | None = None, **extra: Any) -> SessionSpec:
    """A session with the given intents/checklist and a trivial reference."""
    return SessionSpec.model_validate(
        {
            "id": "s1",
            "title": "t",
            "category": "B",
            "request": "Please summarise the results.",
            "hidden_intents": intents,
            "checklist": checklist or [],
            "reference": {"turns": [{"message": "ok"}]},
            **extra,
        }
    )


def bundle(session: SessionSpec, root: Path = Path(".")) -> PersonaBundle:
    """A one-session persona bundle."""
    episode = Episode(persona="tester", sessions=[EpisodeEntry(session=session.id)])
    return PersonaBundle(root=root, persona=PERSONA, episode=episode, sessions=[session], data_root=root)


def run_one(
    session: SessionSpec,
    agent: Agent,
    user: SimulatedUser | None = None,
    max_turns: int = 30,
    files: dict[str, bytes] | None = None,
) -> tuple[SessionResult, TrajectoryLog]:
    """Run one session in memory and return its result and log."""
    log = TrajectoryLog()
    config = RunConfig(limits=Limits(max_turns=max_turns))
    deps = EpisodeDeps(agent=agent, user=user or RulesUser(), workspace=MemoryWorkspace(files or {}))
    return run_session(bundle(session), session, config, deps, log), log

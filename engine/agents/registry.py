"""Build the agent under test from the run configuration. Adding an agent kind: one module + one branch."""

from __future__ import annotations

from pathlib import Path

from engine.agents.base import Agent
from engine.agents.passive import PassiveAgent
from engine.agents.reference import ReferenceAgent
from engine.schema.config import AgentConfig
from engine.schema.session import ReferenceSolution


def make_agent(config: AgentConfig, solutions: dict[str, ReferenceSolution], data_root: Path) -> Agent:
    """The reference agent gets the gold solutions and nothing else; other agents get nothing hidden."""
    if config.kind == "reference":
        return ReferenceAgent(solutions, data_root)
    return PassiveAgent()

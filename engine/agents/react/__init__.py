"""The built-in ReAct agent scaffold (tools, skills, memory)."""

from engine.agents.react.agent import ReactAgent, ReactSettings

__all__ = ["ReactAgent", "ReactSettings"]

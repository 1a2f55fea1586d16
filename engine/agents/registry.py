"""Build the agent under test from the run configuration. Adding an agent kind: one module + one branch."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engine.agents.base import Agent
from engine.agents.human import HumanAgent
from engine.agents.passive import PassiveAgent
from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.protocol import ProtocolName, make_protocol
from engine.agents.reference import ReferenceAgent
from engine.models.local_server import is_local
from engine.ports import ChatModel
from engine.schema.config import AgentConfig, Limits, ModelBinding, uses_agent_model
from engine.schema.session import ReferenceSolution

LOCAL_CONTEXT_CHARS = 12_000
LOCAL_MAX_STEPS = 4
LOCAL_ARGUMENT_CHARS = 800
DEFAULT_MAX_STEPS = 40


def protocol_for(config: AgentConfig) -> ProtocolName:
    """`auto` picks JSON actions for embedded models (no native tool calls there), native otherwise."""
    if config.protocol != "auto":
        return config.protocol
    return "json" if is_local(config.model.model) else "native"


def agent_model_binding(config: AgentConfig) -> tuple[ModelBinding, bool] | None:
    """The model proact calls for this agent and whether the call cache may answer it: the react agent's model, a
    command agent's relayed model, or an endpoint agent's own endpoint (one attempt per turn within the turn's
    timeout, never cached: a turn runs tools, it is no pure function of its messages); None when it calls none."""
    if uses_agent_model(config):
        return config.model, True
    if config.kind == "endpoint":
        return config.model.model_copy(update={"retries": 0, "timeout_s": config.external.turn_timeout_s}), False
    return None


def close_agent(agent: Agent) -> None:
    """Release what an agent holds for its episode (an external agent's program and MCP server)."""
    close = getattr(agent, "close", None)
    if callable(close):
        close()


def make_agent(
    config: AgentConfig,
    solutions: Mapping[str, ReferenceSolution | None],
    data_root: Path,
    limits: Limits,
    model: ChatModel | None = None,
) -> Agent:
    """The reference agent gets the gold solutions and nothing else; other agents get nothing hidden."""
    if config.kind == "reference":
        return ReferenceAgent(solutions, data_root)
    if config.kind == "passive":
        return PassiveAgent()
    if config.kind == "human":
        return HumanAgent()
    if config.kind == "command":
        from engine.agents.external.command import CommandAgent

        return CommandAgent(config.external, model)
    if config.kind == "endpoint":
        from engine.agents.external.endpoint import EndpointAgent

        if model is None:
            raise ValueError("the endpoint agent needs its endpoint bound as the agent model")
        return EndpointAgent(model, config.external)
    if model is None:
        raise ValueError("the react agent needs a model")
    local = is_local(config.model.model)
    context = config.context_chars
    if context is None and local:
        context = LOCAL_CONTEXT_CHARS
    steps = limits.max_tool_steps or (LOCAL_MAX_STEPS if local else DEFAULT_MAX_STEPS)
    loop = LoopLimits(steps, config.observation_chars, context)
    settings = ReactSettings(limits=loop, subagent_steps=config.subagent_steps)
    protocol = make_protocol(protocol_for(config), LOCAL_ARGUMENT_CHARS if local else None)
    return ReactAgent(model, protocol, settings)

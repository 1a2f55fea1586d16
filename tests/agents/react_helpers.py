"""Builders for ReAct-agent tests: scripted JSON actions, native tool calls, bound toolboxes."""

from __future__ import annotations

from typing import Any

from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.protocol import make_protocol
from engine.models.scripted import Output, ScriptedModel
from engine.ports import Completion, ModelToolCall, Workspace
from engine.schema.events import Event
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox


def act(action: str, **arguments: Any) -> dict[str, Any]:
    """One JSON action calling a tool."""
    return {"thought": "", "action": action, "arguments": arguments}


def reply(message: str) -> dict[str, Any]:
    """One JSON action ending the turn with a message."""
    return {"thought": "", "action": "reply", "message": message}


def native(*calls: tuple[str, dict[str, Any]], text: str = "") -> Completion:
    """A native completion carrying tool calls (none: a final reply)."""
    tool_calls = [ModelToolCall(id=f"c{i}", name=name, arguments=args) for i, (name, args) in enumerate(calls)]
    return Completion(text=text, tool_calls=tool_calls)


def react_agent(outputs: list[Output], protocol: str = "json", max_steps: int = 10) -> tuple[ReactAgent, ScriptedModel]:
    """A ReAct agent over a scripted model."""
    model = ScriptedModel(outputs)
    settings = ReactSettings(limits=LoopLimits(max_steps, 2_000, None), subagent_steps=3)
    return ReactAgent(model, make_protocol("json" if protocol == "json" else "native"), settings), model


def toolbox(workspace: Workspace, toolsets: tuple[str, ...] = ("general",)) -> tuple[ToolBox, list[Event]]:
    """The session toolbox bound to a workspace, and the events it records."""
    events: list[Event] = []
    return ToolBox(tools_for(list(toolsets)), ToolContext(workspace), events.append), events

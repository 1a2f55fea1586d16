"""The built-in agent under test: a ReAct loop over the tool registry, with skills and cross-session memory."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.agents.base import SessionBrief
from engine.agents.react.loop import ASK_USER, MESSAGE, LoopLimits, run_turn
from engine.agents.react.memory import TRANSCRIPT_CAP, append_history, consolidate, render_transcript
from engine.agents.react.prompt import system_prompt
from engine.agents.react.protocol import CallingProtocol
from engine.ports import ChatModel, Message
from engine.schema.events import ActionError
from engine.tools.toolbox import ToolBox

SPAWN = "spawn"
_SUBAGENT_PROMPT = (
    "You are a sub-agent of a personal assistant. Complete the task below with the tools, then reply with "
    "a short report of what you found or did. You cannot ask the user anything."
)


@dataclass(frozen=True)
class ReactSettings:
    """How the agent runs: loop bounds and the sub-agent's step cap."""

    limits: LoopLimits
    subagent_steps: int = 8


class ReactAgent:
    """Drives a model through tool calls turn by turn; consolidates memory when a session ends."""

    def __init__(self, model: ChatModel, protocol: CallingProtocol, settings: ReactSettings) -> None:
        """The model is the agent role's; the protocol is native tool calls or JSON actions."""
        self.model = model
        self.protocol = protocol
        self.settings = settings
        self.messages: list[Message] = []
        self._session_id = ""
        self._brief: SessionBrief | None = None
        self._tools: ToolBox | None = None

    def start_session(self, brief: SessionBrief) -> None:
        """Forget the previous conversation: only memory and the workspace carry over."""
        self._session_id = brief.session_id
        self._brief = brief
        self.messages = []
        self._tools = None

    def respond(self, message: str, tools: ToolBox) -> str:
        """One turn: the incoming message, then tool steps until a reply or a question to the user."""
        if not self.messages:
            instructions = self.protocol.instructions(tools.specs())
            date = "" if self._brief is None else self._brief.date_line()
            prompt = system_prompt(tools.ctx.workspace, instructions, date)
            self.messages.append(Message(role="system", content=prompt))
        self._tools = tools
        tools.ctx.services["subagent"] = self._subagent(tools)
        self.messages.append(Message(role="user", content=message))
        return run_turn(self.model, self.protocol, self.messages, tools, self.settings.limits)

    def _subagent(self, tools: ToolBox) -> Callable[[str, str | None], str]:
        allowed = {name for name in tools.names() if name not in (SPAWN, ASK_USER, MESSAGE)}
        limits = LoopLimits(
            self.settings.subagent_steps, self.settings.limits.observation_chars, self.settings.limits.context_chars
        )

        def run(task: str, label: str | None) -> str:
            instructions = self.protocol.instructions([s for s in tools.specs() if s.name in allowed])
            messages = [
                Message(role="system", content=f"{_SUBAGENT_PROMPT}\n\n{instructions}"),
                Message(role="user", content=f"Task ({label or 'subagent'}): {task}"),
            ]
            return run_turn(self.model, self.protocol, messages, tools, limits, allowed=allowed)

        return run

    def end_session(self) -> None:
        """Append the transcript to the history and let the model consolidate MEMORY.md from its end (a third of
        the context budget where one is set: a small model's window, and its prompt processed uncached)."""
        if self._tools is None:
            return
        workspace = self._tools.ctx.workspace
        transcript = render_transcript(self.messages)
        append_history(workspace, self._session_id, transcript)
        tools = self._tools
        budget = self.settings.limits.context_chars
        excerpt = TRANSCRIPT_CAP if budget is None else min(TRANSCRIPT_CAP, budget // 3)
        consolidate(
            self.model, workspace, transcript, lambda error: tools.record(ActionError(text="", error=error)), excerpt
        )

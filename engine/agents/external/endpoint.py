"""The `endpoint` agent kind: an OpenAI-compatible chat endpoint that is the agent under test.

Each turn the session's conversation so far goes to the endpoint (through the agent role's model binding: one
attempt within the turn's timeout, never cached) and the answer's text is the reply. The endpoint runs its own
loop and reaches the session's tools over MCP (streamable HTTP on 127.0.0.1) at the URL on the first line of the
system message, `MCP: <url>`; its calls run on the engine thread while the turn waits (engine/agents/external/
desk.py). A failing, refusing or silent endpoint ends the session agent_error with the reason.
"""

from __future__ import annotations

import threading

from engine.agents.base import SessionBrief
from engine.agents.external.desk import TurnDesk
from engine.agents.external.mcp_server import McpService
from engine.ports import ChatModel, Message, ModelError
from engine.schema.config import ExternalAgentConfig
from engine.tools.toolbox import ToolBox

SYSTEM = (
    "MCP: {url}\n"
    "You are the assistant under test in session {session} (opened by: {trigger}). The user's workspace and apps "
    "are the tools of the MCP server above (streamable HTTP); they answer while you handle a message. Reply to the "
    "user with your answer's text."
)
_GRACE_S = 5.0  # the endpoint's own timeout fires first, with its reason


class EndpointAgent:
    """An OpenAI-compatible endpoint behind the Agent port (see the module doc)."""

    def __init__(self, model: ChatModel, settings: ExternalAgentConfig) -> None:
        """`model` is the endpoint as the agent role's binding; the MCP server starts with the first session."""
        self._model = model
        self._settings = settings
        self._desk = TurnDesk()
        self._mcp = McpService(self._desk)
        self._messages: list[Message] = []

    def start_session(self, brief: SessionBrief) -> None:
        """A new conversation whose system message names the MCP URL and the current date and time."""
        self._desk.set_toolsets(brief.toolsets)
        system = SYSTEM.format(url=self._mcp.http(), session=brief.session_id, trigger=brief.trigger)
        if brief.now is not None:
            system = f"{system}\n{brief.date_line()}"
        self._messages = [Message(role="system", content=system)]

    def respond(self, message: str, tools: ToolBox) -> str:
        """Post the conversation; serve the endpoint's tool calls until its answer arrives."""
        self._messages.append(Message(role="user", content=message))
        conversation = list(self._messages)

        def begin(token: int) -> None:
            def ask() -> None:
                try:
                    answer = self._model.complete(conversation)
                except ModelError as exc:
                    self._desk.fail(token, f"the agent endpoint failed: {exc}")
                    return
                except BaseException as exc:  # PreflightStopped too: the desk must not wait out its timeout
                    self._desk.fail(token, f"the agent endpoint failed: {type(exc).__name__}: {exc}")
                    return
                self._desk.end(token, "reply", answer.text)

            threading.Thread(target=ask, daemon=True, name="proact-endpoint-turn").start()

        reply = self._desk.serve(tools, begin, "reply", self._settings.turn_timeout_s + _GRACE_S)
        self._messages.append(Message(role="assistant", content=reply))
        return reply

    def end_session(self) -> None:
        """Nothing to wrap up: an endpoint keeps its own memory, if any."""

    def close(self) -> None:
        """Stop the MCP server (end of the episode)."""
        self._mcp.close()

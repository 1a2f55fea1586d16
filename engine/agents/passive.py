"""The passive baseline: answers in text only, never uses a tool and never asks a question."""

from __future__ import annotations

from engine.agents.base import SessionBrief
from engine.tools.toolbox import ToolBox


class PassiveAgent:
    """Acknowledges each message. Its Proc is the floor an agent gets for doing nothing proactive."""

    def start_session(self, brief: SessionBrief) -> None:
        """No state."""

    def respond(self, message: str, tools: ToolBox) -> str:
        """A text-only acknowledgement."""
        first_line = message.strip().splitlines()[0] if message.strip() else ""
        return f"Understood: {first_line[:200]}. I have noted this."

    def end_session(self) -> None:
        """No state."""

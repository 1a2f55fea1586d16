"""The passive baseline: answers in text only, never uses a tool and never asks a question."""

from __future__ import annotations

from engine.agents.base import SessionBrief
from engine.tools.toolbox import ToolBox

ACKNOWLEDGEMENT = "Understood. I have noted this."


class PassiveAgent:
    """Acknowledges each message. Its Proc is the floor an agent gets for doing nothing proactive.

    The acknowledgement is fixed: echoing the user's words would let message rules pass on the user's own
    reveal lines and lift the floor.
    """

    def start_session(self, brief: SessionBrief) -> None:
        """No state."""

    def respond(self, message: str, tools: ToolBox) -> str:
        """The same text-only acknowledgement, whatever the message."""
        return ACKNOWLEDGEMENT

    def end_session(self) -> None:
        """No state."""

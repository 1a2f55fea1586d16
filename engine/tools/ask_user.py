"""ask_user: put a question to the user. The agent's turn ends; the answer is the next user message."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext


class AskArgs(ToolArgs):
    """Arguments of ask_user."""

    question: str = Field(min_length=1, description="One specific question for the user.")


def _ask(args: AskArgs, ctx: ToolContext) -> dict[str, Any]:
    return {"asked": args.question}


ASK_USER = Tool("ask_user", "Ask the user a question; their answer arrives as the next message.", AskArgs, _ask)

"""message: deliver a message, optionally with workspace files attached, to the user."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError


class MessageArgs(ToolArgs):
    """Arguments of message."""

    content: str = Field(min_length=1, description="The message text.")
    channel: str | None = Field(default=None, description="Channel name (recorded; the user reads every channel).")
    chat_id: str | None = Field(default=None, description="Chat id within the channel (recorded).")
    media: list[str] | None = Field(default=None, description="Workspace-relative paths of files to attach.")


def _message(args: MessageArgs, ctx: ToolContext) -> dict[str, Any]:
    media = args.media or []
    present = ctx.workspace.list_files()
    missing = [path for path in media if path.strip("/") not in present]
    if missing:
        raise ToolError(f"cannot attach missing file(s): {', '.join(missing)}")
    return {"delivered": True, "content": args.content, "channel": args.channel, "media": media}


MESSAGE = Tool("message", "Send the user a message, optionally with workspace files attached.", MessageArgs, _message)

"""Cross-session memory: a MEMORY file the agent keeps, and a searchable history of past sessions.

Both live in the workspace under `memory/` (agent state, outside the hidden-data boundary), so they
persist with the workspace and its snapshots. At session end the agent's own model consolidates
the session into MEMORY.md; the session's transcript is appended to `memory/history/`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.models.structured import InvalidOutputError, ask_structured
from engine.ports import ChatModel, Message, ModelError, ModelUnavailableError, Workspace, WorkspaceError

MEMORY_DIR = "memory"
MEMORY_FILE = f"{MEMORY_DIR}/MEMORY.md"
HISTORY_DIR = f"{MEMORY_DIR}/history"
MEMORY_CAP = 6_000
TRANSCRIPT_CAP = 12_000
"""Characters of the session's transcript (its end) a consolidation reads by default."""
_ATTEMPTS = 2

MEMORY_SCHEMA = {
    "type": "object",
    "properties": {"memory": {"type": "string", "description": "The complete updated memory, as Markdown."}},
    "required": ["memory"],
    "additionalProperties": False,
}

_CONSOLIDATE = (
    "You maintain the long-term memory of a personal assistant that works for one user across many sessions. "
    "Rewrite the memory so it keeps every durable fact: the user's preferences, standing rules, people, "
    "decisions, open commitments and where files are. Drop chit-chat. Keep it under {cap} characters. "
    'Answer with JSON: {{"memory": "..."}}.'
)


def read_memory(workspace: Workspace) -> str:
    """The current MEMORY.md, or an empty string."""
    try:
        return workspace.read_file(MEMORY_FILE).decode("utf-8", errors="replace")
    except WorkspaceError:
        return ""


def render_transcript(messages: list[Message]) -> str:
    """User and assistant messages (and tool calls by name) as plain text, oldest first."""
    lines = []
    for m in messages:
        if m.role == "system":
            continue
        content = m.content
        if m.role == "assistant" and m.tool_calls:
            names = ", ".join(str(c.get("function", {}).get("name")) for c in m.tool_calls)
            content = f"{content} [called: {names}]".strip()
        lines.append(f"{m.role.upper()}: {content}")
    return "\n".join(lines)


def append_history(workspace: Workspace, session_id: str, transcript: str) -> str:
    """Write the session's transcript to `memory/history/<session_id>.md`; return the path."""
    path = f"{HISTORY_DIR}/{session_id}.md"
    workspace.write_file(path, f"# Session {session_id}\n\n{transcript}\n".encode())
    return path


def consolidate(
    model: ChatModel,
    workspace: Workspace,
    transcript: str,
    on_error: Callable[[str], None] | None = None,
    transcript_chars: int = TRANSCRIPT_CAP,
) -> bool:
    """Ask the model for an updated MEMORY.md from the last `transcript_chars` characters of the session's
    transcript; keep the old one when no usable answer comes. True if updated.

    An answer that fails MEMORY_SCHEMA goes back with feedback once; a failure is told to `on_error` (the
    agent logs it as an action_error event). ModelUnavailableError propagates: the service failed, not the agent.
    """
    current = read_memory(workspace)
    excerpt = transcript[-transcript_chars:]
    messages = [
        Message(role="system", content=_CONSOLIDATE.format(cap=MEMORY_CAP)),
        Message(role="user", content=f"Current memory:\n{current or '(empty)'}\n\nThis session:\n{excerpt}"),
    ]
    try:
        data = ask_structured(model, messages, MEMORY_SCHEMA, _ATTEMPTS)
    except ModelUnavailableError:
        raise
    except (ModelError, InvalidOutputError) as exc:
        if on_error is not None:
            on_error(f"memory consolidation failed, MEMORY.md kept as it was: {exc}")
        return False
    memory = str(data["memory"]).strip()
    if not memory:
        if on_error is not None:
            on_error("memory consolidation returned an empty memory; MEMORY.md kept as it was")
        return False
    workspace.write_file(MEMORY_FILE, memory[:MEMORY_CAP].encode("utf-8"))
    return True

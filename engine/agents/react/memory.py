"""Cross-session memory: a MEMORY file the agent keeps, and a searchable history of past sessions.

Both live in the workspace under `memory/` (agent state, outside the hidden-data boundary), so they
persist with the workspace and its snapshots. At session end the agent's own model consolidates
the session into MEMORY.md; the session's transcript is appended to `memory/history/`.
"""

from __future__ import annotations

import json

from engine.ports import ChatModel, Message, ModelError, Workspace, WorkspaceError

MEMORY_DIR = "memory"
MEMORY_FILE = f"{MEMORY_DIR}/MEMORY.md"
HISTORY_DIR = f"{MEMORY_DIR}/history"
MEMORY_CAP = 6_000
_TRANSCRIPT_CAP = 12_000

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


def consolidate(model: ChatModel, workspace: Workspace, transcript: str) -> bool:
    """Ask the model for an updated MEMORY.md; keep the old one when the answer is unusable. True if updated."""
    current = read_memory(workspace)
    excerpt = transcript[-_TRANSCRIPT_CAP:]
    messages = [
        Message(role="system", content=_CONSOLIDATE.format(cap=MEMORY_CAP)),
        Message(role="user", content=f"Current memory:\n{current or '(empty)'}\n\nThis session:\n{excerpt}"),
    ]
    try:
        data = json.loads(model.complete(messages, response_schema=MEMORY_SCHEMA).text)
    except (ModelError, json.JSONDecodeError):
        return False
    memory = data.get("memory") if isinstance(data, dict) else None
    if not isinstance(memory, str) or not memory.strip():
        return False
    workspace.write_file(MEMORY_FILE, memory.strip()[:MEMORY_CAP].encode("utf-8"))
    return True

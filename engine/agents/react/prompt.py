"""The ReAct agent's system prompt: role, memory, history, skills, workspace overview, tool protocol."""

from __future__ import annotations

from engine.agents.react.memory import HISTORY_DIR, MEMORY_FILE, read_memory
from engine.agents.react.skills import list_skills, render_skills
from engine.ports import Workspace

_ROLE = (
    "You are a personal assistant working for one user over many sessions. You act in the user's workspace "
    "(files, shell, apps) through tools. Requests are often brief: before you act, recover what the user "
    "would expect from your memory, earlier sessions and the workspace files. When something essential is "
    "still missing, ask one specific question about it. Finish the work yourself and tell the user what you did."
)
_PATHS = (
    "File paths are relative to the workspace root (the shell starts in that folder, /workspace); there is no "
    "home directory to write to."
)
_LISTING_CAP = 60


def workspace_overview(workspace: Workspace) -> str:
    """The top-level entries of the workspace with file counts (kept short)."""
    counts: dict[str, int] = {}
    for path in workspace.list_files():
        top = path.split("/", 1)[0] + ("/" if "/" in path else "")
        counts[top] = counts.get(top, 0) + 1
    entries = [f"{name} ({n} files)" if name.endswith("/") else name for name, n in sorted(counts.items())]
    if len(entries) > _LISTING_CAP:
        entries = [*entries[:_LISTING_CAP], f"... {len(entries) - _LISTING_CAP} more"]
    return "Workspace top level: " + (", ".join(entries) if entries else "(empty)")


def system_prompt(workspace: Workspace, tool_instructions: str, date_line: str = "") -> str:
    """Assemble the system prompt for the current session (`date_line`: the current date and time, stated as
    assistant products do). The parts every session shares come first and the session's own (date, memory, skills,
    workspace) after them, so a model server's prompt cache reuses the shared prefix from one session to the next."""
    memory = read_memory(workspace).strip() or "(empty)"
    return "\n\n".join(
        part
        for part in [
            _ROLE,
            _PATHS,
            tool_instructions,
            date_line,
            f"Your memory ({MEMORY_FILE}):\n{memory}",
            f"Transcripts of earlier sessions are in {HISTORY_DIR}/ (search them with grep).",
            render_skills(list_skills(workspace)),
            workspace_overview(workspace),
        ]
        if part
    )

"""Experimental conditions of an episode: memory modes and the no-deps dependency ablation.

- `full`: workspace, memory and history persist (nothing to do here).
- `no-memory`: the workspace persists, but `memory/` (MEMORY.md and the session history) is wiped
  before every session after the first.
- `isolated`: every session starts from the seed workspace.
- `oracle` (upper bound): the transcripts of the session's `depends_on` sessions precede the request.
- `disclosed` (upper bound): the session's hidden intents are appended to the request.
- ablation `no-deps` (paper Fig. 5): every non-final member of a dependency group is skipped, so each
  group's final session runs without its group's preceding sessions.
"""

from __future__ import annotations

from engine.agents.react.memory import MEMORY_DIR
from engine.loader import PersonaBundle
from engine.ports import Workspace
from engine.schema.config import MemoryMode
from engine.schema.events import Event
from engine.schema.session import SessionSpec
from graders.render import render_trace


def prepare_workspace(mode: MemoryMode, workspace: Workspace, seed: bytes, first: bool) -> None:
    """Apply the memory mode to the workspace before a session starts."""
    if mode == "isolated":
        workspace.restore(seed)
    elif mode == "no-memory" and not first:
        for path in list(workspace.list_files()):
            if path.startswith(f"{MEMORY_DIR}/"):
                workspace.delete(path)


def render_transcript(session_id: str, events: list[Event]) -> str:
    """A finished session as the oracle sees it: the grader's trace rendering (messages, tool calls, files)."""
    return f"## Session {session_id}\n{render_trace(events)}"


def opening_context(
    mode: MemoryMode, spec: SessionSpec, depends_on: list[str], transcripts: dict[str, str]
) -> tuple[str, str]:
    """(preface, addendum) around the opening message for the upper-bound modes; empty strings otherwise."""
    if mode == "oracle":
        known = [transcripts[s] for s in depends_on if s in transcripts]
        if known:
            return "[Transcripts of earlier sessions this task builds on]\n" + "\n\n".join(known), ""
    if mode == "disclosed" and spec.hidden_intents:
        lines = "\n".join(f"- {intent.content}" for intent in spec.hidden_intents)
        return "", f"[Further requirements]\n{lines}"
    return "", ""


def depends_on(bundle: PersonaBundle, session_id: str) -> list[str]:
    """The `depends_on` list of a session in the episode file."""
    return next((e.depends_on for e in bundle.episode.sessions if e.session == session_id), [])

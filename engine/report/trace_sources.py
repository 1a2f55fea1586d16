"""What the trace viewer shows besides the trajectory: workspace diffs from the saved `workspace.tar`
snapshots, and, when the run's persona folders are still readable, the text of intents and checklist items."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from engine.loader import DataError, load_persona
from engine.report.discover import natural_key
from engine.rundir import CONFIG_FILE, WORKSPACE_FILE
from engine.schema.events import Event, WorkspaceChanged
from sandbox.workspace.tarball import unpack

DIFF_LINES = 200
CARRIES_WORKSPACE = ("full", "no-memory", "oracle", "disclosed")


@dataclass
class FileDiff:
    """The change of one workspace file over a session."""

    path: str
    kind: str
    diff: str
    base_known: bool


@dataclass
class SessionTexts:
    """Human text of one session's spec: title, intent contents and checklist criteria by id."""

    title: str = ""
    intents: dict[str, str] = field(default_factory=dict)
    items: dict[str, str] = field(default_factory=dict)


def persona_texts(run_dir: Path) -> dict[tuple[str, str], SessionTexts]:
    """Texts of every session of the run's personas, keyed (persona, session); empty for personas whose folder
    no longer loads (the report then shows ids only)."""
    raw = yaml.safe_load((run_dir / CONFIG_FILE).read_text(encoding="utf-8")) or {}
    texts: dict[tuple[str, str], SessionTexts] = {}
    for persona_path in raw.get("personas") or []:
        try:
            bundle = load_persona(Path(str(persona_path)))
        except (DataError, OSError, ValueError):
            continue
        for spec in bundle.sessions:
            texts[(bundle.persona.id, spec.id)] = SessionTexts(
                title=spec.title,
                intents={i.id: i.content for i in spec.hidden_intents},
                items={i.id: i.text for i in spec.checklist},
            )
    return texts


def _text(data: bytes | None) -> list[str] | None:
    if data is None:
        return []
    try:
        return data.decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


def _diff(path: str, before: bytes | None, after: bytes | None) -> str:
    old, new = _text(before), _text(after)
    if old is None or new is None:
        return f"(binary file: {len(before or b'')} -> {len(after or b'')} bytes)"
    lines = list(difflib.unified_diff(old, new, f"a/{path}", f"b/{path}"))
    if len(lines) > DIFF_LINES:
        lines = [*lines[:DIFF_LINES], f"... {len(lines) - DIFF_LINES} more diff lines\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines) or "(content unchanged)\n"


def workspace_diffs(session_dir: Path, events: list[Event], memory: str, ablate: str) -> list[FileDiff]:
    """Diffs of the files the session's trajectory reports as changed, from the workspace the session started
    with (the previous session's snapshot, when the memory mode carries the workspace over and no ablation
    reorders sessions) to its own saved snapshot; without a known start, a file's diff is from empty."""
    changed: dict[str, str] = {}
    for event in events:
        if isinstance(event, WorkspaceChanged):
            for change in event.changes:
                changed[change.path] = change.kind
    final_tar = session_dir / WORKSPACE_FILE
    if not changed or not final_tar.is_file():
        return []
    after = unpack(final_tar.read_bytes())
    before: dict[str, bytes] | None = None
    if memory in CARRIES_WORKSPACE and ablate == "none":
        siblings = sorted(p for p in session_dir.parent.iterdir() if (p / WORKSPACE_FILE).is_file())
        earlier = [p for p in siblings if natural_key(p.name) < natural_key(session_dir.name)]
        before = unpack((earlier[-1] / WORKSPACE_FILE).read_bytes()) if earlier else None
    return [
        FileDiff(path, kind, _diff(path, (before or {}).get(path), after.get(path)), before is not None)
        for path, kind in sorted(changed.items())
    ]

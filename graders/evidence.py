"""Evidence retrieval scoring (seed 000): did the agent read the sources that make its hidden intents recoverable?

Source units come from the session's intents. A `{workspace: path}` source is the unit {path}; a
`{session: id, files: [...]}` source is the unit {memory/history/<id>.md} ∪ files, labelled
`session:<id>`; `ask` sources have none. Identical units are counted once.

A workspace file counts as *read* when a successful tool call showed the agent its content:

- `read_file`: its `path`;
- `grep`: every file named in its result rows (content, files_with_matches and count modes);
- `exec`: every command token that looks like a workspace path (contains '/' or a file extension, is
  not an option, and is not an absolute path outside /workspace), and any source path occurring
  anywhere in the command.

`list_dir` and `glob` show names, not content, and never count. Files the agent itself added during
the session are not reads. Precision = read files belonging to some unit / read files (0 when
nothing was read); recall = units with at least one read member / units; F1 their harmonic mean.
"""

from __future__ import annotations

import re
import shlex

from engine.schema.events import Event, WorkspaceChanged
from engine.schema.results import EvidenceScore
from engine.schema.session import HiddenIntent, SessionSource, WorkspaceSource
from graders.view import ToolRecord, records_from_events

HISTORY_FILE = "memory/history/{session}.md"
_FILE_LIKE = re.compile(r"^[\w./-]*(/|\.[A-Za-z0-9]{1,8}$)[\w./-]*$")


def normalize(path: str) -> str:
    """A workspace-relative path without './', leading '/' or '/workspace/'."""
    path = path.strip().strip("'\"")
    for prefix in ("/workspace/", "./", "/"):
        while path.startswith(prefix):
            path = path[len(prefix) :]
    return path


def source_units(intents: list[HiddenIntent]) -> dict[str, frozenset[str]]:
    """Label -> member paths of every distinct source unit the intents cite."""
    units: dict[str, frozenset[str]] = {}
    for intent in intents:
        src = intent.source
        if isinstance(src, WorkspaceSource):
            path = normalize(src.workspace)
            units.setdefault(path, frozenset({path}))
        elif isinstance(src, SessionSource):
            members = {HISTORY_FILE.format(session=src.session), *(normalize(f) for f in src.files)}
            units[f"session:{src.session}"] = units.get(f"session:{src.session}", frozenset()) | members
    return units


def _exec_paths(command: str, sources: set[str]) -> set[str]:
    try:
        tokens = shlex.split(command)
    except ValueError:
        tokens = command.split()
    outside = ("-", "~")
    found = {
        normalize(t)
        for t in tokens
        if not t.startswith(outside) and (not t.startswith("/") or t.startswith("/workspace/")) and _FILE_LIKE.match(t)
    }
    return {p for p in found if p and p not in (".", "..")} | {s for s in sources if s in command}


def files_read(records: list[ToolRecord], sources: set[str]) -> set[str]:
    """Workspace files whose content a successful tool call showed the agent."""
    read: set[str] = set()
    for rec in records:
        if rec.error:
            continue
        if rec.name == "read_file" and isinstance(rec.arguments.get("path"), str):
            read.add(normalize(rec.arguments["path"]))
        elif rec.name == "grep" and isinstance(rec.output, dict):
            read |= {normalize(str(row).split(":", 1)[0]) for row in rec.output.get("results", [])}
        elif rec.name == "exec" and isinstance(rec.arguments.get("command"), str):
            read |= _exec_paths(rec.arguments["command"], sources)
    return read


def evidence_score(intents: list[HiddenIntent], events: list[Event]) -> EvidenceScore | None:
    """Precision, recall and F1 of the agent's reads against the intents' sources; None without sources."""
    units = source_units(intents)
    if not units:
        return None
    members = set().union(*units.values())
    created = {c.path for e in events if isinstance(e, WorkspaceChanged) for c in e.changes if c.kind == "added"}
    read = files_read(records_from_events(events), members) - {normalize(p) for p in created}
    found = sorted(label for label, paths in units.items() if paths & read)
    precision = len(read & members) / len(read) if read else 0.0
    recall = len(found) / len(units)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return EvidenceScore(
        relevant=sorted(units), found=found, read=sorted(read), precision=precision, recall=recall, f1=f1
    )

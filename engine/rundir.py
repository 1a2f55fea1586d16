"""Files of a run directory: their names, and the readers and writers every consumer of a finished run shares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from engine.apps import APPS_FILE, restored_apps
from engine.conditions import render_transcript
from engine.config_io import load_config
from engine.loader import PersonaBundle, load_persona
from engine.schema.config import RunConfig
from engine.schema.events import Event
from engine.schema.results import EpisodeResult
from engine.schema.session import Artifact
from engine.trajectory import read_trajectory
from graders.view import EvidenceView, view_from_events
from sandbox.workspace.memory import MemoryWorkspace

CONFIG_FILE = "config.yaml"
TRAJECTORY_FILE = "trajectory.jsonl"
WORKSPACE_FILE = "workspace.tar"
RESULT_FILE = "result.json"


def write_results(run_dir: Path, episodes: list[EpisodeResult]) -> Path:
    """Write results.json: the list of EpisodeResult of the run."""
    path = run_dir / "results.json"
    path.write_text("[\n" + ",\n".join(e.model_dump_json(indent=2) for e in episodes) + "\n]\n", encoding="utf-8")
    return path


def run_config(run_dir: Path) -> RunConfig:
    """The configuration a run was made with (its config.yaml); DataError names the file and field."""
    return load_config(run_dir / CONFIG_FILE, [])


def finished_sessions(run_dir: Path, config: RunConfig) -> Iterator[tuple[PersonaBundle, list[Path]]]:
    """Each persona of the run with the directories of its sessions that left a trajectory and a workspace."""
    for persona_path in config.personas:
        bundle = load_persona(Path(persona_path))
        dirs = [run_dir / bundle.persona.id / spec.id for spec in bundle.sessions]
        yield bundle, [d for d in dirs if (d / TRAJECTORY_FILE).is_file() and (d / WORKSPACE_FILE).is_file()]


def saved_view(session_dir: Path, events: list[Event], artifacts: list[Artifact] | None = None) -> EvidenceView:
    """The evidence of a finished session: its saved workspace and apps (apps.json when present), `events` and the
    session's declared artifacts."""
    workspace = MemoryWorkspace()
    workspace.restore((session_dir / WORKSPACE_FILE).read_bytes())
    apps = session_dir / APPS_FILE
    services = restored_apps(apps.read_bytes()) if apps.is_file() else {}
    return view_from_events(workspace, events, services, artifacts)


def saved_transcript(session_dir: Path) -> str:
    """A finished session's transcript as the oracle memory mode shows it, read from its trajectory."""
    return render_transcript(session_dir.name, read_trajectory(session_dir / TRAJECTORY_FILE))

"""JSON Schema export of the data formats (`proact schema`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from engine.schema.config import RunConfig
from engine.schema.episode import Episode
from engine.schema.events import Event
from engine.schema.experiment import ExperimentManifest
from engine.schema.persona import Persona
from engine.schema.results import EpisodeResult, SessionResult
from engine.schema.session import SessionSpec

SCHEMAS: dict[str, Any] = {
    "persona": Persona,
    "episode": Episode,
    "session": SessionSpec,
    "run_config": RunConfig,
    "event": TypeAdapter(Event),
    "session_result": SessionResult,
    "episode_result": EpisodeResult,
    "experiment": ExperimentManifest,
}


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of one format by name."""
    target = SCHEMAS[name]
    schema: dict[str, Any] = target.json_schema() if isinstance(target, TypeAdapter) else target.model_json_schema()
    return schema


def export(out_dir: Path) -> list[Path]:
    """Write every schema as <name>.schema.json into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SCHEMAS:
        path = out_dir / f"{name}.schema.json"
        path.write_text(json.dumps(json_schema(name), indent=2) + "\n", encoding="utf-8")
        paths.append(path)
    return paths

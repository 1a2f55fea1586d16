"""Files shared by every writer of a run directory."""

from __future__ import annotations

from pathlib import Path

from engine.schema.results import EpisodeResult


def write_results(run_dir: Path, episodes: list[EpisodeResult]) -> Path:
    """Write results.json: the list of EpisodeResult of the run."""
    path = run_dir / "results.json"
    path.write_text("[\n" + ",\n".join(e.model_dump_json(indent=2) for e in episodes) + "\n]\n", encoding="utf-8")
    return path

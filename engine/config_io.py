"""Load a RunConfig from YAML plus `--set key.path=value` overrides, with errors naming the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.loader import DataError, Problem, _loc
from engine.schema.config import RunConfig
from engine.yaml_io import safe_load


def apply_override(data: dict[str, Any], assignment: str) -> None:
    """Set a dotted key from 'a.b.c=value'; the value is parsed as YAML (so 3, true, [x] work)."""
    if "=" not in assignment:
        raise ValueError(f"--set expects key.path=value, got {assignment!r}")
    key, raw = assignment.split("=", 1)
    node = data
    parts = key.strip().split(".")
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    node[parts[-1]] = safe_load(raw)


def load_config(path: Path | None, overrides: list[str]) -> RunConfig:
    """Defaults < YAML file < overrides. DataError names the file and the field on bad input."""
    data: dict[str, Any] = {}
    source = "<defaults>"
    if path is not None:
        source = str(path)
        loaded = safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(loaded, dict):
            raise DataError([Problem(source, "", "a run config must be a mapping")])
        data = loaded
    return config_from_mapping(data, source, overrides)


def config_from_mapping(data: dict[str, Any], source: str, overrides: list[str]) -> RunConfig:
    """Validate `data` (read from `source`) after applying overrides; DataError names the source and the field."""
    for item in overrides:
        apply_override(data, item)
    try:
        return RunConfig.model_validate(data)
    except ValidationError as exc:
        where = source + (" + --set" if overrides else "")
        raise DataError([Problem(where, _loc(e["loc"]), e["msg"]) for e in exc.errors()]) from exc

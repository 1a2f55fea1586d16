"""Helpers shared by rule kinds: raw bytes, structured data (JSON or YAML), regex checks on arguments."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

import yaml

from engine.ports import WorkspaceError
from graders.view import EvidenceView

DataFormat = Literal["auto", "json", "yaml"]


class ArtifactError(Exception):
    """The file a rule inspects is missing or malformed; the message is the outcome's detail."""


def read_bytes(view: EvidenceView, path: str) -> bytes | None:
    """A workspace file's bytes, or None when it does not exist."""
    try:
        return view.workspace.read_file(path)
    except WorkspaceError:
        return None


def data_format(path: str, fmt: DataFormat) -> Literal["json", "yaml"]:
    """The concrete format: `auto` means YAML for .yaml/.yml files and JSON otherwise."""
    if fmt != "auto":
        return fmt
    return "yaml" if path.lower().endswith((".yaml", ".yml")) else "json"


def parse_data(text: str, path: str, fmt: DataFormat) -> Any:
    """Decode JSON or YAML; ArtifactError names the file and the position of a syntax error.

    YAML values without a JSON type (dates, timestamps) become strings, so YAML and JSON
    files are judged alike.
    """
    if data_format(path, fmt) == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ArtifactError(f"{path} is not valid JSON: {exc}") from exc
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ArtifactError(f"{path} is not valid YAML: {' '.join(str(exc).split())}") from exc
    return json.loads(json.dumps(data, default=str))


def load_data(view: EvidenceView, path: str, fmt: DataFormat) -> Any:
    """Read and decode a JSON/YAML workspace file; ArtifactError says what is wrong (missing, empty, malformed)."""
    text = view.read_text(path)
    if text is None:
        raise ArtifactError(f"{path} does not exist")
    if not text.strip():
        raise ArtifactError(f"{path} is empty")
    return parse_data(text, path, fmt)


def check_patterns(patterns: list[str]) -> list[str]:
    """Argument validator: every entry compiles as a Python regular expression."""
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise ValueError(f"bad regular expression {pattern!r}: {exc}") from exc
    return patterns

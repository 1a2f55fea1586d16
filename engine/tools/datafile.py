"""Read the lookup tools' data files into pydantic models; every error names the file and the field or line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def field_path(parts: tuple[int | str, ...]) -> str:
    """A pydantic error location as written in YAML terms, e.g. 'papers[2].year'."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def _invalid(where: str, exc: ValidationError) -> ValueError:
    return ValueError("; ".join(f"{where}: {field_path(e['loc'])}: {e['msg']}" for e in exc.errors()))


def parse_yaml(path: Path, model: type[M]) -> M:
    """One YAML file as a model; ValueError names the file and each bad field."""
    if not path.is_file():
        raise ValueError(f"{path}: file not found")
    try:
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ValueError(f"{path}: not valid YAML: {exc}") from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise _invalid(str(path), exc) from exc


def parse_jsonl(path: Path, model: type[M]) -> list[tuple[int, M]]:
    """(line number, model) for each non-blank line of a JSONL file; ValueError names the file, line and field."""
    if not path.is_file():
        raise ValueError(f"{path}: file not found")
    out: list[tuple[int, M]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append((number, model.model_validate(json.loads(line))))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: line {number}: not valid JSON: {exc.msg}") from exc
        except ValidationError as exc:
            raise _invalid(f"{path}: line {number}", exc) from exc
    return out

"""Load a persona folder (persona.yaml, episode.yaml, sessions/*.yaml) with errors naming file and field."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from engine.schema.episode import Episode
from engine.schema.persona import Persona
from engine.schema.session import SessionSpec
from engine.yaml_io import safe_load

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Problem:
    """One finding of loading or validation."""

    file: str
    field: str
    message: str
    level: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        where = f"{self.file}: {self.field}" if self.field else self.file
        return f"{self.level}: {where}: {self.message}"


class DataError(ValueError):
    """Persona data failed to load; `problems` lists every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        """Keep all problems; the message shows them one per line."""
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class PersonaBundle:
    """A loaded persona: profile, episode, sessions in episode order, and where its files live."""

    root: Path
    persona: Persona
    episode: Episode
    sessions: list[SessionSpec]
    data_root: Path
    files: dict[str, Path] = field(default_factory=dict)

    def session(self, session_id: str) -> SessionSpec:
        """Look a session up by id."""
        return next(s for s in self.sessions if s.id == session_id)

    def seed_files(self) -> dict[str, bytes]:
        """The files the episode's workspace starts with."""
        seed = self.data_root / self.episode.workspace_seed
        if not seed.is_dir():
            return {}
        return {p.relative_to(seed).as_posix(): p.read_bytes() for p in sorted(seed.rglob("*")) if p.is_file()}


def _loc(parts: tuple[int | str, ...]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def load_model(path: Path, model: type[M], problems: list[Problem]) -> M | None:
    """Parse one YAML file into a model, appending problems (file + field) instead of raising."""
    if not path.is_file():
        problems.append(Problem(str(path), "", "file not found"))
        return None
    try:
        data = safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        problems.append(Problem(str(path), "", f"invalid YAML: {exc}"))
        return None
    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as exc:
        for err in exc.errors():
            problems.append(Problem(str(path), _loc(err["loc"]), err["msg"]))
        return None


def load_persona(root: Path) -> PersonaBundle:
    """Load and schema-check a persona folder; DataError lists every problem found."""
    problems: list[Problem] = []
    persona = load_model(root / "persona.yaml", Persona, problems)
    episode = load_model(root / "episode.yaml", Episode, problems)
    sessions: list[SessionSpec] = []
    files: dict[str, Path] = {}
    if episode is not None:
        for entry in episode.sessions:
            path = root / "sessions" / f"{entry.session}.yaml"
            spec = load_model(path, SessionSpec, problems)
            if spec is not None:
                if spec.id != entry.session:
                    problems.append(
                        Problem(str(path), "id", f"is {spec.id!r} but the file name says {entry.session!r}")
                    )
                sessions.append(spec)
                files[spec.id] = path
    if problems or persona is None or episode is None:
        raise DataError(problems)
    data_root = root.parent.parent / "workspaces" / persona.id
    return PersonaBundle(
        root=root, persona=persona, episode=episode, sessions=sessions, data_root=data_root, files=files
    )


def find_personas(path: Path) -> list[Path]:
    """A persona folder itself, every persona folder directly under `path`, or else under `path/personas` (a
    benchmark root such as `proact import`'s output)."""
    if (path / "persona.yaml").exists() or (path / "episode.yaml").exists():
        return [path]
    found = sorted(p for p in path.iterdir() if p.is_dir() and (p / "episode.yaml").exists())
    if not found and (path / "personas").is_dir():
        return find_personas(path / "personas")
    return found

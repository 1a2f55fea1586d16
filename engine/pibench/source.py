"""Read a π-Bench checkout (or its `data/` folder) leniently: every problem is a warning naming file and field.

Layout read (the original repository's `data/`): `<persona>/{profile,episode,tools}.yaml`,
`<persona>/tasks/<task_id>/task.yaml` plus the task's input files, `<persona>/skills/`, and the rule scripts
that `objectives.tools_evaluation_path` names relative to the repository root (`data/<persona>/scripts/*.py`).
Nothing here is copied into the proact repository: the importer reads the user's checkout at run time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.loader import Problem

TASK_FILE = "task.yaml"
SKIP_INPUTS = frozenset({TASK_FILE, ".history", ".result", ".eval_result"})  # as the original's asset copy


def warn(problems: list[Problem], file: Path | str, where: str, message: str) -> None:
    """Append one warning."""
    problems.append(Problem(str(file), where, message, "warning"))


def read_yaml(path: Path, problems: list[Problem]) -> Any:
    """A YAML file's data, or None with a warning when it is missing or invalid."""
    if not path.is_file():
        warn(problems, path, "", "file not found")
        return None
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        warn(problems, path, "", f"invalid YAML: {' '.join(str(exc).split())[:300]}")
        return None


def mapping(value: Any, problems: list[Problem], file: Path, where: str) -> dict[str, Any]:
    """`value` when it is a mapping; {} with a warning otherwise (None is an empty mapping, silently)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        warn(problems, file, where, f"expected a mapping, got {type(value).__name__}; ignored")
        return {}
    return value


def listing(value: Any, problems: list[Problem], file: Path, where: str) -> list[Any]:
    """`value` when it is a list; [] with a warning otherwise (None is an empty list, silently)."""
    if value is None:
        return []
    if not isinstance(value, list):
        warn(problems, file, where, f"expected a list, got {type(value).__name__}; ignored")
        return []
    return value


@dataclass
class RawTask:
    """One task folder: its task.yaml data and its input files (workspace-relative path -> file)."""

    task_id: str
    folder: Path
    data: dict[str, Any]
    inputs: dict[str, Path] = field(default_factory=dict)

    @property
    def file(self) -> Path:
        """The task.yaml path."""
        return self.folder / TASK_FILE


@dataclass
class RawPersona:
    """One persona folder of the checkout."""

    user_id: str
    folder: Path
    profile: dict[str, Any]
    order: list[tuple[str, list[str]]]
    tool_names: list[str]
    tasks: dict[str, RawTask]


@dataclass
class Checkout:
    """The data folder, the repository root scripts are relative to, and every persona read."""

    data_dir: Path
    repo_root: Path
    personas: list[RawPersona]


def find_data_dir(src: Path) -> Path:
    """SRC/data when SRC is a checkout, else SRC itself; ValueError when neither holds persona folders."""
    for candidate in (src / "data", src):
        if candidate.is_dir() and persona_folders(candidate):
            return candidate
    raise ValueError(f"{src} is neither a π-Bench checkout nor its data folder (no <persona>/episode.yaml found)")


def persona_folders(data_dir: Path) -> list[Path]:
    """Sub-folders that look like personas (an episode.yaml or a tasks/ folder)."""
    return sorted(
        p for p in data_dir.iterdir() if p.is_dir() and ((p / "episode.yaml").is_file() or (p / "tasks").is_dir())
    )


def task_inputs(folder: Path) -> dict[str, Path]:
    """Every file of a task folder except task.yaml and the original's run folders, by relative path."""
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_file() and rel.parts[0] not in SKIP_INPUTS:
            out[rel.as_posix()] = path
    return out


def read_episode(folder: Path, problems: list[Problem]) -> list[tuple[str, list[str]]]:
    """(task id, depends_on) in episode order; malformed entries are skipped with a warning."""
    file = folder / "episode.yaml"
    data = mapping(read_yaml(file, problems), problems, file, "")
    order: list[tuple[str, list[str]]] = []
    for n, entry in enumerate(listing(data.get("tasks"), problems, file, "tasks")):
        if not isinstance(entry, dict) or not str(entry.get("task_id", "")).strip():
            warn(problems, file, f"tasks[{n}]", "no task_id; entry skipped")
            continue
        deps = [str(d).strip() for d in listing(entry.get("depends_on"), problems, file, f"tasks[{n}].depends_on")]
        order.append((str(entry["task_id"]).strip(), [d for d in deps if d]))
    return order


def read_task(folder: Path, problems: list[Problem]) -> RawTask | None:
    """A task folder, or None (with a warning) when its task.yaml cannot be read as a mapping."""
    data = read_yaml(folder / TASK_FILE, problems)
    if not isinstance(data, dict):
        if data is not None:
            warn(problems, folder / TASK_FILE, "", "not a mapping; task skipped")
        return None
    task_id = str(data.get("task_id") or folder.name).strip()
    if task_id != folder.name:
        warn(problems, folder / TASK_FILE, "task_id", f"is {task_id!r} but the folder is {folder.name!r}")
    return RawTask(task_id, folder, data, task_inputs(folder))


def read_persona(folder: Path, problems: list[Problem]) -> RawPersona:
    """Profile, episode order, tool names and every task folder of one persona."""
    profile = mapping(read_yaml(folder / "profile.yaml", problems), problems, folder / "profile.yaml", "")
    tools_file = folder / "tools.yaml"
    tools = mapping(read_yaml(tools_file, problems), problems, tools_file, "")
    names = [str(t).strip() for t in listing(tools.get("tool_names"), problems, tools_file, "tool_names")]
    tasks: dict[str, RawTask] = {}
    for task_folder in sorted(p for p in (folder / "tasks").glob("*") if p.is_dir()):
        task = read_task(task_folder, problems)
        if task is not None:
            tasks[task.task_id] = task
    order = read_episode(folder, problems)
    return RawPersona(folder.name, folder, profile, order, [n for n in names if n], tasks)


def read_checkout(src: Path, problems: list[Problem]) -> Checkout:
    """Every persona of a checkout (or data folder); ValueError when `src` holds none."""
    data_dir = find_data_dir(src.resolve())
    repo_root = data_dir.parent if data_dir.name == "data" else data_dir
    personas = [read_persona(folder, problems) for folder in persona_folders(data_dir)]
    return Checkout(data_dir, repo_root, personas)


def script_path(checkout: Checkout, raw: str) -> Path:
    """Where a tools_evaluation_path points: relative to the repository root, or (for a bare data folder) to it
    without the leading `data/`; absolute paths as they are."""
    path = Path(raw.strip())
    if path.is_absolute():
        return path
    candidates = [checkout.repo_root / path]
    if path.parts and path.parts[0] == "data":
        candidates.append(checkout.data_dir.joinpath(*path.parts[1:]))
    return next((c for c in candidates if c.is_file()), candidates[-1])

"""`proact import pibench SRC --out DIR`: write one proact persona per π-Bench persona of a checkout.

DIR gets `personas/<id>/` (persona.yaml, episode.yaml, sessions/<task_id>.yaml, apps/<app>.yaml) and
`workspaces/<id>/` (seed/ with the persona's skills, tasks/<task_id>/ with each task's input files), the layout
`proact validate DIR` and `proact run --persona DIR/personas/<id>` read, plus `import.json` (statistics and
every warning). Non-conforming input is imported with a warning naming file and field, never a crash.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.loader import Problem
from engine.pibench.accounts import Login, fixtures, logins
from engine.pibench.convert import TaskContext, input_names, session_of
from engine.pibench.episode import episode_of, persona_of
from engine.pibench.source import Checkout, RawPersona, read_checkout, warn
from engine.schema.session import SessionSpec
from graders.pibench import bare_name
from sandbox.apps.registry import APPS, app_tool_names

REPORT_FILE = "import.json"


@dataclass
class PersonaStats:
    """What one persona's import holds."""

    persona: str
    user_id: str
    sessions: int
    intents: int
    criteria: int
    rule_checks: int
    script_tasks: int
    scripts_missing: int
    env_triggers: int
    input_files: int
    dependency_groups: int
    apps: list[str] = field(default_factory=list)


@dataclass
class ImportResult:
    """Everything `import_pibench` wrote and found."""

    out: Path
    personas: list[PersonaStats]
    problems: list[Problem]

    def total(self, name: str) -> int:
        """The sum of one PersonaStats count over personas."""
        return sum(int(getattr(p, name)) for p in self.personas)


def persona_apps(raw: RawPersona, problems: list[Problem]) -> list[str]:
    """The apps tools.yaml names (in first-use order); unknown apps and APIs we lack are warned about."""
    file = raw.folder / "tools.yaml"
    apps: list[str] = []
    for name in raw.tool_names:
        app = bare_name(name).partition("__")[0]
        if app in APPS and app not in apps:
            apps.append(app)
        elif app not in APPS:
            warn(problems, file, "tool_names", f"{name}: no app {app!r} in proact; not offered")
    lacking = sorted(
        n for n in raw.tool_names if bare_name(n).partition("__")[0] in APPS and bare_name(n) not in app_tool_names()
    )
    if lacking:
        warn(problems, file, "tool_names", f"{len(lacking)} API(s) our apps do not implement: {', '.join(lacking)}")
    return apps


def _guard(target: Path, workspace: Path) -> None:
    """Refuse to replace a persona (or its workspace folder) that an import did not write."""
    episode = target / "episode.yaml"
    imported = episode.is_file() and "imported_from" in episode.read_text(encoding="utf-8")
    for folder in (target, workspace):
        if folder.exists() and not imported:
            raise ValueError(f"{folder} exists and was not written by an import; choose another --out")


def _dump(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")


def _model(obj: Any) -> Any:
    return obj.model_dump(mode="json", exclude_defaults=True)


def write_workspace(raw: RawPersona, root: Path) -> int:
    """Copy the skills into the seed and every task's inputs under tasks/<task_id>/; the number of inputs."""
    if root.exists():
        shutil.rmtree(root)
    (root / "seed").mkdir(parents=True)
    if (raw.folder / "skills").is_dir():
        shutil.copytree(raw.folder / "skills", root / "seed" / "skills")
    copied = 0
    for task in raw.tasks.values():
        for rel, path in task.inputs.items():
            target = root / "tasks" / task.task_id / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied += 1
    return copied


def import_persona(
    checkout: Checkout, raw: RawPersona, out: Path, problems: list[Problem], scripts: bool
) -> PersonaStats | None:
    """Convert and write one persona; its statistics (None when it has no readable task)."""
    persona = persona_of(raw, problems)
    episode, order = episode_of(raw, persona.id, f"pibench: {checkout.data_dir}", problems)
    if not order:
        warn(problems, raw.folder, "tasks", "no readable task: persona not imported")
        return None
    apps = persona_apps(raw, problems)
    ctx = TaskContext(checkout, apps, app_tool_names(), input_names(list(raw.tasks.values())), problems, scripts)
    sessions: list[SessionSpec] = []
    found: list[Login] = []
    for task_id in order:
        task = raw.tasks[task_id]
        spec = session_of(task, ctx)
        sessions.append(spec)
        found += logins(_texts(task.data), str(task.file), _task_apps(task.data))
    target = out / "personas" / persona.id
    _guard(target, out / "workspaces" / persona.id)
    if target.exists():
        shutil.rmtree(target)
    _dump(target / "persona.yaml", _model(persona))
    _dump(target / "episode.yaml", _model(episode))
    for spec in sessions:
        _dump(target / "sessions" / f"{spec.id}.yaml", _model(spec))
    for app, fixture in fixtures(raw.user_id, apps, found, problems, raw.folder / "tools.yaml").items():
        _dump(target / "apps" / f"{app}.yaml", fixture)
    copied = write_workspace(raw, out / "workspaces" / persona.id)
    return PersonaStats(
        persona=persona.id,
        user_id=raw.user_id,
        sessions=len(sessions),
        intents=sum(len(s.hidden_intents) for s in sessions),
        criteria=sum(1 for s in sessions for i in s.checklist if i.rubric is not None),
        rule_checks=sum(1 for s in sessions for i in s.checklist if i.rule is not None and i.id != "t0"),
        script_tasks=len(ctx.script_checks),
        scripts_missing=sum(1 for s in sessions for i in s.checklist if i.id == "t0"),
        env_triggers=sum(s.trigger.kind != "user" for s in sessions),
        input_files=copied,
        dependency_groups=len(episode.dependency_groups),
        apps=apps,
    )


def _task_apps(data: dict[str, Any]) -> list[str]:
    """The apps a task's objectives.tools name."""
    objectives = data.get("objectives")
    tools = objectives.get("tools") if isinstance(objectives, dict) else None
    names = [str(k) for entry in tools if isinstance(entry, dict) for k in entry] if isinstance(tools, list) else []
    return sorted({bare_name(n).partition("__")[0] for n in names} & set(APPS))


def _texts(data: dict[str, Any]) -> str:
    """The request and hidden intents of a task as one text (where logins are stated)."""
    intent = data.get("intent") if isinstance(data.get("intent"), dict) else {}
    assert isinstance(intent, dict)
    hidden = intent.get("hidden_intent") if isinstance(intent.get("hidden_intent"), list) else []
    assert isinstance(hidden, list)
    parts = [str(intent.get("initial_input") or "")]
    parts += [str(h.get("content", "")) for h in hidden if isinstance(h, dict)]
    return "\n".join(parts)


def import_pibench(src: Path, out: Path, scripts: bool = True) -> ImportResult:
    """Import every persona of the checkout at `src` into `out`; ValueError when `src` holds no π-Bench data.

    `scripts=False` skips running the rule scripts' `score([])` (their checks are then not imported)."""
    problems: list[Problem] = []
    checkout = read_checkout(src, problems)
    out.mkdir(parents=True, exist_ok=True)
    found = [import_persona(checkout, raw, out, problems, scripts) for raw in checkout.personas]
    stats = [s for s in found if s is not None]
    result = ImportResult(out, stats, problems)
    report = {
        "source": str(checkout.data_dir),
        "personas": [asdict(s) for s in stats],
        "warnings": [{"file": p.file, "field": p.field, "message": p.message} for p in problems],
    }
    (out / REPORT_FILE).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return result

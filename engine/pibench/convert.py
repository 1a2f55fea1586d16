"""Turn one π-Bench task.yaml into a proact SessionSpec (no gold solution), warning instead of failing.

Mapping: `intent.initial_input` → request (environment triggers: a webhook trigger from its JSON event);
`intent.hidden_intent[].content` → intents i1, i2, ... whose `reveal` is the content verbatim; checklist
criteria → rubric items c1, c2, ... (weight kept) whose judge sees `objectives.tools` fields and
`objectives.files_read` files; each check of the rule script → a `pibench_script` item t1, t2, ...;
the task folder's files → workspace additions at the workspace root (as the original copies them).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.loader import Problem
from engine.pibench.source import Checkout, RawTask, listing, mapping, read_yaml, script_path, warn
from engine.schema.rules import RuleSpec
from engine.schema.session import (
    ChecklistItem,
    HiddenIntent,
    RubricContext,
    RubricGrader,
    SessionSpec,
    ToolFields,
    Trigger,
    WorkspaceAddition,
)
from graders.pibench import ALL_CHECKS, ScriptError, bare_name, discover

PLACEHOLDER_NOTE = (
    "its checks are not imported: one placeholder item (a grader error until a re-import finds the script) keeps "
    "the task among those with criteria, as the original counts it"
)
USER_TRIGGERS = frozenset({"user", "user_query", ""})
FILE_NAME = re.compile(
    r"(?<![\w/.-])([\w.-]+\.(?:pdf|csv|zip|md|txt|json|ya?ml|tsv|xlsx?|docx?|png|jpe?g|svg|py|tex|data))\b"
)


@dataclass
class TaskContext:
    """What converting one task needs besides its own file."""

    checkout: Checkout
    apps: list[str]
    app_tools: set[str]
    input_names: set[str]
    problems: list[Problem]
    discover_scripts: bool = True
    script_checks: dict[str, int] = field(default_factory=dict)


def tool_specs(task: RawTask, ctx: TaskContext, objectives: dict[str, Any]) -> list[tuple[str, list[str], list[str]]]:
    """(name as written, call paths, result paths) of every objectives.tools entry that parses."""
    out: list[tuple[str, list[str], list[str]]] = []
    for n, entry in enumerate(listing(objectives.get("tools"), ctx.problems, task.file, "objectives.tools")):
        names = [k for k in entry if k not in ("call", "result")] if isinstance(entry, dict) else []
        if len(names) != 1:
            warn(ctx.problems, task.file, f"objectives.tools[{n}]", "expected one tool name per entry; skipped")
            continue
        name = str(names[0]).strip()
        cfg = mapping(entry[names[0]], ctx.problems, task.file, f"objectives.tools[{n}].{name}")
        paths = [
            [str(p) for p in listing(cfg.get(key), ctx.problems, task.file, f"objectives.tools[{n}].{name}.{key}")]
            for key in ("call", "result")
        ]
        if bare_name(name) not in ctx.app_tools:
            warn(ctx.problems, task.file, f"objectives.tools[{n}]", f"{bare_name(name)} is not a tool of our apps")
        out.append((name, paths[0], paths[1]))
    return out


def rubric_context(specs: list[tuple[str, list[str], list[str]]], files: list[str]) -> RubricContext:
    """The judge's context: the selected tool fields (whole calls for a tool with none) and files_read."""
    fields = [ToolFields(tool=bare_name(n), arguments=c, result=r) for n, c, r in specs if c or r]
    whole = [bare_name(n) for n, c, r in specs if not (c or r)]
    return RubricContext(files=files, tools=whole, tool_fields=fields)


def criteria(
    task: RawTask, ctx: TaskContext, objectives: dict[str, Any], context: RubricContext
) -> list[ChecklistItem]:
    """One rubric item per non-empty checklist criterion, weight kept (1 when missing or not positive)."""
    items: list[ChecklistItem] = []
    for n, entry in enumerate(listing(objectives.get("checklist"), ctx.problems, task.file, "objectives.checklist")):
        where = f"objectives.checklist[{n}]"
        text = str(entry.get("criterion", "")).strip() if isinstance(entry, dict) else ""
        if not text:
            warn(ctx.problems, task.file, f"{where}.criterion", "missing or empty; item skipped")
            continue
        try:
            weight = float(entry.get("weight", 1))
        except (TypeError, ValueError):
            weight = 0.0
        if weight <= 0:
            warn(
                ctx.problems, task.file, f"{where}.weight", f"{entry.get('weight')!r} is not a positive number; 1 used"
            )
            weight = 1.0
        items.append(
            ChecklistItem(id=f"c{len(items) + 1}", text=text, rubric=RubricGrader(context=context), weight=weight)
        )
    return items


def placeholder(script: str, why: str) -> ChecklistItem:
    """The item standing for a script's checks that could not be imported: always a grader error, it keeps the task
    among those with criteria, as the original counts it (a task with a tools_evaluation_path has criteria)."""
    return ChecklistItem(
        id="t0",
        text=f"[tools] every check of {Path(script).name} (not imported: {why})",
        rule=RuleSpec(kind="pibench_script", args={"script": script, "check": ALL_CHECKS}),
    )


def script_items(task: RawTask, ctx: TaskContext, objectives: dict[str, Any], tools: list[str]) -> list[ChecklistItem]:
    """One pibench_script item per check `score([])` names; a placeholder (with a warning) when the script is
    missing or cannot say."""
    raw = objectives.get("tools_evaluation_path")
    if raw is None:
        return []
    where = "objectives.tools_evaluation_path"
    if not isinstance(raw, str) or not raw.strip():
        warn(ctx.problems, task.file, where, f"{raw!r} is not a path; no rule checks imported")
        return []
    script = script_path(ctx.checkout, raw)
    if not script.is_file():
        warn(ctx.problems, task.file, where, f"{script} is not in the checkout; {PLACEHOLDER_NOTE}")
        return [placeholder(str(script), "the script was missing")]
    if not ctx.discover_scripts:
        return [placeholder(str(script), "imported with --no-scripts")]
    try:
        checks = discover(script)
    except ScriptError as exc:
        warn(ctx.problems, task.file, where, f"score([]) failed ({exc}); {PLACEHOLDER_NOTE}")
        return [placeholder(str(script), "score([]) failed")]
    ctx.script_checks[task.task_id] = len(checks)
    return [
        ChecklistItem(
            id=f"t{n + 1}",
            text=f"[tools] {check}",
            rule=RuleSpec(kind="pibench_script", args={"script": str(script), "check": check, "tools": tools}),
        )
        for n, check in enumerate(checks)
    ]


def opening(task: RawTask, ctx: TaskContext, kind: str, text: str) -> tuple[Trigger, str]:
    """(trigger, request): a user request, or a webhook event parsed from the JSON the original sends."""
    if kind in USER_TRIGGERS:
        if text.strip():
            return Trigger(), text
        warn(ctx.problems, task.file, "intent.initial_input", "empty user request; opened as a heartbeat instead")
        return Trigger(kind="heartbeat", source="pibench", event="empty_initial_input"), ""
    try:
        event = json.loads(text)
    except json.JSONDecodeError:
        event = None
    if not isinstance(event, dict):
        warn(ctx.problems, task.file, "intent.initial_input", f"trigger {kind!r} but not a JSON event; sent as text")
        return Trigger(kind="webhook", source="pibench", event=kind), text
    payload = event.get("payload")
    extra = {k: v for k, v in event.items() if k not in ("source", "event", "payload", "target")}
    if event.get("target") not in (None, "agent"):
        extra["target"] = event["target"]
    body = payload if isinstance(payload, dict) else {"value": payload}
    trigger = Trigger(
        kind="webhook",
        source=str(event.get("source", "")),
        event=str(event.get("event", "")),
        payload={**body, **extra},
    )
    return trigger, ""


def missing_inputs(task: RawTask, ctx: TaskContext, text: str) -> None:
    """Warn about file names the request gives that no task folder of the persona holds."""
    for name in sorted({m.group(1) for m in FILE_NAME.finditer(text)}):
        if name not in ctx.input_names:
            warn(
                ctx.problems,
                task.file,
                "intent.initial_input",
                f"names {name!r}, which no task folder of the persona holds (an input missing from the checkout, "
                "or a file an earlier session must create)",
            )


def check_inputs(task: RawTask, ctx: TaskContext) -> None:
    """Warn about YAML inputs that do not parse (they are copied unchanged)."""
    for path in task.inputs.values():
        if path.suffix in (".yaml", ".yml"):
            found: list[Problem] = []
            read_yaml(path, found)
            for p in found:
                warn(ctx.problems, path, "", f"{p.message} (a task input: copied unchanged)")


def intents_of(task: RawTask, ctx: TaskContext, intent: dict[str, Any]) -> list[HiddenIntent]:
    """Hidden intents i1, i2, ... revealed verbatim; empty ones skipped with a warning."""
    out: list[HiddenIntent] = []
    for n, entry in enumerate(listing(intent.get("hidden_intent"), ctx.problems, task.file, "intent.hidden_intent")):
        content = str(entry.get("content", "")).strip() if isinstance(entry, dict) else ""
        if not content:
            warn(ctx.problems, task.file, f"intent.hidden_intent[{n}].content", "missing or empty; skipped")
            continue
        out.append(HiddenIntent(id=f"i{len(out) + 1}", content=content, reveal=content))
    if not out:
        warn(ctx.problems, task.file, "intent.hidden_intent", "no hidden intents: the session has no Proc")
    return out


def session_of(task: RawTask, ctx: TaskContext) -> SessionSpec:
    """The proact session of one task."""
    data, file, problems = task.data, task.file, ctx.problems
    intent = mapping(data.get("intent"), problems, file, "intent")
    kind = str(mapping(data.get("trigger"), problems, file, "trigger").get("type", "user")).strip()
    text = "" if intent.get("initial_input") is None else str(intent["initial_input"])
    trigger, request = opening(task, ctx, kind, text)
    if "objectives" not in data:
        warn(problems, file, "objectives", "missing: imported with hidden intents only (no checklist)")
    objectives = mapping(data.get("objectives"), problems, file, "objectives")
    specs = tool_specs(task, ctx, objectives)
    files = [str(f).strip() for f in listing(objectives.get("files_read"), problems, file, "objectives.files_read")]
    files = [f for f in files if f]
    checklist = criteria(task, ctx, objectives, rubric_context(specs, files))
    checklist += script_items(task, ctx, objectives, [n for n, _, _ in specs])
    missing_inputs(task, ctx, text)
    check_inputs(task, ctx)
    return SessionSpec(
        id=task.task_id,
        title=str(data.get("title") or "").strip() or task.task_id,
        category="-",
        trigger=trigger,
        request=request,
        workspace_additions=[WorkspaceAddition(source=f"tasks/{task.task_id}/{rel}", dest=rel) for rel in task.inputs],
        toolsets=["general", *ctx.apps],
        user_files=files,
        hidden_intents=intents_of(task, ctx, intent),
        checklist=checklist,
    )


def input_names(tasks: list[RawTask]) -> set[str]:
    """Base names of every input file of the persona's task folders."""
    return {Path(rel).name for task in tasks for rel in task.inputs}

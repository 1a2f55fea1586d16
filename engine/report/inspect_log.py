"""Inspect AI eval logs from proact run directories, so Inspect's log viewer opens proact runs.

One log per (run directory, persona): the persona is the task, each graded session one sample (its epoch the run's
repeat). A sample holds the conversation as chat messages (the opening, user messages, the agent's replies, one
assistant message per tool call followed by its tool message), two scores — `proc` (with the intent ledger: every
status the user assigned, when and why) and `comp` (with every checklist verdict) —, the per-role and per-model usage,
and the session's error when it ended in one. The files are Inspect's JSON log format (`version` 2), written from
its published field names without importing `inspect_ai`, which only the tests use to read them back.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.report.discover import RunInfo, SessionRow, discover, read_run, session_rows
from engine.rundir import CONFIG_FILE, TRAJECTORY_FILE
from engine.schema.events import (
    ActionError,
    AgentMessage,
    Event,
    ModelUsage,
    SessionStarted,
    StatusAssigned,
    ToolCall,
    ToolResult,
    UserMessage,
)
from engine.trajectory import read_trajectory

LOG_VERSION = 2
ERROR_ENDINGS = frozenset({"agent_error", "user_error", "infra_error"})


def export_inspect(paths: Iterable[Path], out: Path) -> list[Path]:
    """Write one Inspect eval log per persona of every run directory at or below `paths` into `out`; the files."""
    runs = discover(paths)
    if not runs:
        raise ValueError(f"no run directory (a folder with {CONFIG_FILE} and session results) under the given paths")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for path in runs:
        run = read_run(path)
        by_persona: dict[str, list[SessionRow]] = {}
        for row in session_rows(run):
            by_persona.setdefault(row.persona, []).append(row)
        for persona, rows in by_persona.items():
            log = eval_log(run, persona, rows)
            stamp = log["eval"]["created"].replace(":", "-")
            target = out / f"{stamp}_proact-{persona}_{log['eval']['eval_id'][:12]}.json"
            target.write_text(json.dumps(log, indent=1, default=str) + "\n", encoding="utf-8")
            written.append(target)
    return written


def eval_log(run: RunInfo, persona: str, rows: list[SessionRow]) -> dict[str, Any]:
    """The Inspect eval log of one persona episode of one run."""
    key = f"{run.path.resolve()}::{persona}"
    eval_id = hashlib.sha256(key.encode()).hexdigest()[:22]
    config_path = run.path / CONFIG_FILE
    results_mtime = max((run.path / persona / r.session).stat().st_mtime for r in rows)
    samples = [sample(run, row) for row in rows]
    return {
        "version": LOG_VERSION,
        "status": "success",
        "eval": {
            "eval_id": eval_id,
            "run_id": run.path.name,
            "created": _iso(config_path.stat().st_mtime),
            "task": f"proact/{persona}",
            "task_id": hashlib.sha256(persona.encode()).hexdigest()[:22],
            "task_version": 0,
            "dataset": {"name": persona, "samples": len(rows), "sample_ids": [r.session for r in rows]},
            "model": run.agent,
            "config": {},
            "metadata": {"memory": run.memory, "ablate": run.ablate, "repeat": run.repeat, "run_dir": str(run.path)},
            "packages": {"proact": _version()},
        },
        "plan": {"name": "plan", "steps": [{"solver": "proact_episode", "params": {}}], "config": {}},
        "results": _results(rows),
        "stats": {
            "started_at": _iso(config_path.stat().st_mtime),
            "completed_at": _iso(results_mtime),
            "model_usage": _merge_usage(s["model_usage"] for s in samples),
            "role_usage": _merge_usage(s["role_usage"] for s in samples),
        },
        "samples": samples,
    }


def sample(run: RunInfo, row: SessionRow) -> dict[str, Any]:
    """One session as an Inspect sample: messages, scores, usage and metadata."""
    result = row.result
    if result is None:
        raise ValueError(f"{run.path / row.persona / row.session}: no result.json")
    events = read_trajectory(run.path / row.persona / row.session / TRAJECTORY_FILE)
    messages = chat_messages(events)
    opening = next((e.opening for e in events if isinstance(e, SessionStarted)), "")
    last_reply = next((m for m in reversed(messages) if m["role"] == "assistant" and not m.get("tool_calls")), None)
    out: dict[str, Any] = {
        "id": row.session,
        "epoch": run.repeat,
        "input": opening,
        "target": "",
        "messages": messages,
        "output": {
            "model": run.agent,
            "choices": [{"message": last_reply, "stop_reason": "stop"}] if last_reply else [],
            "completion": last_reply["content"] if last_reply else "",
        },
        "scores": scores(result.model_dump(mode="json"), events),
        "metadata": {
            "persona": row.persona,
            "category": result.category,
            "termination": result.termination,
            "turns": result.turns,
            "rule_comp": result.rule_comp,
            "comp_gated": result.comp_gated,
            "gate_passed": result.gate_passed,
            "grader_errors": result.grader_errors,
            "task_version": result.task_version,
            "burden": result.burden.model_dump(mode="json") if result.burden else None,
            "evidence": result.evidence.model_dump(mode="json") if result.evidence else None,
        },
        "model_usage": _model_usage(events),
        "role_usage": {
            role: _usage_record(u.prompt_tokens, u.completion_tokens, u.cost_usd) for role, u in result.usage.items()
        },
        "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{run.path.resolve()}::{row.persona}::{row.session}")),
    }
    if result.termination in ERROR_ENDINGS:
        message = f"{result.termination}: {result.error or 'no reason recorded'}"
        out["error"] = {"message": message, "traceback": "", "traceback_ansi": ""}
    return out


def chat_messages(events: list[Event]) -> list[dict[str, Any]]:
    """The session's conversation as Inspect chat messages, in the order it happened."""
    messages: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, SessionStarted):
            messages.append({"role": "user", "content": event.opening, "source": "input"})
        elif isinstance(event, UserMessage):
            messages.append({"role": "user", "content": event.text, "metadata": {"answers": event.answers}})
        elif isinstance(event, AgentMessage):
            messages.append({"role": "assistant", "content": event.text, "source": "generate"})
        elif isinstance(event, ToolCall):
            call = {"id": event.call_id, "function": event.name, "arguments": event.arguments, "type": "function"}
            messages.append({"role": "assistant", "content": "", "source": "generate", "tool_calls": [call]})
        elif isinstance(event, ToolResult):
            content = event.error if event.error is not None else _as_text(event.output)
            message: dict[str, Any] = {
                "role": "tool",
                "content": content,
                "tool_call_id": event.call_id,
                "function": event.name,
            }
            if event.error is not None:
                message["error"] = {"type": "unknown", "message": event.error}
            messages.append(message)
        elif isinstance(event, ActionError):
            text = f"{event.text}\n\n[proact: unusable action — {event.error}]"
            messages.append({"role": "assistant", "content": text, "metadata": {"action_error": event.error}})
    return messages


def scores(result: dict[str, Any], events: list[Event]) -> dict[str, Any]:
    """`proc` with the intent ledger and `comp` with the checklist verdicts; a score without a value is left out."""
    statuses = {k: v or "open" for k, v in result["statuses"].items()}
    ledger = [
        {"intent": e.intent_id, "status": e.status, "turn": e.turn, "evidence": e.evidence}
        for e in events
        if isinstance(e, StatusAssigned)
    ]
    counts = {s: sum(v == s for v in statuses.values()) for s in ("completed", "inferred", "provided", "open")}
    out: dict[str, Any] = {}
    if result["proc"] is not None:
        out["proc"] = {
            "value": result["proc"],
            "explanation": ", ".join(f"{k} {v}" for k, v in counts.items()),
            "metadata": {"statuses": statuses, "ledger": ledger},
        }
    if result["comp"] is not None:
        items = result["items"]
        passed = sum(1 for i in items if i["score"] == 1.0)
        graded = sum(1 for i in items if i["score"] is not None)
        out["comp"] = {
            "value": result["comp"],
            "explanation": f"{passed} of {graded} graded checklist items passed",
            "metadata": {"items": items},
        }
    return out


def _results(rows: list[SessionRow]) -> dict[str, Any]:
    scored: list[dict[str, Any]] = []
    for name in ("proc", "comp"):
        values = [v for v in (getattr(r, name) for r in rows) if v is not None]
        if values:
            mean = sum(values) / len(values)
            scored.append(
                {
                    "name": name,
                    "scorer": name,
                    "scored_samples": len(values),
                    "unscored_samples": len(rows) - len(values),
                    "params": {},
                    "metrics": {"mean": {"name": "mean", "value": mean, "params": {}}},
                }
            )
    completed = sum(1 for r in rows if r.termination not in ERROR_ENDINGS)
    return {"total_samples": len(rows), "completed_samples": completed, "scores": scored}


def _model_usage(events: list[Event]) -> dict[str, dict[str, Any]]:
    usage: dict[str, dict[str, Any]] = {}
    for event in events:
        if isinstance(event, ModelUsage):
            record = _usage_record(event.prompt_tokens, event.completion_tokens, event.cost_usd)
            usage[event.model] = _add(usage.get(event.model), record)
    return usage


def _usage_record(prompt: int, completion: int, cost: float) -> dict[str, Any]:
    total = prompt + completion
    return {"input_tokens": prompt, "output_tokens": completion, "total_tokens": total, "total_cost": cost}


def _add(a: dict[str, Any] | None, b: dict[str, Any]) -> dict[str, Any]:
    return b if a is None else {k: a[k] + b[k] for k in b}


def _merge_usage(parts: Iterable[dict[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {}
    for part in parts:
        for name, record in part.items():
            merged[name] = _add(merged.get(name), record)
    return merged


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, tz=UTC).isoformat(timespec="seconds")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("proact")
    except PackageNotFoundError:
        return "unknown"

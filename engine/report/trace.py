"""The trace viewer of one session as an HTML fragment: conversation, tool calls with arguments and results,
workspace diffs, the intent ledger as a timeline, and the checklist verdicts. Every piece of run content is
escaped (it is untrusted model output)."""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

from engine.report.discover import SessionRow
from engine.report.trace_sources import SessionTexts, workspace_diffs
from engine.rundir import TRAJECTORY_FILE
from engine.schema.events import (
    ActionError,
    AgentMessage,
    Event,
    ModelUsage,
    RuleProbe,
    SessionEnded,
    SessionStarted,
    StatusAssigned,
    ToolCall,
    ToolResult,
    UserMessage,
    WorkspaceChanged,
)
from engine.trajectory import read_trajectory

TEXT_CAP = 4000
NO_REASON = "<span class='muted'>no reason recorded</span>"
STATUS_LETTER = {"completed": "C", "inferred": "I", "provided": "P"}


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _capped(text: str) -> str:
    if len(text) <= TEXT_CAP:
        return _e(text)
    return _e(text[:TEXT_CAP]) + f"<span class='cut'>… {len(text) - TEXT_CAP} more characters</span>"


def _json(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False, default=str)


def _when(at: datetime) -> str:
    """A simulated time as the trace shows it: `Tue 2026-11-10 09:30`."""
    return f"{at:%a %Y-%m-%d %H:%M}"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def ledger_html(row: SessionRow, events: list[Event], texts: SessionTexts) -> str:
    """The intent ledger: a turn × intent timeline grid and one line per intent with status, turn and evidence."""
    assigned = {e.intent_id: e for e in events if isinstance(e, StatusAssigned)}
    intents = list(dict.fromkeys([*row.statuses, *assigned]))
    if not intents:
        return "<p class='muted'>No hidden intents.</p>"
    turns = max([row.turns, *(e.turn for e in assigned.values())])
    head = "".join(f"<th>{t}</th>" for t in range(1, turns + 1))
    grid = [f"<table class='timeline'><tr><th>intent \\ turn</th>{head}</tr>"]
    for intent in intents:
        event = assigned.get(intent)
        cells = []
        for t in range(1, turns + 1):
            if event is not None and event.turn == t:
                cells.append(
                    f"<td class='st-{event.status}' title='{_e(event.status)}'>{STATUS_LETTER[event.status]}</td>"
                )
            else:
                cells.append("<td></td>")
        grid.append(f"<tr><th>{_e(intent)}</th>{''.join(cells)}</tr>")
    grid.append("</table>")
    lines = [
        "<table class='ledger'><tr><th>intent</th><th>requirement</th><th>status</th><th>turn</th>"
        "<th>evidence</th></tr>"
    ]
    for intent in intents:
        event = assigned.get(intent)
        status = event.status if event else "open"
        lines.append(
            f"<tr><td>{_e(intent)}</td><td>{_e(texts.intents.get(intent, ''))}</td>"
            f"<td class='st-{status}'>{status}</td><td>{event.turn if event else '–'}</td>"
            f"<td>{_capped(event.evidence) if event else ''}</td></tr>"
        )
    lines.append("</table>")
    return "".join(grid) + "".join(lines)


def _tool_html(call: ToolCall, result: ToolResult | None) -> str:
    args = _json(call.arguments)
    if result is None:
        outcome = "<div class='muted'>no result recorded</div>"
    elif result.error:
        outcome = f"<div class='label'>error</div><pre class='err'>{_capped(result.error)}</pre>"
    else:
        outcome = f"<div class='label'>result</div><pre>{_capped(_json(result.output))}</pre>"
    state = "failed" if result is not None and result.error else "ok"
    preview = json.dumps(call.arguments, ensure_ascii=False, default=str)
    preview = preview if len(preview) <= 90 else preview[:90] + "…"
    return (
        f"<details class='tool {state}'><summary>tool <b>{_e(call.name)}</b> <code>{_e(call.call_id)}</code>"
        f" <span class='muted'>{_e(preview)}</span></summary>"
        f"<div class='label'>arguments</div><pre>{_capped(args)}</pre>{outcome}</details>"
    )


def _event_html(event: Event, results: dict[str, ToolResult]) -> str:
    if isinstance(event, SessionStarted):
        clock = "" if event.clock is None else f" <span class='muted'>at {_e(_when(event.clock))}</span>"
        return (
            f"<div class='msg user'><div class='who'>opening ({_e(event.trigger)}){clock}</div>"
            f"{_capped(event.opening)}</div>"
        )
    if isinstance(event, UserMessage):
        answers = f" <span class='muted'>answers {_e(', '.join(event.answers))}</span>" if event.answers else ""
        return f"<div class='msg user'><div class='who'>user{answers}</div>{_capped(event.text)}</div>"
    if isinstance(event, AgentMessage):
        return f"<div class='msg agent'><div class='who'>agent</div>{_capped(event.text)}</div>"
    if isinstance(event, ToolCall):
        return _tool_html(event, results.get(event.call_id))
    if isinstance(event, ActionError):
        return f"<div class='warn'>unusable action: {_e(event.error)}<pre>{_capped(event.text)}</pre></div>"
    if isinstance(event, WorkspaceChanged):
        items = "".join(f"<li class='ch-{c.kind}'>{_e(c.kind)} <code>{_e(c.path)}</code></li>" for c in event.changes)
        return f"<div class='ws'>workspace changed<ul>{items}</ul></div>"
    if isinstance(event, StatusAssigned):
        return (
            f"<div class='status st-{event.status}'>intent <b>{_e(event.intent_id)}</b> → {event.status}"
            f"<span class='muted'> {_capped(event.evidence)}</span></div>"
        )
    if isinstance(event, RuleProbe) and event.passed:
        return f"<div class='muted probe'>rule items passing now: {_e(', '.join(sorted(event.passed)))}</div>"
    if isinstance(event, SessionEnded):
        clock = "" if event.clock is None else f" at {_e(_when(event.clock))}"
        return f"<div class='end'>session ended: <b>{_e(event.reason)}</b> after {event.turns} turn(s){clock}</div>"
    return ""


def conversation_html(events: list[Event]) -> str:
    """The session turn by turn: messages, tool calls with their results, workspace changes, status changes,
    unusable actions, and the model usage of the turn."""
    results = {e.call_id: e for e in events if isinstance(e, ToolResult)}
    by_turn: dict[int, list[Event]] = defaultdict(list)
    for event in events:
        by_turn[event.turn].append(event)
    parts = []
    for turn, turn_events in sorted(by_turn.items()):
        usage: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for e in turn_events:
            if isinstance(e, ModelUsage):
                usage[e.role][0] += 1
                usage[e.role][1] += e.prompt_tokens + e.completion_tokens
        used = "; ".join(f"{role}: {n} call(s), {tok} tokens" for role, (n, tok) in sorted(usage.items()))
        body = "".join(_event_html(e, results) for e in turn_events)
        label = "opening" if turn == 0 else f"turn {turn}"
        parts.append(
            f"<div class='turn'><div class='turn-head'>{label} <span class='muted'>{_e(used)}</span></div>{body}</div>"
        )
    return "".join(parts) or "<p class='muted'>No trajectory recorded.</p>"


def checklist_html(row: SessionRow, texts: SessionTexts) -> str:
    """The checklist verdicts: item, criterion, grader, gate/tier, weight, verdict and the grader's reason."""
    items = row.result.items if row.result is not None else []
    if not items:
        return "<p class='muted'>No checklist items.</p>"
    lines = ["<table class='checklist'><tr><th>item</th><th>criterion</th><th>grader</th><th>gate / tier</th>"
             "<th>weight</th><th>verdict</th><th>reason</th></tr>"]  # fmt: skip
    for item in items:
        verdict = "error" if item.score is None else ("pass" if item.score >= 1 else "fail")
        tier = " / ".join(x for x in ("mandatory" if item.mandatory else "", item.tier or "") if x) or "–"
        lines.append(
            f"<tr><td>{_e(item.item_id)}</td><td>{_e(texts.items.get(item.item_id, ''))}</td><td>{_e(item.grader)}</td>"
            f"<td>{_e(tier)}</td><td>{item.weight:g}</td><td class='v-{verdict}'>{verdict}</td>"
            f"<td>{_capped(item.reason) or NO_REASON}</td></tr>"
        )
    lines.append("</table>")
    return "".join(lines)


def diffs_html(session_dir: Path, events: list[Event], row: SessionRow) -> str:
    """The workspace diffs of the session's changed files."""
    diffs = workspace_diffs(session_dir, events, row.run.memory, row.run.ablate)
    if not diffs:
        return "<p class='muted'>No workspace changes recorded.</p>"
    parts = []
    for d in diffs:
        base = "" if d.base_known else " <span class='muted'>(start state unknown: shown from empty)</span>"
        lines = "".join(
            f"<span class='{'add' if ln.startswith('+') else 'del' if ln.startswith('-') else ''}'>{_e(ln)}</span>"
            for ln in d.diff.splitlines(keepends=True)
        )
        parts.append(
            f"<details class='diff' open><summary>{_e(d.kind)} <code>{_e(d.path)}</code>{base}</summary>"
            f"<pre>{lines}</pre></details>"
        )
    return "".join(parts)


def trace_html(row: SessionRow, texts: SessionTexts) -> str:
    """One session's full trace section, anchored at `trace-<key>`."""
    session_dir = row.run.path / row.persona / row.session
    path = session_dir / TRAJECTORY_FILE
    events = read_trajectory(path) if path.is_file() else []
    agent, memory, ablate = row.group
    title = f" — {_e(texts.title)}" if texts.title else ""
    return (
        f"<section class='trace' id='trace-{_e(row.key)}' data-key='{_e(row.key)}'>"
        f"<h3>{_e(row.persona)} / {_e(row.session)}{title}</h3>"
        f"<p class='meta'>agent <b>{_e(agent)}</b> · memory {_e(memory)} · ablate {_e(ablate)}"
        f" · repeat {row.run.repeat}"
        f" · category {_e(row.category)} · {_e(row.termination)} after {row.turns} turn(s) · Proc {_pct(row.proc)}"
        f" · Comp {_pct(row.comp)} · gated Comp {_pct(row.comp_gated)}</p>"
        f"<h4>Intent ledger</h4>{ledger_html(row, events, texts)}"
        f"<h4>Conversation</h4>{conversation_html(events)}"
        f"<h4>Workspace diffs</h4>{diffs_html(session_dir, events, row)}"
        f"<h4>Checklist</h4>{checklist_html(row, texts)}</section>"
    )

"""Synthetic run directories with known numbers for the report tests (no engine run involved)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import yaml

from engine.schema.events import (
    AgentMessage,
    Event,
    ModelUsage,
    SessionEnded,
    SessionStarted,
    StatusAssigned,
    ToolCall,
    ToolResult,
    UserMessage,
    WorkspaceChanged,
)
from engine.schema.results import ItemScore, RoleUsage, SessionResult
from sandbox.workspace.tarball import pack

CATEGORY = {"s1": "A", "s2": "B"}
OPENED = datetime(2026, 11, 10, 9, 30)
# Proc of one session with two intents -> their statuses.
STATUSES: dict[float, dict[str, str | None]] = {
    1.0: {"i1": "completed", "i2": "inferred"},
    0.5: {"i1": "completed", "i2": "provided"},
    0.0: {"i1": "provided", "i2": None},
}
HOSTILE = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"


def write_config(run_dir: Path, label: str, memory: str = "full", ablate: str = "none", repeat: int = 1) -> None:
    """config.yaml with only the fields a report reads (plus the persona list)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    config = {
        "personas": ["personas/p1", "personas/p2"],
        "agent": {"kind": "passive", "label": label},
        "memory": memory,
        "ablate": ablate,
        "repeat": repeat,
    }
    (run_dir / "config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")


def trajectory(session: str, proc: float) -> list[Event]:
    """A two-turn conversation with a tool call, a file write, status changes and model usage."""
    statuses = STATUSES[proc]
    events: list[Event] = [
        SessionStarted(turn=0, session_id=session, trigger="user", opening="Please plan the week.", clock=OPENED),
        ToolCall(turn=1, call_id="c1", name="write_file", arguments={"path": "plan.md", "content": "# Plan\n"}),
        ToolResult(turn=1, call_id="c1", name="write_file", output={"bytes": 7}),
        AgentMessage(turn=1, text=f"Done. {HOSTILE}"),
        WorkspaceChanged(turn=1, changes=[{"path": "plan.md", "kind": "added"}]),  # type: ignore[list-item]
        ModelUsage(turn=1, role="agent", model="m", prompt_tokens=100, completion_tokens=20),
    ]
    for intent, status in statuses.items():
        if status is not None:
            events.append(StatusAssigned(turn=1, intent_id=intent, status=status, evidence=f"why {intent}"))  # type: ignore[arg-type]
    events += [
        UserMessage(turn=1, text="Thanks, that is all.", answers=[]),
        AgentMessage(turn=2, text="Glad to help."),
        SessionEnded(turn=2, reason="resolved", turns=2, clock=OPENED + timedelta(minutes=12)),
    ]
    return [e.model_copy(update={"seq": k}) for k, e in enumerate(events)]


def write_session(
    run_dir: Path, persona: str, session: str, proc: float, comp: float, gate: bool = True, turns: int = 2
) -> None:
    """One session folder: result.json, trajectory.jsonl and workspace.tar."""
    folder = run_dir / persona / session
    folder.mkdir(parents=True, exist_ok=True)
    statuses = STATUSES[proc]
    result = SessionResult(
        persona=persona,
        session_id=session,
        category=CATEGORY[session],
        termination="resolved" if proc > 0 else "turn_cap",
        turns=turns,
        statuses=statuses,  # type: ignore[arg-type]
        proc=proc,
        comp=comp,
        comp_weighted=comp,
        comp_gated=comp if gate else 0.0,
        gate_passed=gate,
        rule_comp=comp,
        grader_errors=0,
        items=[
            ItemScore(item_id="c1", grader="rule", score=1.0, weight=1.0, mandatory=True, reason="plan.md exists"),
            ItemScore(item_id="c2", grader="rubric", score=0.0, weight=1.0, mandatory=False, reason=f"no {HOSTILE}"),
        ],
        usage={"agent": RoleUsage(calls=2, prompt_tokens=100, completion_tokens=20, cost_usd=0.01)},
    )
    (folder / "result.json").write_text(result.model_dump_json(indent=2), encoding="utf-8")
    lines = [e.model_dump_json() for e in trajectory(session, proc)]
    (folder / "trajectory.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "workspace.tar").write_bytes(pack({"plan.md": b"# Plan\n", "notes.txt": b"kept\n"}))


# Agent A: Proc per repeat and (persona, session). Repeat means 0.5, 0.75, 0.25 -> 50 ± 25 (%).
A_PROC: dict[int, dict[tuple[str, str], float]] = {
    1: {("p1", "s1"): 1.0, ("p1", "s2"): 0.5, ("p2", "s1"): 0.5, ("p2", "s2"): 0.0},
    2: {("p1", "s1"): 1.0, ("p1", "s2"): 1.0, ("p2", "s1"): 0.5, ("p2", "s2"): 0.5},
    3: {("p1", "s1"): 0.5, ("p1", "s2"): 0.5, ("p2", "s1"): 0.0, ("p2", "s2"): 0.0},
}


def write_run(
    run_dir: Path,
    label: str,
    procs: dict[tuple[str, str], float],
    comp: float = 0.8,
    memory: str = "full",
    ablate: str = "none",
    repeat: int = 1,
) -> Path:
    """A run directory whose sessions have the given Procs and one Comp."""
    write_config(run_dir, label, memory, ablate, repeat)
    for (persona, session), proc in procs.items():
        write_session(run_dir, persona, session, proc, comp, gate=not (persona == "p1" and session == "s2"))
    return run_dir


def experiment(root: Path) -> Path:
    """An experiment directory: agent A (3 repeats, comp 0.8) and agent B (3 repeats, Proc 0 everywhere, comp 0.5)
    under full/none, plus A under no-memory (every Proc one step lower) and A with no-deps (s2 only, Proc 0)."""
    cells = root / "exp1" / "cells"
    for k, procs in A_PROC.items():
        write_run(cells / f"a--full--none--r{k}", "A", procs, repeat=k)
        write_run(cells / f"b--full--none--r{k}", "B", dict.fromkeys(procs, 0.0), comp=0.5, repeat=k)
        lower = {key: max(0.0, p - 0.5) for key, p in procs.items()}
        write_run(cells / f"a--no-memory--none--r{k}", "A", lower, memory="no-memory", repeat=k)
        only_final = {key: 0.0 for key in procs if key[1] == "s2"}
        write_run(cells / f"a--full--no-deps--r{k}", "A", only_final, ablate="no-deps", repeat=k)
    (root / "exp1" / "experiment.yaml").write_text("matrix: synthetic\n", encoding="utf-8")
    return root / "exp1"

"""Judge audits on synthetic run directories: disagreement, kappa and Spearman against hand-computed values."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from engine.cli import app
from engine.models.scripted import ScriptedModel
from engine.ports import Message
from engine.schema.events import (
    AgentMessage,
    Event,
    Grade,
    SessionEnded,
    SessionStarted,
    StatusAssigned,
    UserMessage,
)
from graders.audit import AuditReport, audit
from graders.audit_cases import run_cases
from sandbox.workspace.memory import MemoryWorkspace


def persona(root: Path, rubric_items: int) -> Path:
    """A one-session persona with `rubric_items` rubric items, one rule item and two intents."""
    folder = root / "personas" / "p"
    (folder / "sessions").mkdir(parents=True)
    (root / "workspaces" / "p" / "seed").mkdir(parents=True)
    (folder / "persona.yaml").write_text(yaml.safe_dump({"id": "p", "name": "P", "role": "r", "occupation": "o"}))
    (folder / "episode.yaml").write_text(yaml.safe_dump({"persona": "p", "sessions": [{"session": "s1"}]}))
    checklist: list[dict[str, Any]] = [
        {"id": f"c{n}", "text": f"criterion {n}", "rubric": {}} for n in range(1, 1 + rubric_items)
    ]
    checklist.append({"id": "r1", "text": "a file exists", "rule": {"kind": "file_exists", "args": {"path": "x"}}})
    intents = [{"id": f"i{n}", "content": f"requirement {n}", "reveal": f"reveal {n}"} for n in (1, 2)]
    session = {"id": "s1", "title": "t", "category": "B", "request": "Do it.", "hidden_intents": intents,
               "checklist": checklist, "reference": {"turns": [{"message": "ok"}]}}  # fmt: skip
    (folder / "sessions" / "s1.yaml").write_text(yaml.safe_dump(session))
    return folder


def write_run(
    run_dir: Path, persona_dir: Path, user: str, agent: str, text: str, grades: dict[str, float | None]
) -> None:
    """A finished run: config, trajectory (two turns, two assignments), grades and workspace snapshot."""
    session_dir = run_dir / "p" / "s1"
    session_dir.mkdir(parents=True)
    config = {
        "personas": [str(persona_dir)],
        "agent": {"kind": "react", "model": {"model": agent}},
        "user": {"mode": user},
    }
    (run_dir / "config.yaml").write_text(yaml.safe_dump(config))
    events: list[Event] = [
        SessionStarted(session_id="s1", trigger="user", opening="Do it."),
        AgentMessage(turn=1, text=text),
        StatusAssigned(turn=1, intent_id="i1", status="completed"),
        UserMessage(turn=1, text="SECRET reveal 2"),
        StatusAssigned(turn=1, intent_id="i2", status="provided"),
        AgentMessage(turn=2, text="Done."),
        SessionEnded(turn=2, reason="resolved", turns=2),
    ]
    (session_dir / "trajectory.jsonl").write_text("".join(e.model_dump_json() + "\n" for e in events))
    marks = [Grade(item_id=k, grader="rule" if k == "r1" else "rubric", score=v) for k, v in grades.items()]
    (session_dir / "grades.jsonl").write_text("".join(g.model_dump_json() + "\n" for g in marks))
    (session_dir / "workspace.tar").write_bytes(MemoryWorkspace({"x": b"1"}).snapshot())


def scripted(checklist: dict[int, str], intents: dict[str, str], name: str) -> ScriptedModel:
    """A judge answering by criterion number and by requirement text."""

    def respond(messages: list[Message], schema: Any) -> dict[str, str]:
        prompt = messages[1].content
        if prompt.startswith("HIDDEN REQUIREMENT"):
            return {"status": intents[prompt.split("\n")[0].split(": ")[1]], "reason": "r"}
        number = int(re.search(r"CRITERION: criterion (\d+)", prompt).group(1))  # type: ignore[union-attr]
        return {"verdict": {"Y": "YES", "N": "NO"}.get(checklist[number], checklist[number]), "reason": "r"}

    return ScriptedModel(respond, name=name)


def test_disagreement_and_kappa_by_hand(tmp_path: Path) -> None:
    p = persona(tmp_path, 6)
    grades = {"c1": 1.0, "c2": 0.0, "c3": 1.0, "c4": 0.0, "c5": 1.0, "c6": None, "r1": 1.0}
    write_run(tmp_path / "runs" / "llm", p, "llm", "agent-m", "hello", grades)
    write_run(tmp_path / "runs" / "rules", p, "rules", "agent-m", "hello", grades)
    a = scripted(dict(enumerate("YYYNNY", start=1)), {"requirement 1": "completed", "requirement 2": "inferred"}, "A")
    b = scripted(dict(enumerate("YNYNYN", start=1)), {"requirement 1": "completed", "requirement 2": "provided"}, "B")
    cases = run_cases(tmp_path / "runs" / "llm")
    intent_prompts = [c.messages[1].content for c in cases.sessions[0].intent_cases]
    assert "hello" in intent_prompts[1] and "SECRET" not in intent_prompts[0] and "Done." not in intent_prompts[1]
    report = audit([cases, run_cases(tmp_path / "runs" / "rules")], {"A": a, "B": b})
    rows = {r.source: r for r in report.sources}
    assert (rows["A"].checklist_n, rows["A"].checklist_disagreement) == (10, pytest.approx(0.4))
    assert (rows["B"].checklist_disagreement, rows["A"].intent_disagreement, rows["B"].intent_disagreement) == (
        0,
        0.5,
        0,
    )
    assert rows["A"].intent_n == 2 and rows["A"].checklist_errors == 0
    kappa = {(x.a, x.b, x.kind): x.kappa for x in report.pairs}
    assert kappa["run", "A", "checklist"] == pytest.approx(1 / 6)
    assert kappa["run", "B", "checklist"] == pytest.approx(1.0)
    assert kappa["A", "B", "checklist"] == pytest.approx(0.0)
    assert kappa["run", "A", "intent"] == pytest.approx(1 / 3)
    assert any("rules user" in n and "rules" in n for n in report.notes)
    assert not [c for c in report.cases if c.run == "rules" and c.kind == "intent"]


def test_spearman_over_three_runs_and_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = persona(tmp_path, 4)
    yes_by_run = {"q1": 1, "q2": 2, "q3": 3}
    for name, k in yes_by_run.items():
        grades: dict[str, float | None] = {f"c{n}": float(n <= k) for n in range(1, 5)}
        write_run(tmp_path / "runs" / name, p, "rules", "agent-" + name, f"quality={name}", {**grades, "r1": 0.0})
    b_yes = {"q1": 2, "q2": 1, "q3": 3}

    def judge(counts: dict[str, int], name: str) -> ScriptedModel:
        def respond(messages: list[Message], schema: Any) -> dict[str, str]:
            prompt = messages[1].content
            number = int(re.search(r"criterion (\d+)", prompt).group(1))  # type: ignore[union-attr]
            run = re.search(r"quality=(q\d)", prompt).group(1)  # type: ignore[union-attr]
            return {"verdict": "YES" if number <= counts[run] else "NO", "reason": "r"}

        return ScriptedModel(respond, name=name)

    runs = [run_cases(tmp_path / "runs" / n) for n in yes_by_run]
    report = audit(runs, {"A": judge(yes_by_run, "A"), "B": judge(b_yes, "B")})
    comp = {(s.run, s.rater): s.comp for s in report.scores}
    assert comp["q2", "run"] == pytest.approx(2 / 5) and comp["q1", "B"] == pytest.approx(2 / 5)
    rho = {(c.a, c.b, c.metric): c.rho for c in report.correlations}
    assert rho["run", "A", "comp"] == pytest.approx(1.0)
    assert rho["run", "B", "comp"] == pytest.approx(0.5)
    assert rho["A", "B", "comp"] == pytest.approx(0.5)

    import engine.models.preflight
    import engine.models.roles

    judges = {"A": judge(yes_by_run, "A"), "B": judge(b_yes, "B")}
    # the audit command imports these when it runs: patched where they are defined
    monkeypatch.setattr(engine.models.roles, "bind_role", lambda binding, role, cache, limits: judges[binding.model])
    monkeypatch.setattr(engine.models.preflight, "require_models", lambda roles, limits: None)  # scripted: no preflight
    out = tmp_path / "audit.json"
    dirs = [str(tmp_path / "runs" / n) for n in yes_by_run]
    result = CliRunner().invoke(app, ["audit", *dirs, "--judges", "A,B", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "disagreement with the run" in result.output and "Spearman" in result.output
    saved = AuditReport.model_validate_json(out.read_text())
    assert saved.correlations == report.correlations


def test_an_audit_judge_that_is_an_agent_model_is_warned(tmp_path: Path) -> None:
    p = persona(tmp_path, 1)
    write_run(tmp_path / "runs" / "r", p, "rules", "gpt-x", "hi", {"c1": 1.0, "r1": 1.0})
    judge = scripted({1: "YES"}, {}, "gpt-x")
    report = audit([run_cases(tmp_path / "runs" / "r")], {"gpt-x": judge})
    assert any(n.startswith("WARNING") and "gpt-x" in n for n in report.notes)
    assert any("at least two run directories" in n for n in report.notes)


def test_sessions_that_ended_infra_error_are_not_audited(tmp_path: Path) -> None:
    p = persona(tmp_path, 1)
    write_run(tmp_path / "runs" / "r", p, "llm", "agent-m", "hi", {"c1": 1.0, "r1": 1.0})
    trajectory = tmp_path / "runs" / "r" / "p" / "s1" / "trajectory.jsonl"
    ended = SessionEnded(turn=2, reason="infra_error", turns=2, error="agent model: down")
    lines = [*trajectory.read_text().splitlines()[:-1], ended.model_dump_json()]
    trajectory.write_text("\n".join(lines) + "\n")
    assert run_cases(tmp_path / "runs" / "r").sessions == []

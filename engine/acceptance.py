"""Replaying solutions from the gold state: the gold walk, alternative and near-miss runs, state dumps.

Every session is replayed from the state the gold solutions of the sessions before it leave (workspace,
apps and data services), so a solution is judged on the same footing as the gold.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from engine.agents.base import Agent
from engine.agents.reference import ReferenceAgent
from engine.apps import load_apps, restored_apps, services_with, uses_apps
from engine.clock import clock_at, clock_of
from engine.datasets import load_data_services
from engine.episode import EpisodeDeps, run_session
from engine.loader import PersonaBundle, Problem, load_model
from engine.question_acceptance import QuestionScore, check_questions, uncovered
from engine.schema.acceptance import AcceptanceSuite
from engine.schema.config import RunConfig
from engine.schema.results import SessionResult
from engine.schema.session import ReferenceSolution, ReferenceTurn, SessionSpec
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from graders.rules import evaluate
from graders.view import EvidenceView, view_from_events
from sandbox.apps.world import AppWorld
from sandbox.workspace.memory import MemoryWorkspace

ACCEPTANCE_DIR = "acceptance"


@dataclass(frozen=True)
class SessionStart:
    """The state a session opens on when every earlier session ran its gold solution."""

    workspace: bytes
    apps: bytes | None
    data: dict[str, Any]
    now: datetime
    """The episode clock before the session opens."""


@dataclass(frozen=True)
class GoldStep:
    """One session of the gold walk: where it started and what the gold scored."""

    spec: SessionSpec
    start: SessionStart
    gold: SessionResult


def seed_state(bundle: PersonaBundle) -> tuple[MemoryWorkspace, AppWorld | None, dict[str, Any]]:
    """The episode's starting state: seed workspace, apps from the fixtures (None without apps), data services."""
    apps = load_apps(bundle) if uses_apps(bundle) else None
    return MemoryWorkspace(bundle.seed_files()), apps, load_data_services(bundle)


def gold_walk(bundle: PersonaBundle) -> Iterator[GoldStep]:
    """Replay the gold solutions in episode order, yielding each session's start state and gold result."""
    workspace, apps, data = seed_state(bundle)
    reference = ReferenceAgent({s.id: s.reference for s in bundle.sessions}, bundle.root)
    services = {**data, **services_with(apps)}
    clock = clock_of(bundle, services)
    for spec in bundle.sessions:
        start = SessionStart(workspace.snapshot(), None if apps is None else apps.snapshot(), data, clock.now())
        deps = EpisodeDeps(reference, RulesUser(), workspace, services=services)
        gold = run_session(bundle, spec, RunConfig(), deps, TrajectoryLog())
        yield GoldStep(spec, start, gold)


@dataclass(frozen=True)
class Replay:
    """A session replayed from a start state: its result and the state and events it ended with."""

    result: SessionResult
    view: EvidenceView

    def undone(self, spec: SessionSpec) -> list[str]:
        """Intents with evidence rules that do not all pass on the final state (whatever their status)."""
        return [
            i.id
            for i in spec.hidden_intents
            if i.evidence and not all(evaluate(r, self.view).passed for r in i.evidence)
        ]


def replay(bundle: PersonaBundle, spec: SessionSpec, start: SessionStart, agent: Agent) -> Replay:
    """Run one session with `agent` and the rules user from a start state (the state is not modified)."""
    workspace = MemoryWorkspace()
    workspace.restore(start.workspace)
    services = {**start.data, **({} if start.apps is None else restored_apps(start.apps))}
    clock_at(bundle, services, start.now)
    deps = EpisodeDeps(agent, RulesUser(), workspace, services=services)
    log = TrajectoryLog()
    result = run_session(bundle, spec, RunConfig(), deps, log)
    return Replay(result, view_from_events(workspace, log.events, services, spec.artifacts))


def run_from(bundle: PersonaBundle, spec: SessionSpec, start: SessionStart, agent: Agent) -> SessionResult:
    """Run one session with `agent` and the rules user from a start state (the state is not modified)."""
    return replay(bundle, spec, start, agent).result


def run_turns(bundle: PersonaBundle, spec: SessionSpec, start: SessionStart, turns: list[ReferenceTurn]) -> Replay:
    """Replay scripted turns (a variant or near-miss) from a start state."""
    agent = ReferenceAgent({spec.id: ReferenceSolution(turns=turns)}, bundle.root)
    return replay(bundle, spec, start, agent)


def suite_path(bundle: PersonaBundle, session_id: str) -> Path:
    """Where a session's acceptance suite lives."""
    return bundle.root / ACCEPTANCE_DIR / f"{session_id}.yaml"


def load_suite(bundle: PersonaBundle, session_id: str, problems: list[Problem]) -> AcceptanceSuite | None:
    """A session's acceptance suite, None when it has none (problems name file and field)."""
    path = suite_path(bundle, session_id)
    if not path.is_file():
        return None
    suite = load_model(path, AcceptanceSuite, problems)
    if suite is not None and suite.session != session_id:
        problems.append(Problem(str(path), "session", f"is {suite.session!r}, the file name says {session_id!r}"))
    return suite


def dump_state(bundle: PersonaBundle, session_id: str, out: Path) -> Path:
    """Write the workspace (and apps.json) a session opens on under the gold walk into `out`."""
    if session_id not in {s.id for s in bundle.sessions}:
        raise ValueError(f"unknown session {session_id!r} of {bundle.persona.id}")
    step = next(s for s in gold_walk(bundle) if s.spec.id == session_id)
    workspace = MemoryWorkspace()
    workspace.restore(step.start.workspace)
    spec = step.spec
    for add in spec.workspace_additions:
        workspace.files[add.dest] = (bundle.data_root / add.source).read_bytes()
    for rel, content in workspace.files.items():
        target = out / "workspace" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    if step.start.apps is not None:
        (out / "apps.json").write_bytes(step.start.apps)
    return out


@dataclass
class Robustness:
    """One session's acceptance-suite outcome: the robustness table's row."""

    session: str
    variants: int = 0
    variants_passed: int = 0
    near_misses: int = 0
    near_misses_caught: int = 0
    unexercised: list[str] = field(default_factory=list)
    questions: QuestionScore = field(default_factory=QuestionScore)
    unasked: list[str] = field(default_factory=list)
    """Intents that can be inferred but have no held-out questions."""


def _recoverable(spec: SessionSpec) -> list[str]:
    return [i.id for i in spec.hidden_intents if i.source != "ask"]


def check_suite(bundle: PersonaBundle, step: GoldStep, suite: AcceptanceSuite) -> tuple[list[Problem], Robustness]:
    """Run every variant and near-miss of a session from its gold start state and judge them."""
    spec = step.spec
    file = str(suite_path(bundle, spec.id))
    rule_items = [c.id for c in spec.checklist if c.rule is not None]
    row = Robustness(spec.id, variants=len(suite.variants), near_misses=len(suite.near_misses))
    out: list[Problem] = []
    for n, variant in enumerate(suite.variants):
        run = run_turns(bundle, spec, step.start, variant.turns)
        result = run.result
        failed = [i for i in result.items if i.grader == "rule" and i.score != 1.0]
        missed = [i for i in _recoverable(spec) if result.statuses.get(i) != "completed"]
        undone = [i for i in run.undone(spec) if i not in missed]
        for item in failed:
            out.append(Problem(file, f"variants[{n}]", f"{variant.id} fails rule item {item.item_id}: {item.reason}"))
        for intent in missed:
            status = result.statuses.get(intent) or "open"
            out.append(Problem(file, f"variants[{n}]", f"{variant.id} leaves recoverable intent {intent} {status}"))
        for intent in undone:
            out.append(Problem(file, f"variants[{n}]", f"{variant.id} never does the work of intent {intent}"))
        row.variants_passed += not failed and not missed and not undone
    caught: set[str] = set()
    for n, miss in enumerate(suite.near_misses):
        unknown = set(miss.fails) - set(rule_items)
        if unknown:
            out.append(Problem(file, f"near_misses[{n}].fails", f"{sorted(unknown)} are not rule items of {spec.id}"))
            continue
        outcome = run_turns(bundle, spec, step.start, miss.turns).result
        failed_ids = {i.item_id for i in outcome.items if i.grader == "rule" and i.score != 1.0}
        if failed_ids == set(miss.fails):
            row.near_misses_caught += 1
            caught |= failed_ids
            continue
        if set(miss.fails) - failed_ids:
            out.append(Problem(file, f"near_misses[{n}]", f"{miss.id} passes {sorted(set(miss.fails) - failed_ids)}"))
        for item in outcome.items:
            if item.item_id in failed_ids - set(miss.fails):
                out.append(Problem(file, f"near_misses[{n}]", f"{miss.id} also fails {item.item_id}: {item.reason}"))
    row.unexercised = [i for i in rule_items if i not in caught]
    found, row.questions = check_questions(bundle, spec, suite, file)
    row.unasked = uncovered(spec, suite)
    return out + found, row

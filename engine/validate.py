"""`proact validate`: schema, cross-references, leakage, and a dry run of every session's gold solution.

The dry run replays the reference agent with the rules user over the whole episode in memory; each
rule item must pass for the reference and fail for a do-nothing agent started from the same state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from engine.acceptance import ACCEPTANCE_DIR, Robustness, check_suite, gold_walk, load_suite, run_from, seed_state
from engine.agents.passive import PassiveAgent
from engine.apps import check_apps, services_with
from engine.clockcheck import check_clock
from engine.datasets import check_data_services
from engine.episode import EpisodeDeps, run_session
from engine.leakage import LEAK_THRESHOLD, leak_score
from engine.loader import DataError, PersonaBundle, Problem, _loc, find_personas, load_persona
from engine.nodes.open_session import render_opening
from engine.question_acceptance import uncovered
from engine.schema.config import RunConfig
from engine.schema.rules import RuleSpec
from engine.schema.session import SessionSource, SessionSpec, WorkspaceSource
from engine.tools.registry import TOOLSETS, tools_for
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from engine.validate_grading import allowed_paths, opening_problems, static_problems
from engine.validate_targeting import targeting_problems
from graders.rules import REGISTRY, takes_artifact
from sandbox.workspace.memory import MemoryWorkspace

MIN_SUITE = 2


def validate_path(path: Path, dry_run: bool = True) -> list[Problem]:
    """Validate one persona folder or every persona folder under `path`."""
    return validate_report(path, dry_run)[0]


def validate_report(path: Path, dry_run: bool = True) -> tuple[list[Problem], dict[str, list[Robustness]]]:
    """Problems of one persona folder or every persona folder under `path`, and each persona's robustness rows."""
    personas = find_personas(path)
    if not personas:
        return [Problem(str(path), "", "no persona folder (with episode.yaml) found")], {}
    problems: list[Problem] = []
    robustness: dict[str, list[Robustness]] = {}
    for root in personas:
        try:
            bundle = load_persona(root)
        except DataError as exc:
            problems += exc.problems
            continue
        found = check_bundle(bundle)
        problems += found
        gold = [s.id for s in bundle.sessions if s.reference is not None]
        if dry_run and len(gold) < len(bundle.sessions):
            problems.append(no_gold_note(bundle, len(bundle.sessions) - len(gold)))
        elif dry_run and not any(p.level == "error" for p in found):
            dry, rows = dry_run_episode(bundle)
            problems += dry + idle_episode(bundle)
            robustness[bundle.persona.id] = rows
            if (bundle.root / ACCEPTANCE_DIR).is_dir():
                problems += suite_bar_problems(bundle, rows)
    return problems, robustness


def no_gold_note(bundle: PersonaBundle, missing: int) -> Problem:
    """The warning that says which checks a persona without gold solutions skips."""
    return Problem(
        str(bundle.root / "episode.yaml"),
        "",
        f"{missing} of {len(bundle.sessions)} sessions ship no gold solution"
        + (f" ({bundle.episode.imported_from})" if bundle.episode.imported_from else "")
        + ": skipped the dry run (gold passes and a do-nothing agent fails every rule item), the do-nothing "
        "episode check, the opening-state checks of intent sources and facts, and the acceptance suites",
        "warning",
    )


def suite_bar_problems(bundle: PersonaBundle, rows: list[Robustness]) -> list[Problem]:
    """Warnings for sessions with fewer than two passing variants or two caught near-misses."""
    return [
        Problem(
            str(bundle.files[row.session]),
            "acceptance",
            f"{row.variants_passed} passing variant(s) and {row.near_misses_caught} caught near-miss(es); "
            f"the bar is {MIN_SUITE} of each (personas/{bundle.persona.id}/acceptance/{row.session}.yaml)",
            "warning",
        )
        for row in rows
        if row.variants_passed < MIN_SUITE or row.near_misses_caught < MIN_SUITE
    ]


def _rule_problems(file: str, where: str, rule: RuleSpec) -> list[Problem]:
    kind = REGISTRY.get(rule.kind)
    if kind is None:
        return [Problem(file, f"{where}.kind", f"unknown rule kind {rule.kind!r}; known: {sorted(REGISTRY)}")]
    args = rule.args
    if "artifact" in args and takes_artifact(kind):
        args = {**{k: v for k, v in args.items() if k != "artifact"}, "path": "<artifact>"}
    try:
        kind.args_model.model_validate(args)
    except ValidationError as exc:
        return [
            Problem(file, f"{where}.args" + (f".{_loc(e['loc'])}" if e["loc"] else ""), e["msg"]) for e in exc.errors()
        ]
    return []


def check_session(bundle: PersonaBundle, spec: SessionSpec, earlier: list[str]) -> list[Problem]:
    """Cross-checks of one session that need no execution."""
    file = str(bundle.files[spec.id])
    imported = bundle.episode.imported_from is not None
    out: list[Problem] = []
    if spec.reference is None and not imported:
        out.append(
            Problem(file, "reference", "missing: only imported personas (episode imported_from) may omit the gold")
        )
    for label, ids in (
        ("hidden_intents", [i.id for i in spec.hidden_intents]),
        ("checklist", [c.id for c in spec.checklist]),
    ):
        for dup in sorted({i for i in ids if ids.count(i) > 1}):
            out.append(Problem(file, label, f"duplicate id {dup!r}"))
    for name in spec.toolsets:
        if name not in TOOLSETS:
            out.append(Problem(file, "toolsets", f"unknown toolset {name!r}; known: {sorted(TOOLSETS)}"))
    for n, add in enumerate(spec.workspace_additions):
        if not (bundle.data_root / add.source).is_file():
            out.append(Problem(file, f"workspace_additions[{n}].source", f"{bundle.data_root / add.source} not found"))
    opening = render_opening(spec)
    for n, intent in enumerate(spec.hidden_intents):
        where = f"hidden_intents[{n}]"
        for field_name, text in (("content", intent.content), ("reveal", intent.reveal)):
            score = leak_score(text, opening)
            if score >= LEAK_THRESHOLD:
                leak = f"leaks into the opening ({score:.0%} of its trigrams)"
                level: Literal["error", "warning"] = "warning" if imported else "error"
                out.append(
                    Problem(file, f"{where}.{field_name}", leak + (" (imported as is)" if imported else ""), level)
                )
        if intent.scope == "persistent" and intent.source == "ask":
            out.append(Problem(file, f"{where}.source", "a persistent intent must cite a session or workspace source"))
        if isinstance(intent.source, SessionSource) and intent.source.session not in earlier:
            out.append(Problem(file, f"{where}.source.session", f"{intent.source.session!r} is not an earlier session"))
        for k, rule in enumerate(intent.evidence):
            out += _rule_problems(file, f"{where}.evidence[{k}]", rule)
    for n, item in enumerate(spec.checklist):
        if item.rule is not None:
            out += _rule_problems(file, f"checklist[{n}].rule", item.rule)
    available = tools_for([t for t in spec.toolsets if t in TOOLSETS])
    called: set[str] = set()
    for t, turn in enumerate(spec.reference.turns if spec.reference is not None else []):
        for a, action in enumerate(turn.actions):
            where = f"reference.turns[{t}].actions[{a}]"
            if action.tool not in available:
                out.append(Problem(file, f"{where}.tool", f"tool {action.tool!r} is not in the session's toolsets"))
            for arg, rel in action.args_from_files.items():
                if not (bundle.root / rel).is_file():
                    out.append(Problem(file, f"{where}.args_from_files.{arg}", f"{bundle.root / rel} not found"))
            for arg, ref in action.args_from_results.items():
                if ref.partition(".")[0] not in called:
                    out.append(Problem(file, f"{where}.args_from_results.{arg}", f"{ref!r} names no earlier gold call"))
            called.add(action.tool)
    return out


def check_bundle(bundle: PersonaBundle) -> list[Problem]:
    """Episode-level cross-checks plus every session's static checks."""
    episode_file = str(bundle.root / "episode.yaml")
    out: list[Problem] = []
    if bundle.episode.persona != bundle.persona.id:
        out.append(
            Problem(episode_file, "persona", f"is {bundle.episode.persona!r}, persona.yaml says {bundle.persona.id!r}")
        )
    order = [e.session for e in bundle.episode.sessions]
    for n, entry in enumerate(bundle.episode.sessions):
        if order.count(entry.session) > 1 and order.index(entry.session) < n:
            out.append(Problem(episode_file, f"sessions[{n}].session", f"duplicate session {entry.session!r}"))
        for dep in entry.depends_on:
            if dep not in order[:n]:
                out.append(Problem(episode_file, f"sessions[{n}].depends_on", f"{dep!r} is not an earlier session"))
    for g, group in enumerate(bundle.episode.dependency_groups):
        positions = [order.index(s) if s in order else -1 for s in group.sessions]
        if -1 in positions:
            out.append(Problem(episode_file, f"dependency_groups[{g}].sessions", "names an unknown session"))
        elif positions != sorted(positions):
            out.append(Problem(episode_file, f"dependency_groups[{g}].sessions", "not in episode order"))
    if not (bundle.data_root / bundle.episode.workspace_seed).is_dir():
        out.append(
            Problem(episode_file, "workspace_seed", f"{bundle.data_root / bundle.episode.workspace_seed} not found")
        )
    out += check_data_services(bundle)
    out += check_apps(bundle)
    out += check_clock(bundle)
    allowed = allowed_paths(bundle)
    for n, spec in enumerate(bundle.sessions):
        out += check_session(bundle, spec, order[:n])
        out += static_problems(bundle, spec, allowed[spec.id])
        out += targeting_problems(bundle, spec)
    return out


def dry_run_episode(bundle: PersonaBundle) -> tuple[list[Problem], list[Robustness]]:
    """Replay the gold solutions; compare each rule item against a do-nothing agent from the same state; check the
    pinning sources and intents' facts against the opening state; run each session's acceptance suite."""
    out: list[Problem] = []
    rows: list[Robustness] = []
    for step in gold_walk(bundle):
        spec, gold = step.spec, step.gold
        file = str(bundle.files[spec.id])
        opening = MemoryWorkspace()
        opening.restore(step.start.workspace)
        for n, intent in enumerate(spec.hidden_intents):
            src = intent.source
            if isinstance(src, WorkspaceSource) and src.workspace not in _paths_at_open(opening, spec):
                out.append(
                    Problem(file, f"hidden_intents[{n}].source.workspace", f"{src.workspace} is not in the workspace")
                )
        out += opening_problems(bundle, spec, opening)
        idle = run_from(bundle, spec, step.start, PassiveAgent())
        idle_scores = {i.item_id: i.score for i in idle.items}
        for n, item in enumerate(gold.items):
            if item.grader != "rule":
                continue
            if item.score != 1.0:
                out.append(Problem(file, f"checklist[{n}]", f"reference fails rule item {item.item_id}: {item.reason}"))
            if idle_scores.get(item.item_id) == 1.0:
                out.append(Problem(file, f"checklist[{n}]", f"a do-nothing agent passes rule item {item.item_id}"))
        for intent_id, status in gold.statuses.items():
            if status not in ("completed", "inferred"):
                out.append(
                    Problem(file, "reference", f"reference leaves intent {intent_id} {status or 'open'}", "warning")
                )
        suite = load_suite(bundle, spec.id, out)
        if suite is None:
            rules = [c.id for c in spec.checklist if c.rule is not None]
            rows.append(Robustness(spec.id, unexercised=rules, unasked=uncovered(spec, None)))
            continue
        found, row = check_suite(bundle, step, suite)
        out += found
        rows.append(row)
    return out, rows


def idle_episode(bundle: PersonaBundle) -> list[Problem]:
    """Warnings for rule items a do-nothing agent passes when it runs the whole episode from the seed.

    The dry run compares each session against a do-nothing agent started from the *reference* state; an
    item that only holds because earlier sessions did nothing either (e.g. "no task left assigned to X"
    when nothing was ever assigned) passes here and measures nothing for an idle agent.
    """
    workspace, apps, data = seed_state(bundle)
    deps = EpisodeDeps(PassiveAgent(), RulesUser(), workspace, services={**data, **services_with(apps)})
    out: list[Problem] = []
    for spec in bundle.sessions:
        result = run_session(bundle, spec, RunConfig(), deps, TrajectoryLog())
        out += [
            Problem(
                str(bundle.files[spec.id]),
                f"checklist[{n}]",
                f"a do-nothing agent passes rule item {item.item_id} over the whole episode from the seed",
                "warning",
            )
            for n, item in enumerate(result.items)
            if item.grader == "rule" and item.score == 1.0
        ]
    return out


def _paths_at_open(workspace: MemoryWorkspace, spec: SessionSpec) -> set[str]:
    return set(workspace.files) | {a.dest for a in spec.workspace_additions}

"""Run a configuration: every persona episode into one run directory, with progress and a summary."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine.agents.registry import agent_model_binding, close_agent, make_agent
from engine.apps import load_apps, uses_apps
from engine.branch import branch_point
from engine.budget import Budget
from engine.datasets import load_data_services
from engine.episode import EpisodeDeps, EventCallback, run_episode
from engine.loader import PersonaBundle, load_persona
from engine.models.metered import MeteredModel
from engine.models.preflight import config_roles, embedded_first, start_preflight
from engine.models.ratelimit import PreflightStopped, RateLimits
from engine.models.roles import bind_role, same_model_warnings
from engine.rundir import CONFIG_FILE, write_results
from engine.schema.config import RunConfig
from engine.schema.events import Event
from engine.schema.results import EpisodeResult, SessionResult
from engine.selection import selected_sessions
from engine.speculative import undone_on_failed_preflight, verdict_awaited
from engine.user.factory import make_user
from engine.workspaces import make_workspace, resolve_backend
from engine.yaml_io import safe_dump
from sandbox.apps.tools import APPS_SERVICE


@dataclass
class RunOutcome:
    """Where a run was written and what it scored."""

    run_dir: Path
    episodes: list[EpisodeResult]


def new_run_id(config: RunConfig) -> str:
    """Timestamp plus agent kind, e.g. 20261122-153000-reference."""
    return f"{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-{config.agent.kind}"


def build_deps(
    bundle: PersonaBundle, config: RunConfig, limits: RateLimits | None = None, budget: Budget | None = None
) -> EpisodeDeps:
    """Bind the role models (behind the shared per-model `limits`) and build the agent, user and workspace; the
    shared `budget` (--max-cost) is checked before every session."""
    meters: list[MeteredModel] = []
    user_model = None
    if config.user.mode != "rules" and config.user.model is not None:
        user_model = bind_role(config.user.model, "user", config.cache, limits=limits)
        meters.append(user_model)
    judge = None
    if config.judge is not None:
        judge = bind_role(config.judge, "judge", config.cache, limits=limits)
        meters.append(judge)
    agent_model = None
    bound = agent_model_binding(config.agent)
    if bound is not None:
        cache = config.cache if bound[1] else config.cache.model_copy(update={"agent": False})
        agent_model = bind_role(bound[0], "agent", cache, limits=limits)
        meters.append(agent_model)
    solutions = {s.id: s.reference for s in bundle.sessions} if config.agent.kind == "reference" else {}
    services: dict[str, Any] = load_data_services(bundle)
    if uses_apps(bundle):
        services[APPS_SERVICE] = load_apps(bundle)
    return EpisodeDeps(
        agent=make_agent(config.agent, solutions, bundle.root, config.limits, agent_model),
        user=make_user(config.user.mode, user_model),
        workspace=make_workspace(config, bundle.seed_files()),
        judge=judge,
        meters=meters,
        services=services,
        budget=budget,
    )


def role_models(config: RunConfig) -> tuple[str | None, str | None, str | None]:
    """The agent, user and judge model strings actually in use (None for a role without a model)."""
    agent = config.agent.model.model if agent_model_binding(config.agent) is not None else None
    user = config.user.model.model if config.user.mode != "rules" and config.user.model is not None else None
    return agent, user, None if config.judge is None else config.judge.model


def resolve_workspace(config: RunConfig, on_note: Callable[[str], None] | None = None) -> RunConfig:
    """The config with `workspace: auto` resolved (docker, its image built if needed, else local jailed, said through
    `on_note`); WorkspaceError when a model-driven agent would run unisolated (engine/workspaces.py)."""
    backend, note = resolve_backend(config, on_note)
    if note is not None and on_note is not None:
        on_note(note)
    return config.model_copy(update={"workspace": backend})


def prepare_run(config: RunConfig, on_note: Callable[[str], None] | None = None) -> tuple[Path, RunConfig]:
    """Create the run directory and save the resolved config there (run id and workspace backend filled in)."""
    config = resolve_workspace(config, on_note).model_copy(update={"run_id": config.run_id or new_run_id(config)})
    for warning in same_model_warnings(*role_models(config)):
        if on_note is not None:
            on_note(warning)
    return write_run_dir(config), config


def write_run_dir(config: RunConfig) -> Path:
    """Create the run directory of a resolved config (run id and workspace backend set) and save the config there;
    the directory."""
    run_dir = Path(config.runs_dir) / str(config.run_id)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / CONFIG_FILE).write_text(safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    return run_dir


def run_persona(
    bundle: PersonaBundle,
    config: RunConfig,
    run_dir: Path,
    limits: RateLimits | None = None,
    on_session: Callable[[SessionResult], None] | None = None,
    on_event: EventCallback | None = None,
    budget: Budget | None = None,
) -> EpisodeResult:
    """Run (or resume) one persona's episode into `run_dir/<persona>/` with its own workspace and apps."""
    deps = build_deps(bundle, config, limits, budget)
    try:
        return run_episode(bundle, config, deps, run_dir / bundle.persona.id, on_session, on_event)
    finally:
        close_agent(deps.agent)
        deps.workspace.close()


def run(
    config: RunConfig,
    on_session: Callable[[SessionResult], None] | None = None,
    bundles: list[PersonaBundle] | None = None,
    on_event: EventCallback | None = None,
    on_note: Callable[[str], None] | None = None,
    budget: Budget | None = None,
    limits: RateLimits | None = None,
    preflight_first: bool = False,
) -> RunOutcome:
    """Run every persona of the config; results land in `<runs_dir>/<run_id>/` as they are produced.

    Every role's model is preflighted (engine/models/preflight.py): the embedded `local/` server's first, the others
    while the run starts: its calls go out, but no answer is used before the verdict (engine/speculative.py), so a
    failed preflight records nothing, removes the directories this call created and raises PreflightError.
    `preflight_first`: wait for the verdict before the run starts (`proact play`: a person should not play a session
    that a failed preflight then discards).

    A `workspace: auto` config is resolved (docker when available, else local, said through `on_note`) and saved
    resolved, so a resumed run uses the same backend. With a `budget`, what the run directory's results already cost
    counts towards it, and no session starts once it is spent (engine/budget.py). `limits`: the per-model rate limits
    to share (default: the config's).
    """
    bundles = bundles if bundles is not None else [load_persona(Path(p)) for p in config.personas]
    limits = limits if limits is not None else RateLimits(config.rate_limits)
    roles = config_roles(config, bundles)
    start_preflight(roles, limits)  # pings already sent by the CLI are kept
    ready = embedded_first(roles, limits)
    config = config.model_copy(update={"run_id": config.run_id or new_run_id(config)})
    with (
        undone_on_failed_preflight(Path(config.runs_dir) / str(config.run_id)),
        verdict_awaited(ready, limits) as settle,
    ):
        if preflight_first:
            settle()
        run_dir, config = prepare_run(config, on_note)
        if budget is not None:
            budget.count_existing(run_dir)
        events = partial(_unless_stopped, limits, on_event)  # a failed verdict stops the run at its next event
        try:
            episodes = []
            for bundle in bundles:
                limits.raise_if_stopped()
                episodes.append(run_persona(bundle, config, run_dir, limits, on_session, events, budget))
        except PreflightStopped:
            settle()  # the preflight's failure, which stopped the run
            raise
        settle()
        write_results(run_dir, episodes)
    return RunOutcome(run_dir=run_dir, episodes=episodes)


def _unless_stopped(
    limits: RateLimits, on_event: EventCallback | None, persona: str, session: str, event: Event
) -> None:
    """Hand a run's event on; PreflightStopped instead once its preflight failed."""
    limits.raise_if_stopped()
    if on_event is not None:
        on_event(persona, session, event)


def count_sessions(config: RunConfig, bundles: list[PersonaBundle]) -> int:
    """How many sessions the run will execute (for progress bars); a branch that cannot start is a BranchError."""
    total = 0
    for bundle in bundles:
        sessions = selected_sessions(bundle, config.sessions, config.ablate)
        if config.branch is not None:
            sessions = branch_point(config.branch, bundle, sessions, with_apps=uses_apps(bundle))[1]
        total += len(sessions)
    return total

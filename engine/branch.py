"""Branching an episode: start at a session boundary of a finished run instead of at the seed.

An ablation often changes one thing (memory mode, agent model, a no-memory rerun of a group's last
session) for the sessions after a point, everything before it being the same. A branch reuses the
source run's snapshots instead of rerunning that prefix: the workspace and the apps are restored as
the source run left them after the session preceding `branch.at`, the transcripts of the earlier
sessions (for the oracle mode) are read from its trajectories, and only `branch.at` and later run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.apps import APPS_FILE
from engine.clock import EpisodeClock
from engine.loader import PersonaBundle
from engine.ports import AppStore, Workspace
from engine.rundir import RESULT_FILE, TRAJECTORY_FILE, WORKSPACE_FILE, saved_transcript
from engine.schema.config import BranchConfig
from engine.schema.results import SessionResult
from engine.schema.session import SessionSpec


class BranchError(ValueError):
    """The source run cannot be branched at the requested session."""


@dataclass(frozen=True)
class BranchPoint:
    """Where one persona's branched episode starts."""

    source: Path
    before: list[str]

    def restore(self, workspace: Workspace, apps: AppStore | None, clock: EpisodeClock) -> None:
        """Put the workspace, the apps and the clock in the state the source run had after the last earlier session."""
        if not self.before:
            return
        last = self.source / self.before[-1]
        workspace.restore((last / WORKSPACE_FILE).read_bytes())
        if apps is not None:
            apps.restore((last / APPS_FILE).read_bytes())
        if (last / RESULT_FILE).is_file():
            clock.resume_after(SessionResult.model_validate_json((last / RESULT_FILE).read_text(encoding="utf-8")))

    def transcripts(self) -> dict[str, str]:
        """The source run's earlier sessions as the oracle memory mode shows them."""
        return {sid: saved_transcript(self.source / sid) for sid in self.before}


def branch_point(
    branch: BranchConfig, bundle: PersonaBundle, sessions: list[SessionSpec], with_apps: bool
) -> tuple[BranchPoint, list[SessionSpec]]:
    """The branch point of `bundle` and the selected sessions still to run; BranchError names what is missing.

    The state restored is the source run's after the session before `branch.at` in the persona's episode order,
    whatever `sessions` selects (a selection of `[s05]` reruns s05 on the world s04 left); `branch.at` must be among
    the selected sessions."""
    ids = [s.id for s in sessions]
    order = [s.id for s in bundle.sessions]
    if branch.at not in order:
        raise BranchError(f"branch.at: {bundle.persona.id} has no session {branch.at!r} (sessions: {', '.join(order)})")
    if branch.at not in ids:
        raise BranchError(
            f"branch.at: {branch.at!r} is not among the selected sessions of {bundle.persona.id} "
            f"(sessions: {', '.join(ids)}); select it or branch elsewhere"
        )
    source = Path(branch.from_run) / bundle.persona.id
    before = order[: order.index(branch.at)]
    needed = [WORKSPACE_FILE, TRAJECTORY_FILE] + ([APPS_FILE] if with_apps else [])
    for sid in before:
        missing = [name for name in needed if not (source / sid / name).is_file()]
        if missing:
            raise BranchError(f"branch.from_run: {source / sid} has no {', '.join(missing)} (did that session finish?)")
    return BranchPoint(source, before), sessions[ids.index(branch.at) :]

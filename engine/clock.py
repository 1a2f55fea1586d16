"""The episode clock: one simulated "now" for the story, the apps, the workspace shell and the agent's brief.

Every session opens at a definite time: its `clock:` when that lies ahead, else where the previous session ended
plus the episode's gap. Time only moves forward, also across a resume and a branch (the clock is restored from the
session before). An episode with apps keeps the clock in its app world (`apps.json` holds it, every app record is
stamped by it); an episode without keeps it here, and each session's `result.json` records when it opened and closed
so a resumed or branched run starts where the story was. The workspace reads it for every command (engine.ports
`Workspace.use_clock`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from engine.apps import apps_of, fixtures_dir, uses_apps
from engine.loader import PersonaBundle
from engine.ports import AppStore
from engine.schema.episode import EpisodeClockSpec
from engine.schema.results import SessionResult
from engine.yaml_io import safe_load
from sandbox.apps.fixtures import CLOCK_FILE, ClockFixture

CLOCK_SERVICE = "clock"


@dataclass
class EpisodeClock:
    """The simulated time of one episode; the apps' clock when the episode has apps, else its own."""

    apps: AppStore | None
    start: datetime
    gap: timedelta

    def __post_init__(self) -> None:
        self._now = self.start

    def now(self) -> datetime:
        """The simulated time now."""
        return self.apps.now() if self.apps is not None else self._now

    def open_session(self, at: datetime | None) -> datetime:
        """Move forward to `at` when it lies ahead (never back) and return the session's opening time."""
        if self.apps is not None:
            self.apps.start_session(at)
        elif at is not None and at > self._now:
            self._now = at
        return self.now()

    def end_session(self) -> None:
        """Session boundary: the clock moves on by the gap (and the apps' access tokens expire)."""
        if self.apps is not None:
            self.apps.end_session()
        else:
            self._now += self.gap

    def resume_after(self, result: SessionResult) -> None:
        """Put the clock where it stood after a finished session of an earlier run (its apps snapshot restores an app
        world's clock; this restores the clock of an episode without apps from the session's `closed_at`)."""
        if self.apps is None and result.closed_at is not None and result.closed_at + self.gap > self._now:
            self._now = result.closed_at + self.gap


def clock_spec(bundle: PersonaBundle) -> EpisodeClockSpec:
    """Where the persona's clock starts and its gap: `apps/clock.yaml` for a persona with apps, else the episode's
    `clock:` (defaults when neither is set). A bad clock.yaml is reported by `check_apps`; here it gives defaults."""
    path = fixtures_dir(bundle) / f"{CLOCK_FILE}.yaml"
    if uses_apps(bundle) and path.is_file():
        try:
            fixture = ClockFixture.model_validate(safe_load(path.read_text(encoding="utf-8")) or {})
        except ValueError:
            return EpisodeClockSpec()
        return EpisodeClockSpec(start=fixture.start, session_gap_hours=fixture.session_gap_hours)
    return bundle.episode.clock or EpisodeClockSpec()


def new_clock(bundle: PersonaBundle, services: dict[str, Any]) -> EpisodeClock:
    """The episode clock over the apps among `services` (if any), started as the persona says."""
    spec = clock_spec(bundle)
    return EpisodeClock(apps_of(services), spec.start, timedelta(hours=spec.session_gap_hours))


def clock_of(bundle: PersonaBundle, services: dict[str, Any]) -> EpisodeClock:
    """The episode clock among an episode's services, added there on first use (the services live as long as the
    episode, so every session of it shares the one clock)."""
    clock = services.get(CLOCK_SERVICE)
    if not isinstance(clock, EpisodeClock):
        clock = services[CLOCK_SERVICE] = new_clock(bundle, services)
    return clock


def clock_at(bundle: PersonaBundle, services: dict[str, Any], now: datetime) -> EpisodeClock:
    """An episode clock standing at `now` among `services` (a session replayed from a saved start state; the apps
    among them, if any, hold their own time already)."""
    spec = clock_spec(bundle)
    clock = services[CLOCK_SERVICE] = EpisodeClock(apps_of(services), now, timedelta(hours=spec.session_gap_hours))
    return clock


def session_openings(bundle: PersonaBundle) -> dict[str, datetime]:
    """When each session opens if every session took no time: its `clock:` when ahead, else the previous opening
    plus the gap (the earliest each session can open; what `proact validate` compares the story's dates with)."""
    spec = clock_spec(bundle)
    gap = timedelta(hours=spec.session_gap_hours)
    now = spec.start
    out: dict[str, datetime] = {}
    for n, session in enumerate(bundle.sessions):
        if n:
            now += gap
        if session.clock is not None and session.clock > now:
            now = session.clock
        out[session.id] = now
    return out

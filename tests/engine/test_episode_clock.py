"""The episode clock (engine/clock.py): sessions open at their `clock:` or one gap after the previous ended, time only
moves forward, an app world holds it when there is one, and the trigger and the user see it."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from engine.agents.passive import PassiveAgent
from engine.clock import EpisodeClock, session_openings
from engine.loader import PersonaBundle
from engine.schema.episode import Episode, EpisodeClockSpec, EpisodeEntry
from engine.schema.events import SessionStarted
from engine.schema.persona import Persona
from engine.user.base import EvidenceView, TurnView, UserObservation
from engine.user.prompts import completion_prompt
from sandbox.apps.world import AppWorld, Clock
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.helpers import PERSONA, run_one, spec

START = datetime(2026, 11, 2, 8, 30)


def bundle_of(clocks: list[datetime | None], gap_hours: float = 12) -> PersonaBundle:
    sessions = [spec([], id=f"s{n + 1}", clock=at) for n, at in enumerate(clocks)]
    episode = Episode(
        persona="tester",
        clock=EpisodeClockSpec(start=START, session_gap_hours=gap_hours),
        sessions=[EpisodeEntry(session=s.id) for s in sessions],
    )
    return PersonaBundle(root=Path("."), persona=PERSONA, episode=episode, sessions=sessions, data_root=Path("."))


def test_sessions_open_at_their_clock_when_ahead_else_a_gap_after_the_previous() -> None:
    openings = session_openings(bundle_of([None, datetime(2026, 11, 5, 9, 0), datetime(2026, 11, 5, 10, 0), None]))
    assert openings == {
        "s1": START,
        "s2": datetime(2026, 11, 5, 9, 0),
        "s3": datetime(2026, 11, 5, 21, 0),  # its clock lies behind: the clock never goes back
        "s4": datetime(2026, 11, 6, 9, 0),
    }


def test_the_clock_moves_forward_only_with_or_without_apps() -> None:
    own = EpisodeClock(None, START, timedelta(hours=1))
    world = AppWorld({}, {}, Clock(now=START, session_gap_s=3600))
    held = EpisodeClock(world, START, timedelta(hours=99))
    for clock in (own, held):
        assert clock.open_session(START - timedelta(days=3)) == START
        clock.end_session()
        assert clock.now() == START + timedelta(hours=1)
        assert clock.open_session(datetime(2026, 12, 1, 9, 0)) == datetime(2026, 12, 1, 9, 0)
    assert world.now() == datetime(2026, 12, 1, 9, 0), "with apps, the app world holds the one clock"


def test_a_trigger_event_is_stamped_with_the_time_it_arrives_and_the_user_sees_now() -> None:
    at = datetime(2026, 11, 10, 9, 30)
    session = spec([], trigger={"kind": "webhook", "source": "bank", "payload": {"n": 1}}, clock=at)
    result, log = run_one(session, PassiveAgent())
    started = next(e for e in log.events if isinstance(e, SessionStarted))
    assert started.clock == at and '"time": "2026-11-10T09:30:00"' in started.opening
    assert result.opened_at == at
    observation = UserObservation(
        persona=Persona(id="p", name="Tess", role="r", occupation="tester"),
        session=session,
        opening=started.opening,
        open_intents=[],
        conversation=[],
        latest=TurnView(1, "", [], []),
        evidence=EvidenceView(workspace=MemoryWorkspace()),
        now=at,
    )
    assert "NOW: Tuesday, 10 November 2026, 09:30" in completion_prompt(observation)

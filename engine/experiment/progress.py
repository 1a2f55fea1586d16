"""Live counters of an experiment (episodes, sessions, turns, tokens and cost per role), safe across threads.

Finished sessions count with the usage and turns saved in their results (so resumed sessions count what
they cost); sessions in flight count their ModelUsage and AgentMessage events as they happen.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from engine.schema.events import AgentMessage, Event, ModelUsage
from engine.schema.results import EpisodeResult, RoleUsage, SessionResult

ROLES = ("agent", "user", "judge")


@dataclass
class Snapshot:
    """The experiment's counters at one moment."""

    episodes_total: int
    episodes_done: int
    episodes_failed: int
    episodes_running: int
    sessions_total: int
    sessions_done: int
    turns: int
    usage: dict[str, RoleUsage]
    elapsed_s: float

    @property
    def tokens(self) -> int:
        """Prompt plus completion tokens over all roles."""
        return sum(u.prompt_tokens + u.completion_tokens for u in self.usage.values())

    @property
    def cost_usd(self) -> float:
        """Reported cost over all roles."""
        return sum(u.cost_usd for u in self.usage.values())


@dataclass
class _Tally:
    """A role's usage being summed (a plain dataclass: adding costs no validation)."""

    calls: int = 0
    cached_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0

    def add(self, part: _Tally | RoleUsage, sign: int = 1) -> None:
        """Add `part` (or, with sign -1, take it away)."""
        self.calls += sign * part.calls
        self.cached_calls += sign * part.cached_calls
        self.prompt_tokens += sign * part.prompt_tokens
        self.completion_tokens += sign * part.completion_tokens
        self.cost_usd += sign * part.cost_usd
        self.latency_s += sign * part.latency_s

    def usage(self) -> RoleUsage:
        """As a RoleUsage."""
        return RoleUsage(**asdict(self))


@dataclass
class _Live:
    """What one session in flight has counted so far."""

    turns: int = 0
    usage: dict[str, _Tally] = field(default_factory=dict)


@dataclass
class ExperimentProgress:
    """Thread-safe counters fed by the executor; `on_line` receives one line per finished session or episode."""

    episodes_total: int = 0
    sessions_total: int = 0
    on_line: Callable[[str], None] | None = None
    clock: Callable[[], float] = time.monotonic
    _done: int = 0
    _failed: int = 0
    _running: int = 0
    _sessions: int = 0
    _turns: int = 0
    _usage: dict[str, _Tally] = field(default_factory=lambda: {r: _Tally() for r in ROLES})
    _live: dict[tuple[str, str], dict[str, _Live]] = field(default_factory=dict)
    _live_turns: int = 0
    _live_usage: dict[str, _Tally] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _start: float | None = None

    def begin(self, episodes: int, sessions: int) -> None:
        """Set the totals and start the clock."""
        with self._lock:
            self.episodes_total, self.sessions_total = episodes, sessions
            self._start = self.clock()

    def episode_started(self) -> None:
        """An episode began (or resumed)."""
        with self._lock:
            self._running += 1

    def event(self, cell: str, persona: str, session: str, event: Event) -> None:
        """A trajectory event of a session in flight: agent turns and agent/user model usage count live."""
        if not isinstance(event, AgentMessage | ModelUsage):
            return
        with self._lock:
            live = self._live.setdefault((cell, persona), {}).setdefault(session, _Live())
            if isinstance(event, AgentMessage):
                live.turns += 1
                self._live_turns += 1
                return
            part = _Tally(
                calls=1,
                cached_calls=int(event.cached),
                prompt_tokens=event.prompt_tokens,
                completion_tokens=event.completion_tokens,
                cost_usd=event.cost_usd,
                latency_s=event.latency_s,
            )
            live.usage.setdefault(event.role, _Tally()).add(part)
            self._live_usage.setdefault(event.role, _Tally()).add(part)

    def session_done(self, cell: str, result: SessionResult, quiet: bool = False) -> None:
        """A session finished (or was read back on resume): its saved turns and usage replace the live ones."""
        with self._lock:
            live = self._live.get((cell, result.persona), {}).pop(result.session_id, None)
            if live is not None:
                self._drop(live)
            self._sessions += 1
            self._turns += result.turns
            for role, usage in result.usage.items():
                self._usage.setdefault(role, _Tally()).add(usage)
        if not quiet:
            error = f": {result.error}" if result.error else ""
            self._line(f"{cell}/{result.persona}/{result.session_id} {result.termination} turns {result.turns}{error}")

    def episode_done(self, cell: str, persona: str, error: str | None = None) -> None:
        """An episode ended: finished, or failed with `error` (its session in flight is dropped)."""
        with self._lock:
            self._running = max(0, self._running - 1)
            self._done += 1
            self._failed += int(error is not None)
            for live in self._live.pop((cell, persona), {}).values():
                self._drop(live)
        self._line(f"episode {cell}/{persona} " + ("done" if error is None else f"FAILED: {error}"))

    def _drop(self, live: _Live) -> None:
        """Take a session's live counts out of the running totals (the lock held)."""
        self._live_turns -= live.turns
        for role, part in live.usage.items():
            self._live_usage[role].add(part, -1)

    def episode_skipped(self, cell: str, episode: EpisodeResult) -> None:
        """An episode that had already finished: its sessions count as done without running."""
        for session in episode.sessions:
            self.session_done(cell, session, quiet=True)
        with self._lock:
            self._done += 1
        self._line(f"episode {cell}/{episode.persona} already finished")

    def snapshot(self) -> Snapshot:
        """The counters now (finished sessions' saved usage plus the running totals of those in flight)."""
        with self._lock:
            usage: dict[str, RoleUsage] = {}
            for role in {**self._usage, **self._live_usage}:
                total = _Tally()
                total.add(self._usage.get(role, _Tally()))
                total.add(self._live_usage.get(role, _Tally()))
                usage[role] = total.usage()
            return Snapshot(
                episodes_total=self.episodes_total,
                episodes_done=self._done,
                episodes_failed=self._failed,
                episodes_running=self._running,
                sessions_total=self.sessions_total,
                sessions_done=self._sessions,
                turns=self._turns + self._live_turns,
                usage=usage,
                elapsed_s=0.0 if self._start is None else self.clock() - self._start,
            )

    def status_line(self) -> str:
        """One line of counters: elapsed, episodes, sessions, turns, tokens and cost."""
        s = self.snapshot()
        head = f"[{s.elapsed_s:7.0f}s] episodes {s.episodes_done}/{s.episodes_total} "
        head += f"sessions {s.sessions_done}/{s.sessions_total} turns {s.turns} tokens {s.tokens}"
        return f"{head} ${s.cost_usd:.4f}"

    def _line(self, text: str) -> None:
        if self.on_line is not None:
            self.on_line(f"{self.status_line()} | {text}")

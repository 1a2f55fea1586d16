"""Live counters of an experiment (episodes, sessions, turns, tokens and cost per role), safe across threads.

Finished sessions count with the usage and turns saved in their results (so resumed sessions count what
they cost); sessions in flight count their ModelUsage and AgentMessage events as they happen.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.schema.events import AgentMessage, Event, ModelUsage
from engine.schema.results import EpisodeResult, RoleUsage, SessionResult

ROLES = ("agent", "user", "judge")
Key = tuple[str, str, str]


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


def _add(total: RoleUsage, part: RoleUsage) -> None:
    total.calls += part.calls
    total.cached_calls += part.cached_calls
    total.prompt_tokens += part.prompt_tokens
    total.completion_tokens += part.completion_tokens
    total.cost_usd += part.cost_usd
    total.latency_s += part.latency_s


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
    _usage: dict[str, RoleUsage] = field(default_factory=lambda: {r: RoleUsage() for r in ROLES})
    _live: dict[Key, tuple[int, dict[str, RoleUsage]]] = field(default_factory=dict)
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
            turns, usage = self._live.get((cell, persona, session), (0, {}))
            if isinstance(event, AgentMessage):
                turns += 1
            else:
                part = RoleUsage(
                    calls=1,
                    cached_calls=int(event.cached),
                    prompt_tokens=event.prompt_tokens,
                    completion_tokens=event.completion_tokens,
                    cost_usd=event.cost_usd,
                    latency_s=event.latency_s,
                )
                _add(usage.setdefault(event.role, RoleUsage()), part)
            self._live[(cell, persona, session)] = (turns, usage)

    def session_done(self, cell: str, result: SessionResult, quiet: bool = False) -> None:
        """A session finished (or was read back on resume): its saved turns and usage replace the live ones."""
        with self._lock:
            self._live.pop((cell, result.persona, result.session_id), None)
            self._sessions += 1
            self._turns += result.turns
            for role, usage in result.usage.items():
                _add(self._usage.setdefault(role, RoleUsage()), usage)
        if not quiet:
            error = f": {result.error}" if result.error else ""
            self._line(f"{cell}/{result.persona}/{result.session_id} {result.termination} turns {result.turns}{error}")

    def episode_done(self, cell: str, persona: str, error: str | None = None) -> None:
        """An episode ended: finished, or failed with `error` (its session in flight is dropped)."""
        with self._lock:
            self._running = max(0, self._running - 1)
            self._done += 1
            self._failed += int(error is not None)
            self._live = {k: v for k, v in self._live.items() if k[:2] != (cell, persona)}
        self._line(f"episode {cell}/{persona} " + ("done" if error is None else f"FAILED: {error}"))

    def episode_skipped(self, cell: str, episode: EpisodeResult) -> None:
        """An episode that had already finished: its sessions count as done without running."""
        for session in episode.sessions:
            self.session_done(cell, session, quiet=True)
        with self._lock:
            self._done += 1
        self._line(f"episode {cell}/{episode.persona} already finished")

    def snapshot(self) -> Snapshot:
        """The counters now."""
        with self._lock:
            usage = {role: u.model_copy() for role, u in self._usage.items()}
            turns = self._turns
            for live_turns, live_usage in self._live.values():
                turns += live_turns
                for role, part in live_usage.items():
                    _add(usage.setdefault(role, RoleUsage()), part)
            return Snapshot(
                episodes_total=self.episodes_total,
                episodes_done=self._done,
                episodes_failed=self._failed,
                episodes_running=self._running,
                sessions_total=self.sessions_total,
                sessions_done=self._sessions,
                turns=turns,
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

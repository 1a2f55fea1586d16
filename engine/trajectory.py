"""The append-only trajectory log of one session (JSONL on disk, or in memory for tests)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from engine.schema.events import EVENT_ADAPTER, Event


class TrajectoryLog:
    """Numbers events, keeps them in order, and appends each one to a JSONL file as it happens.

    `turn` is the agent turn in progress (set by the agent_turn node), so events emitted from deep
    inside a call (model usage, sub-agent tool calls) are attributed to the right turn.
    """

    def __init__(self, path: Path | None = None, listener: Callable[[Event], None] | None = None) -> None:
        """With a path, every event is flushed to disk immediately (nothing lost on a crash).

        `listener` sees every event after it is written (progress displays).
        """
        self.path = path
        self.listener = listener
        self.events: list[Event] = []
        self.turn = 0
        self._fh = None
        self._lock = threading.Lock()  # an external agent's model usage may arrive on another thread
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = path.open("w", encoding="utf-8")

    def emit(self, event: Event) -> None:
        """Append one event; an event without a turn index gets the log's current turn (thread-safe)."""
        with self._lock:
            event.seq = len(self.events)
            if event.turn == 0:
                event.turn = self.turn
            self.events.append(event)
            if self._fh is not None:
                self._fh.write(event.model_dump_json() + "\n")
                self._fh.flush()
        if self.listener is not None:
            self.listener(event)

    def close(self) -> None:
        """Close the file."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def read_trajectory(path: Path) -> list[Event]:
    """Load a JSONL trajectory; a bad line raises ValueError naming file and line."""
    events: list[Event] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(EVENT_ADAPTER.validate_json(line))
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: not a trajectory event: {exc}") from exc
    return events

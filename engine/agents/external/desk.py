"""The engine's side of an external agent's turn: work that other threads hand in (tool calls arriving over MCP,
model requests relayed from a command agent) runs on the engine's own thread, and only while a turn is open.

An external agent runs elsewhere (a process, a server) and reaches the session's tools concurrently with the
engine waiting for its reply. `TurnDesk.serve` opens a window for one exchange (a turn, the agent's start-up or
its wrap-up): it runs each handed-in job in order on the calling thread, so tool records, app state and usage
events are written exactly as the built-in agent's are, and returns when the agent ends the exchange, or raises
AgentFailure when it fails, dies or overruns its deadline. Outside a window, tool calls are refused.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from engine.ports import ToolSpec
from engine.tools.base import tool_spec
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox, ToolOutcome

NOT_SERVED = frozenset({"spawn"})  # runs the agent's own sub-agent: an external agent brings its own
NO_TURN = "no turn is in progress: tools answer only while the agent is handling a message"


class AgentFailure(RuntimeError):
    """The external agent failed this exchange (died, hung, broke the protocol); the session ends agent_error."""


@dataclass
class _Job:
    """Work to run on the engine thread; `on_done(result, error)` is told the outcome."""

    fn: Callable[[], Any]
    on_done: Callable[[Any, BaseException | None], None]


@dataclass
class _End:
    """The agent ended the exchange: `kind` names how (reply, ready, ...), or `failure` says why it failed."""

    token: int
    kind: str = ""
    text: str = ""
    failure: str | None = None


@dataclass
class _Window:
    """One open exchange."""

    token: int
    tools: ToolBox
    items: queue.Queue[_Job | _End] = field(default_factory=queue.Queue)


def served_specs(toolsets: tuple[str, ...]) -> list[ToolSpec]:
    """The tools an external agent is offered in a session of `toolsets`: every tool but NOT_SERVED, by name."""
    tools = tools_for(list(toolsets))
    return [tool_spec(tools[name]) for name in sorted(tools) if name not in NOT_SERVED]


class TurnDesk:
    """Hands tool calls and other work from any thread to the engine thread during an open window."""

    def __init__(self) -> None:
        """No window is open and no session's tools are listed yet."""
        self._lock = threading.Lock()
        self._window: _Window | None = None
        self._tokens = 0
        self._specs: list[ToolSpec] = []

    def set_toolsets(self, toolsets: tuple[str, ...]) -> None:
        """The session's toolsets (listing needs no open window)."""
        self._specs = served_specs(toolsets)

    def specs(self) -> list[ToolSpec]:
        """The tools offered in the current session."""
        return list(self._specs)

    def current(self) -> int | None:
        """The open window's token, None when none is open."""
        with self._lock:
            return None if self._window is None else self._window.token

    def call_tool(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        """Run one tool call on the engine thread and wait for it (any thread). Refused outside a turn."""
        if name not in {spec.name for spec in self._specs}:
            offered = ", ".join(spec.name for spec in self._specs)
            return ToolOutcome(call_id="-", output=None, error=f"unknown tool {name!r}; available: {offered}")
        done = threading.Event()
        box = [ToolOutcome(call_id="-", output=None, error=NO_TURN)]

        def finish(result: Any, error: BaseException | None) -> None:
            if isinstance(result, ToolOutcome):
                box[0] = result
            done.set()

        if self.submit(lambda tools: tools.call(name, arguments), finish):
            done.wait()
        return box[0]

    def submit(self, fn: Callable[[ToolBox], Any], on_done: Callable[[Any, BaseException | None], None]) -> bool:
        """Queue `fn(tools)` for the open window's session tools (any thread); False, and `on_done` not called,
        when no window is open."""
        with self._lock:
            window = self._window
            if window is None:
                return False
            window.items.put(_Job(partial(fn, window.tools), on_done))
            return True

    def end(self, token: int | None, kind: str, text: str = "") -> None:
        """The agent ended the window `token` (any thread; a stale or missing token is ignored)."""
        self._post(_End(token or -1, kind, text))

    def fail(self, token: int | None, reason: str) -> None:
        """The agent failed in window `token` (any thread; ignored when stale)."""
        self._post(_End(token or -1, failure=reason))

    def _post(self, end: _End) -> None:
        with self._lock:
            if self._window is not None and self._window.token == end.token:
                self._window.items.put(end)

    def serve(self, tools: ToolBox, begin: Callable[[int], None], expect: str, timeout_s: float) -> str:
        """Open a window, call `begin(token)` (which sends the agent its message), run handed-in jobs until the agent
        ends the window with `expect` (return its text), and close it. AgentFailure on a failure, on another
        ending, or after `timeout_s`. An exception of a job (a model service outage) propagates."""
        with self._lock:
            self._tokens += 1
            window = _Window(self._tokens, tools)
            self._window = window
        deadline = time.monotonic() + timeout_s
        try:
            begin(window.token)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AgentFailure(f"no {expect} within {timeout_s:g} s")
                try:
                    item = window.items.get(timeout=remaining)
                except queue.Empty:
                    continue
                if isinstance(item, _End):
                    return _ended(item, expect)
                _run(item)
        finally:
            self._close(window)

    def _close(self, window: _Window) -> None:
        """Close the window; jobs still queued are told the turn is over."""
        with self._lock:
            if self._window is window:
                self._window = None
        while True:
            try:
                item = window.items.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, _Job):
                item.on_done(None, AgentFailure(NO_TURN))


def _run(job: _Job) -> None:
    """Run one job; its outcome goes to `on_done`, and an exception still propagates after that."""
    try:
        result = job.fn()
    except BaseException as exc:
        job.on_done(None, exc)
        raise
    job.on_done(result, None)


def _ended(item: _End, expect: str) -> str:
    if item.failure is not None:
        raise AgentFailure(item.failure)
    if item.kind != expect:
        raise AgentFailure(f"protocol violation: expected {expect}, got {item.kind}")
    return item.text

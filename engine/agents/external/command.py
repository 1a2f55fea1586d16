"""The `command` agent kind: a program started in the episode's sandbox, spoken to in JSON lines over its stdio.

The program is started at its first turn and lives for the episode (restarted for the next session when it died).
Each session it gets `session_start`, then one `user_message` per turn, each answered by one `reply`, and a
`session_end` answered by `session_ended`. Its tools are the session's, served over MCP whose JSON-RPC messages
travel on the same channel (`mcp` lines); with `external.model_relay`, its `model` requests are answered with the
agent role's model. Every exchange has a deadline; a program that dies, hangs, or breaks the protocol fails the
exchange (AgentFailure: the session ends agent_error with the reason and the tail of its stderr) and is stopped.
The protocol is documented in engine/agents/external/README.md.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from typing import IO, Any

from engine.agents.base import SessionBrief
from engine.agents.external.desk import AgentFailure, TurnDesk
from engine.agents.external.mcp_server import Connection, McpService
from engine.agents.external.wire import (
    MAX_LINE_BYTES,
    ProtocolError,
    completion_to_wire,
    decode,
    encode,
    message_from_wire,
    session_start,
    spec_from_wire,
)
from engine.ports import ChatModel, ContextOverflowError, ModelError, ModelUnavailableError, WorkspaceError
from engine.schema.config import ExternalAgentConfig
from engine.schema.events import ActionError
from engine.tools.toolbox import ToolBox
from sandbox.agent_process import AgentProcess, start_agent_process

_STDERR_LINES = 12
_STDERR_CHARS = 400
_DRAIN_S = 2.0
_KILLED = (
    " (SIGKILL: the memory limit, or in the Docker sandbox a command that timed out, which ends every process of"
    " the container)"
)


class _Running:
    """One started program: its process, MCP connection, and the threads reading its stdout and stderr."""

    def __init__(self, process: AgentProcess, desk: TurnDesk, mcp: McpService, model: ChatModel | None) -> None:
        self.process = process
        self._desk = desk
        self._model = model
        self._lock = threading.Lock()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self.connection: Connection = mcp.connect(lambda message: self.send({"type": "mcp", "message": message}))
        self._readers = [
            threading.Thread(target=target, daemon=True, name=f"proact-agent-{name}")
            for target, name in ((self._read_stdout, "stdout"), (self._read_stderr, "stderr"))
        ]
        for reader in self._readers:
            reader.start()

    def alive(self) -> bool:
        """Whether the program still runs."""
        return self.process.popen.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        """Write one line to the program (a dead program's broken pipe is left to the stdout reader to report)."""
        stdin = self.process.popen.stdin
        assert stdin is not None
        with self._lock:
            try:
                stdin.write(encode(message))
                stdin.flush()
            except (OSError, ValueError):
                pass

    def stop(self) -> None:
        """Kill the program, let the readers drain what it wrote, end its MCP connection."""
        self.process.stop()
        for reader in self._readers:
            if reader is not threading.current_thread():
                reader.join(_DRAIN_S)
        self.process.close()
        self.connection.close()

    def tail(self) -> str:
        """The last lines the program wrote to stderr, for failure reasons."""
        return "; stderr: " + " | ".join(self.stderr) if self.stderr else ""

    def _read_stderr(self) -> None:
        stream = self.process.popen.stderr
        assert stream is not None
        for raw in stream:
            self.stderr.append(raw.decode("utf-8", "replace").rstrip()[:_STDERR_CHARS])

    def _read_stdout(self) -> None:
        stream: IO[bytes] | None = self.process.popen.stdout
        assert stream is not None
        while line := stream.readline(MAX_LINE_BYTES):
            if line.strip():
                self._dispatch(line)
        code = self.process.popen.wait()
        hint = _KILLED if code in (137, -9) else ""
        self._desk.fail(self._desk.current(), f"the agent program exited (code {code}){hint}")

    def _dispatch(self, line: bytes) -> None:
        token = self._desk.current()
        try:
            message = decode(line)
            kind = message["type"]
            if kind == "mcp":
                self.connection.feed(message.get("message"))
            elif kind == "model":
                self._relay(message)
            elif kind == "action_error":
                event = ActionError(text=str(message.get("text", ""))[:2_000], error=str(message.get("error", "")))
                self._desk.submit(lambda tools: tools.record(event), lambda _result, _error: None)
            elif kind in ("ready", "reply", "session_ended"):
                self._desk.end(token, kind, _text(message))
            else:
                raise ProtocolError(f"unknown message type {kind!r}")
        except (ProtocolError, KeyError, TypeError) as exc:
            self._desk.fail(token, f"protocol violation: {exc}")

    def _relay(self, request: dict[str, Any]) -> None:
        """Answer a `model` request on the engine thread (the session's usage events) or at once with an error."""
        ident = request.get("id")
        if self._model is None:
            self.send(_model_error(ident, "no model relay: set agent.external.model_relay", "unavailable"))
            return
        model = self._model
        messages = [message_from_wire(m) for m in request.get("messages", [])]
        specs = [spec_from_wire(s) for s in request.get("tools") or []] or None
        schema = request.get("response_schema")

        def call(_tools: ToolBox) -> dict[str, Any]:
            try:
                completion = model.complete(messages, response_schema=schema, tools=specs)
            except ModelUnavailableError:
                raise  # the model service failed: the session ends infra_error
            except ContextOverflowError as exc:
                return _model_error(ident, str(exc), "context_overflow")
            except ModelError as exc:
                return _model_error(ident, str(exc), "model_error")
            return {"type": "model_result", "id": ident, "completion": completion_to_wire(completion)}

        def answer(result: Any, _error: BaseException | None) -> None:
            if isinstance(result, dict):
                self.send(result)

        if not self._desk.submit(call, answer):
            self.send(_model_error(ident, "no turn is in progress", "unavailable"))


def _text(message: dict[str, Any]) -> str:
    text = message.get("text", "")
    if not isinstance(text, str):
        raise ProtocolError(f'"text" of a {message["type"]} line must be a string')
    return text


def _model_error(ident: Any, error: str, kind: str) -> dict[str, Any]:
    return {"type": "model_result", "id": ident, "error": error, "kind": kind}


class CommandAgent:
    """An agent program in the sandbox behind the Agent port (see the module doc)."""

    def __init__(self, settings: ExternalAgentConfig, model: ChatModel | None = None) -> None:
        """`settings.command` starts the program; `model` answers its `model` requests (None: refused)."""
        if not settings.command:
            raise ValueError("a command agent needs external.command")
        self.command = settings.command
        self.settings = settings
        self._model = model
        self._desk = TurnDesk()
        self._mcp = McpService(self._desk)
        self._running: _Running | None = None
        self._brief: SessionBrief | None = None
        self._opened = False
        self._tools: ToolBox | None = None

    def start_session(self, brief: SessionBrief) -> None:
        """Remember the brief; the program hears of the session with the first message."""
        self._brief = brief
        self._desk.set_toolsets(brief.toolsets)
        self._opened = False
        self._tools = None

    def respond(self, message: str, tools: ToolBox) -> str:
        """Send the message (after `session_start` on the first turn) and serve the program until its reply."""
        assert self._brief is not None, "start_session first"
        self._tools = tools
        lines: list[dict[str, Any]] = []
        if not self._opened:
            lines.append(session_start(self._brief, [spec.name for spec in self._desk.specs()]))
        lines.append({"type": "user_message", "turn": tools.turn, "text": message})
        running = self._ensure(tools)
        self._opened = True
        return self._exchange(tools, self._send(running, lines), "reply", self.settings.turn_timeout_s)

    def end_session(self) -> None:
        """Let the program wrap up (`session_end` → `session_ended`); a failure is logged, the program stopped."""
        running, tools, brief = self._running, self._tools, self._brief
        if not self._opened or running is None or tools is None or brief is None or not running.alive():
            return
        end = {"type": "session_end", "session_id": brief.session_id}
        try:
            self._exchange(tools, self._send(running, [end]), "session_ended", self.settings.turn_timeout_s)
        except AgentFailure as exc:
            tools.record(ActionError(text="", error=f"the agent's wrap-up failed: {exc}"))

    def close(self) -> None:
        """Stop the program and the MCP server (end of the episode)."""
        self._stop()
        self._mcp.close()

    def _ensure(self, tools: ToolBox) -> _Running:
        """The running program, started (and waited for until `ready`) when there is none or it died."""
        if self._running is not None and self._running.alive():
            return self._running
        self._stop()

        def start() -> None:  # inside the window, so an early `ready` is not missed
            try:
                process = start_agent_process(tools.ctx.workspace, self.command)
            except WorkspaceError as exc:
                raise AgentFailure(f"the agent program could not start: {exc}") from exc
            self._running = _Running(process, self._desk, self._mcp, self._model)

        self._exchange(tools, start, "ready", self.settings.start_timeout_s)
        assert self._running is not None
        return self._running

    def _exchange(self, tools: ToolBox, begin: Callable[[], None], expect: str, timeout_s: float) -> str:
        """One window: `begin()` sends (or starts); on any failure the program is stopped, its stderr tail kept."""
        try:
            return self._desk.serve(tools, lambda _token: begin(), expect, timeout_s)
        except AgentFailure as exc:
            running = self._running
            self._stop()
            raise AgentFailure(f"{exc}{running.tail() if running is not None else ''}") from exc
        except BaseException:
            self._stop()
            raise

    def _send(self, running: _Running, lines: list[dict[str, Any]]) -> Callable[[], None]:
        def begin() -> None:
            for line in lines:
                running.send(line)

        return begin

    def _stop(self) -> None:
        if self._running is not None:
            self._running.stop()
            self._running = None

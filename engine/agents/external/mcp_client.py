"""The agent kit: the program side of the command protocol, for Python agents that want it (the conformance kit
runs our own ReAct agent on it). The only module using the `mcp` SDK as a client.

`serve(agent)` speaks the JSON-lines protocol on the process's stdin and stdout (engine/agents/external/README.md):
it answers `ready`, runs the agent's start_session / respond / end_session on the engine's messages, and gives the
agent a ToolBox whose calls go to the engine's MCP server with the SDK's client over the same channel (`mcp`
lines), and a ChatModel whose calls are relayed to the engine (`model` lines). Whatever else the agent prints goes
to stderr: stdout carries the protocol alone.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import queue
import sys
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from typing import IO, Any

import anyio
import mcp_types as types
from anyio.from_thread import BlockingPortal, start_blocking_portal
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import Client
from mcp.shared.message import SessionMessage

from engine.agents.base import Agent
from engine.agents.external.wire import (
    MAX_LINE_BYTES,
    brief_from,
    completion_from_wire,
    decode,
    encode,
    message_to_wire,
    spec_to_wire,
)
from engine.ports import (
    ChatModel,
    Completion,
    ContextOverflowError,
    Message,
    ModelError,
    ToolSpec,
    Workspace,
)
from engine.schema.events import ActionError, Event
from engine.tools.base import ToolContext
from engine.tools.toolbox import ToolBox, ToolOutcome

_CALL_TIMEOUT_S = 3_600.0


class Channel:
    """The protocol over two byte streams: a reader thread routes the engine's lines, `send` writes lines."""

    def __init__(self, inbound: IO[bytes], outbound: IO[bytes]) -> None:
        """Start reading `inbound` (the engine's lines)."""
        self._out = outbound
        self._lock = threading.Lock()
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._results: dict[int, Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self.on_mcp: Callable[[Any], None] = lambda _message: None
        self._reader = threading.Thread(target=self._read, args=(inbound,), daemon=True, name="kit-stdin")
        self._reader.start()

    def send(self, message: dict[str, Any]) -> None:
        """Write one line."""
        with self._lock:
            self._out.write(encode(message))
            self._out.flush()

    def ask_model(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send a `model` request and wait for its `model_result`."""
        ident = next(self._ids)
        answer: Future[dict[str, Any]] = Future()
        self._results[ident] = answer
        self.send({"type": "model", "id": ident, **request})
        return answer.result(timeout=_CALL_TIMEOUT_S)

    def _read(self, inbound: IO[bytes]) -> None:
        while line := inbound.readline(MAX_LINE_BYTES):
            if not line.strip():
                continue
            message = decode(line)
            if message["type"] == "mcp":
                self.on_mcp(message["message"])
            elif message["type"] == "model_result":
                self._results.pop(int(message["id"]), Future()).set_result(message)
            else:
                self.messages.put(message)
        self.messages.put(None)


class RelayModel:
    """A ChatModel whose calls the engine answers with the agent role's model (`external.model_relay`)."""

    def __init__(self, channel: Channel) -> None:
        """Requests go over `channel`."""
        self._channel = channel

    @property
    def name(self) -> str:
        """The model identifier in usage (the engine records the real one)."""
        return "relay"

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """One relayed call; the engine's model errors come back as ModelError (ContextOverflowError kept)."""
        request = {
            "messages": [message_to_wire(m) for m in messages],
            "tools": [spec_to_wire(s) for s in tools or []],
            "response_schema": response_schema,
        }
        result = self._channel.ask_model(request)
        if "error" in result:
            error = str(result["error"])
            raise ContextOverflowError(error) if result.get("kind") == "context_overflow" else ModelError(error)
        return completion_from_wire(result["completion"])


class McpLink:
    """The SDK's MCP client over the channel's `mcp` lines, on an event-loop thread of its own."""

    def __init__(self, channel: Channel) -> None:
        """Connect (the MCP handshake runs over the channel)."""
        self._stack = contextlib.ExitStack()
        self._portal: BlockingPortal = self._stack.enter_context(start_blocking_portal(name="kit-mcp"))
        self._to_client: MemoryObjectSendStream[Any]
        self._channel = channel
        self.client: Client = self._stack.enter_context(self._portal.wrap_async_context_manager(self._client()))

    @contextlib.asynccontextmanager
    async def _client(self) -> AsyncIterator[Client]:
        to_client, client_reads = anyio.create_memory_object_stream[Any](64)
        client_writes, outbound = anyio.create_memory_object_stream[SessionMessage](64)
        self._to_client = to_client
        self._channel.on_mcp = self._inbound

        @contextlib.asynccontextmanager
        async def transport() -> AsyncIterator[tuple[MemoryObjectReceiveStream[Any], MemoryObjectSendStream[Any]]]:
            async with anyio.create_task_group() as group:
                group.start_soon(self._outbound, outbound)
                yield client_reads, client_writes
                group.cancel_scope.cancel()

        async with Client(transport(), mode="legacy", cache=None) as client:
            yield client

    async def _outbound(self, stream: MemoryObjectReceiveStream[SessionMessage]) -> None:
        async for item in stream:
            data = item.message.model_dump(by_alias=True, exclude_unset=True, mode="json")
            self._channel.send({"type": "mcp", "message": data})

    def _inbound(self, message: Any) -> None:
        item = SessionMessage(types.jsonrpc_message_adapter.validate_python(message))
        self._portal.call(self._to_client.send, item)

    def tools(self) -> list[ToolSpec]:
        """The tools the engine serves this session."""
        listing = self._portal.call(self.client.list_tools)
        return [ToolSpec(t.name, t.description or "", dict(t.input_schema)) for t in listing.tools]

    def call(self, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        """(text, is_error) of one tool call."""
        result = self._portal.call(self.client.call_tool, name, arguments)
        return "".join(str(getattr(block, "text", "")) for block in result.content), result.is_error

    def close(self) -> None:
        """Disconnect."""
        self._stack.close()


class McpToolBox(ToolBox):
    """The ToolBox an in-process agent expects, its calls made over MCP (records happen in the engine)."""

    def __init__(self, link: McpLink, workspace: Workspace, channel: Channel) -> None:
        """The session's tools are listed once, here."""
        super().__init__({}, ToolContext(workspace), self._emit)
        self._link = link
        self._channel = channel
        self._specs = link.tools()

    def specs(self) -> list[ToolSpec]:
        """The served tools, sorted by name."""
        return sorted(self._specs, key=lambda spec: spec.name)

    def names(self) -> list[str]:
        """Their names."""
        return [spec.name for spec in self.specs()]

    def call(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        """One call through MCP; its output is the engine's JSON result, parsed back."""
        text, is_error = self._link.call(name, arguments)
        call_id = f"t{self.turn}-{next(self._ids)}"
        if is_error:
            return ToolOutcome(call_id=call_id, output=None, error=text)
        try:
            return ToolOutcome(call_id=call_id, output=json.loads(text), error=None)
        except json.JSONDecodeError:
            return ToolOutcome(call_id=call_id, output=text, error=None)

    def _emit(self, event: Event) -> None:
        if isinstance(event, ActionError):
            self._channel.send({"type": "action_error", "text": event.text, "error": event.error})


def serve(make_agent: Callable[[ChatModel], Agent], workspace: Workspace) -> int:
    """Run an agent on the protocol over this process's stdio until the engine closes stdin; the exit code."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not corrupt the protocol
    channel = Channel(sys.stdin.buffer, out)
    link = McpLink(channel)
    agent = make_agent(RelayModel(channel))
    tools: McpToolBox | None = None
    channel.send({"type": "ready"})
    try:
        while (message := channel.messages.get()) is not None:
            kind = message["type"]
            if kind == "session_start":
                agent.start_session(brief_from(message))
                tools = McpToolBox(link, workspace, channel)
            elif kind == "user_message" and tools is not None:
                tools.turn = int(message.get("turn", 0))
                channel.send({"type": "reply", "text": agent.respond(str(message["text"]), tools)})
            elif kind == "session_end":
                agent.end_session()
                channel.send({"type": "session_ended"})
    finally:
        link.close()
    return 0

"""A session's tools served over MCP to an external agent (the only engine module serving with the `mcp` SDK).

The server offers exactly the tools of the session's toolsets (TurnDesk.specs: general/web, data lookups, the
session's apps; never `spawn`) and runs every call through the session's ToolBox on the engine thread
(TurnDesk.call_tool), so tool records, app state, rule probes and grading are the built-in agent's. It is built
from the desk alone: hidden intents, checklists, gold solutions and graders are not in its reach.

Two transports, both from one event-loop thread per agent (an anyio blocking portal):
- streamable HTTP on a free 127.0.0.1 port under an unguessable path (`http()` gives the URL);
- JSON-RPC messages carried by another channel, one connection per `connect(send)`: a command agent's stdio,
  where neither a container without network nor a jail can reach the host's loopback.
"""

from __future__ import annotations

import json
import secrets
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack, suppress
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
import uvicorn
from anyio.from_thread import BlockingPortal, start_blocking_portal
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.message import SessionMessage

from engine.agents.external.desk import TurnDesk
from engine.tools.toolbox import ToolOutcome

SERVER_NAME = "proact"
INSTRUCTIONS = (
    "The tools of the user's workspace and apps for the current session. They answer only while you are "
    "handling a message of the user; end your turn with your reply."
)
_START_TIMEOUT_S = 10.0
Send = Callable[[dict[str, Any]], None]


def outcome_text(outcome: ToolOutcome) -> str:
    """A tool outcome as the text an agent reads: the error, or the output as JSON (the built-in agent's form)."""
    if outcome.error is not None:
        return outcome.error
    return json.dumps(outcome.output, ensure_ascii=False, default=str)


def build_server(desk: TurnDesk) -> Server[Any]:
    """The MCP server of one external agent: tools listed from, and called through, `desk`."""

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None) -> Any:
        tools = [types.Tool(name=s.name, description=s.description, input_schema=s.parameters) for s in desk.specs()]
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> Any:
        outcome = await anyio.to_thread.run_sync(desk.call_tool, params.name, dict(params.arguments or {}))
        text = types.TextContent(text=outcome_text(outcome))
        return types.CallToolResult(content=[text], is_error=outcome.error is not None)

    return Server(SERVER_NAME, instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call_tool)


class Connection:
    """One MCP connection over another channel: `feed` the agent's JSON-RPC messages in; answers go to `send`."""

    def __init__(self, portal: BlockingPortal, server: Server[Any], send: Send) -> None:
        """Start serving the connection in the portal's event loop."""
        self._portal = portal
        inbound: tuple[MemoryObjectSendStream[Any], MemoryObjectReceiveStream[Any]] = portal.call(
            _streams, SessionMessage | Exception
        )
        outbound: tuple[MemoryObjectSendStream[Any], MemoryObjectReceiveStream[Any]] = portal.call(
            _streams, SessionMessage
        )
        self._in = inbound[0]
        options = server.create_initialization_options()
        self._tasks = [
            portal.start_task_soon(server.run, inbound[1], outbound[0], options),
            portal.start_task_soon(_forward, outbound[1], send),
        ]

    def feed(self, message: Any) -> None:
        """One JSON-RPC message from the agent (any thread); one that is not valid JSON-RPC is answered as such."""
        item: SessionMessage | Exception
        try:
            item = SessionMessage(types.jsonrpc_message_adapter.validate_python(message))
        except ValueError as exc:
            item = exc
        self._portal.call(self._in.send, item)

    def close(self) -> None:
        """End the connection."""
        for task in self._tasks:
            task.cancel()


async def _streams(kind: Any) -> tuple[MemoryObjectSendStream[Any], MemoryObjectReceiveStream[Any]]:
    return anyio.create_memory_object_stream[kind](64)


async def _forward(stream: MemoryObjectReceiveStream[SessionMessage], send: Send) -> None:
    async with stream:
        async for item in stream:
            data = item.message.model_dump(by_alias=True, exclude_unset=True, mode="json")
            await anyio.to_thread.run_sync(send, data)


class McpService:
    """The MCP server of one external agent, on its own event-loop thread until `close()`."""

    def __init__(self, desk: TurnDesk) -> None:
        """Nothing runs until a transport is asked for."""
        self._server = build_server(desk)
        self._stack: ExitStack | None = None
        self._portal: BlockingPortal | None = None
        self._uvicorn: uvicorn.Server | None = None
        self._url: str | None = None
        self._serving: Future[Any] | None = None
        self._lock = threading.Lock()

    def _loop(self) -> BlockingPortal:
        if self._portal is None:
            self._stack = ExitStack()
            self._portal = self._stack.enter_context(start_blocking_portal(name="proact-mcp"))
        return self._portal

    def http(self) -> str:
        """The streamable-HTTP URL (started on first call): 127.0.0.1, a free port, a random path."""
        with self._lock:
            if self._url is not None:
                return self._url
            portal = self._loop()
            path = f"/{secrets.token_urlsafe(16)}/mcp"
            app = self._server.streamable_http_app(streamable_http_path=path, stateless_http=True, json_response=True)
            sock = socket.socket()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # else ~40 ms per call (delayed ACKs)
            sock.bind(("127.0.0.1", 0))
            server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
            self._serving = portal.start_task_soon(server.serve, [sock])
            deadline = time.monotonic() + _START_TIMEOUT_S
            while not server.started and time.monotonic() < deadline:
                time.sleep(0.01)
            if not server.started:
                raise RuntimeError("the MCP server did not start on 127.0.0.1")
            self._uvicorn = server
            self._url = f"http://127.0.0.1:{sock.getsockname()[1]}{path}"
            return self._url

    def connect(self, send: Send) -> Connection:
        """A new connection whose messages travel over another channel (`send` writes one to the agent)."""
        with self._lock:
            return Connection(self._loop(), self._server, send)

    def close(self) -> None:
        """Stop every transport and the event-loop thread (idempotent)."""
        with self._lock:
            if self._uvicorn is not None and self._serving is not None:
                self._uvicorn.should_exit = True
                with suppress(Exception):
                    self._serving.result(timeout=_START_TIMEOUT_S)
            if self._portal is not None and self._stack is not None:
                with suppress(RuntimeError):
                    self._portal.call(self._portal.stop, True)
                self._stack.close()
            self._portal, self._stack, self._uvicorn, self._url, self._serving = None, None, None, None, None

"""A test agent outside the engine: every turn, a thread of its own replays the session's gold actions with the
`mcp` SDK's client over the episode's MCP URL, then ends the turn with the gold message. Tests run it through
the real episode runner to see MCP calls land in the trajectory and the app state."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from mcp import Client

from engine.agents.base import SessionBrief
from engine.agents.external.desk import TurnDesk
from engine.agents.external.mcp_server import McpService
from engine.agents.reference import FINAL_REPLY, result_value
from engine.schema.session import ReferenceSolution, ReferenceTurn
from engine.tools.toolbox import ToolBox

TurnScript = Callable[[Client], Awaitable[str]]


def parsed(text: str) -> Any:
    """A tool result's text as JSON, else the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


class McpDriver:
    """Plays gold turns (or `script`, when given) over MCP; `listed` keeps each session's tool names, `texts` every
    text a tool call or listing returned."""

    def __init__(self, solutions: Mapping[str, ReferenceSolution | None], root: Path, script: TurnScript | None = None):
        self.desk = TurnDesk()
        self.service = McpService(self.desk)
        self.url = self.service.http()
        self.solutions = solutions
        self.root = root
        self.script = script
        self.turns: list[ReferenceTurn] = []
        self.listed: dict[str, list[str]] = {}
        self.texts: list[str] = []
        self.session = ""

    def start_session(self, brief: SessionBrief) -> None:
        self.desk.set_toolsets(brief.toolsets)
        solution = self.solutions.get(brief.session_id)
        self.turns = [] if solution is None else list(solution.turns)
        self.session = brief.session_id

    def respond(self, message: str, tools: ToolBox) -> str:
        def begin(token: int) -> None:
            threading.Thread(target=self._play, args=(token,), daemon=True).start()

        return self.desk.serve(tools, begin, "reply", 120)

    def _play(self, token: int) -> None:
        try:
            reply = asyncio.run(self._turn())
        except Exception as exc:
            self.desk.fail(token, f"driver: {exc!r}")
            return
        self.desk.end(token, "reply", reply)

    async def _turn(self) -> str:
        async with Client(self.url) as client:
            listing = await client.list_tools()
            self.listed[self.session] = [tool.name for tool in listing.tools]
            self.texts += [f"{t.name} {t.description} {json.dumps(t.input_schema)}" for t in listing.tools]
            if self.script is not None:
                return await self.script(client)
            if not self.turns:
                return FINAL_REPLY
            turn = self.turns.pop(0)
            results: dict[str, Any] = {}
            for action in turn.actions:
                args = dict(action.args)
                args.update({k: (self.root / v).read_text(encoding="utf-8") for k, v in action.args_from_files.items()})
                args.update({k: result_value(results, v) for k, v in action.args_from_results.items()})
                result = await client.call_tool(action.tool, args)
                text = str(getattr(result.content[0], "text", ""))
                self.texts.append(text)
                if not result.is_error:
                    results[action.tool] = parsed(text)
            return turn.message

    def end_session(self) -> None:
        pass

    def close(self) -> None:
        self.service.close()

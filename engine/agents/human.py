"""A person in the agent's seat (`proact play --seat agent`, or `agent.kind: human`): they see exactly what an
agent sees (the session's brief, each incoming message, the tools and what calls return) and type tool calls and
replies. The session is recorded and graded like any other."""

from __future__ import annotations

import json
import shlex
from typing import Any

from engine.agents.base import SessionBrief
from engine.agents.react.loop import observation
from engine.terminal import RULE, Terminal
from engine.tools.toolbox import ToolBox

COMMANDS = ("/help", "/tools", "/tool", "/call", "/quit")
HELP = """Type your reply to the user on one line (end a line with \\ to go on to the next): it ends your turn.
  /call TOOL {"arg": "value"}   call a tool with JSON arguments (or: /call TOOL arg=value other="two words")
  /tools                        list the tools;  /tool TOOL  shows its arguments
  /help                         this text;       /quit       stop the run (finished sessions stay recorded)
Tab completes commands, and tool names after /call and /tool."""


def parse_arguments(text: str) -> dict[str, Any]:
    """Tool arguments typed by a person: a JSON object, or key=value pairs (a value that is JSON is read as JSON)."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("the arguments must be a JSON object")
        return data
    out: dict[str, Any] = {}
    for pair in shlex.split(text):
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"{pair!r} is not key=value")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


class HumanAgent:
    """The agent's seat at a terminal."""

    def __init__(self, terminal: Terminal | None = None) -> None:
        """Standard input and output unless a terminal is given."""
        self.term = terminal or Terminal()

    def start_session(self, brief: SessionBrief) -> None:
        """Announce the session as an agent learns of it."""
        self.term.say(f"\n=== you are the agent · session {brief.session_id} (opened by: {brief.trigger}) ===")
        if brief.now is not None:
            self.term.say(brief.date_line())
        self.term.say("Type /help for the commands.")

    def respond(self, message: str, tools: ToolBox) -> str:
        """Show the message; run the person's tool calls until they type a reply."""
        self.term.say(f"{RULE}\nmessage (turn {tools.turn}):\n{message}\n{RULE}")
        while True:
            line = self.term.ask("agent> ", COMMANDS, tools.names())
            if not line:
                continue
            if not line.startswith("/"):
                return line
            self._command(line, tools)

    def _command(self, line: str, tools: ToolBox) -> None:
        name, _, rest = line.partition(" ")
        if name == "/help":
            self.term.say(HELP)
        elif name == "/tools":
            self.term.say("\n".join(f"  {s.name}: {s.description}" for s in tools.specs()))
        elif name == "/tool":
            spec = next((s for s in tools.specs() if s.name == rest.strip()), None)
            self.term.say(f"no tool {rest.strip()!r}" if spec is None else json.dumps(spec.parameters, indent=2))
        elif name == "/call":
            self._call(rest, tools)
        else:
            self.term.say(f"unknown command {name}; /help lists them")

    def _call(self, rest: str, tools: ToolBox) -> None:
        tool, _, raw = rest.strip().partition(" ")
        try:
            arguments = parse_arguments(raw)
        except ValueError as exc:
            self.term.say(f"could not read the arguments: {exc}")
            return
        outcome = tools.call(tool, arguments)
        self.term.say(observation(outcome, None))  # whole, as the tool returned it: a person can scroll

    def end_session(self) -> None:
        """Say the session is over."""
        self.term.say("=== the session is over ===")

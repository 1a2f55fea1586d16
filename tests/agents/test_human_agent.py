"""The agent's seat without a terminal: typed arguments, tool calls, commands, and the reply ending the turn."""

from __future__ import annotations

import io

import pytest

from engine.agents.human import HumanAgent, parse_arguments
from engine.terminal import PlayerQuit, Terminal
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.react_helpers import toolbox


def test_arguments_are_json_or_key_value_pairs() -> None:
    assert parse_arguments('{"path": "a.md", "n": 2}') == {"path": "a.md", "n": 2}
    assert parse_arguments('path=notes/a.md limit=5 text="two words"') == {
        "path": "notes/a.md",
        "limit": 5,
        "text": "two words",
    }
    assert parse_arguments("") == {}
    for bad in ("[1, 2]", "path", "{broken"):
        with pytest.raises(ValueError):
            parse_arguments(bad)


def test_a_typed_session_turn_calls_tools_and_replies() -> None:
    lines = iter(
        ["", "/tools", "/tool read_file", "/call read_file path=a.md", "/call read_file [", "/nope", "Done \\", "now."]
    )
    out = io.StringIO()
    agent = HumanAgent(Terminal(out=out, read=lambda _prompt: next(lines)))
    tools, events = toolbox(MemoryWorkspace({"a.md": b"hello"}))
    assert agent.respond("Please look at a.md", tools) == "Done \nnow."
    text = out.getvalue()
    assert "Please look at a.md" in text and "read_file: " in text and '"path"' in text
    assert '"content": "hello"' in text and "could not read the arguments" in text and "unknown command /nope" in text
    assert [type(e).__name__ for e in events] == ["ToolCall", "ToolResult"]


def test_the_person_at_the_agents_seat_sees_a_long_file_whole() -> None:
    lines = iter(["/call read_file path=long.md", "Read it."])
    out = io.StringIO()
    agent = HumanAgent(Terminal(out=out, read=lambda _prompt: next(lines)))
    body = "".join(f"line {n:05d}\n" for n in range(1_000))
    tools, _ = toolbox(MemoryWorkspace({"long.md": body.encode()}))
    agent.respond("Look at long.md", tools)
    assert "line 00999" in out.getvalue() and "characters cut" not in out.getvalue()


def test_quit_and_end_of_input_stop_the_run() -> None:
    def eof(_prompt: str) -> str:
        raise EOFError

    for read in (lambda _prompt: "/quit", eof):
        agent = HumanAgent(Terminal(out=io.StringIO(), read=read))
        tools, _ = toolbox(MemoryWorkspace({}))
        with pytest.raises(PlayerQuit):
            agent.respond("hi", tools)

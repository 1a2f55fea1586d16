"""A person at the terminal taking a seat in an episode (`proact play`): line input with readline editing, history
and tab-completion, and printing. `/quit` anywhere stops the run (PlayerQuit); the sessions finished so far stay
recorded and graded."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TextIO

RULE = "-" * 72
TOOL_COMMANDS = ("/call", "/tool")


class PlayerQuit(BaseException):
    """The person typed /quit: the run stops here (not an agent or user failure of the session)."""


class Terminal:
    """Prompts and output for one player. `words()` gives what Tab completes at the start of a line."""

    def __init__(self, out: TextIO | None = None, read: Callable[[str], str] | None = None) -> None:
        """Standard output and `input()` (with readline where available) unless given."""
        self._out = out or sys.stdout
        self._read = read or input
        self._commands: Sequence[str] = ()
        self._tools: Sequence[str] = ()
        if read is None:
            self._setup_readline()

    def _setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # no readline on this platform: plain input, no completion
            return
        readline.set_completer_delims(" \t\n")
        readline.parse_and_bind("tab: complete")
        readline.set_completer(self._complete)

    def _complete(self, text: str, state: int) -> str | None:
        import readline

        before = readline.get_line_buffer()[: readline.get_begidx()].split()
        if not before:
            words = self._commands
        elif len(before) == 1 and before[0] in TOOL_COMMANDS:
            words = self._tools
        else:
            words = ()
        matches = [w for w in words if w.startswith(text)]
        return matches[state] + " " if state < len(matches) else None

    def say(self, text: str = "") -> None:
        """Print a block of text."""
        self._out.write(text + "\n")
        self._out.flush()

    def ask(self, prompt: str, commands: Sequence[str] = (), tools: Sequence[str] = ()) -> str:
        """One line from the player (a line ending in a backslash continues on the next); /quit (or EOF) raises
        PlayerQuit. Tab completes `commands` at the start of a line and `tools` after /call or /tool."""
        self._commands, self._tools = commands, tools
        parts: list[str] = []
        while True:
            try:
                line = self._read(prompt if not parts else "... ")
            except EOFError:
                raise PlayerQuit from None
            if line.endswith("\\"):
                parts.append(line[:-1])
                continue
            parts.append(line)
            text = "\n".join(parts).strip()
            if text == "/quit":
                raise PlayerQuit
            return text

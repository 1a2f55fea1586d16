"""The CLI's rich console: terminal width on a terminal, 160 columns off one (logs, pipes) to keep columns."""

from __future__ import annotations

from rich.console import Console

LOG_WIDTH = 160


def make_console() -> Console:
    """A console for one CLI module."""
    console = Console()
    if not console.is_terminal:
        console.width = max(console.width, LOG_WIDTH)
    return console

"""Off a terminal the CLI's tables keep their columns: the console is at least LOG_WIDTH wide."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from engine import cli_console
from engine.cli_console import LOG_WIDTH, make_console


def test_console_off_a_terminal_is_log_width_and_keeps_table_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    buffer = io.StringIO()
    monkeypatch.setattr(cli_console, "Console", lambda: Console(file=buffer, width=80))
    console = make_console()
    assert not console.is_terminal and console.width == LOG_WIDTH
    table = Table()
    for n in range(12):
        table.add_column(f"column-{n:02d}")
    table.add_row(*(f"value-{n:02d}" for n in range(12)))
    console.print(table)
    assert "column-11" in buffer.getvalue() and "value-11" in buffer.getvalue()

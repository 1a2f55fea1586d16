"""The episode checkpoint's SQLite file: a new one is a copy of the saver's own empty database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from engine.episode import CHECKPOINTS, _checkpointer


def test_a_new_checkpoint_is_the_savers_empty_wal_database_and_is_read_back_once_it_exists(tmp_path: Path) -> None:
    config = {"configurable": {"thread_id": "example"}}
    with _checkpointer(tmp_path) as (saver, fresh):
        assert fresh and saver.get_tuple(config) is None
    conn = sqlite3.connect(tmp_path / CHECKPOINTS)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {row[1] for row in conn.execute("PRAGMA table_info(writes)")}
    finally:
        conn.close()
    assert {"checkpoints", "writes"} <= tables and "task_path" in columns
    with _checkpointer(tmp_path) as (_, fresh):
        assert not fresh  # an existing checkpoint is read back, not replaced
    with _checkpointer(None) as (_, fresh):
        assert fresh  # no run directory: in memory

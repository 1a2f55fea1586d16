"""The episode checkpoint's SQLite file: a new one is a copy of the saver's own empty database, written from one
thread."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from engine.episode import CHECKPOINT_WRITERS, CHECKPOINTS, EpisodeDeps, _checkpointer, run_episode
from engine.schema.config import RunConfig
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.test_conditions import ProbeAgent, three_sessions


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


def test_an_episode_writes_its_checkpoints_from_one_thread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[str] = []
    start = threading.Thread.start

    def counted(thread: threading.Thread) -> None:
        started.append(thread.name)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", counted)
    deps = EpisodeDeps(agent=ProbeAgent(), user=RulesUser(), workspace=MemoryWorkspace({"seed.txt": b"s"}))
    episode = run_episode(three_sessions(), RunConfig(), deps, out_dir=tmp_path)
    assert [s.termination for s in episode.sessions] == ["resolved"] * 3
    pool = [name for name in started if name.startswith("ThreadPoolExecutor")]  # LangGraph's executor's threads
    assert len(pool) == CHECKPOINT_WRITERS == 1  # its pool would otherwise grow to 3-5 threads
    conn = sqlite3.connect(tmp_path / CHECKPOINTS)
    try:
        assert conn.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0] > len(episode.sessions)
    finally:
        conn.close()

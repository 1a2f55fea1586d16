"""The Workspace contract, run against every adapter (memory, local, docker)."""

from __future__ import annotations

import time

import pytest

from engine.ports import WorkspaceError
from sandbox.workspace.diff import diff_files
from tests.sandbox.conftest import Factory

SEED = {"notes/a.md": b"alpha\n", "data/b.csv": b"x,y\n1,2\n", "top.txt": b"top"}


def test_read_write_and_nested_folders(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    assert ws.read_file("notes/a.md") == b"alpha\n"
    assert ws.read_file("/workspace/top.txt") == b"top"
    blob = bytes(range(256)) * 40
    ws.write_file("deep/er/still/blob.bin", blob)
    assert ws.read_file("deep/er/still/blob.bin") == blob
    ws.write_file("top.txt", b"")
    assert ws.read_file("top.txt") == b""
    assert set(ws.list_files()) == {"notes/a.md", "data/b.csv", "top.txt", "deep/er/still/blob.bin"}


@pytest.mark.parametrize("path", ["../outside.txt", "/etc/passwd", "notes/../../x", ""])
def test_paths_outside_the_workspace_are_refused(make_ws: Factory, path: str) -> None:
    ws = make_ws(SEED)
    with pytest.raises(WorkspaceError):
        ws.write_file(path, b"x")
    with pytest.raises(WorkspaceError):
        ws.read_file(path)


def test_missing_files_are_errors(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    with pytest.raises(WorkspaceError, match=r"nope\.txt"):
        ws.read_file("nope.txt")
    with pytest.raises(WorkspaceError):
        ws.delete("nope.txt")
    ws.delete("notes/a.md")
    assert "notes/a.md" not in ws.list_files()
    with pytest.raises(WorkspaceError):
        ws.read_file("notes/a.md")


def test_change_detection_sees_added_modified_and_deleted_files(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    before = ws.list_files()
    assert ws.list_files() == before, "listing twice without a change must give the same fingerprints"
    ws.write_file("notes/a.md", b"omega\n")  # same size, different content
    ws.write_file("new.txt", b"n")
    ws.delete("top.txt")
    assert diff_files(before, ws.list_files()) == [
        ("new.txt", "added"),
        ("notes/a.md", "modified"),
        ("top.txt", "deleted"),
    ]


def test_change_detection_sees_what_commands_do(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    before = ws.list_files()
    result = ws.exec(
        "sed -i s/1/9/ data/b.csv && mkdir -p out && echo hi > out/r.txt && rm top.txt", timeout_s=20, output_cap=1000
    )
    assert result.exit_code == 0, result.output
    assert diff_files(before, ws.list_files()) == [
        ("data/b.csv", "modified"),
        ("out/r.txt", "added"),
        ("top.txt", "deleted"),
    ]
    assert ws.read_file("data/b.csv") == b"x,y\n9,2\n"


def test_exec_runs_in_the_root_merges_stderr_and_returns_exit_codes(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    result = ws.exec("cat top.txt; echo; echo oops >&2; exit 7", timeout_s=20, output_cap=1000)
    assert result.exit_code == 7
    assert result.output == "top\noops\n"
    assert not result.timed_out and not result.truncated
    assert ws.exec("python3 -c 'print(6*7)'", timeout_s=20, output_cap=100).output == "42\n"


def test_exec_sees_no_secret_of_the_engine(make_ws: Factory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROACT_TEST_API_KEY", "sk-do-not-leak")
    ws = make_ws(SEED)
    result = ws.exec("env; cat /proc/1/environ 2>/dev/null | tr '\\0' '\\n'", timeout_s=20, output_cap=100_000)
    assert "sk-do-not-leak" not in result.output
    assert "PROACT_TEST_API_KEY" not in result.output


def test_timeout_kills_the_whole_process_tree(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    started = time.monotonic()
    result = ws.exec("echo begun; (sleep 2; echo late > late.txt) & sleep 60", timeout_s=1, output_cap=1000)
    assert time.monotonic() - started < 15
    assert result.timed_out and result.exit_code != 0
    assert result.output == "begun\n"
    time.sleep(3)
    assert "late.txt" not in ws.list_files(), "a background child outlived the timeout"
    assert ws.exec("echo alive", timeout_s=20, output_cap=100).output == "alive\n"


def test_output_is_capped(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    result = ws.exec("yes abcdefgh | head -c 200000; echo done >&2", timeout_s=20, output_cap=1000)
    assert result.truncated and len(result.output) == 1000
    assert result.output.startswith("abcdefgh\nabcdefgh\n")
    exact = ws.exec("printf 0123456789", timeout_s=20, output_cap=10)
    assert exact.output == "0123456789" and not exact.truncated


def test_snapshot_and_restore_round_trip(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    archive = ws.snapshot()
    ws.write_file("notes/a.md", b"changed")
    ws.write_file("extra/new.txt", b"new")
    ws.delete("top.txt")
    ws.restore(archive)
    assert {path: ws.read_file(path) for path in ws.list_files()} == SEED
    other = make_ws({})
    other.restore(archive)
    assert {path: other.read_file(path) for path in other.list_files()} == SEED
    assert other.exec("cat notes/a.md", timeout_s=20, output_cap=100).output == "alpha\n"
    other.write_file("notes/a.md", b"writable after restore")
    assert other.read_file("notes/a.md") == b"writable after restore"


def test_close_is_idempotent(make_ws: Factory) -> None:
    ws = make_ws(SEED)
    ws.close()
    ws.close()


def test_files_written_by_exec_are_readable_and_deletable(make_ws: Factory) -> None:
    ws = make_ws({})
    ws.exec("mkdir -p a/b && printf 'x%.0s' $(seq 1 5000) > a/b/c.txt", timeout_s=20, output_cap=100)
    assert ws.read_file("a/b/c.txt") == b"x" * 5000
    assert ws.list_files()["a/b/c.txt"].size == 5000
    ws.delete("a/b/c.txt")
    assert ws.list_files() == {}

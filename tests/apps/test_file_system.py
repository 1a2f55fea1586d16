"""file_system: the app-side file store (never the agent's workspace); success paths and errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.apps.harness import ACCOUNT, AppHarness, unauthorized

FIXTURE = {
    "account": ACCOUNT,
    "directories": ["~/empty"],
    "files": [
        {"path": "~/documents/brief.txt", "content": "Saturday plan"},
        {"path": "~/documents/old/minutes.md", "content": "Minutes"},
    ],
}
HOME = "/home/noor/"


@pytest.fixture
def fs(tmp_path: Path) -> AppHarness:
    bench = AppHarness.from_files(tmp_path, {"file_system": FIXTURE})
    bench.login("file_system")
    return bench


def paths(fs: AppHarness) -> list[str]:
    return [r["path"] for r in fs.rows("file_system", "files")]


def test_seeded_tree_and_listing(fs: AppHarness) -> None:
    assert paths(fs) == [HOME + "documents/brief.txt", HOME + "documents/old/minutes.md"]
    assert fs.ok("file_system__show_directory", directory_path="~/", recursive=False) == [
        HOME + "documents/",
        HOME + "empty/",
    ]
    assert fs.ok("file_system__show_directory", directory_path="~/documents", entry_type="files") == [
        HOME + "documents/brief.txt",
        HOME + "documents/old/minutes.md",
    ]
    assert fs.ok("file_system__show_directory", substring="minutes") == [HOME + "documents/old/minutes.md"]
    assert (
        fs.err("file_system__show_directory", directory_path="/nowhere")
        == "Directory with path /nowhere/ is not available."
    )
    assert fs.workspace_untouched()


def test_create_and_show_file(fs: AppHarness) -> None:
    assert fs.ok("file_system__create_file", file_path="~/notes/todo.txt", content="call Piet") == {
        "message": "File created.",
        "file_path": HOME + "notes/todo.txt",
    }
    shown = fs.ok("file_system__show_file", file_path="/home/noor/notes/todo.txt")
    assert (shown["content"], shown["created_at"]) == ("call Piet", "2026-03-02T09:00:02")
    assert fs.err("file_system__create_file", file_path="~/notes/todo.txt") == (
        "A file already exists at the given file_path in your account. Set overwrite to True to overwrite it."
    )
    fs.ok("file_system__create_file", file_path="~/notes/todo.txt", content="done", overwrite=True)
    assert fs.ok("file_system__show_file", file_path="~/notes/todo.txt")["content"] == "done"
    assert fs.err("file_system__create_file", file_path="~/notes/todo") == (
        "The path file_path (~/notes/todo) is supposed to be a file and so must have an extension."
    )
    assert fs.err("file_system__create_file", file_path="~//x.txt") == "The path file_path (~//x.txt) is invalid."
    assert (
        fs.err("file_system__show_file", file_path="~/none.txt")
        == "File with path /home/noor/none.txt is not available."
    )


def test_create_directory(fs: AppHarness) -> None:
    assert fs.ok("file_system__create_directory", directory_path="~/photos") == {"message": "Directory created."}
    assert fs.ok("file_system__create_directory", directory_path="~/photos") == {"message": "Directory already exists."}
    assert fs.err("file_system__create_directory", directory_path="~/photos", allow_if_exists=False) == (
        "A directory already exists at the given directory_path in your account."
    )
    assert fs.err("file_system__create_directory", directory_path="~/a/b") == (
        "Parent directory with path /home/noor/a/ does not exist in your account. "
        "Set recursive to True to create all parent directories recursively."
    )
    fs.ok("file_system__create_directory", directory_path="~/a/b", recursive=True)
    assert fs.ok("file_system__show_directory", directory_path="~/a") == [HOME + "a/b/"]
    assert fs.err("file_system__create_directory", directory_path="~/pics.zip") == (
        "The path directory_path (~/pics.zip) is supposed to be a directory and so must not have an extension."
    )


def test_copy_and_move_file(fs: AppHarness) -> None:
    assert fs.ok(
        "file_system__copy_file",
        source_file_path="~/documents/brief.txt",
        destination_file_path="~/archive/brief.txt",
        retain_dates=True,
    ) == {"message": "File copied.", "destination_file_path": HOME + "archive/brief.txt"}
    assert fs.ok("file_system__show_file", file_path="~/archive/brief.txt")["created_at"] == "2026-03-02T09:00:00"
    assert (
        fs.ok(
            "file_system__move_file",
            source_file_path="~/documents/brief.txt",
            destination_file_path="~/brief-final.txt",
        )["message"]
        == "File moved."
    )
    assert paths(fs) == [HOME + "archive/brief.txt", HOME + "brief-final.txt", HOME + "documents/old/minutes.md"]
    assert fs.err(
        "file_system__copy_file", source_file_path="~/brief-final.txt", destination_file_path="~/brief-final.txt"
    ) == ("Source and destination file paths cannot be the same.")
    assert fs.err(
        "file_system__move_file", source_file_path="~/documents/brief.txt", destination_file_path="~/x.txt"
    ) == ("Source file with path /home/noor/documents/brief.txt is not available.")
    assert fs.err(
        "file_system__copy_file", source_file_path="~/brief-final.txt", destination_file_path="~/archive/brief.txt"
    ) == (
        "A file already exists at the given destination_file_path in your account. "
        "Set overwrite to True to overwrite it."
    )


def test_copy_and_move_directory(fs: AppHarness) -> None:
    assert fs.ok(
        "file_system__copy_directory", source_directory_path="~/documents", destination_directory_path="~/backup"
    ) == {"message": "Directory copied.", "destination_directory_path": HOME + "backup/"}
    assert fs.ok("file_system__show_directory", directory_path="~/backup") == [
        HOME + "backup/brief.txt",
        HOME + "backup/old/",
        HOME + "backup/old/minutes.md",
    ]
    assert fs.err(
        "file_system__copy_directory", source_directory_path="~/documents", destination_directory_path="~/backup"
    ) == (
        "A directory already exists at the given destination_directory_path in your account. "
        "Set overwrite to True to overwrite it."
    )
    assert (
        fs.ok(
            "file_system__move_directory",
            source_directory_path="~/documents/old",
            destination_directory_path="~/backup",
            overwrite=True,
        )["message"]
        == "Directory moved."
    )
    assert paths(fs) == [HOME + "backup/minutes.md", HOME + "documents/brief.txt"]
    assert (
        fs.err(
            "file_system__move_directory",
            source_directory_path="~/documents/old",
            destination_directory_path="~/elsewhere",
        )
        == "Source directory with path /home/noor/documents/old/ is not available."
    )
    assert (
        fs.err(
            "file_system__copy_directory", source_directory_path="~/documents", destination_directory_path="~/documents"
        )
        == "Source and destination directory paths cannot be the same."
    )
    assert fs.err(
        "file_system__copy_directory",
        source_directory_path="~/documents",
        destination_directory_path="~/documents/inner",
    ) == ("The destination directory cannot be inside the source directory.")
    assert fs.workspace_untouched()


def test_auth(fs: AppHarness) -> None:
    assert fs.ok("file_system__logout") == {"message": "Successfully logged out."}
    assert fs.err("file_system__create_file", file_path="~/x.txt") == unauthorized("file_system")
    assert fs.err("file_system__login", username="noor@lindenhof.example", password="?") == "Invalid credentials"

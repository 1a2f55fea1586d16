"""read_file, write_file, edit_file, list_dir."""

from __future__ import annotations

import json

from tests.tools.helpers import Bench, error_of

NOTEBOOK = {"cells": [{"cell_type": "markdown", "source": ["# Title"]}, {"cell_type": "code", "source": "x = 1"}]}


def test_read_write_edit_round_trip() -> None:
    bench = Bench()
    assert bench.call("write_file", path="notes/a.md", content="alpha beta").output == {
        "path": "notes/a.md",
        "bytes": 10,
    }
    assert bench.call("read_file", path="notes/a.md").output["content"] == "alpha beta"
    assert bench.call("edit_file", path="notes/a.md", old_text="beta", new_text="gamma").output["replaced"] == 1
    assert bench.text("notes/a.md") == "alpha gamma"


def test_read_file_renders_notebooks_as_numbered_cells() -> None:
    bench = Bench({"n.ipynb": json.dumps(NOTEBOOK).encode()})
    assert (
        bench.call("read_file", path="n.ipynb").output["content"]
        == "[cell 1] (markdown)\n# Title\n\n[cell 2] (code)\nx = 1"
    )


def test_file_tool_errors() -> None:
    bench = Bench({"a.md": b"x x"})
    assert "no such file" in error_of(bench.call("read_file", path="missing.md"))
    assert "occurs 2 times" in error_of(bench.call("edit_file", path="a.md", old_text="x", new_text="y"))
    assert "occurs 0 times" in error_of(bench.call("edit_file", path="a.md", old_text="z", new_text="y"))
    assert "bad arguments for read_file: path: Field required" in error_of(bench.call("read_file"))
    assert "bad arguments for write_file: name: Extra inputs" in error_of(
        bench.call("write_file", path="b", content="", name="x")
    )
    assert "bad arguments for write_file: content" in error_of(bench.call("write_file", path="b", content=3))
    assert "bad arguments for edit_file: old_text" in error_of(
        bench.call("edit_file", path="a.md", old_text="", new_text="y")
    )
    assert bench.text("a.md") == "x x"


def test_list_dir_entries_recursive_and_errors() -> None:
    bench = Bench({"a.md": b"", "notes/b.md": b"", "notes/deep/c.md": b""})
    assert bench.call("list_dir").output["entries"] == ["a.md", "notes/"]
    assert bench.call("list_dir", path="notes").output["entries"] == ["b.md", "deep/"]
    assert bench.call("list_dir", path="notes/", recursive=True).output["files"] == ["b.md", "deep/c.md"]
    assert "no such folder" in error_of(bench.call("list_dir", path="nope"))
    assert "bad arguments for list_dir: recursive" in error_of(bench.call("list_dir", recursive="very"))

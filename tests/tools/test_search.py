"""glob and grep."""

from __future__ import annotations

from tests.tools.helpers import Bench, error_of

FILES = {
    "a.csv": b"name,score\nAna,3\n",
    "data/b.csv": b"name,score\nBo,4\n",
    "data/deep/c.csv": b"name\nCai\n",
    "notes/todo.md": b"Call Ana\ncall the bank\n",
    "bin.dat": b"\xff\xfe Ana",
}


def test_glob_matches_within_and_across_folders() -> None:
    bench = Bench(FILES)
    assert bench.call("glob", pattern="*.csv").output == {"paths": ["a.csv"], "count": 1}
    assert bench.call("glob", pattern="**/*.csv").output["paths"] == ["a.csv", "data/b.csv", "data/deep/c.csv"]
    assert bench.call("glob", pattern="*.csv", path="data").output["paths"] == ["data/b.csv"]
    assert bench.call("glob", pattern="notes/t?do.md").output["paths"] == ["notes/todo.md"]
    assert bench.call("glob", pattern="*.xlsx").output["count"] == 0
    assert "bad arguments for glob: pattern" in error_of(bench.call("glob", pattern=""))


def test_grep_modes_case_glob_and_limits() -> None:
    bench = Bench(FILES)
    assert bench.call("grep", pattern="Ana").output["results"] == ["a.csv:2:Ana,3", "notes/todo.md:1:Call Ana"]
    assert bench.call("grep", pattern="^call", case_insensitive=True, output_mode="count").output["results"] == [
        "notes/todo.md:2"
    ]
    assert bench.call("grep", pattern="name", glob="*.csv", output_mode="files_with_matches").output["results"] == [
        "a.csv",
        "data/b.csv",
        "data/deep/c.csv",
    ]
    assert bench.call("grep", pattern="name", path="data/b.csv").output["results"] == ["data/b.csv:1:name,score"]
    limited = bench.call("grep", pattern="a", head_limit=2).output
    assert len(limited["results"]) == 2 and limited["truncated"] is True


def test_grep_errors() -> None:
    bench = Bench(FILES)
    assert "invalid regular expression '(unclosed'" in error_of(bench.call("grep", pattern="(unclosed"))
    assert "bad arguments for grep: output_mode" in error_of(bench.call("grep", pattern="a", output_mode="lines"))
    assert "bad arguments for grep: head_limit" in error_of(bench.call("grep", pattern="a", head_limit=0))


def test_grep_skips_binary_files_even_when_they_decode() -> None:
    bench = Bench({"img.bin": b"PNG\x00\x01Ana", "t.txt": b"Ana\n"})
    assert bench.call("grep", pattern="Ana", output_mode="files_with_matches").output["results"] == ["t.txt"]

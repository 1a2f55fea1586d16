"""One evidence view (one evaluation pass) lists the workspace once and reads each file once, however many rules look;
a read the workspace failed to answer is not remembered, so the next rule tries again."""

from __future__ import annotations

from collections import Counter

from engine.ports import WorkspaceError
from graders.view import EvidenceView
from sandbox.workspace.memory import MemoryWorkspace
from sandbox.workspace.saferead import UnreadableFileError


class Counting(MemoryWorkspace):
    """A memory workspace that counts listings and reads, and fails the first `failures` reads of `flaky`."""

    def __init__(self, files: dict[str, bytes], flaky: str = "", failures: int = 0) -> None:
        super().__init__(files)
        self.listings = 0
        self.reads: Counter[str] = Counter()
        self.flaky, self.failures = flaky, failures

    def list_files(self):  # type: ignore[no-untyped-def]
        self.listings += 1
        return super().list_files()

    def read_file(self, path: str) -> bytes:
        self.reads[path] += 1
        if path == self.flaky and self.failures:
            self.failures -= 1
            raise WorkspaceError("the container did not answer")
        if path == "pipe":
            raise UnreadableFileError("pipe: it is a FIFO (named pipe), not a regular file")
        return super().read_file(path)


def test_a_view_lists_once_and_reads_each_file_once() -> None:
    ws = Counting({"a.md": b"alpha", "b.md": b"beta"})
    view = EvidenceView(workspace=ws)
    for _ in range(3):
        assert view.files() == ["a.md", "b.md"]
        assert view.read_text("a.md") == "alpha" and view.read_text("missing.md") is None
    view.files().append("not-in-the-view.md")  # a caller's copy: the view's listing is unchanged
    assert view.files() == ["a.md", "b.md"]
    assert ws.listings == 1 and ws.reads == Counter({"a.md": 1, "missing.md": 1})
    assert EvidenceView(workspace=ws).read_text("a.md") == "alpha" and ws.reads["a.md"] == 2  # a new pass reads


def test_a_failed_read_is_recorded_and_tried_again() -> None:
    ws = Counting({"a.md": b"alpha"}, flaky="a.md", failures=1)
    view = EvidenceView(workspace=ws)
    assert view.read_text("a.md") is None and "a.md" in view.failed_reads
    assert view.read_text("a.md") == "alpha"
    assert ws.reads["a.md"] == 2


def test_an_unreadable_file_is_said_again_to_a_caller_that_cleared_the_reasons() -> None:
    ws = Counting({})
    view = EvidenceView(workspace=ws)
    assert view.read_text("pipe") is None and "FIFO" in view.unreadable["pipe"]
    view.unreadable.clear()
    assert view.read_text("pipe") is None and "FIFO" in view.unreadable["pipe"]
    assert ws.reads["pipe"] == 1

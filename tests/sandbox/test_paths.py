"""Workspace path normalisation: relative paths pass, escapes fail with a message that says how to fix them."""

from __future__ import annotations

import pytest

from engine.ports import WorkspaceError
from sandbox.workspace.paths import normalise


@pytest.mark.parametrize(
    ("raw", "clean"),
    [("notes/a.md", "notes/a.md"), ("./notes//a.md", "notes/a.md"), ("/workspace/x/y.csv", "x/y.csv"), ("a/../b", "b")],
)
def test_relative_and_workspace_paths_are_normalised(raw: str, clean: str) -> None:
    assert normalise(raw) == clean


def test_absolute_path_error_suggests_the_relative_form() -> None:
    with pytest.raises(WorkspaceError) as err:
        normalise("/home/user/reading/notes.md")
    message = str(err.value)
    assert "outside the workspace" in message
    assert "relative to the workspace root" in message
    assert "'notes.md'" in message


@pytest.mark.parametrize("raw", ["../secrets", "a/../../b", "", "."])
def test_escapes_and_empty_paths_fail(raw: str) -> None:
    with pytest.raises(WorkspaceError):
        normalise(raw)

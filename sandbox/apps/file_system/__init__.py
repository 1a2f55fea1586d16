"""The file_system app: the user's app-side file store (not the agent's workspace)."""

from __future__ import annotations

from sandbox.apps.auth import auth_apis
from sandbox.apps.base import AppSpec
from sandbox.apps.file_system.apis import APIS
from sandbox.apps.file_system.state import (
    DirectoryRow,
    FileRow,
    FileSystemFixture,
    FileSystemState,
    directory_rows,
    file_rows,
    seed,
)

APP = AppSpec(
    name="file_system",
    state_model=FileSystemState,
    fixture_model=FileSystemFixture,
    seed=seed,
    apis=[*auth_apis("file_system"), *APIS],
    collections={"files": (FileRow, file_rows), "directories": (DirectoryRow, directory_rows)},
)

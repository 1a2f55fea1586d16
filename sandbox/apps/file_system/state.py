"""file_system state: each user's tree of directories and text files, path rules, fixture and seed."""

from __future__ import annotations

import posixpath
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from sandbox.apps.base import AppError, AppState, SeedError, StateModel
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture, seed_accounts

Kind = Literal["file", "directory"]


class File(StateModel):
    """A text file in a user's tree."""

    file_id: int = Field(description="Id of the file.")
    owner: str = Field(description="Username of the owner.")
    path: str = Field(description="Absolute path, e.g. /home/noor/documents/brief.txt.")
    content: str = Field(default="", description="Text content.")
    created_at: datetime = Field(description="Creation time.")
    updated_at: datetime = Field(description="Last modification time.")


class Directory(StateModel):
    """A directory in a user's tree; its path ends with '/'."""

    owner: str = Field(description="Username of the owner.")
    path: str = Field(description="Absolute path ending with '/', e.g. /home/noor/documents/.")
    created_at: datetime = Field(description="Creation time.")


class FileSystemState(AppState):
    """Every user's files and directories ('/' always exists)."""

    files: dict[int, File] = Field(default_factory=dict, description="Files by file_id.")
    directories: list[Directory] = Field(default_factory=list, description="Directories (other than '/').")

    def home(self, username: str) -> str:
        """A user's home directory: /home/<local part of the username>/."""
        local = username.split("@", 1)[0].lower() or "user"
        return f"/home/{local}/"

    def file_at(self, owner: str, path: str) -> File | None:
        """The owner's file at a normalised path."""
        return next((f for f in self.files.values() if f.owner == owner and f.path == path), None)

    def dir_exists(self, owner: str, path: str) -> bool:
        """Whether the owner has a directory at a normalised path ('/' always)."""
        return path == "/" or any(d.owner == owner and d.path == path for d in self.directories)

    def make_dirs(self, owner: str, path: str, at: datetime) -> None:
        """Create a directory and every missing ancestor."""
        parts = [p for p in path.strip("/").split("/") if p]
        for n in range(1, len(parts) + 1):
            current = "/" + "/".join(parts[:n]) + "/"
            if not self.dir_exists(owner, current):
                self.directories.append(Directory(owner=owner, path=current, created_at=at))


def parent_of(path: str) -> str:
    """The parent directory of a normalised path (with a trailing '/')."""
    parent = posixpath.dirname(path.rstrip("/"))
    return parent if parent.endswith("/") else parent + "/"


def normalise(raw: str, home: str, kind: Kind, arg: str) -> str:
    """An absolute path from an argument ('/...' or '~/...'); AppError on a bad path.

    Files must have an extension, directories must not; directory paths end with '/'.
    """
    text = raw.strip()
    if "//" in text or not text:
        raise AppError(f"The path {arg} ({raw}) is invalid.")
    if text == "~" or text.startswith("~/"):
        text = home + text[2:]
    if not text.startswith("/"):
        raise AppError(f"The path {arg} ({raw}) must be absolute (start with /) or relative to home (start with ~/).")
    if any(part in (".", "..") for part in text.split("/")):
        raise AppError(f"The path {arg} ({raw}) must not contain '.' or '..' segments.")
    name = text.rstrip("/").rsplit("/", 1)[-1]
    has_extension = "." in name.strip(".")
    if kind == "file":
        if not has_extension or text.endswith("/"):
            raise AppError(f"The path {arg} ({raw}) is supposed to be a file and so must have an extension.")
        return text
    if has_extension:
        raise AppError(f"The path {arg} ({raw}) is supposed to be a directory and so must not have an extension.")
    return text if text.endswith("/") else text + "/"


class FileFixture(FixtureModel):
    """A file the persona's tree starts with."""

    path: str = Field(description="Absolute ('/...') or home-relative ('~/...') path with an extension.")
    content: str = Field(default="", description="Text content.")


class FileSystemFixture(FixtureModel):
    """personas/<id>/apps/file_system.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other users of the app.")
    directories: list[str] = Field(default_factory=list, description="Extra (possibly empty) directories.")
    files: list[FileFixture] = Field(default_factory=list, description="Files, created with their parents.")


def seed(fixture: FileSystemFixture, start: datetime) -> FileSystemState:
    """The first state: accounts, the persona's home directory, then the fixture's directories and files."""
    state = FileSystemState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=fixture.account.email)
    owner = fixture.account.email
    home = state.home(owner)
    state.make_dirs(owner, home, start)
    for n, raw in enumerate(fixture.directories):
        try:
            state.make_dirs(owner, normalise(raw, home, "directory", "directory_path"), start)
        except AppError as exc:
            raise SeedError(f"directories[{n}]", exc.message) from exc
    for n, spec in enumerate(fixture.files):
        try:
            path = normalise(spec.path, home, "file", "file_path")
        except AppError as exc:
            raise SeedError(f"files[{n}].path", exc.message) from exc
        if state.file_at(owner, path) is not None:
            raise SeedError(f"files[{n}].path", f"duplicate file {path}")
        state.make_dirs(owner, parent_of(path), start)
        file_id = state.next_id("file")
        state.files[file_id] = File(
            file_id=file_id, owner=owner, path=path, content=spec.content, created_at=start, updated_at=start
        )
    return state


class FileRow(BaseModel):
    """A row of the `files` collection: one of the persona's files."""

    path: str = Field(description="Absolute path.")
    content: str = Field(description="Text content.")
    file_name: str = Field(description="Last path segment.")


class DirectoryRow(BaseModel):
    """A row of the `directories` collection: one of the persona's directories."""

    path: str = Field(description="Absolute path ending with '/'.")


def file_rows(state: FileSystemState) -> list[BaseModel]:
    """The persona's files, by path."""
    files = sorted((f for f in state.files.values() if f.owner == state.owner), key=lambda f: f.path)
    return [FileRow(path=f.path, content=f.content, file_name=f.path.rsplit("/", 1)[-1]) for f in files]


def directory_rows(state: FileSystemState) -> list[BaseModel]:
    """The persona's directories, by path."""
    return [
        DirectoryRow(path=d.path) for d in sorted(state.directories, key=lambda d: d.path) if d.owner == state.owner
    ]

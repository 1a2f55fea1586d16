"""file_system APIs: create, copy and move files and directories in the user's app-side tree."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sandbox.apps.base import Account, Api, AppError, TokenArgs
from sandbox.apps.file_system.state import File, FileSystemState, normalise, parent_of
from sandbox.apps.query import iso
from sandbox.apps.world import Call


def _ctx(call: Call, token: str) -> tuple[FileSystemState, Account, str]:
    account = call.user(token)
    state = call.state(FileSystemState)
    return state, account, state.home(account.username)


def resolve_file(call: Call, token: str | None, raw: str) -> File:
    """A file of the user holding a file_system token (for attachments in other apps); AppError otherwise."""
    if token is None:
        raise AppError("A file_system_access_token is required to use files from your file system.")
    account = call.user(token, "file_system")
    state = call.world.state("file_system", FileSystemState)
    path = normalise(raw, state.home(account.username), "file", "file_path")
    found = state.file_at(account.username, path)
    if found is None:
        raise AppError(f"File with path {path} is not available.")
    return found


class CreateFileArgs(TokenArgs):
    """Arguments of create_file."""

    file_path: str = Field(description="Path of the new file ('/...' or '~/...'); must have an extension.")
    content: str = Field(default="", description="Text content of the file.")
    overwrite: bool = Field(default=False, description="Replace an existing file at file_path.")


def create_file(args: CreateFileArgs, call: Call) -> dict[str, Any]:
    """Create (or overwrite) a file; parent directories are created."""
    state, account, home = _ctx(call, args.access_token)
    path = normalise(args.file_path, home, "file", "file_path")
    existing = state.file_at(account.username, path)
    if existing is not None and not args.overwrite:
        raise AppError(
            "A file already exists at the given file_path in your account. Set overwrite to True to overwrite it.", 409
        )
    state.make_dirs(account.username, parent_of(path), call.now)
    if existing is not None:
        existing.content, existing.updated_at = args.content, call.now
    else:
        file_id = state.next_id("file")
        state.files[file_id] = File(
            file_id=file_id,
            owner=account.username,
            path=path,
            content=args.content,
            created_at=call.now,
            updated_at=call.now,
        )
    return {"message": "File created.", "file_path": path}


class CreateDirectoryArgs(TokenArgs):
    """Arguments of create_directory."""

    directory_path: str = Field(description="Path of the new directory ('/...' or '~/...'); no extension.")
    recursive: bool = Field(default=False, description="Also create missing parent directories.")
    allow_if_exists: bool = Field(default=True, description="Succeed when the directory already exists.")


def create_directory(args: CreateDirectoryArgs, call: Call) -> dict[str, Any]:
    """Create a directory."""
    state, account, home = _ctx(call, args.access_token)
    path = normalise(args.directory_path, home, "directory", "directory_path")
    if state.dir_exists(account.username, path):
        if args.allow_if_exists:
            return {"message": "Directory already exists."}
        raise AppError("A directory already exists at the given directory_path in your account.", 409)
    parent = parent_of(path)
    if not args.recursive and not state.dir_exists(account.username, parent):
        raise AppError(
            f"Parent directory with path {parent} does not exist in your account. "
            "Set recursive to True to create all parent directories recursively."
        )
    state.make_dirs(account.username, path, call.now)
    return {"message": "Directory created."}


class TransferFileArgs(TokenArgs):
    """Arguments of copy_file and move_file."""

    source_file_path: str = Field(description="Path of the existing file.")
    destination_file_path: str = Field(description="Path of the copy; parent directories are created.")
    overwrite: bool = Field(default=False, description="Replace an existing file at the destination.")
    retain_dates: bool = Field(default=False, description="Keep the source's created_at and updated_at.")


def _transfer_file(args: TransferFileArgs, call: Call, move: bool) -> dict[str, Any]:
    state, account, home = _ctx(call, args.access_token)
    source = normalise(args.source_file_path, home, "file", "source_file_path")
    dest = normalise(args.destination_file_path, home, "file", "destination_file_path")
    if source == dest:
        raise AppError("Source and destination file paths cannot be the same.")
    original = state.file_at(account.username, source)
    if original is None:
        raise AppError(f"Source file with path {source} is not available.")
    existing = state.file_at(account.username, dest)
    if existing is not None and not args.overwrite:
        raise AppError(
            "A file already exists at the given destination_file_path in your account. "
            "Set overwrite to True to overwrite it.",
            409,
        )
    if existing is not None:
        del state.files[existing.file_id]
    state.make_dirs(account.username, parent_of(dest), call.now)
    _copy(state, original, dest, call, args.retain_dates)
    if move:
        del state.files[original.file_id]
    return {"message": "File moved." if move else "File copied.", "destination_file_path": dest}


def _copy(state: FileSystemState, original: File, dest: str, call: Call, retain_dates: bool) -> None:
    file_id = state.next_id("file")
    created, updated = (original.created_at, original.updated_at) if retain_dates else (call.now, call.now)
    state.files[file_id] = original.model_copy(
        update={"file_id": file_id, "path": dest, "created_at": created, "updated_at": updated}
    )


class TransferDirectoryArgs(TokenArgs):
    """Arguments of copy_directory and move_directory."""

    source_directory_path: str = Field(description="Path of the existing directory.")
    destination_directory_path: str = Field(description="Path the directory (with everything in it) goes to.")
    overwrite: bool = Field(default=False, description="Replace an existing directory at the destination.")
    retain_dates: bool = Field(default=False, description="Keep the copied entries' dates.")


def _transfer_directory(args: TransferDirectoryArgs, call: Call, move: bool) -> dict[str, Any]:
    state, account, home = _ctx(call, args.access_token)
    owner = account.username
    source = normalise(args.source_directory_path, home, "directory", "source_directory_path")
    dest = normalise(args.destination_directory_path, home, "directory", "destination_directory_path")
    if source == dest:
        raise AppError("Source and destination directory paths cannot be the same.")
    if source == "/" or not state.dir_exists(owner, source):
        raise AppError(f"Source directory with path {source} is not available.")
    if dest.startswith(source):
        raise AppError("The destination directory cannot be inside the source directory.")
    if state.dir_exists(owner, dest):
        if not args.overwrite:
            raise AppError(
                "A directory already exists at the given destination_directory_path in your account. "
                "Set overwrite to True to overwrite it.",
                409,
            )
        _remove_tree(state, owner, dest)
    state.make_dirs(owner, dest, call.now)
    for sub in [d for d in state.directories if d.owner == owner and d.path.startswith(source)]:
        state.make_dirs(owner, dest + sub.path[len(source) :], call.now)
    for original in [f for f in state.files.values() if f.owner == owner and f.path.startswith(source)]:
        _copy(state, original, dest + original.path[len(source) :], call, args.retain_dates)
    if move:
        _remove_tree(state, owner, source)
    return {"message": "Directory moved." if move else "Directory copied.", "destination_directory_path": dest}


def _remove_tree(state: FileSystemState, owner: str, path: str) -> None:
    state.directories = [d for d in state.directories if not (d.owner == owner and d.path.startswith(path))]
    for file_id in [i for i, f in state.files.items() if f.owner == owner and f.path.startswith(path)]:
        del state.files[file_id]


class ShowDirectoryArgs(TokenArgs):
    """Arguments of show_directory."""

    directory_path: str = Field(default="/", description="Directory to list ('/...' or '~/...').")
    substring: str | None = Field(default=None, description="Only entries whose path contains this text.")
    entry_type: Literal["all", "files", "directories"] = Field(default="all", description="Which entries to list.")
    recursive: bool = Field(default=True, description="Also list entries of sub-directories.")


def show_directory(args: ShowDirectoryArgs, call: Call) -> list[str]:
    """Sorted paths of the entries below a directory."""
    state, account, home = _ctx(call, args.access_token)
    owner = account.username
    root = normalise(args.directory_path, home, "directory", "directory_path")
    if not state.dir_exists(owner, root):
        raise AppError(f"Directory with path {root} is not available.")
    entries: list[str] = []
    if args.entry_type in ("all", "files"):
        entries += [f.path for f in state.files.values() if f.owner == owner]
    if args.entry_type in ("all", "directories"):
        entries += [d.path for d in state.directories if d.owner == owner]
    below = [e for e in entries if e.startswith(root) and e != root]
    if not args.recursive:
        below = [e for e in below if "/" not in e[len(root) :].rstrip("/")]
    if args.substring:
        below = [e for e in below if args.substring.lower() in e.lower()]
    return sorted(below)


class ShowFileArgs(TokenArgs):
    """Arguments of show_file."""

    file_path: str = Field(description="Path of the file ('/...' or '~/...').")


def show_file(args: ShowFileArgs, call: Call) -> dict[str, Any]:
    """A file with its content."""
    found = resolve_file(call, args.access_token, args.file_path)
    return {
        "file_id": found.file_id,
        "path": found.path,
        "content": found.content,
        "created_at": iso(found.created_at),
        "updated_at": iso(found.updated_at),
    }


APIS: list[Api[Any]] = [
    Api("create_file", "Create a text file in your file system (parents are created).", CreateFileArgs, create_file),
    Api("create_directory", "Create a directory in your file system.", CreateDirectoryArgs, create_directory),
    Api("copy_file", "Copy a file to another path.", TransferFileArgs, lambda a, c: _transfer_file(a, c, False)),
    Api("move_file", "Move (rename) a file.", TransferFileArgs, lambda a, c: _transfer_file(a, c, True)),
    Api(
        "copy_directory",
        "Copy a directory with everything in it.",
        TransferDirectoryArgs,
        lambda a, c: _transfer_directory(a, c, False),
    ),
    Api(
        "move_directory",
        "Move a directory with everything in it.",
        TransferDirectoryArgs,
        lambda a, c: _transfer_directory(a, c, True),
    ),
    Api("show_directory", "List the paths below a directory (sorted).", ShowDirectoryArgs, show_directory),
    Api("show_file", "Show a file with its content.", ShowFileArgs, show_file),
]

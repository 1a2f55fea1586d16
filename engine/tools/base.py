"""The Tool abstraction: a pydantic argument model, a description, and a run function."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from engine.ports import ToolSpec, Workspace, WorkspaceError


class ToolError(RuntimeError):
    """A tool call failed in a way the agent should read and recover from."""


class ToolArgs(BaseModel):
    """Base of every tool's argument model: unknown arguments are errors the agent sees."""

    model_config = ConfigDict(extra="forbid")


@dataclass
class ToolContext:
    """What a tool may touch during one session: the workspace, limits, and named services (apps)."""

    workspace: Workspace
    exec_timeout_s: float = 60.0
    output_cap: int = 16_000
    services: dict[str, Any] = field(default_factory=dict)


A = TypeVar("A", bound=ToolArgs)


@dataclass(frozen=True)
class Tool(Generic[A]):
    """A named operation: an argument model and a function returning a JSON-able value or raising ToolError."""

    name: str
    description: str
    args_model: type[A]
    fn: Callable[[A, ToolContext], Any]

    def run(self, args: A, ctx: ToolContext) -> Any:
        """Call the function with validated arguments."""
        return self.fn(args, ctx)


@cache
def tool_spec(tool: Tool[Any]) -> ToolSpec:
    """The JSON-schema description of a tool offered to a model (computed once per tool)."""
    schema = tool.args_model.model_json_schema()
    schema.pop("title", None)
    return ToolSpec(name=tool.name, description=tool.description, parameters=schema)


def read_text(ctx: ToolContext, path: str) -> str:
    """A workspace file as text (undecodable bytes replaced); a missing file is a ToolError."""
    try:
        return ctx.workspace.read_file(path).decode("utf-8", errors="replace")
    except WorkspaceError as exc:
        raise ToolError(str(exc)) from exc


def write_text(ctx: ToolContext, path: str, text: str) -> int:
    """Write text to a workspace file; return the byte count. Workspace failures become ToolErrors."""
    data = text.encode("utf-8")
    try:
        ctx.workspace.write_file(path, data)
    except WorkspaceError as exc:
        raise ToolError(str(exc)) from exc
    return len(data)


def folder_prefix(path: str) -> str:
    """'' for the workspace root ('.', '', '/'), else 'a/b/' for a folder path."""
    stripped = path.strip().strip("/")
    return "" if stripped in ("", ".") else stripped + "/"

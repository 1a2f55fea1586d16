"""The side-effect boundaries of proact. Every port has an in-package fake used by tests.

Imports nothing else of the project.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol, runtime_checkable

MessageRole = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True)
class Message:
    """One chat message sent to a model."""

    role: MessageRole
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class ToolSpec:
    """A tool offered to a model with native tool calling: name, description, JSON-schema parameters."""

    name: str
    description: str
    parameters: dict[str, Any]


@dataclass(frozen=True)
class ModelToolCall:
    """A native tool call returned by a model.

    `error` is set when the model's arguments could not be used (not valid JSON, or not a JSON object):
    then `arguments` is empty, `raw_arguments` holds the text the model sent, and the call must not run.
    """

    id: str
    name: str
    arguments: dict[str, Any]
    error: str | None = None
    raw_arguments: str | None = None


@dataclass(frozen=True)
class Usage:
    """Accounting of one model call."""

    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    cached: bool = False


@dataclass(frozen=True)
class Completion:
    """A model's answer: text (JSON text when a response schema was given) and native tool calls."""

    text: str
    tool_calls: list[ModelToolCall] = field(default_factory=list)
    usage: Usage = field(default_factory=lambda: Usage(model="unknown"))


class ModelError(RuntimeError):
    """A model call failed (the request was rejected, or a subclass below)."""


class ContextOverflowError(ModelError):
    """The request did not fit the model's context window (not retried as is; the caller may shorten it)."""


class TransientModelError(ModelError):
    """One attempt failed in a way a later attempt may not: rate limit, server error, timeout, lost connection,
    malformed response body. `kind` names which; `retry_after` is the server's Retry-After in seconds, if any."""

    def __init__(self, message: str, kind: str = "other", retry_after: float | None = None) -> None:
        """`kind`: rate_limit, server, timeout, connection, malformed or other."""
        super().__init__(message)
        self.kind = kind
        self.retry_after = retry_after


class ModelUnavailableError(ModelError):
    """The model service failed, not the model: unreachable after every retry, or (ModelConfigError) unusable
    as configured. A session that meets one ends `infra_error` and is redone by a re-run."""


class ModelConfigError(ModelUnavailableError):
    """Retrying cannot help: a missing key, authentication refused (401/403), an unknown model or endpoint (404)."""


@runtime_checkable
class ChatModel(Protocol):
    """A chat model bound to one role (agent, user or judge)."""

    @property
    def name(self) -> str:
        """Model identifier recorded in usage events."""
        ...

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """Return one completion; with `response_schema` the text is JSON valid for that schema."""
        ...


@dataclass(frozen=True)
class ExecResult:
    """Outcome of a shell command in the workspace."""

    exit_code: int
    output: str
    timed_out: bool = False
    truncated: bool = False


@dataclass(frozen=True)
class FileStat:
    """Cheap fingerprint of one file, used for change detection."""

    size: int
    token: str


class WorkspaceError(RuntimeError):
    """A workspace operation failed (bad path, missing file, backend failure)."""


class NotAFileError(WorkspaceError):
    """No file of the workspace at the path: absent, or a link that leads out of the workspace or loops."""


@runtime_checkable
class Workspace(Protocol):
    """The files and shell of one episode. Paths are relative to the workspace root."""

    def read_file(self, path: str) -> bytes:
        """Return a file's bytes; WorkspaceError when missing or outside the workspace."""
        ...

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file, creating parent folders."""
        ...

    def delete(self, path: str) -> None:
        """Remove a file; WorkspaceError when missing."""
        ...

    def list_files(self) -> dict[str, FileStat]:
        """Every regular file, keyed by relative path, with a fingerprint that changes when content does."""
        ...

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Run a shell command in the workspace root; kill it at the timeout; cap the captured output."""
        ...

    def snapshot(self) -> bytes:
        """Serialise the whole workspace (a tar archive)."""
        ...

    def use_clock(self, now: Callable[[], datetime]) -> None:
        """From here on, commands read the simulated time `now()` (`date`, `datetime.now()`, new files' times) and
        files the engine writes carry it; the host's clock is untouched (the episode clock, engine/clock.py)."""
        ...

    def restore(self, archive: bytes) -> None:
        """Replace the workspace content with a snapshot."""
        ...

    def close(self) -> None:
        """Release resources (idempotent)."""
        ...


@runtime_checkable
class AppStore(Protocol):
    """The simulated apps of one episode (mail, todo, ...): in-process state the agent reaches through tools."""

    def snapshot(self) -> bytes:
        """Serialise every app's state and the simulated clock."""
        ...

    def restore(self, data: bytes) -> None:
        """Replace the state with a snapshot."""
        ...

    def end_session(self) -> None:
        """Session boundary: access tokens expire and the simulated clock moves on."""
        ...

    def start_session(self, at: datetime | None) -> None:
        """Session opening: the simulated clock moves forward to `at` when given (never back)."""
        ...

    def now(self) -> datetime:
        """The simulated time now (the episode clock, which the apps hold when the episode has them)."""
        ...

"""A ChatModel wrapper that records a ModelUsage event for every call into the current session log,
and a ModelAttemptFailed event for every failed attempt reported to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.models.wrapper import ModelWrapper
from engine.ports import ChatModel, Completion, Message, ToolSpec
from engine.schema.events import Event, FailureKind, ModelAttemptFailed, ModelUsage, Role


class MeteredModel(ModelWrapper):
    """Forwards calls to `inner` and emits usage to `sink` (retargeted at each session by the episode runner)."""

    def __init__(self, inner: ChatModel, role: Role) -> None:
        """`role` is recorded on every usage event."""
        super().__init__(inner)
        self.role: Role = role
        self.sink: Callable[[Event], None] | None = None

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """Call the inner model and record its usage."""
        out = self.inner.complete(messages, response_schema=response_schema, tools=tools)
        if self.sink is not None:
            u = out.usage
            self.sink(
                ModelUsage(
                    role=self.role,
                    model=u.model,
                    prompt_tokens=u.prompt_tokens,
                    completion_tokens=u.completion_tokens,
                    cost_usd=u.cost_usd,
                    latency_s=u.latency_s,
                    cached=u.cached,
                )
            )
        return out

    def attempt_failed(self, attempt: int, kind: str, error: str, retry_in_s: float | None) -> None:
        """Record one failed attempt (an HTTP failure or an answer that failed its schema) in the session log."""
        if self.sink is not None:
            event = ModelAttemptFailed(
                role=self.role,
                model=self.name,
                attempt=attempt,
                kind=cast(FailureKind, kind),
                error=error,
                retry_in_s=retry_in_s,
            )
            self.sink(event)

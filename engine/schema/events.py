"""Typed trajectory events. A session's trajectory is an append-only JSONL log of these."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from engine.schema.base import Strict

IntentStatus = Literal["completed", "inferred", "provided"]
ChangeKind = Literal["added", "modified", "deleted"]
Role = Literal["agent", "user", "judge"]
FailureKind = Literal[
    "rate_limit", "server", "timeout", "connection", "malformed", "other", "config", "rejected", "invalid_output"
]


class EventBase(Strict):
    """Fields every event carries."""

    seq: int = Field(default=0, description="Position in the session log, assigned when written.")
    turn: int = Field(default=0, description="Agent turn index (1-based) the event belongs to; 0 = opening.")


class SessionStarted(EventBase):
    """The session opened; what the agent was shown first."""

    type: Literal["session_started"] = "session_started"
    session_id: str = Field(description="Session id.")
    trigger: str = Field(description="Trigger kind.")
    opening: str = Field(description="The first message the agent received (request or rendered event).")
    clock: datetime | None = Field(
        default=None,
        description="The episode clock's simulated time when the session opened: what the workspace shell, the apps, "
        "the agent's brief and the user all call now (None in logs written before the episode clock existed).",
    )


class UserMessage(EventBase):
    """A message from the simulated user to the agent."""

    type: Literal["user_message"] = "user_message"
    text: str = Field(description="Message text.")
    answers: list[str] = Field(default_factory=list, description="Intent ids this message answers or provides.")


class AgentMessage(EventBase):
    """The agent's reply text at the end of one turn."""

    type: Literal["agent_message"] = "agent_message"
    text: str = Field(description="Reply text.")


class ToolCall(EventBase):
    """A tool invocation by the agent."""

    type: Literal["tool_call"] = "tool_call"
    call_id: str = Field(description="Id linking the call to its result.")
    name: str = Field(description="Tool name.")
    arguments: dict[str, Any] = Field(default_factory=dict, description="Call payload.")


class ToolResult(EventBase):
    """What a tool returned."""

    type: Literal["tool_result"] = "tool_result"
    call_id: str = Field(description="Id of the matching call.")
    name: str = Field(description="Tool name.")
    output: Any = Field(default=None, description="JSON-able result payload.")
    error: str | None = Field(default=None, description="Error text when the call failed.")


class ActionError(EventBase):
    """A model output the agent scaffold could not use: a malformed action or tool-call arguments (told to the
    model, the tool not run), or a memory consolidation answer (the old memory kept)."""

    type: Literal["action_error"] = "action_error"
    text: str = Field(description="The model's raw output (capped).")
    error: str = Field(description="What was wrong with it, as told to the model.")


class FileChange(Strict):
    """One file difference between two workspace states."""

    path: str = Field(description="Workspace-relative path.")
    kind: ChangeKind = Field(description="added, modified or deleted.")


class WorkspaceChanged(EventBase):
    """Files the agent's turn created, modified or deleted."""

    type: Literal["workspace_changed"] = "workspace_changed"
    changes: list[FileChange] = Field(description="Changes since the previous turn.")


class StatusAssigned(EventBase):
    """The simulated user assigned a terminal status to a hidden intent."""

    type: Literal["status_assigned"] = "status_assigned"
    intent_id: str = Field(description="Intent id.")
    status: IntentStatus = Field(description="Terminal status.")
    evidence: str = Field(default="", description="Why: the passing rule, the matched question, or the judge's reason.")


class RuleProbe(EventBase):
    """Rule checklist items satisfied by the state after one agent turn (so Comp counts them anywhere)."""

    type: Literal["rule_probe"] = "rule_probe"
    passed: dict[str, str] = Field(
        description="Checklist item id -> digest of its rule, for rule items that passed after this turn."
    )


class Grade(EventBase):
    """The verdict on one checklist item."""

    type: Literal["grade"] = "grade"
    item_id: str = Field(description="Checklist item id.")
    grader: Literal["rule", "rubric"] = Field(description="Which grader produced the verdict.")
    score: float | None = Field(description="1.0 pass, 0.0 fail, None when the grader errored.")
    reason: str = Field(default="", description="Short justification.")
    error: str | None = Field(default=None, description="Grader error; never silently a fail.")


class ModelUsage(EventBase):
    """One model call's accounting."""

    type: Literal["model_usage"] = "model_usage"
    role: Role = Field(description="Which role made the call.")
    model: str = Field(description="Model identifier.")
    prompt_tokens: int = Field(default=0, description="Input tokens.")
    completion_tokens: int = Field(default=0, description="Output tokens.")
    cost_usd: float = Field(default=0.0, description="Cost as reported by the adapter (0 when unknown).")
    latency_s: float = Field(default=0.0, description="Wall time of the call.")
    cached: bool = Field(default=False, description="Served from the call cache.")


class ModelAttemptFailed(EventBase):
    """One failed attempt of a model call: an HTTP failure (retried with backoff unless it was the last attempt or
    cannot be fixed by retrying) or an answer that failed its JSON schema (asked again with feedback)."""

    type: Literal["model_attempt_failed"] = "model_attempt_failed"
    role: Role = Field(description="Which role made the call.")
    model: str = Field(description="Model identifier.")
    attempt: int = Field(description="1-based attempt number within the call.")
    kind: FailureKind = Field(
        description="rate_limit (429), server (5xx), timeout, connection, malformed (unreadable response body), "
        "other (unclassified transient), config (missing key, 401/403, 404: never retried), rejected (request "
        "refused, 400), invalid_output (the answer violated its JSON schema)."
    )
    error: str = Field(description="What went wrong (capped; never a key).")
    retry_in_s: float | None = Field(
        default=None, description="Seconds waited before the next attempt; None when no attempt follows."
    )


class SessionEnded(EventBase):
    """The session closed."""

    type: Literal["session_ended"] = "session_ended"
    reason: str = Field(description="TerminationReason value.")
    turns: int = Field(description="Number of agent turns.")
    error: str | None = Field(
        default=None, description="Why an agent_error, user_error or infra_error session ended (None otherwise)."
    )
    clock: datetime | None = Field(
        default=None, description="The episode clock's simulated time when the session ended (None in older logs)."
    )


Event = Annotated[
    SessionStarted
    | UserMessage
    | AgentMessage
    | ToolCall
    | ToolResult
    | ActionError
    | WorkspaceChanged
    | StatusAssigned
    | RuleProbe
    | Grade
    | ModelUsage
    | ModelAttemptFailed
    | SessionEnded,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)

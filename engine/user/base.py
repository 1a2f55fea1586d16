"""The simulated-user interface and the two-stage assignment procedure shared by every mode (seed 001 App. B)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime

from engine.schema.events import FileChange, IntentStatus
from engine.schema.persona import Persona
from engine.schema.session import HiddenIntent, SessionSpec
from graders.view import EvidenceView, ToolRecord


class UserError(RuntimeError):
    """The simulated user could not produce a valid decision (e.g. its model kept returning garbage)."""


@dataclass(frozen=True)
class TurnView:
    """What the agent did in its latest turn."""

    turn: int
    agent_text: str
    tool_records: list[ToolRecord]
    changes: list[FileChange]


@dataclass
class UserObservation:
    """Everything the user sees before assigning statuses: its own hidden intents included."""

    persona: Persona
    session: SessionSpec
    opening: str
    open_intents: list[HiddenIntent]
    conversation: list[tuple[str, str]]
    latest: TurnView
    evidence: EvidenceView
    now: datetime | None = None
    """The episode clock at this turn (what the user's "today" is)."""
    earlier: list[TurnView] = field(default_factory=list)
    """The agent's earlier turns of this session, oldest first (what it asked before the latest turn)."""


@dataclass(frozen=True)
class Assignment:
    """A terminal status for one intent, with the evidence behind it."""

    intent_id: str
    status: IntentStatus
    evidence: str


@dataclass
class UserReply:
    """The user's decision for one turn. `message` is None when the user has nothing left to say."""

    assignments: list[Assignment] = field(default_factory=list)
    message: str | None = None


class SimulatedUser(ABC):
    """Two-stage assignment: completed > inferred (targeted question) > provided (one intent revealed)."""

    @abstractmethod
    def completed(self, obs: UserObservation) -> dict[str, str]:
        """Stage 1: open intents the latest turn already satisfies -> evidence."""

    @abstractmethod
    def targeted(self, obs: UserObservation, remaining: list[HiddenIntent]) -> dict[str, str]:
        """Stage 2: remaining intents a question of the agent directly targets -> the question."""

    @abstractmethod
    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """Pick the one remaining intent most relevant now -> (intent id, why)."""

    @abstractmethod
    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """Write the next user message answering `answered` or revealing `provided`."""

    def confirmed(self, obs: UserObservation, done: list[HiddenIntent]) -> list[HiddenIntent]:
        """Intents completed this turn that a question of the agent asked about (it asked to confirm what it had
        done): the reply confirms them and reveals nothing else. None by default (a model user's judgment of the
        turn already reads the question)."""
        return []

    def respond(self, obs: UserObservation) -> UserReply:
        """Assign statuses for this turn and write the next message (None once every intent is terminal)."""
        open_ids = {i.id for i in obs.open_intents}
        done = {k: v for k, v in self.completed(obs).items() if k in open_ids}
        reply = UserReply([Assignment(k, "completed", v) for k, v in done.items()])
        remaining = [i for i in obs.open_intents if i.id not in done]
        if not remaining:
            return reply
        confirmed = self.confirmed(obs, [i for i in obs.open_intents if i.id in done])
        remaining_ids = {i.id for i in remaining}
        asked = {k: v for k, v in self.targeted(obs, remaining).items() if k in remaining_ids}
        if asked or confirmed:
            reply.assignments += [Assignment(k, "inferred", v) for k, v in asked.items()]
            answered = [*confirmed, *(i for i in remaining if i.id in asked)]
            reply.message = self.compose(obs, answered, [])
            return reply
        chosen, why = self.choose_provided(obs, remaining)
        pick = next((i for i in remaining if i.id == chosen), remaining[0])
        reply.assignments.append(Assignment(pick.id, "provided", why))
        reply.message = self.compose(obs, [], [pick])
        return reply

"""proact's data models. Imports nothing else of the project."""

from engine.schema.config import AgentConfig, Limits, ModelBinding, RunConfig, UserConfig
from engine.schema.episode import DependencyGroup, Episode, EpisodeEntry
from engine.schema.events import EVENT_ADAPTER, Event
from engine.schema.persona import Persona
from engine.schema.results import EpisodeResult, ItemScore, SessionResult
from engine.schema.rules import RuleSpec
from engine.schema.session import ChecklistItem, HiddenIntent, ReferenceSolution, SessionSpec, Trigger

__all__ = [
    "EVENT_ADAPTER",
    "AgentConfig",
    "ChecklistItem",
    "DependencyGroup",
    "Episode",
    "EpisodeEntry",
    "EpisodeResult",
    "Event",
    "HiddenIntent",
    "ItemScore",
    "Limits",
    "ModelBinding",
    "Persona",
    "ReferenceSolution",
    "RuleSpec",
    "RunConfig",
    "SessionResult",
    "SessionSpec",
    "Trigger",
    "UserConfig",
]

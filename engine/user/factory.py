"""Build the simulated user for a run configuration."""

from __future__ import annotations

from engine.ports import ChatModel
from engine.schema.config import UserMode
from engine.user.base import SimulatedUser
from engine.user.human import HumanUser
from engine.user.llm import LLMUser
from engine.user.rules import RulesUser


def make_user(mode: UserMode, model: ChatModel | None) -> SimulatedUser:
    """rules and human (a person at the terminal) need no model; llm and strict need the user-role model."""
    if mode == "rules":
        return RulesUser()
    if mode == "human":
        return HumanUser()
    if model is None:
        raise ValueError(f"user mode {mode!r} needs a user model (set user.model in the run config)")
    return LLMUser(model, verbatim=mode == "strict")

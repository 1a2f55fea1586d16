"""Routers: pure functions of the state returning the next node's name."""

from __future__ import annotations

from typing import Literal

from engine.state import SessionState, all_terminal


def after_agent(state: SessionState) -> Literal["user_turn", "close_session"]:
    """Close once every intent is terminal (this turn was the agent's final response) or on a fuse."""
    if state.get("termination") or all_terminal(state):
        return "close_session"
    return "user_turn"


def after_user(state: SessionState) -> Literal["agent_turn", "close_session"]:
    """Give the agent another turn unless the user had nothing left to say or a fuse tripped."""
    return "close_session" if state.get("termination") else "agent_turn"

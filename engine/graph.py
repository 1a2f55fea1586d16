"""build_session_graph() and build_episode_graph(): wiring only.

start → open_session → agent_turn → user_turn ─┬→ agent_turn
                                                └→ close_session → grade → end
(agent_turn goes straight to close_session once every intent is terminal.)

Episode: start → session_step ─┬→ session_step   (sessions left)
                               └→ end
checkpointed after every session, so a killed episode resumes at its next unfinished session.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph

from engine.nodes.agent_turn import agent_turn
from engine.nodes.close_session import close_session
from engine.nodes.grade import grade
from engine.nodes.open_session import open_session
from engine.nodes.routing import after_agent, after_user
from engine.nodes.session_step import after_step, session_step
from engine.nodes.user_turn import user_turn
from engine.runtime import EpisodeRuntime, SessionRuntime
from engine.state import EpisodeState, SessionState


@cache
def build_session_graph() -> Any:
    """Compile the session graph.

    `checkpointer=False`: it never inherits the episode graph's checkpointer, because a session
    restarts whole on resume (the agent's conversation is not checkpointed).
    """
    g = StateGraph(SessionState, context_schema=SessionRuntime)
    g.add_node("open_session", open_session)
    g.add_node("agent_turn", agent_turn)
    g.add_node("user_turn", user_turn)
    g.add_node("close_session", close_session)
    g.add_node("grade", grade)
    g.add_edge(START, "open_session")
    g.add_edge("open_session", "agent_turn")
    g.add_conditional_edges("agent_turn", after_agent)
    g.add_conditional_edges("user_turn", after_user)
    g.add_edge("close_session", "grade")
    g.add_edge("grade", END)
    return g.compile(checkpointer=False)


def build_episode_graph(checkpointer: BaseCheckpointSaver[Any]) -> Any:
    """The episode graph over a checkpointer (SQLite in the run directory, in memory without one): a copy of the
    graph compiled once, as the session graph is shared (a copy costs 0.03 ms, a compile 0.5)."""
    return _compiled_episode_graph().copy({"checkpointer": checkpointer})


@cache
def _compiled_episode_graph() -> Any:
    g = StateGraph(EpisodeState, context_schema=EpisodeRuntime)
    g.add_node("session_step", session_step)
    g.add_edge(START, "session_step")
    g.add_conditional_edges("session_step", after_step)
    return g.compile()

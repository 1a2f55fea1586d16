"""build_session_graph(): wiring only.

start → open_session → agent_turn → user_turn ─┬→ agent_turn
                                                └→ close_session → grade → end
(agent_turn goes straight to close_session once every intent is terminal.)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from langgraph.graph import END, START, StateGraph

from engine.nodes.agent_turn import agent_turn
from engine.nodes.close_session import close_session
from engine.nodes.grade import grade
from engine.nodes.open_session import open_session
from engine.nodes.routing import after_agent, after_user
from engine.nodes.user_turn import user_turn
from engine.runtime import SessionRuntime
from engine.state import SessionState


@cache
def build_session_graph() -> Any:
    """Compile the session graph (no checkpointer: episodes resume at session boundaries)."""
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
    return g.compile()

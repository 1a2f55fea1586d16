"""session_step: the episode graph's one node. Runs the next session; the checkpointer saves the index after it."""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime

from engine.runtime import EpisodeRuntime
from engine.state import EpisodeState


def session_step(state: EpisodeState, runtime: Runtime[EpisodeRuntime]) -> EpisodeState:
    """Run the session at `next` (results are written to the run directory inside the step)."""
    index = state.get("next", 0)
    runtime.context.run_step(index)
    return {"next": index + 1}


def after_step(state: EpisodeState, runtime: Runtime[EpisodeRuntime]) -> Literal["session_step", "__end__"]:
    """Loop until every selected session has run."""
    return "session_step" if state.get("next", 0) < runtime.context.total else "__end__"

"""Scaffold overhead per ReAct tool step: an instant scripted model, so all time is proact's.

Usage: python bench/react_step_overhead.py [--steps 40] [--repeat 20] [--files 200]
Each turn makes `steps` JSON-action read_file calls then replies. Prints min / median / max
milliseconds per step (protocol parsing, argument validation, tool call over a memory workspace,
event recording, context fitting).
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.agents.base import SessionBrief
from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.protocol import make_protocol
from engine.models.scripted import ScriptedModel
from engine.schema.events import Event
from engine.tools.base import ToolContext
from engine.tools.registry import tools_for
from engine.tools.toolbox import ToolBox
from sandbox.workspace.memory import MemoryWorkspace


def one_turn(steps: int, files: dict[str, bytes]) -> float:
    """Seconds for one agent turn of `steps` tool calls plus the reply."""
    actions: list[str | dict[str, object]] = [
        {"thought": "", "action": "read_file", "arguments": {"path": f"data/{k % len(files)}.txt"}}
        for k in range(steps)
    ]
    actions.append({"thought": "", "action": "reply", "message": "done"})
    settings = ReactSettings(limits=LoopLimits(steps + 1, 6_000, 20_000))
    agent = ReactAgent(ScriptedModel(list(actions)), make_protocol("json"), settings)
    events: list[Event] = []
    tools = ToolBox(tools_for(["general"]), ToolContext(MemoryWorkspace(files)), events.append)
    agent.start_session(SessionBrief(session_id="s1", trigger="user", toolsets=("general",)))
    start = time.perf_counter()
    agent.respond("read everything", tools)
    return time.perf_counter() - start


def main() -> None:
    """Run the benchmark and print per-step figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--files", type=int, default=200)
    args = parser.parse_args()
    files = {f"data/{k}.txt": b"x" * 200 for k in range(args.files)}
    per_step = [1000 * one_turn(args.steps, files) / (args.steps + 1) for _ in range(args.repeat)]
    print(
        f"ms per ReAct step over {args.repeat} turns of {args.steps} tool steps: "
        f"min {min(per_step):.3f}  median {statistics.median(per_step):.3f}  max {max(per_step):.3f}"
    )


if __name__ == "__main__":
    main()

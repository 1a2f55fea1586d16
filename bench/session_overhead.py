"""Harness overhead per agent turn: a session whose agent and user cost nothing, so all time is proact's.

Usage: python bench/session_overhead.py [--intents 20] [--repeat 20]
Prints min / median / max milliseconds per agent turn (memory workspace, rules user, no disk log).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from engine.agents.scripted import ScriptedAgent
from engine.episode import EpisodeDeps, run_session
from engine.loader import PersonaBundle
from engine.schema.config import RunConfig
from engine.schema.episode import Episode, EpisodeEntry
from engine.schema.persona import Persona
from engine.schema.session import SessionSpec
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace


def make_spec(n: int) -> SessionSpec:
    """A session with n intents the agent never resolves, so it runs n + 1 turns."""
    intents = [{"id": f"i{k}", "content": f"requirement {k}", "reveal": f"need {k}"} for k in range(n)]
    checklist = [
        {"id": f"c{k}", "text": "x", "rule": {"kind": "file_exists", "args": {"path": f"f{k}.md"}}} for k in range(5)
    ]
    return SessionSpec.model_validate(
        {
            "id": "s1",
            "title": "bench",
            "category": "B",
            "request": "go",
            "hidden_intents": intents,
            "checklist": checklist,
            "reference": {"turns": [{"message": "ok"}]},
        }
    )


def main() -> None:
    """Run the benchmark and print per-turn figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--intents", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    spec = make_spec(args.intents)
    persona = Persona(id="bench", name="B", role="r", occupation="o")
    episode = Episode(persona="bench", sessions=[EpisodeEntry(session="s1")])
    bundle = PersonaBundle(root=Path(), persona=persona, episode=episode, sessions=[spec], data_root=Path())
    files = {f"data/{k}.txt": b"x" * 200 for k in range(200)}
    per_turn = []
    for _ in range(args.repeat):
        deps = EpisodeDeps(ScriptedAgent(lambda m, t: "noted"), RulesUser(), MemoryWorkspace(files))
        start = time.perf_counter()
        result = run_session(bundle, spec, RunConfig(), deps, TrajectoryLog())
        per_turn.append((time.perf_counter() - start) * 1000 / result.turns)
    print(
        f"turns/session={result.turns} ms/turn: min={min(per_turn):.2f} "
        f"median={statistics.median(per_turn):.2f} max={max(per_turn):.2f}"
    )


if __name__ == "__main__":
    main()

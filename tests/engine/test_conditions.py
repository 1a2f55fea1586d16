"""Memory modes and the no-deps ablation: which state survives into session k+1."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.agents.base import SessionBrief
from engine.agents.react.memory import MEMORY_FILE
from engine.episode import EpisodeDeps, run_episode
from engine.loader import PersonaBundle
from engine.schema.config import RunConfig
from engine.schema.episode import DependencyGroup, Episode, EpisodeEntry
from engine.selection import selected_sessions
from engine.tools.toolbox import ToolBox
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.helpers import PERSONA, spec


class ProbeAgent:
    """Leaves a work file and a memory file each session; records what it found and what it was told."""

    def __init__(self) -> None:
        self.session = ""
        self.seen_files: dict[str, set[str]] = {}
        self.openings: dict[str, str] = {}

    def start_session(self, brief: SessionBrief) -> None:
        self.session = brief.session_id

    def respond(self, message: str, tools: ToolBox) -> str:
        ws = tools.ctx.workspace
        if self.session not in self.openings:
            self.openings[self.session] = message
            self.seen_files[self.session] = set(ws.list_files())
            ws.write_file(f"work/{self.session}.txt", b"w")
            ws.write_file(MEMORY_FILE, f"remember {self.session}".encode())
        return f"Finished {self.session}."

    def end_session(self) -> None:
        pass


def three_sessions() -> PersonaBundle:
    """s1 -> s2 form a dependency group; s3 stands alone. s2 has one hidden intent."""
    intent = {"id": "i1", "content": "Sign the note as Tess.", "reveal": "Sign it Tess."}
    sessions = [
        spec([], id="s1", request="Start the log."),
        spec([intent], id="s2", request="Continue the log."),
        spec([], id="s3", request="Tidy up."),
    ]
    episode = Episode(
        persona="tester",
        sessions=[
            EpisodeEntry(session="s1"),
            EpisodeEntry(session="s2", depends_on=["s1"]),
            EpisodeEntry(session="s3"),
        ],
        dependency_groups=[DependencyGroup(id="g1", sessions=["s1", "s2"])],
    )
    return PersonaBundle(root=Path("."), persona=PERSONA, episode=episode, sessions=sessions, data_root=Path("."))


def run_mode(memory: str, ablate: str = "none") -> ProbeAgent:
    agent = ProbeAgent()
    deps = EpisodeDeps(agent=agent, user=RulesUser(), workspace=MemoryWorkspace({"seed.txt": b"s"}))
    run_episode(three_sessions(), RunConfig.model_validate({"memory": memory, "ablate": ablate}), deps)
    return agent


@pytest.mark.parametrize(
    ("memory", "work_kept", "memory_kept"),
    [("full", True, True), ("no-memory", True, False), ("isolated", False, False)],
)
def test_memory_modes_decide_what_session_k_plus_1_finds(memory: str, work_kept: bool, memory_kept: bool) -> None:
    seen = run_mode(memory).seen_files
    assert "seed.txt" in seen["s2"] and "seed.txt" in seen["s3"]
    assert ("work/s1.txt" in seen["s2"]) is work_kept
    assert ({"work/s1.txt", "work/s2.txt"} <= seen["s3"]) is work_kept
    assert (MEMORY_FILE in seen["s2"]) is memory_kept
    assert (MEMORY_FILE in seen["s3"]) is memory_kept


def test_oracle_puts_the_transcripts_of_depends_on_sessions_before_the_request() -> None:
    openings = run_mode("oracle").openings
    assert "[Transcripts of earlier sessions this task builds on]" in openings["s2"]
    assert "[opening, user] Start the log." in openings["s2"]
    assert "[turn 1] ASSISTANT: Finished s1." in openings["s2"]
    assert openings["s2"].endswith("Continue the log.")
    assert openings["s1"] == "Start the log." and openings["s3"] == "Tidy up."


def test_disclosed_appends_the_hidden_intents_to_the_request() -> None:
    openings = run_mode("disclosed").openings
    assert openings["s2"] == "Continue the log.\n\n[Further requirements]\n- Sign the note as Tess."
    assert openings["s1"] == "Start the log."


def test_no_deps_ablation_runs_each_group_final_without_its_predecessors() -> None:
    bundle = three_sessions()
    assert [s.id for s in selected_sessions(bundle, [], "no-deps")] == ["s2", "s3"]
    assert [s.id for s in selected_sessions(bundle, [], "none")] == ["s1", "s2", "s3"]
    agent = run_mode("full", ablate="no-deps")
    assert list(agent.openings) == ["s2", "s3"]
    assert "work/s1.txt" not in agent.seen_files["s2"]


class CountingWorkspace(MemoryWorkspace):
    """Counts its snapshots (in a container each one is a command run there)."""

    snapshots = 0

    def snapshot(self) -> bytes:
        self.snapshots += 1
        return super().snapshot()


@pytest.mark.parametrize(("memory", "snapshots"), [("full", 0), ("no-memory", 0), ("oracle", 0), ("isolated", 1)])
def test_the_seed_is_snapshotted_only_for_the_mode_that_restores_it(memory: str, snapshots: int) -> None:
    workspace = CountingWorkspace({"seed.txt": b"s"})
    deps = EpisodeDeps(agent=ProbeAgent(), user=RulesUser(), workspace=workspace)
    run_episode(three_sessions(), RunConfig.model_validate({"memory": memory}), deps)  # no run directory: no tars
    assert workspace.snapshots == snapshots

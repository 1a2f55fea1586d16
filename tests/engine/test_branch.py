"""Branching an episode at a session boundary of a finished run (engine/branch.py)."""

from __future__ import annotations

import io
import tarfile
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from engine.branch import BranchError
from engine.config_io import load_config
from engine.loader import load_persona
from engine.runner import count_sessions, run
from engine.schema.events import SessionStarted
from engine.schema.results import SessionResult
from engine.trajectory import read_trajectory


def files_of(tar_path: Path) -> dict[str, bytes]:
    with tarfile.open(fileobj=io.BytesIO(tar_path.read_bytes())) as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}  # type: ignore[union-attr]


@pytest.fixture
def source(tmp_path: Path, example_persona: Path) -> Path:
    """A finished reference run of the example persona."""
    config = load_config(None, [f"runs_dir={tmp_path}", "run_id=src", "agent.kind=reference"])
    return run(config, bundles=[load_persona(example_persona)]).run_dir


def branch(tmp_path: Path, example_persona: Path, source: Path, at: str, *extra: str) -> Path:
    overrides = [
        f"runs_dir={tmp_path}",
        "run_id=br",
        "agent.kind=passive",
        f"branch.from_run={source}",
        f"branch.at={at}",
    ]
    return run(load_config(None, [*overrides, *extra]), bundles=[load_persona(example_persona)]).run_dir


def test_branch_runs_only_the_later_sessions_from_the_source_state(
    tmp_path: Path, example_persona: Path, source: Path
) -> None:
    out = branch(tmp_path, example_persona, source, "s02")
    assert sorted(p.name for p in (out / "example").iterdir() if p.is_dir()) == ["s02", "s03"]
    before = files_of(source / "example" / "s01" / "workspace.tar")
    assert "schedule/2026-12-05.md" in before, "the source's s01 deliverable is the branch's starting state"
    after = files_of(out / "example" / "s02" / "workspace.tar")
    assert {path: after.get(path) for path in before} == before


def test_a_branch_opens_where_the_source_runs_clock_stood(tmp_path: Path, example_persona: Path, source: Path) -> None:
    out = branch(tmp_path, example_persona, source, "s03")
    original, branched = (
        SessionResult.model_validate_json((run_dir / "example" / "s03" / "result.json").read_text())
        for run_dir in (source, out)
    )
    assert original.opened_at is not None and branched.opened_at == original.opened_at
    assert original.opened_at > datetime(2026, 1, 5, 9, 0) + timedelta(days=1), "s03 opens two gaps after the start"


def test_a_branch_of_one_selected_session_opens_on_the_state_the_session_before_left(
    tmp_path: Path, example_persona: Path, source: Path
) -> None:
    out = branch(tmp_path, example_persona, source, "s02", "sessions=[s02]")
    assert sorted(p.name for p in (out / "example").iterdir() if p.is_dir()) == ["s02"]
    before = files_of(source / "example" / "s01" / "workspace.tar")
    after = files_of(out / "example" / "s02" / "workspace.tar")
    assert "schedule/2026-12-05.md" in after and {path: after.get(path) for path in before} == before
    excluded = load_config(None, [f"branch.from_run={source}", "branch.at=s03", "sessions=[s02]"])
    with pytest.raises(BranchError, match=r"'s03' is not among the selected sessions of example \(sessions: s02\)"):
        count_sessions(excluded, [load_persona(example_persona)])


def test_oracle_branch_sees_the_source_transcripts(tmp_path: Path, example_persona: Path, source: Path) -> None:
    out = branch(tmp_path, example_persona, source, "s02", "memory=oracle")
    opening = next(
        e for e in read_trajectory(out / "example" / "s02" / "trajectory.jsonl") if isinstance(e, SessionStarted)
    )
    assert "## Session s01" in opening.opening


def test_rerunning_a_branched_run_redoes_nothing(tmp_path: Path, example_persona: Path, source: Path) -> None:
    out = branch(tmp_path, example_persona, source, "s03")
    stamp = (out / "example" / "s03" / "trajectory.jsonl").stat().st_mtime_ns
    again = branch(tmp_path, example_persona, source, "s03")
    assert (again / "example" / "s03" / "trajectory.jsonl").stat().st_mtime_ns == stamp


def test_bad_branch_points_are_named(tmp_path: Path, example_persona: Path, source: Path) -> None:
    bundles = [load_persona(example_persona)]
    unknown = load_config(None, [f"branch.from_run={source}", "branch.at=s09"])
    with pytest.raises(BranchError, match=r"branch\.at: example has no session 's09'"):
        count_sessions(unknown, bundles)
    (source / "example" / "s01" / "workspace.tar").unlink()
    broken = load_config(None, [f"branch.from_run={source}", "branch.at=s03"])
    with pytest.raises(BranchError, match=r"s01 has no workspace\.tar"):
        count_sessions(broken, bundles)
    fine = load_config(None, [f"branch.from_run={source}", "branch.at=s01"])
    assert count_sessions(fine, bundles) == 3

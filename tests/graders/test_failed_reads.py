"""A workspace that fails to answer is an error with its reason, never a failed item or an open intent."""

from __future__ import annotations

from engine.agents.scripted import ScriptedAgent
from engine.episode import EpisodeDeps, run_session
from engine.ports import WorkspaceError
from engine.schema.config import RunConfig
from engine.schema.events import SessionEnded
from engine.schema.rules import RuleSpec
from engine.schema.session import ChecklistItem, ReferenceTurn
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from graders.checklist import grade_checklist
from graders.view import EvidenceView
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.helpers import bundle, spec

REPORT = RuleSpec(kind="text", args={"path": "report.md", "within": "sentence", "patterns": ["revenue", r"\b42\b"]})
ITEMS = [
    ChecklistItem(id="c1", text="The report states revenue of 42.", rule=REPORT, mandatory=True),
    ChecklistItem(id="c2", text="Notes exist.", rule=RuleSpec(kind="file_exists", args={"path": "notes.md"})),
]


class Flaky(MemoryWorkspace):
    """A memory workspace whose reads of one path fail as a container that stopped answering would."""

    def __init__(self, files: dict[str, bytes], broken: str) -> None:
        super().__init__(files)
        self.broken = broken

    def read_file(self, path: str) -> bytes:
        if path == self.broken:
            raise WorkspaceError(f"read {path}: the container did not answer within 30 s")
        return super().read_file(path)


def test_a_failed_read_is_a_grader_error_and_a_missing_file_a_fail() -> None:
    view = EvidenceView(Flaky({"report.md": b"Revenue was 42 this year.\n"}, broken="report.md"))
    grades = {g.item_id: g for g in grade_checklist(ITEMS, view, [], None)}
    assert grades["c1"].score is None and grades["c1"].error is not None
    assert "report.md: read report.md: the container did not answer" in grades["c1"].error
    assert grades["c2"].score == 0.0 and grades["c2"].error is None

    healthy = EvidenceView(MemoryWorkspace({"report.md": b"Revenue was 42 this year.\n"}))
    assert [g.score for g in grade_checklist(ITEMS, healthy, [], None)] == [1.0, 0.0]


def test_a_failed_read_while_the_user_checks_an_intent_ends_the_session_infra_error() -> None:
    intent = {
        "id": "i1",
        "content": "The report states revenue of 42.",
        "source": "ask",
        "reveal": "Put the revenue in the report.",
        "evidence": [REPORT.model_dump()],
        "keywords": ["revenue"],
    }
    session = spec([intent], [ITEMS[0].model_dump()])
    write = ReferenceTurn.model_validate(
        {
            "actions": [{"tool": "write_file", "args": {"path": "report.md", "content": "Revenue: 42.\n"}}],
            "message": "Done.",
        }
    )
    log = TrajectoryLog()
    workspace = Flaky({}, broken="report.md")
    deps = EpisodeDeps(agent=ScriptedAgent([write]), user=RulesUser(), workspace=workspace)
    result = run_session(bundle(session), session, RunConfig(), deps, log)
    assert result.termination == "infra_error"
    assert result.error is not None and "cannot check intent i1" in result.error
    ended = next(e for e in log.events if isinstance(e, SessionEnded))
    assert ended.reason == "infra_error" and ended.error is not None and "did not answer" in ended.error

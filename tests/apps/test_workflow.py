"""A scripted agent works across apps (reads a brief, sends mail, creates and deletes a todo); app_state and
tool_sequence rules grade it, and an agent that skips a step fails exactly the items that need it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.agents.scripted import ScriptedAgent
from engine.episode import EpisodeDeps, run_session
from engine.schema.config import RunConfig
from engine.schema.results import SessionResult
from engine.tools.toolbox import ToolBox
from engine.trajectory import TrajectoryLog
from engine.user.rules import RulesUser
from sandbox.apps.registry import new_world
from sandbox.apps.tools import APPS_SERVICE
from sandbox.workspace.memory import MemoryWorkspace
from tests.apps.harness import ACCOUNT, NOOR, PASSWORD, USERS, write_fixtures
from tests.apps.persona import BRIEF
from tests.engine.helpers import bundle, spec

MAIL = {
    "app": "gmail",
    "collection": "sent_emails",
    "where": {"recipients": "^amira@mail\\.example$", "subject": "keys", "body": "under the mat by the back door"},
}
GONE = {"app": "todoist", "collection": "tasks", "where": {"title": "hand over keys"}, "absent": True}
FLOW = {
    "steps": [
        {"tool": "read_file", "args": {"path": "^briefs/keys\\.md$"}},
        {"tool": "gmail__login", "id": "mail_login"},
        {"tool": "gmail__send_email", "link": {"access_token": "mail_login.result.response.access_token"}},
        {"tool": "todoist__create_task", "id": "todo", "args": {"title": "hand over keys"}},
        {"tool": "todoist__delete_task", "link": {"task_id": "todo.result.response.task_id"}},
    ]
}
CHECKLIST: list[dict[str, Any]] = [
    {"id": "mail", "text": "Amira was told where the keys are.", "rule": {"kind": "app_state", "args": MAIL}},
    {"id": "gone", "text": "The temporary todo is gone.", "rule": {"kind": "app_state", "args": GONE}},
    {
        "id": "flow",
        "text": "Brief read, mail sent, todo made then deleted.",
        "rule": {"kind": "tool_sequence", "args": FLOW},
    },
]


def workflow(delete: bool) -> Any:
    """The agent's one turn: every value it uses comes from the brief or from earlier results."""

    def turn(message: str, tools: ToolBox) -> str:
        brief = tools.call("read_file", {"path": "briefs/keys.md"}).output["content"]
        address = re.search(r"\(([^)]+@[^)]+)\)", brief).group(1)  # type: ignore[union-attr]
        where = re.search(r"that (.*)\.", brief).group(1)  # type: ignore[union-attr]
        mail = tools.call("gmail__login", {"username": NOOR, "password": PASSWORD}).output["response"]
        tools.call("gmail__send_email", {"access_token": mail["access_token"], "email_addresses": [address],
                                         "subject": "The keys", "body": f"Hi Amira, {where}."})  # fmt: skip
        todo = tools.call("todoist__login", {"username": NOOR, "password": PASSWORD}).output["response"]
        token = todo["access_token"]
        task = tools.call("todoist__create_task", {"access_token": token, "project_id": 0, "title": "Hand over keys"})
        if delete:
            tools.call("todoist__delete_task", {"access_token": token, "task_id": task.output["response"]["task_id"]})
        return "Amira knows where the keys are; the hand-over todo is done and removed."

    return turn


def play(tmp_path: Path, delete: bool) -> tuple[SessionResult, list[str]]:
    session = spec([], CHECKLIST, toolsets=["general", "gmail", "todoist"])
    fixture = {"account": ACCOUNT, "users": USERS}
    world = new_world(write_fixtures(tmp_path, {"gmail": fixture, "todoist": fixture}))
    workspace = MemoryWorkspace({"briefs/keys.md": BRIEF.encode()})
    deps = EpisodeDeps(ScriptedAgent(workflow(delete)), RulesUser(), workspace, services={APPS_SERVICE: world})
    log = TrajectoryLog()
    result = run_session(bundle(session), session, RunConfig(), deps, log)
    names = [e.name for e in log.events if getattr(e, "type", "") == "tool_call"]
    return result, names


def test_multi_app_workflow_is_graded_by_app_rules(tmp_path: Path) -> None:
    result, names = play(tmp_path, delete=True)
    assert names == ["read_file", "gmail__login", "gmail__send_email", "todoist__login", "todoist__create_task",
                     "todoist__delete_task"]  # fmt: skip
    assert {i.item_id: i.score for i in result.items} == {"mail": 1.0, "gone": 1.0, "flow": 1.0}
    assert result.rule_comp == 1.0


def test_skipping_the_deletion_fails_the_items_that_need_it(tmp_path: Path) -> None:
    result, _ = play(tmp_path, delete=False)
    scores = {i.item_id: i.score for i in result.items}
    assert scores == {"mail": 1.0, "gone": 0.0, "flow": 0.0}
    reasons = {i.item_id: i.reason for i in result.items}
    assert reasons["gone"] == "1 of 1 todoist.tasks row(s) match (need none)"
    assert reasons["flow"] == "4 of 5 step(s) found; no match for step 5 (todoist__delete_task) after them"

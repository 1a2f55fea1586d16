"""A model service that fails ends the session infra_error: kept out of Proc/Comp, counted, the episode stopped
there and redone by a re-run; user_error reasons reach the trajectory and result.json; judge outages too."""

from __future__ import annotations

import json
from pathlib import Path

from engine.agents.base import SessionBrief
from engine.agents.reference import ReferenceAgent
from engine.episode import EpisodeDeps, run_episode, run_session
from engine.experiment.execute import EpisodeJob, finished_episode
from engine.loader import PersonaBundle, load_persona
from engine.models.scripted import ScriptedModel
from engine.ports import Message, ModelUnavailableError, ToolSpec
from engine.rundir import RESULT_FILE, TRAJECTORY_FILE
from engine.schema.config import RunConfig
from engine.schema.events import SessionEnded
from engine.schema.results import EpisodeResult, SessionResult
from engine.tools.toolbox import ToolBox
from engine.trajectory import TrajectoryLog, read_trajectory
from engine.user.llm import LLMUser
from engine.user.rules import RulesUser
from sandbox.workspace.memory import MemoryWorkspace
from tests.engine.helpers import bundle, run_one, spec


class Outage:
    """The reference agent, with its model service down during the sessions in `down`."""

    def __init__(self, bundle: PersonaBundle, down: set[str]) -> None:
        self.inner = ReferenceAgent({s.id: s.reference for s in bundle.sessions}, bundle.root)
        self.down = down
        self.session = ""

    def start_session(self, brief: SessionBrief) -> None:
        self.session = brief.session_id
        self.inner.start_session(brief)

    def respond(self, message: str, tools: ToolBox) -> str:
        if self.session in self.down:
            raise ModelUnavailableError("openai/agent-x: no answer after 3 attempts; last error: 503")
        return self.inner.respond(message, tools)

    def end_session(self) -> None:
        self.inner.end_session()


def episode(bundle: PersonaBundle, out: Path, down: set[str]) -> EpisodeResult:
    deps = EpisodeDeps(agent=Outage(bundle, down), user=RulesUser(), workspace=MemoryWorkspace(bundle.seed_files()))
    return run_episode(bundle, RunConfig(), deps, out)


def test_an_outage_ends_the_session_infra_error_stops_the_episode_and_a_rerun_redoes_it(
    tmp_path: Path, example_persona: Path
) -> None:
    bundle = load_persona(example_persona)
    out = tmp_path / "example"
    stopped = episode(bundle, out, down={"s02"})
    assert [(s.session_id, s.termination) for s in stopped.sessions] == [("s01", "resolved"), ("s02", "infra_error")]
    s02 = stopped.sessions[1]
    assert s02.error is not None and "agent model: openai/agent-x: no answer after 3 attempts" in s02.error
    assert s02.items and all(i.score is None for i in s02.items)  # not graded
    assert stopped.infra_errors == 1 and not (out / "s03").exists()
    assert stopped.proc == stopped.sessions[0].proc and stopped.comp == stopped.sessions[0].comp
    assert stopped.status_counts["open"] == 0 and stopped.mean_turns == stopped.sessions[0].turns
    ended = [e for e in read_trajectory(out / "s02" / TRAJECTORY_FILE) if isinstance(e, SessionEnded)]
    assert [(e.reason, e.error) for e in ended] == [("infra_error", s02.error)]
    saved = SessionResult.model_validate_json((out / "s02" / RESULT_FILE).read_text())
    assert saved.error == s02.error
    job = EpisodeJob(cell=None, config=RunConfig(), run_dir=tmp_path, bundle=bundle)  # type: ignore[arg-type]
    assert finished_episode(job) is None  # an experiment re-run does not skip it

    redone = episode(bundle, out, down=set())
    assert [(s.session_id, s.termination) for s in redone.sessions] == [(f"s0{k}", "resolved") for k in (1, 2, 3)]
    assert redone.infra_errors == 0 and redone.proc == 1.0
    assert finished_episode(job) is not None


def test_a_user_that_never_decides_ends_user_error_with_its_reason_recorded(tmp_path: Path) -> None:
    intents = [{"id": "i1", "content": "Use a table.", "reveal": "A table, please."}]
    model = ScriptedModel(['{"completed": "i1"}', '{"completed": [{"intent_id": "i9", "evidence": ""}]}', "no"])
    result, log = run_one(spec(intents), _replying(), user=LLMUser(model))
    assert result.termination == "user_error"
    assert result.error is not None and "no valid answer after 3 attempts; last: not valid JSON" in result.error
    ended = [e for e in log.events if isinstance(e, SessionEnded)]
    assert ended[-1].error == result.error
    assert "'i9' is not one of ['i1']" in model.calls[2][-1].content  # the second rejection's feedback


def test_an_unreachable_user_model_is_infra_error_not_user_error() -> None:
    def down(messages: list[Message], schema: object) -> str:
        raise ModelUnavailableError("openai/user-x: no answer after 3 attempts")

    intents = [{"id": "i1", "content": "Use a table.", "reveal": "A table, please."}]
    result, _ = run_one(spec(intents), _replying(), user=LLMUser(ScriptedModel(down)))
    assert (result.termination, result.error) == (
        "infra_error",
        "user model: openai/user-x: no answer after 3 attempts",
    )


def test_an_unreachable_judge_makes_the_session_infra_error_without_grades() -> None:
    class DownJudge:
        name = "judge-x"

        def complete(
            self, messages: list[Message], *, response_schema: object = None, tools: list[ToolSpec] | None = None
        ) -> object:
            raise ModelUnavailableError("judge-x: no answer after 3 attempts")

    session = spec([], [{"id": "c1", "text": "The reply is polite.", "rubric": {}}])
    log, grades = TrajectoryLog(), TrajectoryLog()
    deps = EpisodeDeps(agent=_replying(), user=RulesUser(), workspace=MemoryWorkspace(), judge=DownJudge())  # type: ignore[arg-type]
    result = run_session(bundle(session), session, RunConfig(), deps, log, grades)
    assert (result.termination, result.error) == ("infra_error", "judge model: judge-x: no answer after 3 attempts")
    assert grades.events == [] and result.items[0].score is None


def _replying() -> ReferenceAgent:
    class Reply(ReferenceAgent):
        def __init__(self) -> None:
            super().__init__({}, Path("."))

        def start_session(self, brief: SessionBrief) -> None:
            pass

        def respond(self, message: str, tools: ToolBox) -> str:
            return "Here it is."

    return Reply()


def test_results_json_keeps_the_error_field(tmp_path: Path, example_persona: Path) -> None:
    bundle = load_persona(example_persona)
    result = episode(bundle, tmp_path / "example", down={"s01"})
    data = json.loads((tmp_path / "example" / "s01" / RESULT_FILE).read_text())
    assert data["termination"] == "infra_error" and data["error"] == result.sessions[0].error
    assert result.proc is None and result.infra_errors == 1

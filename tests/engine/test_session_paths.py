"""Each path of the session protocol, driven by scripted agents and the rules user."""

from __future__ import annotations

from engine.agents.scripted import ScriptedAgent
from engine.schema.events import AgentMessage, SessionEnded, StatusAssigned, UserMessage
from engine.schema.session import ReferenceTurn
from tests.engine.helpers import run_one, spec

TABLE_INTENT = {
    "id": "i1",
    "content": "Results as a Markdown table in out.md.",
    "reveal": "Put the results in out.md as a table.",
    "evidence": [{"kind": "file_matches", "args": {"path": "out.md", "pattern": r"\|.*\|"}}],
    "keywords": ["table|format"],
}
UNIT_INTENT = {
    "id": "i2",
    "content": "Accuracy is reported in percent with one decimal.",
    "reveal": "Use percent with one decimal.",
    "evidence": [{"kind": "file_matches", "args": {"path": "out.md", "pattern": r"\d+\.\d%"}}],
    "keywords": ["percent|unit|decimal"],
}


def write(path: str, content: str, message: str) -> ReferenceTurn:
    return ReferenceTurn(actions=[{"tool": "write_file", "args": {"path": path, "content": content}}], message=message)


def statuses(log) -> list[tuple[int, str, str]]:
    return [(e.turn, e.intent_id, e.status) for e in log.events if isinstance(e, StatusAssigned)]


def test_completed_on_first_turn_ends_after_one_turn() -> None:
    agent = ScriptedAgent([write("out.md", "| model | acc |\n|---|---|\n| a | 91.5% |\n", "Done.")])
    result, log = run_one(spec([TABLE_INTENT, UNIT_INTENT]), agent)
    assert statuses(log) == [(1, "i1", "completed"), (1, "i2", "completed")]
    assert result.proc == 1.0
    assert result.turns == 1
    assert result.termination == "resolved"
    assert not [e for e in log.events if isinstance(e, UserMessage)]


def test_targeted_question_is_inferred_and_answered_with_the_reveal() -> None:
    agent = ScriptedAgent(
        [
            ReferenceTurn(message="Should accuracy be in percent, and with how many decimals?"),
            write("out.md", "| model | acc |\n|---|---|\n| a | 91.5% |\n", "Here it is."),
        ]
    )
    result, log = run_one(spec([TABLE_INTENT, UNIT_INTENT]), agent)
    assert statuses(log) == [(1, "i2", "inferred"), (2, "i1", "completed")]
    answer = next(e for e in log.events if isinstance(e, UserMessage))
    assert answer.text == UNIT_INTENT["reveal"]
    assert answer.answers == ["i2"]
    assert agent.seen[1] == UNIT_INTENT["reveal"]
    assert result.proc == 1.0


def test_generic_question_does_not_count_and_the_user_provides_one_intent() -> None:
    agent = ScriptedAgent([ReferenceTurn(message="Sure! Do you have any other preferences?")])
    result, log = run_one(spec([TABLE_INTENT, UNIT_INTENT]), agent)
    assert statuses(log) == [(1, "i1", "provided"), (2, "i2", "provided")]
    assert result.proc == 0.0
    assert result.statuses == {"i1": "provided", "i2": "provided"}


def test_last_intent_provided_gets_one_more_agent_turn_then_the_session_ends() -> None:
    agent = ScriptedAgent([ReferenceTurn(message="Working on it.")], final="Final answer.")
    _result, log = run_one(spec([TABLE_INTENT]), agent)
    replies = [e.text for e in log.events if isinstance(e, AgentMessage)]
    assert replies == ["Working on it.", "Final answer."]
    assert statuses(log) == [(1, "i1", "provided")]
    ended = next(e for e in log.events if isinstance(e, SessionEnded))
    assert (ended.reason, ended.turns) == ("resolved", 2)


def test_session_without_intents_ends_after_the_first_reply() -> None:
    result, _log = run_one(spec([]), ScriptedAgent([ReferenceTurn(message="Done")]))
    assert result.turns == 1 and result.proc is None and result.termination == "resolved"


def test_turn_cap_is_recorded_as_its_own_termination_reason() -> None:
    from engine.user.rules import RulesUser

    class NeverResolves(RulesUser):
        def respond(self, obs):  # type: ignore[no-untyped-def]
            from engine.user.base import UserReply

            return UserReply([], "Keep going.")

    result, _log = run_one(spec([TABLE_INTENT]), ScriptedAgent(lambda m, t: "hmm"), user=NeverResolves(), max_turns=3)
    assert result.termination == "turn_cap"
    assert result.turns == 3
    assert result.statuses == {"i1": None}
    assert result.proc == 0.0


def test_agent_exception_ends_the_session_as_agent_error_without_crashing() -> None:
    def boom(message, tools):  # type: ignore[no-untyped-def]
        raise RuntimeError("model exploded")

    result, log = run_one(spec([TABLE_INTENT]), ScriptedAgent(boom))
    assert result.termination == "agent_error"
    assert "model exploded" in next(e.text for e in log.events if isinstance(e, AgentMessage))


def test_anywhere_rule_item_satisfied_at_an_earlier_turn_still_counts_and_a_final_one_does_not() -> None:
    draft = {"kind": "file_exists", "args": {"path": "draft.md"}}
    checklist = [
        {"id": "c1", "text": "draft existed", "rule": {**draft, "when": "anywhere"}},
        {"id": "c2", "text": "final exists", "rule": {"kind": "file_exists", "args": {"path": "final.md"}}},
        {"id": "c3", "text": "draft still exists", "rule": draft},
    ]
    agent = ScriptedAgent(
        [
            write("draft.md", "draft", "Drafted. What format do you want?"),
            ReferenceTurn(
                actions=[
                    {"tool": "write_file", "args": {"path": "final.md", "content": "| a |"}},
                    {"tool": "exec", "args": {"command": "rm draft.md"}},
                ],
                message="Final written.",
            ),
        ]
    )
    result, _ = run_one(spec([TABLE_INTENT], checklist), agent)
    assert {i.item_id: i.score for i in result.items} == {"c1": 1.0, "c2": 1.0, "c3": 0.0}
    assert "earlier turn" in result.items[0].reason

"""The LLM-backed user modes with a scripted user model: stage 1, stage 2, voice and strict reveals."""

from __future__ import annotations

import json

from engine.agents.scripted import ScriptedAgent
from engine.models.scripted import ScriptedModel
from engine.schema.events import StatusAssigned, UserMessage
from engine.schema.session import ReferenceTurn
from engine.user.llm import LLMUser
from tests.engine.helpers import run_one, spec

INTENTS = [
    {"id": "i1", "content": "Use a table.", "reveal": "A table, please."},
    {"id": "i2", "content": "Cite the source file.", "reveal": "Cite where the numbers come from."},
]


def test_llm_user_two_stages_and_message_in_voice() -> None:
    model = ScriptedModel(
        [
            {"completed": [{"intent_id": "i1", "evidence": "the reply has a table"}]},
            {"targeted": [{"intent_id": "i2", "question": "Which file should I cite?"}], "provide": "i2"},
            {"message": "Cite results.csv, thanks!"},
        ]
    )
    agent = ScriptedAgent([ReferenceTurn(message="| a |\nWhich file should I cite?")], final="Cited.")
    result, log = run_one(spec(INTENTS), agent, user=LLMUser(model))
    assert result.statuses == {"i1": "completed", "i2": "inferred"}
    assert [e.text for e in log.events if isinstance(e, UserMessage)] == ["Cite results.csv, thanks!"]
    assert "UNRESOLVED HIDDEN REQUIREMENTS" in model.calls[0][1].content
    assert "[i2] Cite the source file." in model.calls[1][1].content


def test_strict_mode_reveals_verbatim_and_an_unknown_id_is_asked_again_with_feedback() -> None:
    model = ScriptedModel(
        [
            {"completed": [{"intent_id": "zzz", "evidence": "?"}]},
            {"completed": []},
            {"targeted": [], "provide": "i2"},
            {"completed": []},
            {"targeted": [], "provide": "i1"},
        ]
    )
    _result, log = run_one(spec(INTENTS), ScriptedAgent(lambda m, t: "ok"), user=LLMUser(model, verbatim=True))
    assert [e.text for e in log.events if isinstance(e, UserMessage)] == [INTENTS[1]["reveal"], INTENTS[0]["reveal"]]
    assert [(e.intent_id, e.status) for e in log.events if isinstance(e, StatusAssigned)] == [
        ("i2", "provided"),
        ("i1", "provided"),
    ]
    retry = model.calls[1]
    assert retry[-2].content == json.dumps({"completed": [{"intent_id": "zzz", "evidence": "?"}]})
    assert "completed/0/intent_id: 'zzz' is not one of ['i1', 'i2']" in retry[-1].content


def test_garbage_from_the_user_model_ends_the_session_as_user_error() -> None:
    model = ScriptedModel(["not json", "still not", "nope"])
    result, _ = run_one(spec(INTENTS), ScriptedAgent(lambda m, t: "ok"), user=LLMUser(model))
    assert result.termination == "user_error"
    assert result.statuses == {"i1": None, "i2": None}

"""Nothing hidden reaches the agent's model: intent contents, checklists and gold solutions stay out."""

from __future__ import annotations

from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.protocol import make_protocol
from engine.models.scripted import ScriptedModel
from engine.ports import Message
from tests.agents.react_helpers import act, reply
from tests.engine.helpers import run_one, spec

INTENT = {
    "id": "i1",
    "content": "ZEBRA-CONTENT the totals must be in euros",
    "reveal": "Totals in euros, please.",
    "keywords": ["euro"],
}
CHECK = {"id": "c1", "text": "QUOKKA-CHECK totals in euros", "rule": {"kind": "file_exists", "args": {"path": "t.md"}}}


def test_the_agent_model_never_sees_intent_contents_checklists_or_the_gold_solution() -> None:
    session = spec([INTENT], [CHECK], reference={"turns": [{"message": "OKAPI-GOLD reply"}]})
    seen: list[list[Message]] = []
    asked = reply("Done. Should the totals be in euros?")
    script = iter([act("list_dir"), asked, reply("Euros it is."), {"memory": "- euros"}])

    def model(messages: list[Message], schema: object) -> object:
        seen.append(list(messages))
        return next(script)

    agent = ReactAgent(ScriptedModel(model), make_protocol("json"), ReactSettings(LoopLimits(5, 2_000, None)))
    result, _ = run_one(session, agent, files={"data.csv": b"a,b\n"})
    assert result.statuses == {"i1": "inferred"}
    text = "\n".join(m.content for call in seen for m in call)
    assert "Totals in euros, please." in text
    for secret in ("ZEBRA-CONTENT", "QUOKKA-CHECK", "OKAPI-GOLD"):
        assert secret not in text

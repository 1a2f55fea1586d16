"""The ReAct loop under both calling protocols: tool steps, replies, malformed output, step cap, questions."""

from __future__ import annotations

from engine.agents.base import SessionBrief
from engine.agents.react import ReactAgent, ReactSettings
from engine.agents.react.loop import LoopLimits, fit_context
from engine.agents.react.protocol import action_schema, make_protocol
from engine.models.scripted import ScriptedModel
from engine.ports import Completion, ContextOverflowError, Message, ModelToolCall
from engine.schema.events import ActionError, ToolCall, ToolResult
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.react_helpers import act, native, react_agent, reply, toolbox

BRIEF = SessionBrief(session_id="s1", trigger="user", toolsets=("general",))


def test_json_protocol_runs_tools_then_replies() -> None:
    agent, model = react_agent(
        [act("read_file", path="a.txt"), act("write_file", path="b.txt", content="B"), reply("ok")]
    )
    ws = MemoryWorkspace({"a.txt": b"hello"})
    tools, events = toolbox(ws)
    agent.start_session(BRIEF)
    assert agent.respond("copy it", tools) == "ok"
    assert ws.read_file("b.txt") == b"B"
    assert [e.name for e in events if isinstance(e, ToolCall)] == ["read_file", "write_file"]
    read = next(e for e in events if isinstance(e, ToolResult))
    assert read.output["content"] == "hello"
    second_call = model.calls[1]
    assert second_call[-1].role == "user" and "[result of read_file]" in second_call[-1].content
    assert '"hello"' in second_call[-1].content


def test_json_protocol_offers_the_tool_catalogue_and_a_constrained_schema() -> None:
    agent, model = react_agent([reply("hi")])
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    agent.respond("hello", tools)
    system = model.calls[0][0].content
    assert "- read_file(path: string)" in system and '"action"' in system
    branches = action_schema(tools.specs())["anyOf"]
    assert [b["properties"]["action"]["const"] for b in branches] == [*tools.names(), "reply"]
    read_file = next(b for b in branches if b["properties"]["action"]["const"] == "read_file")
    assert read_file["properties"]["arguments"]["properties"]["path"]["type"] == "string"
    assert set(branches[-1]["required"]) == {"thought", "action", "message"}
    assert "maxLength" not in read_file["properties"]["arguments"]["properties"]["path"]
    bounded = action_schema(tools.specs(), argument_chars=50)["anyOf"]
    write = next(b for b in bounded if b["properties"]["action"]["const"] == "write_file")
    assert write["properties"]["arguments"]["properties"]["content"]["maxLength"] == 50


def test_malformed_actions_go_back_to_the_model_and_never_crash() -> None:
    outputs = [
        "not json at all",
        {"thought": "x"},
        act("teleport", where="moon"),
        {"thought": "", "action": "read_file", "arguments": "a.txt", "message": ""},
        {"thought": "", "action": "reply", "arguments": {}, "message": "  "},
        act("read_file", file="a.txt"),
        reply("recovered"),
    ]
    agent, model = react_agent(outputs)
    tools, events = toolbox(MemoryWorkspace({"a.txt": b"x"}))
    agent.start_session(BRIEF)
    assert agent.respond("go", tools) == "recovered"
    feedback = [calls[-1].content for calls in model.calls[1:]]
    assert "not valid JSON" in feedback[0]
    assert 'string field "action"' in feedback[1]
    assert "unknown action 'teleport'" in feedback[2]
    assert '"arguments" must be a JSON object' in feedback[3]
    assert "non-empty" in feedback[4]
    assert "bad arguments for read_file" in feedback[5]
    assert [e.name for e in events if isinstance(e, ToolCall)] == ["read_file"]
    recorded = [e for e in events if isinstance(e, ActionError)]
    assert len(recorded) == 5 and recorded[0].text == "not json at all"


def test_native_protocol_runs_tool_calls_and_answers_with_tool_messages() -> None:
    outputs = [
        native(("write_file", {"path": "n.md", "content": "# N"}), ("read_file", {"path": "n.md"})),
        native(text="written"),
    ]
    agent, model = react_agent(outputs, protocol="native")
    ws = MemoryWorkspace({})
    tools, _ = toolbox(ws)
    agent.start_session(BRIEF)
    assert agent.respond("make a note", tools) == "written"
    assert ws.read_file("n.md") == b"# N"
    sent = model.calls[1]
    assert sent[-3].role == "assistant" and [c["function"]["name"] for c in sent[-3].tool_calls] == [
        "write_file",
        "read_file",
    ]
    assert [m.role for m in sent[-2:]] == ["tool", "tool"]
    assert sent[-1].tool_call_id == "c1" and "# N" in sent[-1].content


def test_step_cap_ends_the_turn_with_a_note() -> None:
    agent, _ = react_agent([act("list_dir")] * 3, max_steps=3)
    tools, events = toolbox(MemoryWorkspace({"a": b""}))
    agent.start_session(BRIEF)
    out = agent.respond("loop forever", tools)
    assert out.startswith("(I stopped after 3 tool steps without finishing.)")
    assert len([e for e in events if isinstance(e, ToolCall)]) == 3


def test_the_same_failing_call_three_times_in_a_row_ends_the_turn() -> None:
    missing = act("read_file", path="/home/user/plan.md")
    agent, model = react_agent([missing] * 3 + [reply("never reached")], max_steps=8)
    tools, events = toolbox(MemoryWorkspace({"a": b""}))
    agent.start_session(BRIEF)
    out = agent.respond("read my plan", tools)
    assert out.startswith("(I stopped: the same tool call failed 3 times in a row: ")
    assert "relative to the workspace root" in out
    assert len(model.calls) == 3
    assert len([e for e in events if isinstance(e, ToolCall)]) == 3


def test_a_different_or_succeeding_call_resets_the_repeat_count() -> None:
    missing = act("read_file", path="nope.md")
    other = act("read_file", path="gone.md")
    found = act("read_file", path="a")
    agent, _ = react_agent([missing, missing, other, missing, missing, found, missing, missing, reply("done")])
    tools, events = toolbox(MemoryWorkspace({"a": b"x"}))
    agent.start_session(BRIEF)
    assert agent.respond("go", tools) == "done"
    assert len([e for e in events if isinstance(e, ToolCall)]) == 8


def test_step_cap_never_shows_the_user_broken_json() -> None:
    agent, _ = react_agent(['{"thought": "unfinished', "plain words"], max_steps=1)
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    assert agent.respond("go", tools) == "(I stopped after 1 tool steps without finishing.)"
    assert agent.respond("again", tools) == "(I stopped after 1 tool steps without finishing.) plain words"


def test_ask_user_ends_the_turn_with_the_question() -> None:
    agent, _ = react_agent([act("ask_user", question="Which slot should Jonas take?"), reply("thanks")])
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    assert agent.respond("plan it", tools) == "Which slot should Jonas take?"
    assert agent.respond("the morning one", tools) == "thanks"
    assert agent.messages[-2].content == "the morning one"


def test_message_tool_deliveries_reach_the_user_with_the_reply() -> None:
    outputs = [
        act("write_file", path="r.md", content="report"),
        act("message", content="Report attached.", media=["r.md"]),
        reply("All done."),
    ]
    agent, _ = react_agent(outputs)
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    assert agent.respond("send me the report", tools) == "Report attached. [attached: r.md]\n\nAll done."


def test_fit_context_drops_oldest_steps_but_keeps_system_and_opening() -> None:
    messages = [Message(role="system", content="S" * 10), Message(role="user", content="U" * 10)]
    messages += [Message(role="assistant", content=str(i) * 50) for i in range(5)]
    fitted = fit_context(messages, 130)
    assert fitted[:2] == messages[:2]
    assert "dropped" in fitted[2].content
    assert fitted[-1] == messages[-1] and len(fitted) < len(messages)
    assert fit_context(messages, None) == messages


def test_the_context_cut_moves_a_page_at_a_time_so_consecutive_calls_share_their_start() -> None:
    messages = [Message(role="system", content="S" * 100), Message(role="user", content="U" * 100)]
    messages += [Message(role="assistant", content=f"{i:03d}" * 20) for i in range(40)]
    starts = []
    for grown in range(30, 41):
        fitted = fit_context(messages[: 2 + grown], 1000)
        assert sum(len(m.content) for m in fitted) <= 1000 + 60 and fitted[-1] == messages[1 + grown]
        starts.append(fitted[3].content)
    assert len(set(starts)) <= 3  # 11 calls, 60 characters each: the cut moved at most twice, not every call


def test_a_new_session_forgets_the_conversation() -> None:
    agent, model = react_agent([reply("one"), reply("two")])
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    agent.respond("first", tools)
    agent.start_session(SessionBrief(session_id="s2", trigger="user", toolsets=("general",)))
    agent.respond("second", tools)
    assert [m.content for m in model.calls[1] if m.role == "user"] == ["second"]


def test_context_overflow_is_retried_on_a_shorter_conversation() -> None:
    sizes: list[int] = []

    def small_window(messages: list[Message], schema: object) -> dict[str, object]:
        size = sum(len(m.content) for m in messages)
        sizes.append(size)
        if size > 3_000:
            raise ContextOverflowError("too long")
        return reply("fits now") if len(sizes) > 2 else act("read_file", path="big.txt")

    agent = ReactAgent(ScriptedModel(small_window), make_protocol("json"), ReactSettings(LoopLimits(5, 2_500, None)))
    tools, _ = toolbox(MemoryWorkspace({"big.txt": b"x" * 5_000}))
    agent.start_session(BRIEF)
    assert agent.respond("read it", tools) == "fits now"
    assert sizes[1] > 3_000 and sizes[2] <= 3_000 and len(sizes) == 3


def test_native_tool_arguments_that_are_not_json_are_an_action_error_and_never_run() -> None:
    error = 'arguments are not valid JSON: Unterminated string starting at character 9 of \'{"path": "n.md\''
    broken = ModelToolCall(id="c0", name="write_file", arguments={}, error=error, raw_arguments='{"path": "n.md')
    outputs = [Completion(text="", tool_calls=[broken]), native(("write_file", {"path": "n.md", "content": "#"}))]
    agent, model = react_agent([*outputs, native(text="written")], protocol="native")
    ws = MemoryWorkspace({})
    tools, events = toolbox(ws)
    agent.start_session(BRIEF)
    assert agent.respond("make a note", tools) == "written"
    told = model.calls[1][-1]
    assert (told.role, told.tool_call_id, told.content) == ("tool", "c0", f"error: {error}")
    assert model.calls[1][-2].tool_calls[0]["function"]["arguments"] == "{}"  # never echo broken JSON to a server
    failures = [e for e in events if isinstance(e, ActionError)]
    assert [(e.text, e.error) for e in failures] == [('write_file({"path": "n.md)', error)]
    assert [e.arguments for e in events if isinstance(e, ToolCall)] == [{"path": "n.md", "content": "#"}]

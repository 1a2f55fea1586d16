"""Cross-session memory (consolidation, history) and skills as the ReAct agent sees them."""

from __future__ import annotations

from engine.agents.base import SessionBrief
from engine.agents.react import ReactSettings
from engine.agents.react.loop import LoopLimits
from engine.agents.react.memory import HISTORY_DIR, MEMORY_FILE
from engine.agents.react.skills import list_skills
from engine.schema.events import ActionError
from sandbox.workspace.memory import MemoryWorkspace
from tests.agents.react_helpers import act, react_agent, reply, toolbox

BRIEF = SessionBrief(session_id="s1", trigger="user", toolsets=("general",))
SKILL = "---\nname: citations\ndescription: Format references in ACL style.\n---\n# Citations\nUse ACL style.\n"


def test_session_end_writes_history_and_consolidated_memory_that_the_next_session_sees() -> None:
    outputs = [reply("Noted: reports go to Ana."), {"memory": "- Reports go to Ana every Friday."}, reply("hi")]
    agent, model = react_agent(outputs)
    ws = MemoryWorkspace({})
    tools, _ = toolbox(ws)
    agent.start_session(BRIEF)
    agent.respond("Always send reports to Ana on Fridays.", tools)
    agent.end_session()
    history = ws.read_file(f"{HISTORY_DIR}/s1.md").decode()
    assert "Always send reports to Ana on Fridays." in history and "Noted: reports go to Ana." in history
    assert ws.read_file(MEMORY_FILE).decode() == "- Reports go to Ana every Friday."
    consolidation = model.calls[1]
    assert "(empty)" in consolidation[1].content and "Always send reports" in consolidation[1].content
    agent.start_session(SessionBrief(session_id="s2", trigger="user", toolsets=("general",)))
    agent.respond("hello again", tools)
    assert "Reports go to Ana every Friday." in model.calls[2][0].content


def test_an_agent_with_a_context_budget_consolidates_from_the_end_of_the_session_in_a_third_of_it() -> None:
    outputs = [reply("Noted."), {"memory": "- Fridays."}]
    agent, model = react_agent(outputs)
    agent.settings = ReactSettings(limits=LoopLimits(10, 2_000, 3_000), subagent_steps=3)
    tools, _ = toolbox(MemoryWorkspace({}))
    agent.start_session(BRIEF)
    agent.respond("Old detail nobody needs. " * 200 + "Always send reports to Ana on Fridays.", tools)
    agent.end_session()
    session = model.calls[1][1].content.split("This session:\n", 1)[1]
    assert len(session) == 1_000 and "Always send reports to Ana on Fridays." in session


def test_unusable_consolidation_keeps_the_old_memory_and_says_so() -> None:
    outputs = [reply("ok"), "garbage", {"memo": "wrong key"}, reply("ok"), {"memory": "   "}]
    agent, model = react_agent(outputs)
    ws = MemoryWorkspace({MEMORY_FILE: b"- old fact"})
    tools, events = toolbox(ws)
    for sid in ("s1", "s2"):
        agent.start_session(SessionBrief(session_id=sid, trigger="user", toolsets=("general",)))
        agent.respond("x", tools)
        agent.end_session()
    assert ws.read_file(MEMORY_FILE) == b"- old fact"
    assert {p for p in ws.list_files() if p.startswith(HISTORY_DIR)} == {f"{HISTORY_DIR}/s1.md", f"{HISTORY_DIR}/s2.md"}
    retry = model.calls[2]  # the second consolidation attempt carries the bad answer and what was wrong
    assert retry[-2].content == "garbage" and "not valid JSON" in retry[-1].content
    errors = [e.error for e in events if isinstance(e, ActionError)]
    assert len(errors) == 2 and all("MEMORY.md kept" in e for e in errors)
    assert "(root): 'memory' is a required property" in errors[0] and "empty memory" in errors[1]


def test_skills_are_listed_by_name_and_description_and_read_on_demand() -> None:
    ws = MemoryWorkspace(
        {"skills/citations/SKILL.md": SKILL.encode(), "skills/plots/SKILL.md": b"# Plots\nMake plots.\n"}
    )
    assert [(s.name, s.description) for s in list_skills(ws)] == [
        ("citations", "Format references in ACL style."),
        ("plots", "Make plots."),
    ]
    agent, model = react_agent([act("read_file", path="skills/citations/SKILL.md"), reply("done")])
    tools, _ = toolbox(ws)
    agent.start_session(BRIEF)
    agent.respond("fix my references", tools)
    system = model.calls[0][0].content
    assert "- citations: Format references in ACL style. (skills/citations/SKILL.md)" in system
    assert "Use ACL style." not in system
    assert "Use ACL style." in model.calls[1][-1].content


def test_spawn_runs_a_bounded_subagent_without_spawn_or_questions() -> None:
    outputs = [
        act("spawn", task="count the csv files", label="counter"),
        act("glob", pattern="*.csv"),
        act("ask_user", question="may I?"),
        reply("2 csv files"),
        reply("There are 2 CSV files."),
    ]
    agent, model = react_agent(outputs)
    tools, _ = toolbox(MemoryWorkspace({"a.csv": b"", "b.csv": b"", "c.txt": b""}))
    agent.start_session(BRIEF)
    assert agent.respond("how many csv files?", tools) == "There are 2 CSV files."
    sub_system = model.calls[1][0].content
    assert "sub-agent" in sub_system and "- spawn(" not in sub_system and "- ask_user(" not in sub_system
    assert "unknown action 'ask_user'" in model.calls[3][-1].content
    assert '"report": "2 csv files"' in model.calls[4][-1].content

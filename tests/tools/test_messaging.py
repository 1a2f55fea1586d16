"""message, ask_user and spawn."""

from __future__ import annotations

from tests.tools.helpers import Bench, error_of


def test_message_delivers_content_and_existing_attachments() -> None:
    bench = Bench({"report.md": b"# R"})
    out = bench.call("message", content="Report attached.", media=["report.md"], channel="email").output
    assert out == {"delivered": True, "content": "Report attached.", "channel": "email", "media": ["report.md"]}
    assert "missing file(s): nope.pdf" in error_of(bench.call("message", content="x", media=["nope.pdf"]))
    assert "bad arguments for message: content" in error_of(bench.call("message", content=""))
    assert "bad arguments for message: media" in error_of(bench.call("message", content="x", media="report.md"))


def test_ask_user_records_the_question() -> None:
    bench = Bench()
    assert bench.call("ask_user", question="Which date?").output == {"asked": "Which date?"}
    assert "bad arguments for ask_user: question" in error_of(bench.call("ask_user", question=""))
    assert "bad arguments for ask_user: question: Field required" in error_of(bench.call("ask_user"))


def test_spawn_calls_the_subagent_service() -> None:
    seen: list[tuple[str, str | None]] = []

    def subagent(task: str, label: str | None) -> str:
        seen.append((task, label))
        return f"did: {task}"

    bench = Bench(services={"subagent": subagent})
    assert bench.call("spawn", task="count files", label="counter").output == {
        "label": "counter",
        "report": "did: count files",
    }
    assert seen == [("count files", "counter")]
    assert "bad arguments for spawn: task" in error_of(bench.call("spawn", task=""))
    assert "not available" in error_of(Bench().call("spawn", task="x"))

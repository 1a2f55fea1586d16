"""Deterministic model roles for personas/example, served by tests/models/fake_openai.py.

- agent (requests with tools): replays the session's gold solution as native tool calls, one call per step;
  the step is read off the conversation, so a broken step (its arguments were not valid JSON) is redone;
- user (llm mode): completes the open intents at even positions, targets the first remaining one when an odd
  number remain, otherwise provides the last; writes a short message;
- judge: YES or NO by the parity of the criterion's word count;
- memory consolidation and the preflight ping: fixed answers.

Every answer is a function of the parts of the request that faults cannot change, so a run with injected
faults must end exactly like the fault-free one. `violate` gives schema-violating answers for `schema` faults.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from engine.loader import PersonaBundle
from engine.nodes.open_session import render_opening
from engine.schema.session import SessionSpec
from tests.models.fake_openai import HTTP_FAULTS, Body, FaultPicker, tool_call

FEEDBACK_MARK = "was not usable"
BROKEN_MARK = "error: arguments are not valid JSON"
FINAL = "All done for this session."


def _content(data: Any) -> dict[str, Any]:
    return {"content": json.dumps(data)}


def schema_keys(body: Body) -> set[str]:
    """The top-level properties of the request's response schema (empty without one)."""
    schema = (body.get("response_format") or {}).get("json_schema", {}).get("schema", {})
    return set(schema.get("properties", {}))


def _ids(prompt: str, header: str) -> list[str]:
    block = prompt.split(header, 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^\[([^\]]+)\]", block, flags=re.MULTILINE)


def _odd(text: str) -> bool:
    return int(hashlib.sha256(text.encode()).hexdigest()[:4], 16) % 2 == 1


_EVENT_TIME = re.compile(r'\n  "time": "[^"]*",')


class ExampleRoles:
    """Answers for agent, user and judge requests over one persona bundle."""

    def __init__(self, bundle: PersonaBundle) -> None:
        """Sessions are recognised by their rendered opening."""
        self.bundle = bundle
        self.openings = [(render_opening(s), s) for s in bundle.sessions]

    def answer(self, body: Body) -> dict[str, Any]:
        """The good answer to a request."""
        if body.get("tools"):
            return self.agent(body["messages"])
        keys = schema_keys(body)
        prompt = str(body["messages"][1]["content"]) if len(body["messages"]) > 1 else ""
        if "ok" in keys:
            return _content({"ok": True})
        if "memory" in keys:
            return _content({"memory": "- Saturday schedules live in schedule/."})
        if "verdict" in keys:
            criterion = prompt.split("CRITERION: ", 1)[1].split("\n", 1)[0]
            verdict = "NO" if len(criterion.split()) % 2 else "YES"  # by the criterion alone: faults cannot move it
            return _content({"verdict": verdict, "reason": "judged by the criterion"})
        if "completed" in keys:
            ids = _ids(prompt, "UNRESOLVED HIDDEN REQUIREMENTS:\n")
            return _content({"completed": [{"intent_id": i, "evidence": "seen"} for i in ids[::2]]})
        if "targeted" in keys:
            ids = _ids(prompt, "REMAINING HIDDEN REQUIREMENTS:\n")
            targeted = [{"intent_id": ids[0], "question": "asked"}] if len(ids) % 2 == 1 else []
            return _content({"targeted": targeted, "provide": ids[-1]})
        if "message" in keys:
            fact = prompt.split("exactly this information:\n- ", 1)[1].split("\n", 1)[0]
            return _content({"message": f"Here is what I meant: {fact}"})
        raise AssertionError(f"unexpected request with schema keys {sorted(keys)}")

    def violate(self, body: Body) -> dict[str, Any]:
        """A JSON answer that parses but breaks the request's schema."""
        keys = schema_keys(body)
        if "completed" in keys:
            wrong = "i1" if _odd(json.dumps(body["messages"])) else [{"intent_id": "zzz", "evidence": "?"}]
            return _content({"completed": wrong})
        bad = {
            "ok": {"ok": "yes"},
            "memory": {"memory": ["not", "a", "string"]},
            "verdict": {"verdict": "MAYBE", "reason": "unsure"},
            "targeted": {"targeted": [], "provide": "not-an-intent"},
            "message": {"message": 42},
        }
        return _content(next(v for k, v in bad.items() if k in keys))

    def _spec(self, messages: list[dict[str, Any]]) -> SessionSpec:
        opening = next(str(m["content"]) for m in messages if m["role"] == "user")
        opening = _EVENT_TIME.sub("", opening)  # a trigger event carries the episode clock's time as it arrives
        return next(spec for text, spec in self.openings if text in opening)

    def agent(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """The next gold step: turn = user messages so far, step = tool results since the last one (broken
        steps excluded)."""
        spec = self._spec(messages)
        users = [
            i for i, m in enumerate(messages) if m["role"] == "user" and not str(m["content"]).startswith("[harness]")
        ]
        turn = len(users) - 1
        since = messages[users[-1] + 1 :]
        step = sum(1 for m in since if m["role"] == "tool" and not str(m["content"]).startswith(BROKEN_MARK))
        turns = spec.reference.turns
        if turn >= len(turns):
            return {"content": FINAL}
        gold = turns[turn]
        if step >= len(gold.actions):
            return {"content": gold.message}
        action = gold.actions[step]
        args = dict(action.args)
        for name, rel in action.args_from_files.items():
            args[name] = (self.bundle.root / rel).read_text(encoding="utf-8")
        return {"content": "", "tool_calls": [tool_call(f"call-{turn}-{step}-{len(messages)}", action.tool, args)]}


def fault_picker(rate: float = 0.2) -> FaultPicker:
    """`rate` of distinct requests (by content hash) fail on their first attempts: one attempt each with every
    HTTP fault (429 with Retry-After, 500, a timeout, a malformed body; the order rotated by the hash), then,
    for an agent request, broken tool-call JSON, and for a structured request that carries no feedback yet, a
    schema-violating answer. Every other attempt is answered well."""

    def pick(body: Body, digest: str, attempt: int) -> str | None:
        if int(digest[:8], 16) / 2**32 >= rate:
            return None
        turn = int(digest[8:16], 16) % len(HTTP_FAULTS)
        kinds = [*HTTP_FAULTS[turn:], *HTTP_FAULTS[:turn]]
        if body.get("tools"):
            kinds.append("tool_json")
        elif schema_keys(body) and FEEDBACK_MARK not in json.dumps(body["messages"]):
            kinds.append("schema")
        return kinds[attempt] if attempt < len(kinds) else None

    return pick

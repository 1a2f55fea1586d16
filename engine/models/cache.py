"""An on-disk LLM call cache shared by every role and every process (one SQLite file, WAL mode).

The key is a SHA-256 of the canonical JSON of: model name, call parameters (sampling settings and
extra provider parameters, never keys or timeouts), messages, tools and response schema. A hit
returns the stored completion with `usage.cached = True`, zero cost and zero latency, so the
trajectory's ModelUsage event says the call was not paid for.

Only usable answers are stored: an answer to a response schema must validate against it, and no tool
call may have broken arguments. A stored answer that does not validate (written before this rule) is
ignored and replaced, so one bad answer can never be replayed by every later run.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from engine.models.wrapper import ModelWrapper
from engine.ports import ChatModel, Completion, Message, ModelToolCall, ToolSpec, Usage

CACHE_FILE = "calls.sqlite"


def cache_key(
    model: str,
    params: dict[str, Any],
    messages: list[Message],
    tools: list[ToolSpec] | None,
    response_schema: dict[str, Any] | None,
) -> str:
    """SHA-256 over the canonical JSON of everything that determines a call's answer."""
    payload = {
        "model": model,
        "params": params,
        "messages": [dataclasses.asdict(m) for m in messages],
        "tools": [dataclasses.asdict(t) for t in tools or []],
        "response_schema": response_schema,
    }
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


class CallCache:
    """Completions by key in `<directory>/calls.sqlite`; safe for concurrent threads and processes."""

    def __init__(self, directory: Path) -> None:
        """The directory and the database are created on first use."""
        self.path = directory / CACHE_FILE
        self._local = threading.local()

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS calls (key TEXT PRIMARY KEY, completion TEXT NOT NULL)")
            self._local.db = db
        return db

    def get(self, key: str) -> Completion | None:
        """The stored completion, or None."""
        row = self._db().execute("SELECT completion FROM calls WHERE key = ?", (key,)).fetchone()
        return None if row is None else _decode(str(row[0]))

    def put(self, key: str, completion: Completion, replace: bool = False) -> None:
        """Store a completion (the first writer of a key wins, answers for one key being interchangeable, unless
        `replace`)."""
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
        self._db().execute(f"{verb} INTO calls VALUES (?, ?)", (key, _encode(completion)))

    def items(self) -> list[tuple[str, Completion]]:
        """Every stored (key, completion) (for checks and tests)."""
        rows = self._db().execute("SELECT key, completion FROM calls").fetchall()
        return [(str(key), _decode(str(text))) for key, text in rows]

    def __len__(self) -> int:
        """Number of stored calls."""
        return int(self._db().execute("SELECT COUNT(*) FROM calls").fetchone()[0])


def _encode(completion: Completion) -> str:
    return json.dumps(dataclasses.asdict(completion), ensure_ascii=False, default=str)


def usable(completion: Completion, response_schema: dict[str, Any] | None) -> bool:
    """Whether an answer may be stored or served: valid for its response schema, no broken tool-call arguments."""
    if any(call.error is not None for call in completion.tool_calls):
        return False
    from engine.models.structured import output_problem  # jsonschema: loaded with the session graph, not before

    return response_schema is None or output_problem(completion.text, response_schema) is None


def _decode(text: str) -> Completion:
    data = json.loads(text)
    usage = Usage(**{**data["usage"], "cost_usd": 0.0, "latency_s": 0.0, "cached": True})
    calls = [ModelToolCall(**c) for c in data["tool_calls"]]
    return Completion(text=data["text"], tool_calls=calls, usage=usage)


class CachedModel(ModelWrapper):
    """A ChatModel that answers from the cache when it can and stores every fresh answer."""

    def __init__(self, inner: ChatModel, cache: CallCache, params: dict[str, Any] | None = None) -> None:
        """`params` are the call parameters that enter the key besides the model name."""
        super().__init__(inner)
        self.cache = cache
        self.params = params or {}

    def complete(
        self,
        messages: list[Message],
        *,
        response_schema: dict[str, Any] | None = None,
        tools: list[ToolSpec] | None = None,
    ) -> Completion:
        """A cached usable completion when the key is known, else the inner model's (stored when usable)."""
        key = cache_key(self.inner.name, self.params, messages, tools, response_schema)
        hit = self.cache.get(key)
        if hit is not None and usable(hit, response_schema):
            return hit
        out = self.inner.complete(messages, response_schema=response_schema, tools=tools)
        if usable(out, response_schema):
            self.cache.put(key, out, replace=hit is not None)
        return out

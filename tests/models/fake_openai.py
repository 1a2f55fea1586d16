"""A fake OpenAI-compatible chat server of ours for tests: stdlib http.server in a thread, 127.0.0.1 only.

`answer(body)` gives the assistant message for a request (its `content` and optional `tool_calls` with
arguments as a JSON string). Faults are injected by `fault(body, digest, attempt)`: a deterministic function
of the request content (its SHA-256 `digest`) and how many times that exact request was seen before
(`attempt`, 0-based), naming one of FAULTS or None; `fault_log` keeps (model, kind, request) of each.
A request budget bounds every request loop. `latency_s` delays every answer (a model that thinks for that
long; bench/concurrency.py), counted from the request's arrival: the time this server takes to read the request and
make its answer (all its threads share one interpreter lock) is part of the latency, not added to it, as a real
model's latency does not grow with its clients' number. `keep_alive` serves HTTP/1.1 persistent connections, as
real servers do.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engine.ports import ModelConfigError, ModelError, TransientModelError

Body = dict[str, Any]
Answer = Callable[[Body], dict[str, Any]]
FaultPicker = Callable[[Body, str, int], str | None]

HTTP_FAULTS = ("rate_limit", "server", "timeout", "malformed")
FAULTS = (*HTTP_FAULTS, "schema", "tool_json")
STATUS_FAULTS = {"unauthorized": 401, "not_found": 404, "bad_request": 400}

# Each fault the server can inject -> the error a model adapter must raise and its attempt label (None: not retried).
FAILURE_CLASSES: list[tuple[str, type[ModelError], str | None]] = [
    ("server", TransientModelError, "server"),
    ("rate_limit", TransientModelError, "rate_limit"),
    ("malformed", TransientModelError, "malformed"),
    ("timeout", TransientModelError, "timeout"),
    ("unauthorized", ModelConfigError, None),
    ("not_found", ModelConfigError, None),
    ("bad_request", ModelError, None),
]


def digest(body: Body) -> str:
    """SHA-256 of a request's canonical JSON."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def no_faults(body: Body, digest: str, attempt: int) -> str | None:
    """Never inject anything."""
    return None


def completion(body: Body, message: dict[str, Any]) -> dict[str, Any]:
    """A chat.completion response carrying `message`."""
    message = {"role": "assistant", "content": None, **message}
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    return {
        "id": "fake",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", "fake"),
        "choices": [{"index": 0, "finish_reason": finish, "message": message}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


class FakeOpenAI:
    """The server and what it saw: requests, attempts per digest, injected faults, bad answers it sent."""

    def __init__(
        self,
        answer: Answer,
        fault: FaultPicker = no_faults,
        violate: Answer | None = None,
        budget: int = 3000,
        timeout_sleep_s: float = 0.8,
        retry_after: str = "0",
        latency_s: float = 0.0,
        keep_alive: bool = False,
    ) -> None:
        """`violate(body)` gives a schema-violating message for a `schema` fault; `budget` caps all requests;
        `retry_after` is the Retry-After header of a 429. STATUS_FAULTS answer with those HTTP errors.
        `latency_s` is added before every answer; `keep_alive` keeps connections open between requests."""
        self.answer = answer
        self.fault = fault
        self.violate = violate
        self.budget = budget
        self.timeout_sleep_s = timeout_sleep_s
        self.retry_after = retry_after
        self.latency_s = latency_s
        self.keep_alive = keep_alive
        self.arrivals: list[float] = []
        self.auth: list[str | None] = []
        self.requests: list[Body] = []
        self.attempts: Counter[str] = Counter()
        self.faults: Counter[str] = Counter()
        self.fault_log: list[tuple[str, str, Body]] = []
        self.bad_answers: list[str] = []
        self.lock = threading.Lock()
        self.base = ""  # the OpenAI base URL once started
        self._httpd: ThreadingHTTPServer | None = None

    def start(self) -> str:
        """Serve on a free loopback port; return the OpenAI base URL."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1" if server.keep_alive else "HTTP/1.0"
            disable_nagle_algorithm = True  # headers and body go out in two writes: no delayed-ACK stall between

            def do_POST(self) -> None:
                arrived = time.monotonic()
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.auth.append(self.headers.get("Authorization"))
                status, headers, data, delay = server.handle(body, arrived)
                wait = arrived + delay + server.latency_s - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                try:
                    self.send_response(status)
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (a timeout fault): nobody reads this answer
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self._httpd = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True).start()
        self.base = f"http://127.0.0.1:{self._httpd.server_port}/v1"
        return self.base

    def stop(self) -> None:
        """Stop serving."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def handle(self, body: Body, arrived: float) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body bytes, seconds to stall first) for one request that `arrived` then (monotonic)."""
        key = digest(body)
        with self.lock:
            self.arrivals.append(arrived)
            self.requests.append(body)
            attempt = self.attempts[key]
            self.attempts[key] += 1
            if len(self.requests) > self.budget:
                return _error(400, "request budget exhausted")
        kind = self.fault(body, key, attempt)
        message = self.answer(body)
        if kind == "schema" and self.violate is None:
            kind = None  # nothing to violate with: answered well
        if kind is not None:
            with self.lock:
                self.faults[kind] += 1
                self.fault_log.append((str(body.get("model")), kind, body))
        json_headers = {"Content-Type": "application/json"}
        if kind == "rate_limit":
            return _error(429, "slow down", {"Retry-After": self.retry_after})
        if kind in STATUS_FAULTS:
            return _error(STATUS_FAULTS[kind], kind)
        if kind == "server":
            return _error(500, "internal error")
        if kind == "malformed":
            return 200, json_headers, b"{not json", 0.0
        if kind == "timeout":
            return 200, json_headers, json.dumps(completion(body, message)).encode(), self.timeout_sleep_s
        if kind == "schema":
            assert self.violate is not None
            message = self.violate(body)
            with self.lock:
                self.bad_answers.append(str(message.get("content")))
        if kind == "tool_json":  # the calls cut short; a reply becomes a call of the first tool, cut short
            calls = message.get("tool_calls") or [tool_call("broken", body["tools"][0]["function"]["name"], {"x": 1})]
            message = {**message, "tool_calls": [_broken(c) for c in calls]}
        return 200, json_headers, json.dumps(completion(body, message)).encode(), 0.0


class _Server(ThreadingHTTPServer):
    """A thread per connection, and a listen backlog for hundreds of clients connecting at once."""

    daemon_threads = True
    request_queue_size = 1024


def _error(status: int, text: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes, float]:
    data = json.dumps({"error": {"message": text, "type": "fake", "code": status}}).encode()
    return status, {"Content-Type": "application/json", **(headers or {})}, data, 0.0


def _broken(call: dict[str, Any]) -> dict[str, Any]:
    """The same tool call with its arguments cut short (not valid JSON)."""
    arguments = str(call["function"]["arguments"])
    return {**call, "function": {**call["function"], "arguments": arguments[: max(1, len(arguments) // 2)]}}


def tool_call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One OpenAI tool call with JSON-string arguments."""
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


@contextmanager
def running(answer: Answer, **options: Any) -> Iterator[FakeOpenAI]:
    """A started FakeOpenAI (`options` as its constructor's), its `base` set; stopped on exit."""
    server = FakeOpenAI(answer, **options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def send_json(handler: BaseHTTPRequestHandler, status: int, payload: object) -> None:
    """Answer a stub server's request with `payload` as JSON under HTTP `status`."""
    data = json.dumps(payload).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@contextmanager
def refusing(message: str, delay_s: float = 0.0) -> Iterator[tuple[str, list[str]]]:
    """A server on 127.0.0.1 answering every POST, `delay_s` after it came, with HTTP 400 whose error message is
    `message`, as providers refuse a request; yields its base URL and the list of paths it was asked (appended as
    they come)."""
    hits: list[str] = []

    class Refusal(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            hits.append(self.path)
            time.sleep(delay_s)
            send_json(self, 400, {"error": {"message": message, "type": "invalid_request_error", "code": 400}})

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Refusal)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/v1", hits
    finally:
        httpd.shutdown()
        httpd.server_close()

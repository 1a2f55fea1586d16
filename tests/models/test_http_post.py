"""engine/models/http_post.py against small servers of ours on 127.0.0.1: kept-alive connections are reused, one the
server closed while idle is replaced without failing the call, and a proxy in the environment makes a URL indirect."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from engine.models.http_post import PostFailed, PostTimeout, direct, post


class Echo(BaseHTTPRequestHandler):
    """HTTP/1.1; answers the body back. With `drop` set on the server, it closes each connection after answering
    without saying so (no Connection: close), as a server whose idle timeout has passed does."""

    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        server = self.server
        server.bodies.append(json.loads(body))  # type: ignore[attr-defined]
        server.peers.add(self.client_address)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        if server.drop:  # type: ignore[attr-defined]
            self.close_connection = True

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def echo() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    server.daemon_threads = True
    server.bodies, server.peers, server.drop = [], set(), False  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def url(server: ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_port}/v1/chat/completions"


def test_sequential_calls_share_one_kept_alive_connection(echo: ThreadingHTTPServer) -> None:
    for i in range(3):
        reply = post(url(echo), {"n": i, "text": "é"}, {"Authorization": "Bearer k"}, timeout=5)
        assert reply.status == 200 and json.loads(reply.body) == {"n": i, "text": "é"}
    assert len(echo.peers) == 1  # type: ignore[attr-defined]


def test_a_connection_the_server_closed_while_idle_is_replaced_not_failed(echo: ThreadingHTTPServer) -> None:
    echo.drop = True  # type: ignore[attr-defined]
    for i in range(3):
        assert json.loads(post(url(echo), {"n": i}, {}, timeout=5).body) == {"n": i}
    assert echo.bodies == [{"n": 0}, {"n": 1}, {"n": 2}]  # type: ignore[attr-defined]
    assert len(echo.peers) == 3  # type: ignore[attr-defined]


def test_an_unreachable_server_and_a_silent_one_fail_as_such() -> None:
    with pytest.raises(PostFailed):
        post("http://127.0.0.1:9/v1/chat/completions", {}, {}, timeout=2)

    class Silent(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            threading.Event().wait(2)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Silent)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with pytest.raises(PostTimeout, match=r"timed out after 0\.3 s"):
            post(url(server), {}, {}, timeout=0.3)
    finally:
        server.shutdown()
        server.server_close()


def test_a_proxy_in_the_environment_makes_a_url_indirect_unless_no_proxy_exempts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    assert direct("https://api.example.org/v1")
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example.org:3128")
    monkeypatch.setenv("NO_PROXY", "localhost,127.0.0.1")
    assert not direct("https://api.example.org/v1")
    assert direct("http://api.example.org/v1")  # no proxy for plain http
    assert direct("https://127.0.0.1:8443/v1")

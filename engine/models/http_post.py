"""POST a JSON body over the standard library's http.client, on connections kept open between calls.

The direct OpenAI-compatible client (engine/models/openai_http.py) sends every model call through `post`. A call
borrows an idle connection to its server from a free list (opening one when none is idle) and gives it back once
the answer is read, so concurrent calls never share a connection and none waits on a pool lock. http.client costs
about a millisecond of CPU less per call than httpx (bench/concurrency.py), which matters when a hundred episodes'
answers queue for the interpreter lock. Proxies are not spoken here: `direct(url)` says whether the environment
routes the URL through one (then the caller uses litellm, which does).

A kept-alive connection the server has meanwhile closed fails at once, before any answer: that attempt is repeated
once on a new connection, as HTTP clients do; a new connection's failure is the caller's.
"""

from __future__ import annotations

import http.client
import ssl
import threading
import urllib.request
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import httpx
import pydantic_core

Conn = http.client.HTTPConnection
Origin = tuple[str, str, int]

_FREE: dict[Origin, list[Conn]] = {}
_FREE_LOCK = threading.Lock()


class PostTimeout(OSError):
    """The server did not answer within the timeout (connecting, sending or reading)."""


class PostFailed(OSError):
    """The connection could not be made or broke before a whole answer was read."""


@dataclass(frozen=True)
class Reply:
    """A server's whole answer."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def text(self) -> str:
        """The body as text (undecodable bytes replaced)."""
        return self.body.decode("utf-8", "replace")


def direct(url: str) -> bool:
    """True when no proxy from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY) applies to `url`."""
    parts = urlsplit(url)
    proxies = urllib.request.getproxies_environment()
    if parts.scheme not in proxies:
        return True
    return bool(urllib.request.proxy_bypass(parts.hostname or ""))


@cache
def _tls() -> ssl.SSLContext:
    """The TLS context servers are verified with: httpx's default (SSL_CERT_FILE or SSL_CERT_DIR when set, else
    certifi's bundle), built once."""
    return httpx.create_ssl_context()


def _origin(url: str) -> tuple[Origin, str]:
    parts = urlsplit(url)
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    path = parts.path or "/"
    return (parts.scheme, parts.hostname or "", port), path + (f"?{parts.query}" if parts.query else "")


def _connect(origin: Origin, timeout: float) -> Conn:
    scheme, host, port = origin
    if scheme == "https":
        return http.client.HTTPSConnection(host, port, timeout=timeout, context=_tls())
    return http.client.HTTPConnection(host, port, timeout=timeout)


def _idle(origin: Origin, timeout: float) -> Conn | None:
    """An idle kept-alive connection to `origin`, its timeout set; None when there is none."""
    with _FREE_LOCK:
        idle = _FREE.get(origin)
        conn = idle.pop() if idle else None
    if conn is not None:
        conn.timeout = timeout
        if conn.sock is not None:
            conn.sock.settimeout(timeout)
    return conn


class _Closed(PostFailed):
    """The connection was closed by the server before any answer."""


def _exchange(origin: Origin, conn: Conn, path: str, data: bytes, headers: dict[str, str], timeout: float) -> Reply:
    """One request on `conn` and its whole answer; the connection is kept for the next call when it may be."""
    try:
        conn.request("POST", path, body=data, headers=headers)
        response = conn.getresponse()
        reply = Reply(response.status, response.headers, response.read())
    except TimeoutError as exc:
        conn.close()
        raise PostTimeout(f"timed out after {timeout:g} s ({exc})") from exc
    except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
        conn.close()
        raise _Closed(f"connection broken: {type(exc).__name__}: {exc}") from exc
    except (OSError, http.client.HTTPException) as exc:
        conn.close()
        raise PostFailed(f"{type(exc).__name__}: {exc}") from exc
    if response.will_close:
        conn.close()
    else:
        with _FREE_LOCK:
            _FREE.setdefault(origin, []).append(conn)
    return reply


def post(url: str, body: dict[str, Any], headers: dict[str, str], timeout: float) -> Reply:
    """POST `body` as JSON to `url`; the whole answer. PostTimeout or PostFailed when no whole answer came."""
    origin, path = _origin(url)
    data = pydantic_core.to_json(body)  # a tenth of json.dumps's CPU for a long conversation
    sent = {**headers, "Content-Type": "application/json", "Accept": "application/json"}
    idle = _idle(origin, timeout)
    if idle is not None:
        try:
            return _exchange(origin, idle, path, data, sent, timeout)
        except _Closed:  # the server closed this idle connection meanwhile: once more, on a new one
            pass
    return _exchange(origin, _connect(origin, timeout), path, data, sent, timeout)

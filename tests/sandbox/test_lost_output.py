"""An exec whose output the daemon loses is retried, never read as an empty file or an empty workspace."""

from __future__ import annotations

import pytest

from sandbox.docker import LOST_OUTPUT_TRIES, _whole
from sandbox.workspace.container_io import read_result
from sandbox.workspace.listing import TRAILER, LostOutputError, parse_listing


def test_a_read_whose_bytes_do_not_all_arrive_is_lost_output() -> None:
    assert read_result("a.md", 0, b"hello", b"5") == b"hello"
    with pytest.raises(LostOutputError, match="0 bytes arrived, the size announced was '5'"):
        read_result("a.md", 0, b"", b"5")
    with pytest.raises(LostOutputError, match="the size announced was 'lo5'"):  # stdout bytes landed in stderr
        read_result("a.md", 0, b"hel", b"lo5")
    assert read_result("empty.md", 0, b"", b"0") == b""


def test_a_listing_without_its_trailer_is_lost_output() -> None:
    listing = b"5 1700000000.0 42 notes/a.md\0" + TRAILER
    assert list(parse_listing(listing)) == ["notes/a.md"]
    assert parse_listing(TRAILER) == {}
    with pytest.raises(LostOutputError, match="incomplete"):
        parse_listing(b"")


def test_lost_output_is_tried_again_then_raised() -> None:
    calls: list[int] = []

    def flaky() -> bytes:
        calls.append(1)
        if len(calls) < LOST_OUTPUT_TRIES:
            raise LostOutputError("lost")
        return b"whole"

    assert _whole(flaky) == b"whole" and len(calls) == LOST_OUTPUT_TRIES

    def lost() -> bytes:
        raise LostOutputError("lost every time")

    with pytest.raises(LostOutputError, match="lost every time"):
        _whole(lost)


def test_a_broken_output_stream_is_lost_output_at_once_not_a_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """docker-py raises ValueError ('128 is not a valid stream') on a corrupt frame; the helper must not hang."""
    from types import SimpleNamespace

    from sandbox.docker import DockerWorkspace

    def broken(*_args: object, **_kwargs: object) -> object:
        raise ValueError("128 is not a valid stream")

    api = SimpleNamespace(exec_create=lambda *a, **k: {"Id": "x"}, exec_start=broken)
    workspace = object.__new__(DockerWorkspace)
    workspace._client = SimpleNamespace(api=api)
    workspace._container = SimpleNamespace(id="c")
    with pytest.raises(LostOutputError, match="output stream broke off"):
        workspace._run(["true"], "read a.md", timeout_s=5)

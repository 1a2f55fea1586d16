"""Preflight checks started before the engine is imported (engine/models/preflight.py: start_preflight): the run takes
each verdict instead of asking again, a failure reads as if checked in place, and no verdict outlives its command."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from engine.models.preflight import (
    PreflightError,
    RoleBinding,
    forget_preflight,
    require_models,
    start_preflight,
)
from engine.schema.config import ModelBinding
from tests.models.fake_openai import Body, FakeOpenAI, running


def ok(body: Body) -> dict[str, object]:
    return {"content": '{"ok": true}'}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with running(ok, keep_alive=True) as server:
        yield server
    forget_preflight()


def agent(fake: FakeOpenAI) -> RoleBinding:
    return RoleBinding("agent", ModelBinding(model="openai/fake", api_base=fake.base, timeout_s=2, retries=0))


def test_the_run_takes_the_early_verdict_instead_of_asking_again(fake: FakeOpenAI) -> None:
    assert start_preflight([agent(fake), agent(fake)]) == 1  # one check per distinct binding
    require_models([agent(fake)])
    require_models([agent(fake)])  # taken once: a later check asks the server itself
    assert len(fake.requests) == 2


def test_an_early_failure_reads_as_a_failure_checked_in_place(fake: FakeOpenAI) -> None:
    fake.fault = lambda body, digest, attempt: "unauthorized"
    start_preflight([agent(fake)])
    with pytest.raises(PreflightError) as early:
        require_models([agent(fake)])
    with pytest.raises(PreflightError) as in_place:
        require_models([agent(fake)])
    assert early.value.failures == in_place.value.failures
    assert early.value.failures[0].startswith("agent model openai/fake: configuration error")


def test_a_verdict_the_command_did_not_take_is_forgotten(fake: FakeOpenAI) -> None:
    start_preflight([agent(fake)])
    forget_preflight()
    require_models([agent(fake)])
    deadline = time.monotonic() + 10  # the forgotten ping still travels: wait for it, bounded
    while len(fake.requests) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(fake.requests) == 2


def test_the_embedded_server_is_not_started_early() -> None:
    assert start_preflight([RoleBinding("agent", ModelBinding(model="local/smollm2-135m"))]) == 0

"""Bind a model to a role: role defaults (temperature 0 for judge and user), retries, the call cache, usage metering."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from engine.models.cache import CachedModel, CallCache
from engine.models.metered import MeteredModel
from engine.models.ratelimit import RateLimits, Sleep
from engine.models.retry import RetryingModel, RetryPolicy
from engine.ports import ChatModel
from engine.schema.config import CacheConfig, ModelBinding
from engine.schema.events import Role

DETERMINISTIC_ROLES: frozenset[Role] = frozenset({"judge", "user"})


def role_binding(binding: ModelBinding, role: Role) -> ModelBinding:
    """The binding as the role uses it: an unset temperature is 0 for the judge and the user."""
    if role in DETERMINISTIC_ROLES and binding.temperature is None:
        return binding.model_copy(update={"temperature": 0.0})
    return binding


def cache_params(binding: ModelBinding) -> dict[str, object]:
    """The binding's fields that change a call's answer (no key variable, timeout or retry count)."""
    return binding.model_dump(include={"api_base", "temperature", "max_tokens", "extra"}, mode="json")


def bind_role(
    binding: ModelBinding,
    role: Role,
    cache: CacheConfig,
    factory: Callable[[ModelBinding], ChatModel] | None = None,
    limits: RateLimits | None = None,
    sleep: Sleep = time.sleep,
) -> MeteredModel:
    """Build the role's model (`factory`, default make_model) behind its retries, cached when the role's cache
    switch is on, metered.

    The stack, outside in: MeteredModel (usage and failed-attempt events) > CachedModel (hits cost nothing and
    wait for nothing) > RetryingModel (every HTTP attempt waits for the model string's shared limiter in
    `limits`, and its outcome for the answer gate there; transient failures are retried with backoff) > the adapter
    (one attempt per call).
    """
    from engine.models import make_model

    bound = role_binding(binding, role)
    limiter, gate = (None, None) if limits is None else (limits.limiter(binding.model), limits.pass_answer)
    retrying = RetryingModel((factory or make_model)(bound), RetryPolicy.of(bound), limiter, sleep, gate)
    model: ChatModel = retrying
    if getattr(cache, role):
        model = CachedModel(model, CallCache(Path(cache.dir)), cache_params(bound))
    meter = MeteredModel(model, role)
    retrying.listener = meter
    return meter


def same_model_warnings(agent: str | None, user: str | None, judge: str | None) -> list[str]:
    """Loud warnings when the user or judge model is the agent model (self-preference bias)."""
    out: list[str] = []
    for role, model in (("judge", judge), ("user", user)):
        if agent is not None and model is not None and model == agent:
            out.append(
                f"WARNING: the {role} model is the agent model ({model}): a model grading or simulating against "
                "itself is biased; use a different model or audit with `proact audit --judges ...`"
            )
    return out

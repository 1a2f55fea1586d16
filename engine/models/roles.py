"""Bind a model to a role: role defaults (temperature 0 for judge and user), the call cache, usage metering."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.models.cache import CachedModel, CallCache
from engine.models.metered import MeteredModel
from engine.models.ratelimit import RateLimits
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
) -> MeteredModel:
    """Build the role's model (`factory`, default make_model), cached when the role's cache switch is on.

    With `limits`, calls that reach the model (not cache hits) wait for the model string's shared rate limiter.
    """
    from engine.models import make_model

    bound = role_binding(binding, role)
    model = (factory or make_model)(bound)
    if limits is not None:
        model = limits.wrap(binding.model, model)
    if getattr(cache, role):
        model = CachedModel(model, CallCache(Path(cache.dir)), cache_params(bound))
    return MeteredModel(model, role)


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

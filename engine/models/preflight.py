"""Preflight: one tiny call per bound role before any session runs, so a missing key, a refused key, an unknown
model or an unreachable server stops the command at once with a message naming role, model and cause.

Only real adapters are checked (litellm and the embedded server); scripted models and roles a run does not
use (rules user, non-react agent, a judge without rubric items to grade) are skipped. The call goes through
the same retries and rate limiter as the role's real calls, never through the cache. A plain OpenAI-compatible
binding is pinged over httpx (engine/models/openai_ping.py) so the ping need not wait for litellm's import.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.models.ratelimit import RateLimits, Sleep
from engine.models.retry import RetryingModel, RetryPolicy
from engine.models.roles import role_binding
from engine.ports import ChatModel, Message, ModelConfigError, ModelError, ModelUnavailableError
from engine.schema.config import ModelBinding, RunConfig, uses_agent_model
from engine.schema.events import Role

PING_SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
PING = [Message("user", 'Reply with {"ok": true}.')]


@dataclass(frozen=True)
class RoleBinding:
    """One role's model as a command will call it."""

    role: Role
    binding: ModelBinding


class PreflightError(RuntimeError):
    """At least one role's model cannot be used; `failures` has one line per role."""

    def __init__(self, failures: list[str]) -> None:
        """One readable line per failing role."""
        super().__init__("; ".join(failures))
        self.failures = failures


def run_roles(config: RunConfig, has_rubric: bool) -> list[RoleBinding]:
    """The roles a run will call: the react agent's (or a command agent's relayed) model, an llm/strict user's
    model, and the judge when some selected session has a rubric item."""
    roles: list[RoleBinding] = []
    if uses_agent_model(config.agent):
        roles.append(RoleBinding("agent", config.agent.model))
    if config.user.mode != "rules" and config.user.model is not None:
        roles.append(RoleBinding("user", config.user.model))
    if config.judge is not None and has_rubric:
        roles.append(RoleBinding("judge", config.judge))
    return roles


def _is_real(model: ChatModel) -> bool:
    from engine.models.litellm_model import LiteLLMModel
    from engine.models.local_model import LocalModel

    return isinstance(model, (LiteLLMModel, LocalModel))


def check_role(
    role: RoleBinding,
    factory: Callable[[ModelBinding], ChatModel] | None = None,
    limits: RateLimits | None = None,
    sleep: Sleep = time.sleep,
) -> str | None:
    """None when the role's model answers one tiny structured call (or is not a real adapter), else why not."""
    from engine.models import make_model
    from engine.models.openai_ping import OpenAIPing, pingable

    bound = role_binding(role.binding, role.role)
    model = (factory or make_model)(bound)
    if not _is_real(model):
        return None
    if factory is None and pingable(bound):
        model = OpenAIPing(bound)
    limiter = None if limits is None else limits.limiter(role.binding.model)
    try:
        RetryingModel(model, RetryPolicy.of(bound), limiter, sleep).complete(PING, response_schema=PING_SCHEMA)
    except ModelConfigError as exc:
        return f"{role.role} model {role.binding.model}: configuration error: {exc}"
    except ModelUnavailableError as exc:
        return f"{role.role} model {role.binding.model}: unreachable: {exc}"
    except ModelError as exc:
        return f"{role.role} model {role.binding.model}: request refused: {exc}"
    return None


def require_models(
    roles: Sequence[RoleBinding],
    factory: Callable[[ModelBinding], ChatModel] | None = None,
    limits: RateLimits | None = None,
) -> None:
    """Check every role once (one check per distinct binding); PreflightError lists every failure."""
    failures: list[str] = []
    seen: set[tuple[str, str]] = set()
    for role in roles:
        key = (role.role, role.binding.model_dump_json())
        if key in seen:
            continue
        seen.add(key)
        failure = check_role(role, factory, limits)
        if failure is not None:
            failures.append(failure)
    if failures:
        raise PreflightError(failures)

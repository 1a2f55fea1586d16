"""Preflight: one tiny call per bound role before any session is recorded, so a missing key, a refused key, an
unknown model or an unreachable server stops the command at once with a message naming role, model and cause. A
run (and an experiment's episodes, on threads) starts meanwhile, no answer used before the verdicts
(engine/speculative.py, RateLimits.hold_answers); an experiment on Ray starts its episodes after them.

Only real adapters are checked (litellm, the direct OpenAI-compatible client and the embedded server); scripted
models and roles a run does not use (rules user, non-react agent, a judge without rubric items to grade) are
skipped. The call goes through the same adapter, retries and rate limiter as the role's real calls, never through
the cache.

`proact run` starts the checks on threads (`start_preflight`) as soon as its config and personas have loaded, so
the pings travel while the session graph and the rest of the engine are imported; `require_models` then awaits
those verdicts instead of asking again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial

from engine.loader import PersonaBundle
from engine.models import uses_litellm
from engine.models.local_server import is_local
from engine.models.ratelimit import RateLimits, Sleep
from engine.models.retry import RetryingModel, RetryPolicy
from engine.models.roles import role_binding
from engine.ports import ChatModel, Message, ModelConfigError, ModelError, ModelUnavailableError
from engine.schema.config import AgentConfig, ModelBinding, RunConfig, uses_agent_model
from engine.schema.events import Role
from engine.selection import selected_sessions

PING_SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
PING = [Message("user", 'Reply with {"ok": true}.')]

_EARLY: dict[tuple[str, str], Future[str | None]] = {}
_EARLY_LOCK = threading.Lock()


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


def config_roles(
    config: RunConfig, bundles: Sequence[PersonaBundle], agents: list[AgentConfig] | None = None
) -> list[RoleBinding]:
    """The roles a run of `config` (or, for an experiment, of each of `agents`) will call over `bundles`: run_roles,
    with the judge when some selected session has a rubric item."""
    has_rubric = any(
        item.rubric is not None
        for bundle in bundles
        for spec in selected_sessions(bundle, config.sessions, config.ablate)
        for item in spec.checklist
    )
    return _roles_of(config, agents, has_rubric)


def _roles_of(config: RunConfig, agents: list[AgentConfig] | None, has_rubric: bool) -> list[RoleBinding]:
    configs = [config.model_copy(update={"agent": agent}) for agent in agents] if agents else [config]
    return [role for c in configs for role in run_roles(c, has_rubric)]


def warm_up_models(config: RunConfig) -> bool:
    """Start importing litellm on a background thread (engine/models/litellm_model.py: warm_up) when a run of the
    config, or a cell of its matrix, calls a model through it: a react (or relaying command) agent's, an llm or
    strict user's, or a judge, other than the embedded `local/` server and a plain OpenAI-compatible binding
    (engine/models/openai_http.py). Called first by `proact run`, so the import overlaps loading personas and
    building workspaces; True when it was started."""
    agents = config.matrix.agents if config.matrix is not None else None
    if not any(uses_litellm(role.binding) for role in _roles_of(config, agents, has_rubric=True)):
        return False
    from engine.models.litellm_model import warm_up  # httpx and the adapter: only for runs that use litellm

    warm_up()
    return True


def start_preflight(roles: Sequence[RoleBinding], limits: RateLimits | None = None) -> int:
    """Start checking each distinct role served over the network on a daemon thread (through `limits`, the run's
    own); `require_models` later takes each verdict instead of checking again, and `forget_preflight` drops those
    it never took. The embedded `local/` server is left to require_models (`embedded_first`, before the run
    starts): starting it is CPU work, not a round trip to send early. How many checks were started."""
    from engine.models import make_model

    started = 0
    for role in roles:
        if is_local(role.binding.model):
            continue
        key = _key(role)
        with _EARLY_LOCK:
            if key in _EARLY:
                continue
            future: Future[str | None] = Future()
            _EARLY[key] = future
        make_model(role_binding(role.binding, role.role))  # its modules load here, so the thread only sends
        threading.Thread(target=_settle, args=(future, role, limits), name="preflight", daemon=True).start()
        started += 1
    return started


def forget_preflight() -> None:
    """Drop every verdict start_preflight started and require_models did not take (a command that stopped before
    its run), so none outlives its command."""
    with _EARLY_LOCK:
        _EARLY.clear()


def _settle(future: Future[str | None], role: RoleBinding, limits: RateLimits | None) -> None:
    try:
        future.set_result(check_role(role, limits=limits))
    except BaseException as exc:  # handed to the command's thread, which raises it as if it had checked itself
        future.set_exception(exc)


def _key(role: RoleBinding) -> tuple[str, str]:
    return role.role, role.binding.model_dump_json()


def _is_real(model: ChatModel) -> bool:
    from engine.models.litellm_model import LiteLLMModel
    from engine.models.local_model import LocalModel
    from engine.models.openai_http import OpenAIHTTPModel

    return isinstance(model, (LiteLLMModel, LocalModel, OpenAIHTTPModel))


def check_role(
    role: RoleBinding,
    factory: Callable[[ModelBinding], ChatModel] | None = None,
    limits: RateLimits | None = None,
    sleep: Sleep = time.sleep,
) -> str | None:
    """None when the role's model answers one tiny structured call (or is not a real adapter), else why not."""
    from engine.models import make_model

    bound = role_binding(role.binding, role.role)
    model = (factory or make_model)(bound)
    if not _is_real(model):
        return None
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


def embedded_first(roles: Sequence[RoleBinding], limits: RateLimits | None = None) -> Callable[[], None]:
    """Check every role served by the embedded `local/` server now (PreflightError when one fails): starting it is
    CPU work the run's first call needs, not a round trip to overlap, and a run started before it would call a
    server that is not there yet. Returns the check of the other roles, for the run to take while it starts."""
    require_models([r for r in roles if is_local(r.binding.model)], limits=limits)
    return partial(require_models, [r for r in roles if not is_local(r.binding.model)], limits=limits)


def require_models(
    roles: Sequence[RoleBinding],
    factory: Callable[[ModelBinding], ChatModel] | None = None,
    limits: RateLimits | None = None,
) -> None:
    """Check every role once (one check per distinct binding; a check start_preflight started is awaited, taken
    once); PreflightError lists every failure."""
    failures: list[str] = []
    seen: set[tuple[str, str]] = set()
    for role in roles:
        key = _key(role)
        if key in seen:
            continue
        seen.add(key)
        with _EARLY_LOCK:
            early = _EARLY.pop(key, None) if factory is None else None
        failure = early.result() if early is not None else check_role(role, factory, limits)
        if failure is not None:
            failures.append(failure)
    if failures:
        raise PreflightError(failures)

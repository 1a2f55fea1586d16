"""What a run or experiment will cost before it starts (`proact run --estimate`, and a line before every run that
calls a hosted model): expected calls, tokens and USD per role.

Calls and tokens are the priors of engine/estimate.py over every session the run will start (every cell and
repeat of an experiment), scaled by earlier runs of the same model in the same role (engine/calibration.py).
USD come from litellm's price map (engine/models/litellm_model.py: token_prices); a model the map does not price
is costed at what its earlier calls cost, else its cost is unknown. Embedded models and servers on a loopback
api_base cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.calibration import Calibration, RoleKey, role_model
from engine.estimate import Tally, session_prior
from engine.experiment.matrix import matrix_of
from engine.loader import PersonaBundle
from engine.models.local_server import is_local
from engine.models.openai_wire import is_loopback
from engine.schema.config import ModelBinding, RunConfig
from engine.selection import selected_sessions

Prices = Callable[[str], tuple[float, float] | None]


def binding_of(config: RunConfig, role: str) -> ModelBinding | None:
    """The model binding that plays `role` (None when the role calls no model)."""
    if role == "agent":
        return config.agent.model if config.agent.kind == "react" else None
    if role == "user":
        return None if config.user.mode == "rules" else config.user.model
    return config.judge


def is_free(binding: ModelBinding) -> bool:
    """An embedded model or a server on this machine: no price."""
    return is_local(binding.model) or is_loopback(binding.api_base)


@dataclass
class RoleEstimate:
    """The expected use of one (role, model) over the whole run or experiment."""

    role: str
    model: str
    binding: ModelBinding
    sessions: int = 0
    tally: Tally = field(default_factory=Tally)
    prices: tuple[float, float] | None = None
    calibration: Calibration | None = None

    @property
    def cost_usd(self) -> float | None:
        """USD: by the price map, else by what earlier calls cost, else None (unknown)."""
        if is_free(self.binding):
            return 0.0
        if self.prices is not None:
            return self.tally.prompt_tokens * self.prices[0] + self.tally.completion_tokens * self.prices[1]
        per_call = None if self.calibration is None else self.calibration.cost_per_call
        return None if per_call is None else self.tally.calls * per_call

    @property
    def price(self) -> str:
        """Where the cost comes from."""
        if is_free(self.binding):
            return "free (local)"
        if self.prices is not None:
            return f"${self.prices[0] * 1e6:.2f} / ${self.prices[1] * 1e6:.2f} per 1M in/out"
        per_call = None if self.calibration is None else self.calibration.cost_per_call
        return "unknown (not in litellm's price map)" if per_call is None else f"${per_call:.4f} a call (earlier runs)"

    @property
    def basis(self) -> str:
        """Whether the calls and tokens are the prior or calibrated by earlier runs."""
        if self.calibration is None:
            return "prior (no earlier run)"
        return f"calibrated: {self.calibration.sessions} earlier session(s)"


@dataclass
class RunEstimate:
    """The expected use of a run or experiment, per (role, model)."""

    sessions: int
    roles: list[RoleEstimate]

    @property
    def cost_usd(self) -> float | None:
        """The total in USD, None when some role's price is unknown."""
        costs = [r.cost_usd for r in self.roles]
        return None if any(c is None for c in costs) else sum(c for c in costs if c is not None)

    @property
    def tokens(self) -> float:
        """Prompt plus completion tokens, every role."""
        return sum(r.tally.prompt_tokens + r.tally.completion_tokens for r in self.roles)


def run_configs(config: RunConfig) -> list[RunConfig]:
    """One config per run the command will make: the config itself, or every cell (and repeat) of its matrix."""
    if config.matrix is None:
        return [config]
    m = matrix_of(config)
    cells = [
        config.model_copy(update={"agent": agent, "memory": memory, "ablate": ablate, "matrix": None})
        for agent in m.agents
        for memory in m.memory
        for ablate in m.ablate
    ]
    return [cell for cell in cells for _ in range(m.repeats)]


def estimate_run(
    config: RunConfig,
    bundles: Sequence[PersonaBundle],
    calibration: dict[RoleKey, Calibration] | None = None,
    prices: Prices | None = None,
) -> RunEstimate:
    """Calls, tokens and cost per (role, model) for every session the config will start, from its first session."""
    from engine.models.litellm_model import token_prices

    price_of = prices or token_prices
    roles: dict[RoleKey, RoleEstimate] = {}
    sessions = 0
    for cfg in run_configs(config):
        for bundle in bundles:
            for spec in selected_sessions(bundle, cfg.sessions, cfg.ablate):
                sessions += 1
                for role, prior in session_prior(bundle, spec, cfg).items():
                    model, binding = role_model(cfg, role), binding_of(cfg, role)
                    if model is None or binding is None:
                        continue
                    if (role, model) not in roles:
                        known = (calibration or {}).get((role, model))
                        priced = None if is_free(binding) else price_of(binding.model)
                        roles[(role, model)] = RoleEstimate(role, model, binding, prices=priced, calibration=known)
                    entry = roles[(role, model)]
                    entry.sessions += 1
                    entry.tally.add(prior if entry.calibration is None else entry.calibration.scale(prior))
    return RunEstimate(sessions, list(roles.values()))


def hosted(config: RunConfig) -> bool:
    """Whether any run of the config calls a model that is neither embedded nor on a loopback server."""
    return any(
        binding is not None and not is_free(binding)
        for cfg in run_configs(config)
        for binding in (binding_of(cfg, role) for role in ("agent", "user", "judge"))
    )

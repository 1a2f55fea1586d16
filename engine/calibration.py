"""Calibrate the estimate's priors by earlier runs: for every (role, model) that ran before, the ratio of what its
sessions actually used to what engine/estimate.py predicted for those same sessions, and what a call cost.

Read from the run directories under `runs_dir` (single runs and experiment cells): each run's config.yaml says
which model played which role, each session's result.json what it used. Sessions that measured nothing
(infra_error, budget_exhausted) and runs whose personas cannot be loaded any more are skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import ValidationError

from engine.estimate import Tally, session_prior
from engine.loader import DataError, PersonaBundle, load_persona
from engine.rundir import CONFIG_FILE, RESULT_FILE
from engine.schema.config import RunConfig
from engine.schema.results import SessionResult
from engine.state import UNMEASURED
from engine.yaml_io import safe_load

RoleKey = tuple[str, str]


def role_model(config: RunConfig, role: str) -> str | None:
    """The model string that plays `role` under `config`, with the user mode for the user (llm and strict differ
    in calls), or None when the role calls no model."""
    if role == "agent":
        return config.agent.model.model if config.agent.kind == "react" else None
    if role == "user":
        model = config.user.model
        return None if config.user.mode == "rules" or model is None else f"{model.model} ({config.user.mode})"
    return None if config.judge is None else config.judge.model


@dataclass
class Calibration:
    """What the earlier sessions of one (role, model) used, beside what the priors predicted for them."""

    sessions: int = 0
    actual: Tally = field(default_factory=Tally)
    prior: Tally = field(default_factory=Tally)
    cost_usd: float = 0.0
    paid_calls: int = 0

    def scale(self, prior: Tally) -> Tally:
        """A prior scaled by actual / predicted, quantity by quantity."""

        def ratio(actual: float, predicted: float) -> float:
            return actual / predicted if predicted > 0 else 1.0

        a, p = self.actual, self.prior
        return Tally(
            prior.calls * ratio(a.calls, p.calls),
            prior.prompt_tokens * ratio(a.prompt_tokens, p.prompt_tokens),
            prior.completion_tokens * ratio(a.completion_tokens, p.completion_tokens),
        )

    @property
    def cost_per_call(self) -> float | None:
        """The mean reported cost of one call not served from the cache (None when no cost was reported)."""
        return self.cost_usd / self.paid_calls if self.cost_usd > 0 and self.paid_calls else None


def _run_dirs(runs_dir: Path) -> Iterator[Path]:
    for config in sorted(runs_dir.rglob(CONFIG_FILE)) if runs_dir.is_dir() else []:
        yield config.parent


def _config(run_dir: Path) -> RunConfig | None:
    try:
        data = safe_load((run_dir / CONFIG_FILE).read_text(encoding="utf-8"))
        return RunConfig.model_validate(data) if isinstance(data, dict) else None
    except (OSError, yaml.YAMLError, ValidationError):
        return None


def _bundle(path: str, bundles: dict[str, PersonaBundle | None]) -> PersonaBundle | None:
    if path not in bundles:
        try:
            bundles[path] = load_persona(Path(path))
        except (DataError, OSError):
            bundles[path] = None
    return bundles[path]


def _results(run_dir: Path, bundle: PersonaBundle) -> Iterator[SessionResult]:
    for spec in bundle.sessions:
        path = run_dir / bundle.persona.id / spec.id / RESULT_FILE
        if path.is_file():
            try:
                result = SessionResult.model_validate_json(path.read_text(encoding="utf-8"))
            except (OSError, ValidationError):
                continue
            if result.termination not in UNMEASURED:
                yield result


def calibrate(runs_dir: Path) -> dict[RoleKey, Calibration]:
    """Every (role, model) of the runs under `runs_dir` with its sessions' actual and predicted use."""
    out: dict[RoleKey, Calibration] = {}
    bundles: dict[str, PersonaBundle | None] = {}
    for run_dir in _run_dirs(runs_dir):
        config = _config(run_dir)
        if config is None or config.matrix is not None:
            continue
        for persona in config.personas:
            bundle = _bundle(persona, bundles)
            if bundle is None:
                continue
            for result in _results(run_dir, bundle):
                priors = session_prior(bundle, bundle.session(result.session_id), config)
                for role, usage in result.usage.items():
                    model = role_model(config, role)
                    if model is None or role not in priors or not usage.calls:
                        continue
                    entry = out.setdefault((role, model), Calibration())
                    entry.sessions += 1
                    entry.actual.add(Tally(usage.calls, usage.prompt_tokens, usage.completion_tokens))
                    entry.prior.add(priors[role])
                    entry.cost_usd += usage.cost_usd
                    entry.paid_calls += usage.calls - usage.cached_calls
    return out

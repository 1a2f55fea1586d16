"""Expand a matrix config into cells and their run configs; read and write experiment.yaml."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import ValidationError

from engine.config_io import config_from_mapping
from engine.loader import DataError, PersonaBundle, Problem, _loc
from engine.schema.config import AgentConfig, MatrixConfig, RunConfig, agent_label, slug
from engine.schema.experiment import CellSpec, ExperimentManifest
from engine.yaml_io import safe_dump, safe_load

MANIFEST_FILE = "experiment.yaml"
CELLS_DIR = "cells"


def cell_id(agent: AgentConfig, memory: str, ablate: str, repeat: int) -> str:
    """`<agent label slug>--<memory>--<ablate>--r<repeat>`."""
    return f"{slug(agent_label(agent))}--{memory}--{ablate}--r{repeat}"


def new_experiment_id() -> str:
    """Timestamp plus 'matrix', e.g. 20261122-153000-matrix."""
    return f"{dt.datetime.now().strftime('%Y%m%d-%H%M%S')}-matrix"


def matrix_of(config: RunConfig) -> MatrixConfig:
    """The config's matrix with empty axes filled from the config (its agent, memory mode and ablation)."""
    if config.matrix is None:
        raise ValueError("not an experiment config: it has no `matrix` section")
    m = config.matrix
    return m.model_copy(
        update={
            "agents": m.agents or [config.agent],
            "memory": m.memory or [config.memory],
            "ablate": m.ablate or [config.ablate],
        }
    )


def cell_config(config: RunConfig, cell: CellSpec, experiment_dir: Path) -> RunConfig:
    """The cell's own run config: one agent, memory mode, ablation and repeat, written under cells/."""
    agent = matrix_of(config).agents[cell.agent_index]
    update = {
        "agent": agent,
        "memory": cell.memory,
        "ablate": cell.ablate,
        "repeat": cell.repeat,
        "matrix": None,
        "runs_dir": str(experiment_dir / CELLS_DIR),
        "run_id": cell.id,
    }
    return config.model_copy(update=update)


def expand(config: RunConfig, bundles: list[PersonaBundle]) -> list[CellSpec]:
    """Every cell in run order: agents, then memory modes, then ablations, then repeats."""
    from engine.runner import count_sessions  # the session graph: imported once a run is under way

    m = matrix_of(config)
    cells: list[CellSpec] = []
    for index, agent in enumerate(m.agents):
        for memory in m.memory:
            for ablate in m.ablate:
                for repeat in range(1, m.repeats + 1):
                    ident = cell_id(agent, memory, ablate, repeat)
                    probe = config.model_copy(update={"agent": agent, "memory": memory, "ablate": ablate})
                    cells.append(
                        CellSpec(
                            id=ident,
                            agent=agent_label(agent),
                            agent_index=index,
                            memory=memory,
                            ablate=ablate,
                            repeat=repeat,
                            path=f"{CELLS_DIR}/{ident}",
                            sessions=count_sessions(probe, bundles),
                        )
                    )
    return cells


def write_manifest(experiment_dir: Path, manifest: ExperimentManifest) -> Path:
    """Write experiment.yaml (before any episode runs)."""
    experiment_dir.mkdir(parents=True, exist_ok=True)
    path = experiment_dir / MANIFEST_FILE
    path.write_text(safe_dump(manifest.model_dump(mode="json")), encoding="utf-8")
    return path


def read_manifest(experiment_dir: Path) -> ExperimentManifest:
    """Load experiment.yaml; DataError names the file and the field on bad content."""
    path = experiment_dir / MANIFEST_FILE
    data = safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise DataError([Problem(str(path), "", "an experiment manifest must be a mapping")])
    try:
        return ExperimentManifest.model_validate(data)
    except ValidationError as exc:
        raise DataError([Problem(str(path), _loc(e["loc"]), e["msg"]) for e in exc.errors()]) from exc


def is_experiment(directory: Path) -> bool:
    """True when `directory` is an experiment directory (holds experiment.yaml)."""
    return (directory / MANIFEST_FILE).is_file()


def resume_config(experiment_dir: Path, overrides: list[str]) -> RunConfig:
    """The saved config of an experiment directory (`proact run --resume`), re-aimed at it, plus overrides."""
    path = experiment_dir / MANIFEST_FILE
    data = safe_load(path.read_text(encoding="utf-8"))
    config = data.get("config") if isinstance(data, dict) else None
    if not isinstance(config, dict):
        raise DataError([Problem(str(path), "config", "missing: an experiment manifest holds its config")])
    where = [f"runs_dir={experiment_dir.parent}", f"run_id={experiment_dir.name}"]
    return config_from_mapping(config, f"{path}:config", [*overrides, *where])


def with_executor(config: RunConfig, executor: str | None, address: str | None) -> RunConfig:
    """The config with `proact run --executor` / `--address` set on its matrix; ValueError without a matrix, for an
    unknown executor, or for an address the thread pool would ignore."""
    if executor is None and address is None:
        return config
    if config.matrix is None:
        raise ValueError("--executor and --address apply to experiments: the config needs a `matrix:` section")
    update = {k: v for k, v in (("executor", executor), ("ray_address", address)) if v is not None}
    matrix = MatrixConfig.model_validate({**config.matrix.model_dump(), **update})
    if matrix.executor != "ray" and address is not None:
        raise ValueError("--address names a Ray cluster: it needs --executor ray (or matrix.executor: ray)")
    return config.model_copy(update={"matrix": matrix})

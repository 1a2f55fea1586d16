"""The experiment directory's manifest (experiment.yaml): the resolved matrix and its cells."""

from __future__ import annotations

from pydantic import Field

from engine.schema.base import Strict
from engine.schema.config import Ablation, MemoryMode, RunConfig


class CellSpec(Strict):
    """One cell of the matrix: a complete run directory of one agent x memory x ablation x repeat."""

    id: str = Field(description="`<agent label slug>--<memory>--<ablate>--r<repeat>`; also the cell's folder name.")
    agent: str = Field(description="The agent's label (agent_label of its AgentConfig).")
    agent_index: int = Field(ge=0, description="Position of the agent in `matrix.agents`.")
    memory: MemoryMode = Field(description="Memory mode of the cell.")
    ablate: Ablation = Field(description="Ablation of the cell.")
    repeat: int = Field(ge=1, description="Repeat index, 1..repeats.")
    path: str = Field(description="The cell's run directory relative to the experiment directory (cells/<id>).")
    sessions: int = Field(ge=0, description="Sessions the cell runs over all personas.")


class EpisodeFailure(Strict):
    """An episode (cell x persona) that raised instead of finishing; the rest of the experiment went on."""

    persona: str = Field(description="Persona id.")
    error: str = Field(description="Exception type and message.")
    traceback: str = Field(description="Formatted traceback.")


class ExperimentManifest(Strict):
    """experiment.yaml, written before any episode runs and rewritten when the experiment is re-run."""

    experiment_id: str = Field(description="Name of the experiment directory.")
    config: RunConfig = Field(description="The resolved experiment config (with its `matrix` section).")
    personas: list[str] = Field(description="Persona ids, in run order.")
    cells: list[CellSpec] = Field(description="Every cell, in run order (agent, memory, ablation, repeat).")

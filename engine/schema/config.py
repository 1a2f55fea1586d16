"""Run configuration: models bound by role, user and memory modes, limits."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.schema.base import Strict

UserMode = Literal["llm", "strict", "rules"]
MemoryMode = Literal["full", "no-memory", "isolated", "oracle", "disclosed"]
WorkspaceBackend = Literal["memory", "local", "docker"]


class ModelBinding(Strict):
    """A model bound to one role. Secrets are named by environment variable, never stored."""

    model: str = Field(description="litellm model string, e.g. 'openai/gpt-4o' or 'scripted'.")
    api_base: str | None = Field(default=None, description="Base URL of an OpenAI-compatible server.")
    api_key_env: str | None = Field(default=None, description="Name of the environment variable holding the key.")
    temperature: float | None = Field(default=None, description="Sampling temperature (judge/user default 0).")
    max_tokens: int | None = Field(default=None, description="Completion token cap per call.")
    timeout_s: float = Field(default=120.0, description="Per-call timeout.")
    retries: int = Field(default=2, ge=0, description="Retries on transient errors.")
    extra: dict[str, Any] = Field(default_factory=dict, description="Extra provider parameters.")


class AgentConfig(Strict):
    """The agent under test."""

    kind: Literal["reference", "passive"] = Field(default="reference", description="Agent implementation.")
    model: ModelBinding | None = Field(default=None, description="Model driving the agent (LLM agents only).")


class UserConfig(Strict):
    """The simulated user."""

    mode: UserMode = Field(default="rules", description="llm, strict (LLM judgments, verbatim reveals) or rules.")
    model: ModelBinding | None = Field(default=None, description="Model for llm/strict modes.")


class Limits(Strict):
    """Safety fuses and resource caps."""

    max_turns: int = Field(default=30, ge=1, description="Agent-turn fuse per session (recorded as 'turn_cap').")
    exec_timeout_s: float = Field(default=60.0, gt=0, description="Timeout of one shell command.")
    output_cap_bytes: int = Field(default=16_000, gt=0, description="Cap on captured command output.")
    max_tool_steps: int = Field(default=40, ge=1, description="Tool calls allowed in one agent turn.")


class RunConfig(Strict):
    """Everything that determines a run, saved resolved into the run directory."""

    personas: list[str] = Field(default_factory=lambda: ["personas/example"], description="Persona folders to run.")
    sessions: list[str] = Field(default_factory=list, description="Only these session ids (empty: all).")
    agent: AgentConfig = Field(default_factory=AgentConfig, description="Agent under test.")
    user: UserConfig = Field(default_factory=UserConfig, description="Simulated user.")
    judge: ModelBinding | None = Field(default=None, description="Rubric judge; rubric items error without one.")
    memory: MemoryMode = Field(default="full", description="Cross-session memory mode.")
    workspace: WorkspaceBackend = Field(default="local", description="Workspace adapter.")
    limits: Limits = Field(default_factory=Limits, description="Fuses and caps.")
    runs_dir: str = Field(default="runs", description="Where run directories are created.")
    run_id: str | None = Field(default=None, description="Run directory name (default: timestamp + agent).")

"""Run configuration: models bound by role, user and memory modes, limits."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, PositiveFloat, field_validator, model_validator

from engine.schema.base import Strict

UserMode = Literal["llm", "strict", "rules", "human"]
MemoryMode = Literal["full", "no-memory", "isolated", "oracle", "disclosed"]
Ablation = Literal["none", "no-deps"]
DEFAULT_AGENT_MODEL = "local/smollm2-135m"
WorkspaceBackend = Literal["auto", "docker", "local", "memory"]


def agent_label(agent: AgentConfig) -> str:
    """The agent's name in reports: its label, else the model string for react agents, else the kind."""
    if agent.label:
        return agent.label
    return agent.model.model if agent.kind in ("react", "endpoint") else agent.kind


def slug(text: str) -> str:
    """`text` lower-cased with every run of characters outside [a-z0-9._-] replaced by one '-' (file-name safe)."""
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-") or "agent"


class ModelBinding(Strict):
    """A model bound to one role. Secrets are named by environment variable, never stored."""

    model: str = Field(
        description="litellm model string (e.g. 'openai/gpt-4o'), or 'local/smollm2-135m' / 'local/<file.gguf>' "
        "for the embedded llama.cpp server."
    )
    api_base: str | None = Field(default=None, description="Base URL of an OpenAI-compatible server.")
    api_key_env: str | None = Field(
        default=None,
        description="Name of the environment variable holding the key. Optional: without it the provider's own "
        "variable is used (e.g. OPENAI_API_KEY), and a server on a loopback api_base (127.0.0.1, localhost, ::1) "
        "gets a dummy key.",
    )
    temperature: float | None = Field(
        default=None,
        description="Sampling temperature; unset means 0 for the judge and user roles and the provider's "
        "default for the agent.",
    )
    max_tokens: int | None = Field(default=None, description="Completion token cap per call.")
    timeout_s: float = Field(default=120.0, gt=0, description="Timeout of one HTTP attempt.")
    retries: int = Field(
        default=2,
        ge=0,
        description="Attempts after the first on transient failures (429, 5xx, timeouts, lost connections, "
        "malformed bodies). The engine is the only retrier (the SDK's own retries are off); a missing key, 401/403, "
        "404 and 400 are never retried.",
    )
    retry_base_s: float = Field(
        default=1.0, ge=0, description="Backoff before retry k (0-based) is retry_base_s * 2**k, at most retry_max_s."
    )
    retry_max_s: float = Field(
        default=60.0, ge=0, description="Cap on one backoff wait, a server's Retry-After included."
    )
    extra: dict[str, Any] = Field(default_factory=dict, description="Extra provider parameters.")
    client: Literal["auto", "litellm"] = Field(
        default="auto",
        description="How calls are sent. auto: a plain OpenAI-compatible binding (an 'openai/' model with an "
        "api_base, no extra parameters, and its key in api_key_env or none needed on a loopback api_base) is called "
        "over HTTP directly (engine/models/openai_http.py), which spares litellm's import (about 2 s) and most of "
        "its CPU per call; every other binding goes through litellm. litellm: always through litellm.",
    )


class ExternalAgentConfig(Strict):
    """An agent that runs outside proact (engine/agents/external/README.md); its tools are served over MCP."""

    command: str | None = Field(
        default=None,
        description="kind command: the shell command starting the agent, run with bash in the workspace root inside "
        "the episode's sandbox (the Docker container, or the jailed local workspace), once per episode; it speaks "
        "the JSON-lines protocol of engine/agents/external/README.md on stdin and stdout.",
    )
    turn_timeout_s: float = Field(
        default=600.0,
        gt=0,
        description="Seconds the agent may take for one turn (and for its wrap-up when a session ends); past them the "
        "session ends agent_error and a command agent is stopped (restarted for the next session).",
    )
    start_timeout_s: float = Field(
        default=60.0, gt=0, description="kind command: seconds from starting the command to its `ready` line."
    )
    model_relay: bool = Field(
        default=False,
        description="kind command: answer the agent's `model` requests with `agent.model` (for agents in a sandbox "
        "without network); their usage is recorded as the agent role's.",
    )


class AgentConfig(Strict):
    """The agent under test."""

    kind: Literal["react", "reference", "passive", "command", "endpoint", "human"] = Field(
        default="react",
        description="react (built-in scaffold driven by `model`), reference (gold replay), passive, command (a program "
        "in the sandbox speaking proact's stdio protocol, `external.command`), endpoint (an OpenAI-compatible chat "
        "endpoint that is the agent: `model` with its `api_base`; external agents reach their tools over MCP) or "
        "human (a person at the terminal: `proact play --seat agent`).",
    )
    label: str | None = Field(
        default=None,
        description="Name of this agent in summaries and reports (default: the model string for react, else the kind).",
    )
    model: ModelBinding = Field(
        default_factory=lambda: ModelBinding(model=DEFAULT_AGENT_MODEL),
        description="Model driving the react agent (default: the embedded offline model); for kind endpoint, the "
        "agent's own endpoint (e.g. openai/<name> with api_base; never retried, never cached); for kind command with "
        "external.model_relay, the model its requests go to.",
    )
    protocol: Literal["auto", "native", "json"] = Field(
        default="auto",
        description="Tool-calling protocol: native tool calls, JSON-schema actions, or auto (json for local/ models).",
    )
    observation_chars: int = Field(default=6_000, gt=0, description="Cap on one tool result shown to the model.")
    context_chars: int | None = Field(
        default=None,
        gt=0,
        description="Character budget of the conversation sent per call (oldest steps dropped); "
        "default: 12000 for local/ models (about half their 8192-token window), unlimited otherwise.",
    )
    subagent_steps: int = Field(default=8, ge=1, description="Tool steps a spawned sub-agent may take.")
    external: ExternalAgentConfig = Field(
        default_factory=ExternalAgentConfig, description="Settings of the command and endpoint kinds."
    )

    @model_validator(mode="after")
    def _command_given(self) -> AgentConfig:
        if self.kind == "command" and not (self.external.command or "").strip():
            raise ValueError("agent.kind command needs agent.external.command")
        return self


def uses_agent_model(agent: AgentConfig) -> bool:
    """Whether proact calls `agent.model` for this agent: react always, command with a model relay."""
    return agent.kind == "react" or (agent.kind == "command" and agent.external.model_relay)


class UserConfig(Strict):
    """The simulated user."""

    mode: UserMode = Field(
        default="rules",
        description="llm, strict (LLM judgments, verbatim reveals), rules, or human (a person at the terminal: "
        "`proact play --seat user`).",
    )
    model: ModelBinding | None = Field(default=None, description="Model for llm/strict modes.")


class Limits(Strict):
    """Safety fuses and resource caps."""

    max_turns: int = Field(default=30, ge=1, description="Agent-turn fuse per session (recorded as 'turn_cap').")
    exec_timeout_s: float = Field(default=60.0, gt=0, description="Timeout of one shell command.")
    output_cap_bytes: int = Field(default=16_000, gt=0, description="Cap on captured command output.")
    max_tool_steps: int | None = Field(
        default=None, ge=1, description="Tool steps allowed in one agent turn; default: 4 for local/ models, else 40."
    )


class SandboxConfig(Strict):
    """The agent's sandbox: the Docker image and its limits (hardening itself is not configurable), and whether a
    model-driven agent may run where no sandbox can be made."""

    image: str = Field(default="proact-workspace:latest", description="Image built by `proact sandbox build`.")
    memory_mb: int = Field(default=1024, ge=64, description="Memory limit of the container (no swap).")
    cpus: float = Field(default=1.0, gt=0, description="CPU limit of the container.")
    pids: int = Field(default=256, ge=16, description="Process limit of the container (fork bombs stop here).")
    workspace_mb: int = Field(
        default=512, ge=1, description="Size of the workspace volume (a tmpfs: a disk fill stops here)."
    )
    tmp_mb: int = Field(default=64, ge=1, description="Size of the container's /tmp (tmpfs).")
    allow_unjailed: bool = Field(
        default=False,
        description="Let an agent driven by a model or a program (react, command, endpoint) run on a local or memory "
        "workspace where no jail can be made (bubblewrap missing, or namespaces refused): its commands then run on the "
        "host as the engine's user and see its files, environment (API keys), processes and network. Warned loudly; "
        "never for a model or program you do not trust.",
    )


class CacheConfig(Strict):
    """The on-disk LLM call cache shared by the agent, user and judge roles (engine/models/cache.py)."""

    dir: str = Field(default=".proact-cache", description="Folder of the cache database (calls.sqlite).")
    agent: bool = Field(default=False, description="Serve the agent's calls from the cache (off: fresh samples).")
    user: bool = Field(default=True, description="Serve the simulated user's calls from the cache.")
    judge: bool = Field(default=True, description="Serve the judge's calls from the cache (re-grading is free).")


class BranchConfig(Strict):
    """Start each episode at a session boundary of a finished run (ablations that branch an episode)."""

    from_run: str = Field(description="Run directory whose session snapshots the branch starts from.")
    at: str = Field(
        description="First session to run; the workspace and apps start as the source run left them after the "
        "session before it, and earlier sessions are not rerun."
    )


class MatrixConfig(Strict):
    """An experiment: every agent x memory mode x ablation x repeat over all personas, one run directory per cell."""

    agents: list[AgentConfig] = Field(
        default_factory=list,
        description="Agents under test, each named by its label (agent_label); empty: the config's `agent` alone.",
    )
    repeats: int = Field(default=3, ge=1, description="Repeated runs of every (agent, memory, ablation) combination.")
    memory: list[MemoryMode] = Field(
        default_factory=list, description="Memory modes to run; empty: the config's `memory` alone."
    )
    ablate: list[Ablation] = Field(default_factory=list, description="Ablations to run; empty: the config's `ablate`.")
    concurrency: int = Field(default=1, ge=1, description="Most episodes (cell x persona) running at once.")
    executor: Literal["thread", "ray"] = Field(
        default="thread",
        description="thread: a thread pool in this process; ray: every episode a Ray task on a Ray cluster "
        "(needs the `ray` extra and a filesystem shared by the driver and every worker; README, *Experiments*).",
    )
    ray_address: str | None = Field(
        default=None,
        description="executor ray: the cluster to join (`auto`, `host:6379`, `ray://host:10001`); "
        "None starts a local Ray instance for the experiment.",
    )
    ray_cpus: float = Field(
        default=1.0,
        gt=0,
        description="executor ray: CPUs Ray reserves for each episode (a fraction lets more hosted-model episodes, "
        "which mostly wait, share a CPU).",
    )

    @field_validator("agents")
    @classmethod
    def _distinct_labels(cls, agents: list[AgentConfig]) -> list[AgentConfig]:
        """Two agents whose labels slugify alike would share cell directories."""
        seen: dict[str, str] = {}
        for agent in agents:
            name = agent_label(agent)
            if slug(name) in seen:
                raise ValueError(f"agents {seen[slug(name)]!r} and {name!r} need distinct labels (set `label`)")
            seen[slug(name)] = name
        return agents


class RunConfig(Strict):
    """Everything that determines a run, saved resolved into the run directory."""

    personas: list[str] = Field(default_factory=lambda: ["personas/example"], description="Persona folders to run.")
    sessions: list[str] = Field(default_factory=list, description="Only these session ids (empty: all).")
    agent: AgentConfig = Field(default_factory=AgentConfig, description="Agent under test.")
    user: UserConfig = Field(default_factory=UserConfig, description="Simulated user.")
    judge: ModelBinding | None = Field(default=None, description="Rubric judge; rubric items error without one.")
    memory: MemoryMode = Field(
        default="full",
        description="full: workspace, memory and history persist; no-memory: workspace persists, memory/ wiped "
        "between sessions; isolated: fresh workspace each session; oracle: transcripts of the depends_on sessions "
        "put before the request; disclosed: hidden intents appended to the request.",
    )
    ablate: Ablation = Field(
        default="none",
        description="no-deps: run each dependency group's final session without the group's earlier sessions.",
    )
    workspace: WorkspaceBackend = Field(
        default="auto",
        description="Workspace adapter: docker (hardened container), local (host temp dir; commands jailed by "
        "bubblewrap), memory (tests), or auto: docker when a daemon answers (the sandbox image is built on first use), "
        "else local with a note. A model-driven agent never runs unjailed unless sandbox.allow_unjailed is set.",
    )
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig, description="Docker workspace settings.")
    branch: BranchConfig | None = Field(
        default=None, description="Branch from a finished run at a session instead of running from the seed."
    )
    limits: Limits = Field(default_factory=Limits, description="Fuses and caps.")
    cache: CacheConfig = Field(default_factory=CacheConfig, description="LLM call cache, per role.")
    rate_limits: dict[str, PositiveFloat] = Field(
        default_factory=dict,
        description="Requests per minute per model string (e.g. {'openai/gpt-4o': 500}), shared by every role and "
        "episode of the run or experiment that calls that model; cache hits are not limited.",
    )
    matrix: MatrixConfig | None = Field(
        default=None, description="Run an experiment matrix instead of one run (engine/experiment/)."
    )
    repeat: int = Field(default=1, ge=1, description="Repeat index of this run within its experiment (1..repeats).")
    runs_dir: str = Field(default="runs", description="Where run directories are created.")
    run_id: str | None = Field(
        default=None, description="Run (or experiment) directory name (default: timestamp + agent, or + 'matrix')."
    )

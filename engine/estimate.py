"""What a run will use before it starts: model calls and tokens per role, from the size of the personas.

The prior for one session, per role (4 characters a token):

- agent (react): turns = intents + 1 (the rules user reveals one intent a turn to an agent that neither does nor
  asks anything, then the agent gives its final reply); AGENT_STEPS a turn (a tool step and the reply) and one
  memory consolidation. Every call sends the system prompt (fixed text, the tool catalogue of the session's
  toolsets, the workspace's top level) and the opening, plus what the conversation has grown by: each step's
  action and tool result, each turn's user message (the intents' reveals); capped at the agent's context budget.
- user (llm, strict): per turn a completion judgment and, but for the last turn, a targeting judgment (llm: and a
  written message); each sends the persona, the session's intents, the opening and the conversation so far.
- judge: one call per rubric item, sending the rendered trace and the item's context.

Earlier runs of the same model in the same role scale these priors (engine/calibration.py).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from statistics import fmean

from engine.agents.react.protocol import JsonActionProtocol
from engine.agents.registry import LOCAL_CONTEXT_CHARS, protocol_for
from engine.loader import PersonaBundle
from engine.models.local_server import is_local
from engine.nodes.open_session import render_opening
from engine.schema.config import RunConfig
from engine.schema.session import SessionSpec
from engine.tools.base import tool_spec
from engine.tools.registry import tools_for

CHARS_PER_TOKEN = 4
AGENT_STEPS = 2
SYSTEM_CHARS = 1_500  # role, paths, memory, history and skills lines of the agent's system prompt
OBSERVATION_CHARS = 1_500  # one tool result as the agent reads it
AGENT_COMPLETION = 80  # tokens of one agent action or reply
MEMORY_COMPLETION = 200  # tokens of one consolidated MEMORY.md
USER_COMPLETION = 60  # tokens of one user judgment or message
USER_PROMPT_CHARS = 1_200  # the user's instructions and output format
JUDGE_COMPLETION = 40  # tokens of one YES/NO verdict with its reason
JUDGE_CONTEXT_CHARS = 2_000  # the criterion, its instructions and its context files besides the trace


@dataclass
class Tally:
    """Calls and tokens of one role (over one session, or summed)."""

    calls: float = 0.0
    prompt_tokens: float = 0.0
    completion_tokens: float = 0.0

    def add(self, other: Tally) -> None:
        """Add another tally into this one."""
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens


def _growing(calls: int, base: float, step: float, cap: float | None) -> float:
    """Characters sent over `calls` calls whose prompt starts at `base` and grows by `step` a call, capped."""
    return sum(base + k * step if cap is None else min(cap, base + k * step) for k in range(calls))


def _reveal_chars(spec: SessionSpec) -> float:
    return fmean(len(i.reveal) for i in spec.hidden_intents) if spec.hidden_intents else 0.0


def _catalogue_chars(config: RunConfig, spec: SessionSpec) -> int:
    """The tool catalogue as the model reads it: text in the system prompt (JSON actions) or native tool specs."""
    specs = [tool_spec(tool) for tool in tools_for(spec.toolsets).values()]
    if protocol_for(config.agent) == "json":
        return len(JsonActionProtocol().instructions(specs))
    return len(json.dumps([asdict(s) for s in specs]))


def _overview_chars(bundle: PersonaBundle) -> int:
    return len(", ".join(sorted({path.split("/", 1)[0] for path in bundle.seed_files()}))) + 40


def agent_prior(bundle: PersonaBundle, spec: SessionSpec, config: RunConfig) -> Tally:
    """The react agent's calls and tokens in one session."""
    turns = len(spec.hidden_intents) + 1
    calls = turns * AGENT_STEPS
    base = SYSTEM_CHARS + _catalogue_chars(config, spec) + _overview_chars(bundle) + len(render_opening(spec))
    action = AGENT_COMPLETION * CHARS_PER_TOKEN
    step = (AGENT_STEPS * action + OBSERVATION_CHARS + _reveal_chars(spec)) / AGENT_STEPS
    cap = config.agent.context_chars or (LOCAL_CONTEXT_CHARS if is_local(config.agent.model.model) else None)
    sent = _growing(calls, base, step, cap) + base + calls * step  # the turns, then the consolidation's transcript
    return Tally(calls + 1, sent / CHARS_PER_TOKEN, calls * AGENT_COMPLETION + MEMORY_COMPLETION)


def user_prior(bundle: PersonaBundle, spec: SessionSpec, config: RunConfig) -> Tally:
    """The llm or strict user's calls and tokens in one session."""
    turns = len(spec.hidden_intents) + 1
    intents = sum(len(i.content) + len(i.reveal) + 40 for i in spec.hidden_intents)
    base = USER_PROMPT_CHARS + len(bundle.persona.model_dump_json()) + intents + len(render_opening(spec))
    latest = AGENT_COMPLETION * CHARS_PER_TOKEN + OBSERVATION_CHARS
    per_turn = 2 if config.user.mode == "strict" else 3
    calls = turns + (turns - 1) * (per_turn - 1)
    step = AGENT_COMPLETION * CHARS_PER_TOKEN + _reveal_chars(spec)
    sent = sum((base + latest + t * step) * (1 if t == turns - 1 else per_turn) for t in range(turns))
    return Tally(calls, sent / CHARS_PER_TOKEN, calls * USER_COMPLETION)


def judge_prior(bundle: PersonaBundle, spec: SessionSpec, config: RunConfig) -> Tally:
    """The judge's calls and tokens in one session: one call per rubric item over the rendered trace."""
    items = sum(1 for item in spec.checklist if item.rubric is not None)
    turns = len(spec.hidden_intents) + 1
    per_turn = AGENT_STEPS * AGENT_COMPLETION * CHARS_PER_TOKEN + OBSERVATION_CHARS + _reveal_chars(spec)
    trace = len(render_opening(spec)) + turns * per_turn
    return Tally(items, items * (trace + JUDGE_CONTEXT_CHARS) / CHARS_PER_TOKEN, items * JUDGE_COMPLETION)


def session_prior(bundle: PersonaBundle, spec: SessionSpec, config: RunConfig) -> dict[str, Tally]:
    """The prior of every role the config calls a model for in one session (agent, user, judge)."""
    out: dict[str, Tally] = {}
    if config.agent.kind == "react":
        out["agent"] = agent_prior(bundle, spec, config)
    if config.user.mode != "rules" and config.user.model is not None:
        out["user"] = user_prior(bundle, spec, config)
    if config.judge is not None and any(item.rubric is not None for item in spec.checklist):
        out["judge"] = judge_prior(bundle, spec, config)
    return out

"""One session (= one task) of an episode: request or trigger, hidden intents, checklist, gold solution."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any, Literal

from pydantic import Field, model_validator

from engine.schema.base import Strict
from engine.schema.rules import RuleSpec

Category = Literal["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "-"]
TriggerKind = Literal["user", "webhook", "heartbeat", "schedule"]
IntentScope = Literal["session", "persistent"]
Tier = Literal["mandatory", "good", "ideal"]


class Trigger(Strict):
    """What opens the session: a user request or an environment event."""

    kind: TriggerKind = Field(default="user", description="'user' for a typed request, else an environment event.")
    source: str = Field(default="", description="Event source for environment triggers, e.g. 'paper-feed'.")
    event: str = Field(default="", description="Event name for environment triggers, e.g. 'new_items'.")
    payload: dict[str, Any] = Field(default_factory=dict, description="Structured event payload shown to the agent.")


class SessionSource(Strict):
    """The intent is recoverable from an earlier session of the episode."""

    session: str = Field(description="Id of an earlier session where the requirement was established.")
    files: list[str] = Field(
        default_factory=list,
        description="Workspace files that session left behind which carry the requirement; evidence scoring "
        "credits reading one of them, or the session's history file memory/history/<session>.md.",
    )


class WorkspaceSource(Strict):
    """The intent is recoverable from a file the agent can read in its workspace."""

    workspace: str = Field(description="Workspace-relative path of the file that carries the requirement.")


IntentSource = Literal["ask"] | SessionSource | WorkspaceSource


class HiddenIntent(Strict):
    """A latent requirement absent from the request, tracked by the simulated user (seed 001 §3.3)."""

    id: str = Field(description="Unique within the session, e.g. 'i1'.")
    content: str = Field(description="The requirement, precise enough to judge completion.")
    scope: IntentScope = Field(default="session", description="'persistent' when it carries across sessions.")
    source: IntentSource = Field(
        default="ask", description="Where the agent can recover it: 'ask', {session: id} or {workspace: path}."
    )
    reveal: str = Field(description="What the user says, verbatim in strict/rules modes, when providing it.")
    evidence: list[RuleSpec] = Field(
        default_factory=list,
        description="Rules that, all passing, mark the intent completed in rules mode (empty: never completed).",
    )
    facts: list[str] = Field(
        default_factory=list,
        description="Key facts of a workspace-sourced intent (names, numbers, dates, terms), each of which must "
        "occur in the cited source file after normalisation; `proact validate` checks they do.",
    )
    keywords: list[str] = Field(
        default_factory=list,
        description=(
            "Targeted-question matcher for rules mode when `topic` is empty (imported data): every entry must occur "
            "in one question of the agent; an entry may list alternatives separated by '|'."
        ),
    )
    topic: list[str] = Field(
        default_factory=list,
        description=(
            "What a question that targets this intent is about (the missing fact's subject, never its answer): "
            "entries of alternatives separated by '|', every entry in the question read with its context, one "
            "specific entry in the question itself (engine/user/questions.py). Empty: `keywords` are used; both "
            "empty: the intent can't be inferred."
        ),
    )

    @property
    def question_topic(self) -> list[str]:
        """The entries a targeting question is matched against: `topic`, else `keywords`."""
        return self.topic or self.keywords


class Artifact(Strict):
    """A deliverable the session's rules address by id, so they grade whichever file the agent produced.

    The artifact is the file changed in this session that matches `paths` or `globs` (or, for an artifact
    with neither, that the agent names in a reply) and whose normalised text matches every `signature` pattern;
    among several, the one named in the latest reply, else the one changed last.
    """

    id: str = Field(description="Unique within the session; rules name it as `artifact: <id>`.")
    description: str = Field(description="What the deliverable is, in a phrase (shown in verdicts).")
    paths: list[str] = Field(
        default_factory=list,
        description="Exact candidate paths. A path that is itself a requirement needs `pinned_by`.",
    )
    globs: list[str] = Field(
        default_factory=list, description="Candidate path globs ('**' crosses folders), e.g. 'paper/**/*.tex'."
    )
    signature: list[str] = Field(
        default_factory=list,
        description="Regexes over the normalised text (graders/normalise.py) that every candidate must match.",
    )
    named_in_reply: bool = Field(
        default=True,
        description="Without `paths` and `globs`: a changed file the agent names in a reply is a candidate (a "
        "`signature` then tells the deliverable from other files the reply names). With them, the reply only "
        "chooses among the located files.",
    )
    pinned_by: WorkspaceSource | None = Field(
        default=None,
        description="The workspace file whose text states the path in `paths` (validate checks it does); only "
        "then may a rule or an intent depend on that exact path.",
    )
    existing: bool = Field(
        default=False,
        description="Also accept a candidate left unchanged this session (a file the task only needs to exist).",
    )

    @model_validator(mode="after")
    def _located(self) -> Artifact:
        if not (self.paths or self.globs or (self.named_in_reply and self.signature)):
            raise ValueError("give 'paths', 'globs', or a 'signature' with named_in_reply: true")
        if self.pinned_by is not None and not self.paths:
            raise ValueError("'pinned_by' needs the pinned path in 'paths'")
        return self


class ToolFields(Strict):
    """Selected fields of every call of one tool, shown to a rubric judge (seed 001 App. C.4–C.5)."""

    tool: str = Field(description="Tool name, e.g. 'gmail__send_email'.")
    arguments: list[str] = Field(
        default_factory=list, description="Dotted paths into the call's arguments, e.g. 'body' or 'items[0].id'."
    )
    result: list[str] = Field(
        default_factory=list, description="Dotted paths into the call's result, e.g. 'response.thread_id'."
    )

    @model_validator(mode="after")
    def _some_field(self) -> ToolFields:
        if not self.arguments and not self.result:
            raise ValueError("select at least one of 'arguments' or 'result' (or list the tool under 'tools')")
        return self


class RubricContext(Strict):
    """Context a rubric judge sees besides the rendered trace (seed 001 App. C.5)."""

    files: list[str] = Field(default_factory=list, description="Workspace files whose final content is shown.")
    artifacts: list[str] = Field(
        default_factory=list, description="Session artifacts (by id) whose located file's final content is shown."
    )
    tools: list[str] = Field(default_factory=list, description="Tool names whose calls and results are shown.")
    tool_fields: list[ToolFields] = Field(
        default_factory=list, description="Only these fields of these tools' calls and results are shown."
    )
    trace: bool = Field(default=True, description="Whether the rendered conversation trace is shown.")


class RubricGrader(Strict):
    """A semantic criterion judged YES/NO by the judge model, one call per criterion."""

    context: RubricContext = Field(default_factory=RubricContext, description="Selected evidence for the judge.")


class ChecklistItem(Strict):
    """One verifiable outcome criterion (seed 001 §3.3, App. C.3)."""

    id: str = Field(description="Unique within the session, e.g. 'c1'.")
    text: str = Field(description="The criterion, phrased as an outcome.")
    rule: RuleSpec | None = Field(default=None, description="Deterministic grader; exclusive with 'rubric'.")
    rubric: RubricGrader | None = Field(default=None, description="Judge-model grader; exclusive with 'rule'.")
    weight: float = Field(default=1.0, gt=0, description="Weight in the weighted Comp.")
    mandatory: bool = Field(default=False, description="If it fails, the session's gated Comp is 0.")
    tier: Tier | None = Field(
        default=None,
        description="KWBench tier: 'mandatory' (gates, like mandatory: true), 'good' or 'ideal'; a session with "
        "tiers gets the 3-tier score 0.40 + 0.35·good + 0.25·ideal when no mandatory item fails.",
    )

    @model_validator(mode="after")
    def _one_grader(self) -> ChecklistItem:
        if (self.rule is None) == (self.rubric is None):
            raise ValueError("exactly one of 'rule' or 'rubric' must be set")
        if self.mandatory and self.tier not in (None, "mandatory"):
            raise ValueError(f"a mandatory item cannot have tier {self.tier!r}")
        return self

    @property
    def gates(self) -> bool:
        """Whether failing this item fails the session's mandatory gate."""
        return self.mandatory or self.tier == "mandatory"


class ToolCallSpec(Strict):
    """A tool call of the gold solution."""

    tool: str = Field(description="Tool name as the agent's registry exposes it.")
    args: dict[str, Any] = Field(default_factory=dict, description="Tool arguments.")
    args_from_files: dict[str, str] = Field(
        default_factory=dict,
        description="Argument name -> path (relative to the persona folder) whose text is the value.",
    )
    args_from_results: dict[str, str] = Field(
        default_factory=dict,
        description="Argument name -> '<tool>.<path>': a value from the result of this session's latest "
        "successful call of that tool, e.g. 'gmail__login.response.access_token' or "
        "'gmail__create_draft.response.draft_id' (path: dotted keys and [i] list indices).",
    )


class ReferenceTurn(Strict):
    """One agent turn of the gold solution: tool calls first, then the reply."""

    actions: list[ToolCallSpec] = Field(default_factory=list, description="Tool calls made this turn, in order.")
    message: str = Field(description="The agent's reply to the user this turn.")


class ReferenceSolution(Strict):
    """The gold trajectory the reference agent replays, turn by turn."""

    turns: list[ReferenceTurn] = Field(min_length=1, description="Agent turns in order.")


class WorkspaceAddition(Strict):
    """A file that appears in the workspace when the session opens."""

    source: str = Field(description="Path relative to the persona's workspaces folder.")
    dest: str = Field(description="Workspace-relative destination path.")


class SessionSpec(Strict):
    """A session of an episode: one task."""

    id: str = Field(description="Unique within the episode; equals the file name without '.yaml'.")
    title: str = Field(description="Short human title (never shown to the agent).")
    category: Category = Field(
        description="Task category A–R (seed 001 Table 5); '-' when the source assigns none (imported π-Bench "
        "tasks: the original data names no category per task)."
    )
    trigger: Trigger = Field(default_factory=Trigger, description="What opens the session.")
    request: str = Field(default="", description="The opening user message; may be empty for env triggers.")
    clock: datetime | None = Field(
        default=None,
        description="Simulated time the session opens at, so the apps' clock agrees with the session's story "
        "(the clock moves forward to it, never back; unset: the previous session's end plus the session gap).",
    )
    workspace_additions: list[WorkspaceAddition] = Field(
        default_factory=list, description="Files added to the workspace when the session opens."
    )
    toolsets: list[str] = Field(default_factory=lambda: ["general"], description="Tool groups the agent gets.")
    user_files: list[str] = Field(
        default_factory=list,
        description="Workspace files whose current content the simulated user sees at every turn (model user modes), "
        "e.g. π-Bench's objectives.files_read; a missing file is shown as missing.",
    )
    artifacts: list[Artifact] = Field(
        default_factory=list, description="Deliverables rules address by id instead of by path."
    )
    hidden_intents: list[HiddenIntent] = Field(default_factory=list, description="Latent requirements.")
    checklist: list[ChecklistItem] = Field(default_factory=list, description="Outcome criteria for Comp.")
    reference: ReferenceSolution | None = Field(
        default=None,
        description="Gold solution replayed by the reference agent. None only for imported tasks whose source ships "
        "no gold (π-Bench): the reference agent cannot run them and `proact validate` skips every gold-based check, "
        "saying so.",
    )

    def version(self) -> str:
        """A content hash of the whole definition (request, intents, checklist, artifacts, gold): results graded
        under different versions are not comparable."""
        unset = {"user_files"} if not self.user_files else None  # hashes of sessions without it stay as they were
        return hashlib.sha256(self.model_dump_json(exclude=unset).encode("utf-8")).hexdigest()[:12]

    @model_validator(mode="after")
    def _opening(self) -> SessionSpec:
        if self.trigger.kind == "user" and not self.request.strip():
            raise ValueError("a session with trigger kind 'user' needs a non-empty 'request'")
        return self

"""Validate checks that keep grading location-free: pinned paths, artifact references, intents' key facts.

- A rule (checklist item or intent evidence) may name an exact `path` only when that file is in the seed
  workspace, arrives with a `workspace_additions` entry of this or an earlier session, or is the pinned path of
  an artifact (`pinned_by`) of this or an earlier session. Anything else is a free choice of the agent: the rule
  must address an artifact instead.
- An artifact's `pinned_by` source must exist when the session opens and state the pinned path (its file name at
  least).
- Every `artifact:` a rule or rubric context names is declared by the session.
- A workspace-sourced intent's `facts` each occur, normalised, in the cited file as the session opens.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from engine.loader import PersonaBundle, Problem
from engine.schema.rules import RuleSpec
from engine.schema.session import SessionSpec, WorkspaceSource
from graders.normalise import normalise
from graders.rules import REGISTRY
from sandbox.workspace.memory import MemoryWorkspace


def _rules(spec: SessionSpec) -> list[tuple[str, RuleSpec]]:
    out = [(f"checklist[{n}].rule", item.rule) for n, item in enumerate(spec.checklist) if item.rule is not None]
    for n, intent in enumerate(spec.hidden_intents):
        out += [(f"hidden_intents[{n}].evidence[{k}]", rule) for k, rule in enumerate(intent.evidence)]
    return out


def _reads_path(rule: RuleSpec) -> bool:
    kind = REGISTRY.get(rule.kind)
    return kind is not None and "path" in kind.args_model.model_fields and isinstance(rule.args.get("path"), str)


def allowed_paths(bundle: PersonaBundle) -> dict[str, set[str]]:
    """Session id -> the exact paths its rules may name (seed, additions so far, pinned artifacts so far)."""
    allowed = set(bundle.seed_files())
    out: dict[str, set[str]] = {}
    for spec in bundle.sessions:
        allowed |= {a.dest for a in spec.workspace_additions}
        allowed |= {p for a in spec.artifacts if a.pinned_by is not None for p in a.paths}
        out[spec.id] = set(allowed)
    return out


def static_problems(bundle: PersonaBundle, spec: SessionSpec, allowed: set[str]) -> list[Problem]:
    """Pinned paths and artifact references of one session (no execution needed)."""
    file = str(bundle.files[spec.id])
    declared = {a.id for a in spec.artifacts}
    out: list[Problem] = []
    for where, rule in _rules(spec):
        if _reads_path(rule) and rule.args["path"] not in allowed:
            out.append(
                Problem(
                    file,
                    f"{where}.args.path",
                    f"pins {rule.args['path']!r}, a path the workspace leaves free: address a declared artifact "
                    "instead, or pin the path with an artifact's `pinned_by` naming the workspace file that states it",
                )
            )
        if "artifact" in rule.args and rule.args["artifact"] not in declared:
            out.append(Problem(file, f"{where}.args.artifact", f"{rule.args['artifact']!r} is not a declared artifact"))
    for n, item in enumerate(spec.checklist):
        if item.rubric is not None:
            for name in item.rubric.context.artifacts:
                if name not in declared:
                    out.append(Problem(file, f"checklist[{n}].rubric.context.artifacts", f"{name!r} is not declared"))
    return out


def opening_problems(bundle: PersonaBundle, spec: SessionSpec, workspace: MemoryWorkspace) -> list[Problem]:
    """Checks against the workspace the session opens on: pinning sources and intents' key facts."""
    file = str(bundle.files[spec.id])
    files = dict(workspace.files)
    for add in spec.workspace_additions:
        source = bundle.data_root / add.source
        if source.is_file():
            files[add.dest] = source.read_bytes()

    def text(path: str) -> str | None:
        data = files.get(path)
        return None if data is None else normalise(data.decode("utf-8", errors="replace"))

    out: list[Problem] = []
    for n, artifact in enumerate(spec.artifacts):
        if artifact.pinned_by is None:
            continue
        pin_text = text(artifact.pinned_by.workspace)
        if pin_text is None:
            out.append(Problem(file, f"artifacts[{n}].pinned_by", f"{artifact.pinned_by.workspace} is not there"))
            continue
        for path in artifact.paths:
            if normalise(PurePosixPath(path).name) not in pin_text:
                out.append(
                    Problem(file, f"artifacts[{n}].pinned_by", f"{artifact.pinned_by.workspace} does not state {path}")
                )
    for n, intent in enumerate(spec.hidden_intents):
        if not isinstance(intent.source, WorkspaceSource):
            continue
        cited = text(intent.source.workspace)
        if cited is None:
            continue
        for k, fact in enumerate(intent.facts):
            if normalise(fact) not in cited:
                out.append(
                    Problem(
                        file,
                        f"hidden_intents[{n}].facts[{k}]",
                        f"{fact!r} does not occur in its source {intent.source.workspace}",
                    )
                )
        if not intent.facts:
            out.append(
                Problem(
                    file,
                    f"hidden_intents[{n}].facts",
                    "a workspace-sourced intent should list its key facts, so validate can check its source holds them",
                    "warning",
                )
            )
    return out

"""The persona (profile.yaml) and the episode (episode.yaml) of an imported π-Bench persona."""

from __future__ import annotations

import re
from typing import Any

from engine.loader import Problem
from engine.pibench.source import RawPersona, listing, mapping, warn
from engine.schema.episode import DependencyGroup, Episode, EpisodeEntry
from engine.schema.persona import Persona


def persona_id(user_id: str) -> str:
    """A proact persona id (lower case, [a-z0-9_]) for an original user_id such as 'Financier'."""
    return re.sub(r"[^a-z0-9_]", "_", user_id.lower()) or "persona"


def _goal(value: Any) -> str:
    """A long-term goal as text (YAML reads a goal holding ': ' as a one-entry mapping)."""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def persona_of(raw: RawPersona, problems: list[Problem]) -> Persona:
    """The persona: the original role text is what the simulated user knows of itself (its `occupation`)."""
    file = raw.folder / "profile.yaml"
    profile = raw.profile
    if str(profile.get("user_id", raw.user_id)).strip() != raw.user_id:
        warn(problems, file, "user_id", f"is {profile.get('user_id')!r} but the folder is {raw.user_id!r}")
    role = profile.get("role")
    text = str(role.get("role_text", "")) if isinstance(role, dict) else str(role or "")
    if not text.strip():
        warn(problems, file, "role", "missing or empty: the simulated user knows only its user id")
    prefs = mapping(profile.get("preferences"), problems, file, "preferences")
    goals = listing(profile.get("long_term_goals"), problems, file, "long_term_goals")
    return Persona(
        id=persona_id(raw.user_id),
        name=raw.user_id,
        role=raw.user_id.replace("_", " "),
        occupation=text.strip() or raw.user_id,
        preferences=[f"{k}: {v}" for k, v in prefs.items()],
        goals=[_goal(g) for g in goals],
    )


def _order(raw: RawPersona, problems: list[Problem]) -> list[tuple[str, list[str]]]:
    """Episode entries whose task folder exists (the original runs only episode tasks, else all, sorted)."""
    file = raw.folder / "episode.yaml"
    listed = [tid for tid, _ in raw.order]
    for n, (tid, _) in enumerate(raw.order):
        if tid not in raw.tasks:
            warn(problems, file, f"tasks[{n}].task_id", f"{tid!r} has no readable task folder; not imported")
    for tid in sorted(set(raw.tasks) - set(listed)):
        if listed:
            warn(problems, raw.tasks[tid].file, "task_id", "not in episode.yaml: not imported (the original skips it)")
    if not listed:
        return [(tid, []) for tid in sorted(raw.tasks)]
    return [(tid, deps) for tid, deps in raw.order if tid in raw.tasks]


def groups_of(entries: list[EpisodeEntry]) -> list[DependencyGroup]:
    """Connected components (≥ 2 sessions) of the depends_on graph, members in episode order."""
    order = [e.session for e in entries]
    parent = {s: s for s in order}

    def root(s: str) -> str:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for entry in entries:
        for dep in entry.depends_on:
            parent[root(dep)] = root(entry.session)
    members: dict[str, list[str]] = {}
    for s in order:
        members.setdefault(root(s), []).append(s)
    found = sorted((m for m in members.values() if len(m) > 1), key=lambda m: order.index(m[0]))
    return [DependencyGroup(id=f"g{n + 1}", sessions=m) for n, m in enumerate(found)]


def episode_of(raw: RawPersona, pid: str, source: str, problems: list[Problem]) -> tuple[Episode, list[str]]:
    """The episode (dependencies an earlier session cannot satisfy are dropped with a warning) and its order."""
    file = raw.folder / "episode.yaml"
    entries: list[EpisodeEntry] = []
    for tid, deps in _order(raw, problems):
        earlier = {e.session for e in entries}
        kept: list[str] = []
        for dep in deps:
            if dep in earlier and dep not in kept:
                kept.append(dep)
            else:
                warn(problems, file, f"{tid}.depends_on", f"{dep!r} is not an earlier imported task; dropped")
        entries.append(EpisodeEntry(session=tid, depends_on=kept))
    episode = Episode(persona=pid, imported_from=source, sessions=entries, dependency_groups=groups_of(entries))
    return episode, [e.session for e in entries]

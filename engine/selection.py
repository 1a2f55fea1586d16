"""Which sessions of an episode a run plays: the ones named (all when none are), minus those an ablation drops."""

from __future__ import annotations

from engine.loader import PersonaBundle
from engine.schema.config import Ablation
from engine.schema.session import SessionSpec


def skipped_by_ablation(bundle: PersonaBundle, ablate: Ablation) -> set[str]:
    """Session ids the ablation removes from the episode."""
    if ablate != "no-deps":
        return set()
    groups = bundle.episode.dependency_groups
    finals = {group.sessions[-1] for group in groups}
    return {sid for group in groups for sid in group.sessions[:-1]} - finals


def selected_sessions(bundle: PersonaBundle, only: list[str], ablate: Ablation = "none") -> list[SessionSpec]:
    """The episode's sessions, restricted to `only` when given (unknown ids are an error), minus ablated ones."""
    unknown = set(only) - {s.id for s in bundle.sessions}
    if unknown:
        raise ValueError(f"unknown session id(s) for {bundle.persona.id}: {sorted(unknown)}")
    skipped = skipped_by_ablation(bundle, ablate)
    return [s for s in bundle.sessions if (not only or s.id in only) and s.id not in skipped]

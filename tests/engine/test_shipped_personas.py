"""The shipped 20-session personas meet the benchmark bars (seed 001 §3.2–3.3 as the issues state them).

`test_every_persona_in_the_repo_validates_clean` (test_validate_and_loader.py) already replays every
gold solution against the rules user and a do-nothing agent; these tests pin the structure.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.loader import load_persona
from engine.persona_stats import bar_failures, persona_stats

PERSONAS = Path(__file__).resolve().parents[2] / "personas"


@pytest.mark.parametrize("persona", ["researcher", "law_trainee"])
def test_persona_meets_the_benchmark_bars(persona: str) -> None:
    assert bar_failures(load_persona(PERSONAS / persona)) == []


@pytest.mark.parametrize("persona", ["researcher", "law_trainee"])
def test_dependency_groups_and_independent_sessions(persona: str) -> None:
    bundle = load_persona(PERSONAS / persona)
    sizes = [len(g.sessions) for g in bundle.episode.dependency_groups]
    assert len(sizes) == 6 and all(2 <= n <= 3 for n in sizes)
    grouped = {s for g in bundle.episode.dependency_groups for s in g.sessions}
    assert len([s for s in bundle.sessions if s.id not in grouped]) >= 5
    depends = {e.session: e.depends_on for e in bundle.episode.sessions}
    for group in bundle.episode.dependency_groups:
        for earlier, later in zip(group.sessions, group.sessions[1:], strict=False):
            assert earlier in depends[later], f"{later} must depend on {earlier} in {group.id}"


def test_law_trainee_ends_eight_sessions_in_graded_app_actions() -> None:
    rows = persona_stats(load_persona(PERSONAS / "law_trainee"))
    assert len([r for r in rows if r.app_rule_items > 0 and r.apps]) >= 8

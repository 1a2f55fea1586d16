"""What a persona episode is made of: per-session counts of intents, sources and graders, and the benchmark bars.

`proact validate --stats` prints these as the summary table (sessions × category × intents × rule/rubric
items × dependency group); `BENCHMARK_BARS` are the quality bars a shipped 20-session persona must meet
(seed 001 §3.2–3.3), checked by `bar_failures`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.loader import PersonaBundle
from engine.schema.session import SessionSource, SessionSpec, WorkspaceSource
from sandbox.apps.registry import APPS

APP_RULE_KINDS = frozenset({"app_state", "tool_sequence"})


@dataclass(frozen=True)
class SessionStats:
    """Counts of one session."""

    session: str
    category: str
    trigger: str
    intents: int
    from_workspace: int
    from_session: int
    from_ask: int
    persistent: int
    rule_items: int
    rubric_items: int
    mandatory_items: int
    app_rule_items: int
    apps: tuple[str, ...]
    group: str

    @property
    def items(self) -> int:
        """Checklist items of the session."""
        return self.rule_items + self.rubric_items


@dataclass(frozen=True)
class BenchmarkBars:
    """Quality bars of a shipped persona episode."""

    sessions: int = 20
    dependency_groups: int = 6
    min_intents: int = 85
    min_env_triggered: int = 2
    min_items_per_session: float = 6.0
    min_rule_share: float = 0.40
    mandatory_per_session: int = 1


BENCHMARK_BARS = BenchmarkBars()


def _stats(spec: SessionSpec, group: str) -> SessionStats:
    sources = [i.source for i in spec.hidden_intents]
    rules = [c.rule for c in spec.checklist if c.rule is not None]
    return SessionStats(
        session=spec.id,
        category=spec.category,
        trigger=spec.trigger.kind,
        intents=len(spec.hidden_intents),
        from_workspace=sum(isinstance(s, WorkspaceSource) for s in sources),
        from_session=sum(isinstance(s, SessionSource) for s in sources),
        from_ask=sum(s == "ask" for s in sources),
        persistent=sum(i.scope == "persistent" for i in spec.hidden_intents),
        rule_items=len(rules),
        rubric_items=sum(c.rubric is not None for c in spec.checklist),
        mandatory_items=sum(c.gates for c in spec.checklist),
        app_rule_items=sum(r.kind in APP_RULE_KINDS for r in rules),
        apps=tuple(t for t in spec.toolsets if t in APPS),
        group=group,
    )


def persona_stats(bundle: PersonaBundle) -> list[SessionStats]:
    """One row per session in episode order; `group` is the dependency group id ('' when independent)."""
    groups = {s: g.id for g in bundle.episode.dependency_groups for s in g.sessions}
    return [_stats(spec, groups.get(spec.id, "")) for spec in bundle.sessions]


def bar_failures(bundle: PersonaBundle, bars: BenchmarkBars = BENCHMARK_BARS) -> list[str]:
    """Every benchmark bar the persona misses, as readable sentences (empty: it meets them all)."""
    rows = persona_stats(bundle)
    items = sum(r.items for r in rows)
    rules = sum(r.rule_items for r in rows)
    checks = [
        (len(rows) == bars.sessions, f"{len(rows)} sessions, the bar is {bars.sessions}"),
        (
            len(bundle.episode.dependency_groups) >= bars.dependency_groups,
            f"{len(bundle.episode.dependency_groups)} dependency groups, the bar is {bars.dependency_groups}",
        ),
        (
            sum(r.intents for r in rows) >= bars.min_intents,
            f"{sum(r.intents for r in rows)} hidden intents, the bar is {bars.min_intents}",
        ),
        (
            sum(r.trigger != "user" for r in rows) >= bars.min_env_triggered,
            f"{sum(r.trigger != 'user' for r in rows)} environment-triggered sessions, the bar is "
            f"{bars.min_env_triggered}",
        ),
        (
            bool(rows) and items / len(rows) >= bars.min_items_per_session,
            f"{items / max(len(rows), 1):.2f} checklist items per session, the bar is {bars.min_items_per_session}",
        ),
        (
            bool(items) and rules / items >= bars.min_rule_share,
            f"{rules / max(items, 1):.0%} of checklist items rule-graded, the bar is {bars.min_rule_share:.0%}",
        ),
    ]
    out = [message for ok, message in checks if not ok]
    out += [
        f"{r.session} has {r.mandatory_items} mandatory items, the bar is {bars.mandatory_per_session}"
        for r in rows
        if r.mandatory_items < bars.mandatory_per_session
    ]
    return out

"""Score tables per condition: Table 1 (overall and per persona), Table 8 (per category), Table 7 (terminal
statuses), termination reasons, turns, gated vs plain Comp, and model usage per role.

A condition is (agent label, memory, ablate); its run directories are repeats. "mean ± std" is over
repeats, where one repeat's score is the mean over its sessions (of the persona or category in question).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.report.discover import ROLES, STATUSES, SessionRow
from engine.report.stats import Metric, mean_std, repeat_scores
from engine.report.table import Cell, Table, group_order, pct

Group = tuple[str, str, str]
CONDITION = ["agent", "memory", "ablate"]


def proc(row: SessionRow) -> float | None:
    """Session Proc."""
    return row.proc


def comp(row: SessionRow) -> float | None:
    """Session Comp."""
    return row.comp


def comp_gated(row: SessionRow) -> float | None:
    """Session gated Comp (0 when a mandatory item failed)."""
    return row.comp_gated


def by_group(rows: Sequence[SessionRow]) -> dict[Group, list[SessionRow]]:
    """Rows per condition, conditions in report order."""
    groups: dict[Group, list[SessionRow]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    return {g: groups[g] for g in sorted(groups, key=group_order)}


def _scored(rows: Sequence[SessionRow], metric: Metric) -> list[Cell]:
    mean, std = mean_std(repeat_scores(rows, metric))
    return [pct(mean), pct(std)]


def _repeats(rows: Sequence[SessionRow]) -> int:
    return len({r.run.repeat for r in rows})


def scores_table(rows: Sequence[SessionRow]) -> Table:
    """Table 1: Proc and Comp mean ± std over repeats per condition, overall and per persona."""
    table = Table(
        "scores",
        "Proc / Comp per model (mean ± std over repeats, %), overall and per persona",
        [*CONDITION, "persona", "repeats", "sessions", "Proc mean", "Proc std", "Comp mean", "Comp std"],
        note="A repeat's score is the mean over its sessions; std is the sample std over repeats (n−1).",
    )
    for group, members in by_group(rows).items():
        scopes: dict[str, list[SessionRow]] = {"overall": list(members)}
        for row in members:
            scopes.setdefault(row.persona, []).append(row)
        for scope, scoped in scopes.items():
            table.rows.append(
                [*group, scope, _repeats(scoped), len(scoped), *_scored(scoped, proc), *_scored(scoped, comp)]
            )
    return table


def category_table(rows: Sequence[SessionRow]) -> Table:
    """Table 8: Proc and Comp mean ± std over repeats per condition and task category."""
    table = Table(
        "by_category",
        "Proc / Comp per task category (mean ± std over repeats, %)",
        [*CONDITION, "category", "sessions", "Proc mean", "Proc std", "Comp mean", "Comp std"],
    )
    for group, members in by_group(rows).items():
        for category in sorted({r.category for r in members}):
            scoped = [r for r in members if r.category == category]
            table.rows.append([*group, category, len(scoped), *_scored(scoped, proc), *_scored(scoped, comp)])
    return table


def status_table(rows: Sequence[SessionRow]) -> Table:
    """Table 7: share of hidden intents per terminal status, pooled over repeats (open = never resolved)."""
    table = Table(
        "status_distribution",
        "Terminal status of hidden intents (% of intents, pooled over repeats)",
        [*CONDITION, "intents", *(f"{s} %" for s in STATUSES)],
    )
    for group, members in by_group(rows).items():
        counts = Counter(status for r in members for status in r.statuses.values())
        total = sum(counts.values())
        table.rows.append([*group, total, *(100 * counts[s] / total if total else None for s in STATUSES)])
    return table


def termination_table(rows: Sequence[SessionRow]) -> Table:
    """How sessions ended per condition (resolved, turn_cap, errors, incomplete), as counts and shares."""
    table = Table("termination", "Session termination reasons", [*CONDITION, "termination", "sessions", "share %"])
    for group, members in by_group(rows).items():
        counts = Counter(r.termination for r in members)
        for reason, n in sorted(counts.items()):
            table.rows.append([*group, reason, n, 100 * n / len(members)])
    return table


def turns_table(rows: Sequence[SessionRow]) -> Table:
    """Average agent turns per session (mean ± std over repeats) and the share of sessions cut by the turn cap."""
    table = Table(
        "turns",
        "Agent turns per session (mean ± std over repeats)",
        [*CONDITION, "sessions", "turns mean", "turns std", "turn_cap %"],
    )
    for group, members in by_group(rows).items():
        mean, std = mean_std(repeat_scores(members, lambda r: float(r.turns)))
        capped = sum(r.termination == "turn_cap" for r in members)
        table.rows.append([*group, len(members), mean, std, 100 * capped / len(members)])
    return table


def burden_table(rows: Sequence[SessionRow]) -> Table:
    """The user's burden per condition: questions, untargeted questions, user words, turns to resolution."""
    table = Table(
        "burden",
        "User burden per session (mean ± std over repeats): questions asked, how many targeted no intent, the "
        "user's words, agent turns until every intent was resolved",
        [*CONDITION, "sessions", "questions", "questions std", "untargeted", "untargeted std", "targeted %",
         "user words", "user words std", "turns to resolution"],
    )  # fmt: skip
    for group, members in by_group(rows).items():
        known = [r for r in members if r.burden is not None]
        if not known:
            continue

        def figure(row: SessionRow, name: str) -> float:
            return float(getattr(row.burden, name))

        asked = mean_std(repeat_scores(known, lambda r: figure(r, "questions")))
        untargeted = mean_std(repeat_scores(known, lambda r: figure(r, "untargeted_questions")))
        words = mean_std(repeat_scores(known, lambda r: figure(r, "user_words")))
        total = sum(r.burden.questions for r in known if r.burden)
        targeted = sum(r.burden.targeted_questions for r in known if r.burden)
        resolved = [r.burden.turns_to_resolution for r in known if r.burden and r.burden.turns_to_resolution]
        table.rows.append(
            [*group, len(known), *asked, *untargeted, 100 * targeted / total if total else None, *words,
             sum(resolved) / len(resolved) if resolved else None]
        )  # fmt: skip
    return table


def gated_table(rows: Sequence[SessionRow]) -> Table:
    """Plain vs gated Comp (mean ± std over repeats) and the mandatory-gate pass rate."""
    table = Table(
        "gated_comp",
        "Plain vs gated Comp (gated = 0 when a mandatory item failed; %)",
        [*CONDITION, "Comp mean", "Comp std", "gated Comp mean", "gated Comp std", "gate pass %", "gate sessions"],
        note="Gate pass rate over sessions with a Comp and a determined gate, pooled over repeats.",
    )
    for group, members in by_group(rows).items():
        gated = [r for r in members if r.comp is not None and r.gate_passed is not None]
        passed = 100 * sum(bool(r.gate_passed) for r in gated) / len(gated) if gated else None
        table.rows.append([*group, *_scored(members, comp), *_scored(members, comp_gated), passed, len(gated)])
    return table


def usage_table(rows: Sequence[SessionRow]) -> Table:
    """Model calls, tokens and cost per role (agent, user, judge), summed over all repeats and per session."""
    fields = ("calls", "cached_calls", "prompt_tokens", "completion_tokens", "cost_usd")
    table = Table(
        "usage",
        "Tokens and cost per role (totals over all repeats, and per session)",
        [*CONDITION, "role", *fields, "tokens / session", "cost / session"],
    )
    for group, members in by_group(rows).items():
        for role in ROLES:
            totals = {f: sum(r.usage.get(role, {}).get(f, 0) for r in members) for f in fields}
            tokens = totals["prompt_tokens"] + totals["completion_tokens"]
            table.rows.append(
                [
                    *group,
                    role,
                    *(int(totals[f]) if f != "cost_usd" else float(totals[f]) for f in fields),
                    tokens / len(members),
                    totals["cost_usd"] / len(members),
                ]
            )
    return table


def sessions_table(rows: Sequence[SessionRow]) -> Table:
    """The tidy table: one row per session with its scores, statuses, turns, termination and usage."""
    table = Table(
        "sessions",
        "Every session (the tidy table every other table is computed from)",
        [
            *CONDITION, "repeat", "persona", "session", "category", "Proc", "Comp", "gated Comp", "gate",
            *STATUSES, "turns", "questions", "untargeted", "user words", "termination",
            *(f"{role} tokens" for role in ROLES), "cost_usd", "run_dir", "key",
        ],
    )  # fmt: skip
    for r in rows:
        counts = Counter(r.statuses.values())
        tokens = [
            int(r.usage.get(role, {}).get("prompt_tokens", 0) + r.usage.get(role, {}).get("completion_tokens", 0))
            for role in ROLES
        ]
        cost = sum(u.get("cost_usd", 0.0) for u in r.usage.values())
        table.rows.append(
            [
                *r.group, r.run.repeat, r.persona, r.session, r.category, pct(r.proc), pct(r.comp),
                pct(r.comp_gated), None if r.gate_passed is None else str(r.gate_passed).lower(),
                *(counts[s] for s in STATUSES), r.turns, *_burden_cells(r), r.termination, *tokens, cost,
                str(r.run.path), r.key,
            ]
        )  # fmt: skip
    return table


def _burden_cells(row: SessionRow) -> list[int | None]:
    b = row.burden
    return [None, None, None] if b is None else [b.questions, b.untargeted_questions, b.user_words]

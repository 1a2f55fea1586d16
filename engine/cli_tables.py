"""The console tables and lines of `proact run` and `proact grade`: Proc/Comp summary, gate and tiers, errors."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from engine.schema.results import EpisodeResult, SessionResult
from engine.state import TerminationReason

INFRA_ERROR = TerminationReason.INFRA_ERROR.value
NOT_RUN = TerminationReason.BUDGET_EXHAUSTED.value


def pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _per_session(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def summary_table(episodes: list[EpisodeResult]) -> Table:
    """Per-persona Proc / Comp summary with the user's burden (questions asked / untargeted, words per session),
    grader errors and sessions that ended infra_error (counted, kept out of every other column)."""
    table = Table(title="proact results (%)")
    table.add_column("persona", no_wrap=True)
    columns = ["sess", "Proc", "Comp", "rule", "gated", "C/I/P/open", "turns", "asked/untgt", "user words"]
    columns += ["grader err", "infra err"]
    for col in columns:
        table.add_column(col, justify="right", no_wrap=True)
    for ep in episodes:
        rule = [s.rule_comp for s in ep.sessions if s.rule_comp is not None]
        c = ep.status_counts
        table.add_row(
            ep.persona,
            str(len(ep.sessions)),
            pct(ep.proc),
            pct(ep.comp),
            pct(sum(rule) / len(rule) if rule else None),
            pct(ep.comp_gated),
            f"{c['completed']}/{c['inferred']}/{c['provided']}/{c['open']}",
            f"{ep.mean_turns:.1f}",
            _per_session(ep.mean_questions) + "/" + _per_session(ep.mean_untargeted_questions),
            _per_session(ep.mean_user_words),
            str(sum(s.grader_errors for s in ep.sessions if s.termination != INFRA_ERROR)),
            str(ep.infra_errors),
        )
    return table


def session_error_line(result: SessionResult) -> str | None:
    """A red console line for a session that ended on an error (agent_error, user_error, infra_error), else None
    (sessions not run for want of budget are summed up by `budget_note`)."""
    if result.error is None or result.termination == NOT_RUN:
        return None
    return f"[red]{result.persona}/{result.session_id} ended {result.termination}: {escape(result.error)}[/red]"


def infra_note(episodes: list[EpisodeResult]) -> str | None:
    """What to do about sessions that ended infra_error (kept out of every score), or None when there are none."""
    count = sum(ep.infra_errors for ep in episodes)
    if not count:
        return None
    return (
        f"[bold red]{count} session(s) ended infra_error (a model service failed): they are left out of Proc and "
        "Comp and their episodes stopped there; run the same command again, or --resume the run directory, to "
        "redo them[/bold red]"
    )


def budget_note(episodes: list[EpisodeResult], cap_usd: float, spent_usd: float) -> str | None:
    """How many sessions the --max-cost cap kept from starting and how to continue, or None when none."""
    count = sum(ep.not_run for ep in episodes)
    if not count:
        return None
    return (
        f"[yellow]{count} session(s) not run: --max-cost ${cap_usd:.2f} reached (${spent_usd:.4f} spent in all); "
        "they are recorded as budget_exhausted and left out of every score; run the same command with a higher "
        "--max-cost to continue[/yellow]"
    )


def gate_table(episodes: list[EpisodeResult]) -> Table:
    """Per-persona mandatory gate, conditional Comp, 3-tier score and evidence retrieval."""
    table = Table(title="gate, tiers and evidence (%)")
    table.add_column("persona", no_wrap=True)
    for col in ("gate pass", "cond Comp", "tier", "tier cond", "evid P", "evid R", "evid F1"):
        table.add_column(col, justify="right", no_wrap=True)
    for ep in episodes:
        values = (ep.gate_pass_rate, ep.comp_conditional, ep.tier_score, ep.tier_conditional)
        evidence = (ep.evidence_precision, ep.evidence_recall, ep.evidence_f1)
        table.add_row(ep.persona, *(pct(v) for v in (*values, *evidence)))
    return table

"""Judge audits (seed 001 App. F.1 / Table 6, seed 003): re-judge a run's judgments with other models.

Every rubric checklist item and every intent assignment of an LLM-user run (graders/audit_cases.py)
is labelled again by each audit judge. Reported: per audit source, the disagreement rate with the
run's own labels (checklist and hidden intents apart, like Table 6) and the judge's unusable
answers; Cohen's kappa for every pair of raters (the run counts as a rater); and, across run
directories (agent models), Comp and Proc of each run under each rater and the Spearman rank
correlation of the run ranking for every rater pair. Under a rater, a session's Comp uses the run's
rule verdicts and the rater's rubric verdicts (unusable ones left out), and its Proc the rater's
statuses for the audited assignments (the run's where the rater had no usable answer).
"""

from __future__ import annotations

import itertools
from statistics import fmean
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.models.structured import InvalidOutputError, ask_structured
from engine.ports import ChatModel, Message, ModelError, ModelUnavailableError
from graders.agreement import cohen_kappa, disagreement, spearman
from graders.audit_cases import Case, RunCases, SessionCases
from graders.rubric import ask_judge

RUN = "run"
STATUSES = ("completed", "inferred", "provided")
STATUS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"type": "string", "enum": list(STATUSES)}, "reason": {"type": "string"}},
    "required": ["status", "reason"],
    "additionalProperties": False,
}


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceRow(_Out):
    """Disagreement of one audit judge with the run (one row of a Table 6)."""

    source: str = Field(description="Audit judge model.")
    checklist_n: int = Field(description="Checklist items both the run and the judge labelled.")
    checklist_disagreement: float | None = Field(description="Share of those the judge labelled differently.")
    checklist_errors: int = Field(description="Checklist items the judge gave no usable verdict on.")
    intent_n: int = Field(description="Intent assignments the judge labelled.")
    intent_disagreement: float | None = Field(description="Share of those the judge classified differently.")
    intent_errors: int = Field(description="Intent assignments the judge gave no usable status for.")


class PairAgreement(_Out):
    """Agreement of two raters on one kind of judgment."""

    a: str = Field(description="First rater ('run' or a judge model).")
    b: str = Field(description="Second rater.")
    kind: str = Field(description="'checklist' or 'intent'.")
    n: int = Field(description="Cases both labelled.")
    disagreement: float | None = Field(description="Share of those labelled differently.")
    kappa: float | None = Field(description="Cohen's kappa (None: no common cases, or a single shared label).")


class RunScore(_Out):
    """A run's Comp and Proc under one rater's labels."""

    run: str = Field(description="Run directory name.")
    rater: str = Field(description="'run' or a judge model.")
    comp: float | None = Field(description="Mean session Comp under the rater.")
    proc: float | None = Field(description="Mean session Proc under the rater.")


class RankCorrelation(_Out):
    """Spearman correlation of the run ranking under two raters."""

    a: str = Field(description="First rater.")
    b: str = Field(description="Second rater.")
    metric: str = Field(description="'comp' or 'proc'.")
    runs: int = Field(description="Runs scored under both raters.")
    rho: float | None = Field(description="Spearman's rho (None below two runs or for a constant ranking).")


class CaseRecord(_Out):
    """One audited judgment with every rater's label."""

    run: str = Field(description="Run directory name.")
    persona: str = Field(description="Persona id.")
    session: str = Field(description="Session id.")
    kind: str = Field(description="'checklist' or 'intent'.")
    target: str = Field(description="Checklist item id or intent id.")
    labels: dict[str, str | None] = Field(description="Rater -> label (YES/NO or a status; None: unusable).")


class AuditReport(_Out):
    """The whole audit, written as audit.json."""

    runs: list[str] = Field(description="Audited run directories.")
    judges: list[str] = Field(description="Audit judge models.")
    notes: list[str] = Field(description="Warnings and what was not audited, and why.")
    sources: list[SourceRow] = Field(description="Per audit judge: disagreement with the run.")
    pairs: list[PairAgreement] = Field(description="Per rater pair and kind: disagreement and Cohen's kappa.")
    scores: list[RunScore] = Field(description="Comp and Proc of every run under every rater.")
    correlations: list[RankCorrelation] = Field(description="Spearman rho of the run rankings per rater pair.")
    cases: list[CaseRecord] = Field(description="Every audited judgment with all labels.")


def label_intent(messages: list[Message], judge: ChatModel, attempts: int = 3) -> str | None:
    """The judge's status for one intent case; None when no usable answer came after `attempts` (answers that
    fail STATUS_SCHEMA go back with feedback). ModelUnavailableError propagates: the audit cannot go on."""
    try:
        data = ask_structured(judge, messages, STATUS_SCHEMA, attempts)
    except InvalidOutputError:
        return None
    except ModelUnavailableError:
        raise
    except ModelError:
        return None
    return str(data["status"])


def label(case: Case, judge: ChatModel) -> str | None:
    """One auditor label: YES/NO for a checklist case, a status for an intent case."""
    if case.kind == "intent":
        return label_intent(case.messages, judge)
    verdict = ask_judge(case.messages, judge)
    return None if verdict.score is None else ("YES" if verdict.score >= 1.0 else "NO")


def _session_scores(s: SessionCases, labels: list[dict[str, str | None]], rater: str) -> tuple[float | None, ...]:
    marks = [v for v in s.rule_scores.values() if v is not None]
    statuses = dict(s.statuses)
    for case, lab in zip(s.checklist + s.intent_cases, labels, strict=True):
        value = lab.get(rater)
        if case.kind == "checklist" and value is not None:
            marks.append(1.0 if value == "YES" else 0.0)
        elif case.kind == "intent" and value is not None:
            statuses[case.target] = value
    proactive = sum(1 for v in statuses.values() if v in ("completed", "inferred"))
    return (fmean(marks) if marks else None), (proactive / s.intents if s.intents else None)


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return fmean(present) if present else None


def _sources(records: list[CaseRecord], judges: list[str]) -> list[SourceRow]:
    rows = []
    for j in judges:
        kinds = {k: [r for r in records if r.kind == k] for k in ("checklist", "intent")}
        common = {
            k: [r for r in rs if r.labels[RUN] is not None and r.labels[j] is not None] for k, rs in kinds.items()
        }
        rate = {k: disagreement([r.labels[RUN] for r in rs], [r.labels[j] for r in rs]) for k, rs in kinds.items()}
        errors = {k: sum(r.labels[j] is None for r in rs) for k, rs in kinds.items()}
        rows.append(
            SourceRow(
                source=j,
                checklist_n=len(common["checklist"]),
                checklist_disagreement=rate["checklist"],
                checklist_errors=errors["checklist"],
                intent_n=len(common["intent"]),
                intent_disagreement=rate["intent"],
                intent_errors=errors["intent"],
            )
        )
    return rows


def _pairs(records: list[CaseRecord], raters: list[str]) -> list[PairAgreement]:
    out = []
    for a, b in itertools.combinations(raters, 2):
        for kind in ("checklist", "intent"):
            rs = [r for r in records if r.kind == kind]
            la, lb = [r.labels[a] for r in rs], [r.labels[b] for r in rs]
            n = sum(x is not None and y is not None for x, y in zip(la, lb, strict=True))
            out.append(
                PairAgreement(a=a, b=b, kind=kind, n=n, disagreement=disagreement(la, lb), kappa=cohen_kappa(la, lb))
            )
    return out


def _correlations(scores: list[RunScore], raters: list[str]) -> list[RankCorrelation]:
    table = {(s.run, s.rater): s for s in scores}
    runs = sorted({s.run for s in scores})
    out = []
    for a, b in itertools.combinations(raters, 2):
        for metric in ("comp", "proc"):
            pairs = [(getattr(table[r, a], metric), getattr(table[r, b], metric)) for r in runs]
            both = [(x, y) for x, y in pairs if x is not None and y is not None]
            rho = spearman([x for x, _ in both], [y for _, y in both])
            out.append(RankCorrelation(a=a, b=b, metric=metric, runs=len(both), rho=rho))
    return out


def notes_for(runs: list[RunCases], judges: list[str]) -> list[str]:
    """Warnings (an audit judge that is an audited agent) and what is not audited."""
    notes = []
    for run in runs:
        if run.agent_model is not None and run.agent_model in judges:
            notes.append(f"WARNING: audit judge {run.agent_model} is the agent model of run {run.run}")
        if run.user_mode == "rules":
            notes.append(
                f"run {run.run}: the user was the rules user; its intent statuses are decided by evidence rules and "
                "keyword targeting, not by a model, so there are no intent assignments to audit"
            )
    if len(runs) < 2:
        notes.append("rank correlations need at least two run directories (one per agent model)")
    return notes


def audit(runs: list[RunCases], judges: dict[str, ChatModel]) -> AuditReport:
    """Label every case of every run with every judge and compute the report."""
    raters = [RUN, *judges]
    records: list[CaseRecord] = []
    scores: list[RunScore] = []
    for run in runs:
        per_session = []
        for s in run.sessions:
            labels = []
            for case in s.checklist + s.intent_cases:
                lab: dict[str, str | None] = {RUN: case.original}
                lab.update({name: label(case, judge) for name, judge in judges.items()})
                labels.append(lab)
                records.append(
                    CaseRecord(
                        run=run.run,
                        persona=s.persona,
                        session=s.session,
                        kind=case.kind,
                        target=case.target,
                        labels=lab,
                    )
                )
            per_session.append((s, labels))
        for rater in raters:
            pairs = [_session_scores(s, labels, rater) for s, labels in per_session]
            scores.append(
                RunScore(run=run.run, rater=rater, comp=_mean([p[0] for p in pairs]), proc=_mean([p[1] for p in pairs]))
            )
    return AuditReport(
        runs=[r.run for r in runs],
        judges=list(judges),
        notes=notes_for(runs, list(judges)),
        sources=_sources(records, list(judges)),
        pairs=_pairs(records, raters),
        scores=scores,
        correlations=_correlations(scores, raters),
        cases=records,
    )

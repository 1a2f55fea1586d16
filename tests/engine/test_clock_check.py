"""`proact validate` reports fixtures dated after the session that first shows them, and session texts whose
today/tomorrow or weekday disagrees with the session's clock (engine/clockcheck/)."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from engine.clockcheck import check_clock
from engine.clockcheck.documents import document_dates
from engine.clockcheck.labels import is_event_label
from engine.loader import PersonaBundle, Problem, load_persona
from engine.schema.episode import Episode, EpisodeClockSpec, EpisodeEntry
from engine.schema.persona import Persona
from engine.schema.session import SessionSpec

PERSONA = Persona(id="clocked", name="Cleo", role="tester", occupation="Checks dates.")
# s1 opens on Tuesday 10 November 2026 at 09:00, s2 a day later (Wednesday 11 November, 09:00).
START = datetime(2026, 11, 10, 9, 0)
SHIPPED = ["example", "researcher", "law_trainee", "pharmacist", "marketer", "model_validator"]


def _session(sid: str, **extra: Any) -> SessionSpec:
    data: dict[str, Any] = {"id": sid, "title": "t", "category": "R", "request": "Please tidy the folder."}
    data.update(extra)
    return SessionSpec.model_validate(data)


def _bundle(
    tmp_path: Path,
    seed: dict[str, str] | None = None,
    sessions: list[SessionSpec] | None = None,
    added: dict[str, str] | None = None,
    apps: dict[str, str] | None = None,
) -> PersonaBundle:
    """A persona under tmp_path/personas/clocked with its workspace under tmp_path/workspaces/clocked."""
    root = tmp_path / "personas" / "clocked"
    data_root = tmp_path / "workspaces" / "clocked"
    for rel, text in (seed or {}).items():
        path = data_root / "seed" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for rel, text in (added or {}).items():
        path = data_root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "sessions").mkdir(parents=True, exist_ok=True)
    if apps is not None:
        (root / "apps").mkdir()
        (root / "apps" / "clock.yaml").write_text(f"start: {START.isoformat()}\nsession_gap_hours: 24\n")
        for name, text in apps.items():
            (root / "apps" / f"{name}.yaml").write_text(text, encoding="utf-8")
    specs = sessions or [_session("s1"), _session("s2")]
    episode = Episode(
        persona=PERSONA.id,
        sessions=[EpisodeEntry(session=s.id) for s in specs],
        clock=EpisodeClockSpec(start=START, session_gap_hours=24),
    )
    files = {s.id: root / "sessions" / f"{s.id}.yaml" for s in specs}
    return PersonaBundle(root=root, persona=PERSONA, episode=episode, sessions=specs, data_root=data_root, files=files)


def _text(problems: list[Problem]) -> str:
    return "\n".join(str(p) for p in problems)


def test_a_seed_file_named_after_the_first_session_is_reported_with_file_and_date(tmp_path: Path) -> None:
    problems = check_clock(_bundle(tmp_path, seed={"receipts/2026-11-16_receipt.md": "Lunch, EUR 40.\n"}))
    assert len(problems) == 1
    problem = problems[0]
    assert problem.level == "error"
    assert problem.file.endswith("workspaces/clocked/seed/receipts/2026-11-16_receipt.md")
    assert problem.field == "file name"
    assert "2026-11-16" in problem.message and "s1" in problem.message and "2026-11-10 09:00" in problem.message


def test_a_seed_file_whose_date_line_is_after_the_first_session_is_reported(tmp_path: Path) -> None:
    memo = "# Memo\n\nDate: 16 November 2026\nTo: the team\n\nAll fine.\n"
    problems = check_clock(_bundle(tmp_path, seed={"memo.md": memo}))
    assert [(Path(p.file).name, p.field) for p in problems] == [("memo.md", "line 3")]
    assert "16 November 2026" in problems[0].message


@pytest.mark.parametrize(
    "line",
    [
        "Sent: 12 Nov 2026 10:15",
        "Last updated: 2026-11-12",
        "From the offer letter (received 2026-11-12, from Dr. Ilse Marquardt).",
        "Copied from the cluster portal (`quota --project x`) on 2026-11-12 08:10.",
        "Collected by Owen Baptiste (paralegal), 12 November 2026, from the know-how folder.",
        "# Draft finding (draft, Aino Lehtinen, 2026-11-12)",
        '{"created_at": "2026-11-12T10:00:00"}',
        "Signed: G. Pryce        Date: 13/11/2026",
        "date: 2026-11-12",
    ],
)
def test_document_dates_in_the_common_forms_are_reported(tmp_path: Path, line: str) -> None:
    problems = check_clock(_bundle(tmp_path, seed={"doc.md": f"{line}\n"}))
    assert len(problems) == 1, line
    assert re.search(r"2026-11-1[23]", problems[0].message), problems[0].message


@pytest.mark.parametrize(
    "line",
    [
        "Deadline: 30 November 2026.",
        "Please send the letter no later than Wednesday 18 November 2026.",
        "The rebuttal must be submitted by 2026-11-20 AoE.",
        "Notifications will be sent on 2027-01-20.",
        "We will give you a written update on costs by Monday 30 November 2026.",
        "Report to the Model Risk Committee of 2026-11-24.",
        "- Dates: 2027-06-07 to 2027-08-20 (11 weeks).",
        "Due date: 2026-12-01",
        "# Launch night (Monday 8 February 2027)",
        "| Date | Presenter |\n|---|---|\n| 2026-11-25 | Priya Iyer |",
        "Accepted at CLAR 2027 (decision 2027-01-20).",
        "All records written by Sun 14 Feb 2027, then submit.",
        "The meeting with the client is on 24 November 2026 at 2.30pm.",
        "Closed: 24 December 2026 to 1 January 2027 (no reading group).",
        "Last date for claims: 2026-12-15",
        "At about 03:15 on 25 March 2026 the van left the depot.",
        "# MRC agenda (Paula Wendt, 2026-11-24)",
        "Prepared for the committee of 2026-11-24.",
    ],
)
def test_plans_and_deadlines_in_the_future_are_not_reported(tmp_path: Path, line: str) -> None:
    assert check_clock(_bundle(tmp_path, seed={"notes.md": f"# Notes\n\n{line}\n"})) == []


def test_a_plan_named_after_its_day_is_not_reported(tmp_path: Path) -> None:
    assert check_clock(_bundle(tmp_path, seed={"committee/agenda_2026-11-24.md": "# Agenda\n"})) == []


def test_csv_event_columns_are_read_and_plan_columns_are_not(tmp_path: Path) -> None:
    ledger = "invoice,date,due_date,amount\nINV-1,2026-11-02,2026-12-02,100\nINV-2,2026-11-13,2026-12-13,50\n"
    problems = check_clock(_bundle(tmp_path, seed={"ledger.csv": ledger}))
    assert len(problems) == 1
    assert problems[0].field == "line 3, column 'date'"
    assert "2026-11-13" in problems[0].message
    due_only = "task,due\nfile the N180,2026-11-20\n"
    assert check_clock(_bundle(tmp_path / "other", seed={"tasks.csv": due_only})) == []


def test_a_timetable_date_column_is_a_plan(tmp_path: Path) -> None:
    options = "option,date,from,depart,to,arrive\nF1,2027-03-21,HAM,07:00,LCY,07:50\n"
    assert check_clock(_bundle(tmp_path, seed={"travel/options.csv": options})) == []


def test_a_session_addition_dated_on_its_own_day_is_fine(tmp_path: Path) -> None:
    sessions = [
        _session("s1"),
        _session(
            "s2",
            workspace_additions=[
                {"source": "sessions/s2/2026-11-11_note.md", "dest": "notes/2026-11-11_note.md"},
                {"source": "sessions/s2/late.md", "dest": "notes/late.md"},
            ],
        ),
    ]
    added = {
        "sessions/s2/2026-11-11_note.md": "# Note\n\nDate: 11 November 2026\n",
        "sessions/s2/late.md": "Date: 12 November 2026\n",
    }
    problems = check_clock(_bundle(tmp_path, sessions=sessions, added=added))
    assert len(problems) == 1
    assert problems[0].file.endswith("sessions/s2/late.md")
    assert "notes/late.md is added by s2" in problems[0].message and "12 November 2026" in problems[0].message


GMAIL = """account: {first_name: Cleo, last_name: Tester, email: cleo@x.example, password: pw}
users: [{first_name: Amira, last_name: Okafor, email: amira@x.example}]
threads:
  - emails:
      - {from: amira@x.example, to: [cleo@x.example], subject: Old, body: Hello., at: 2026-11-09T17:00:00}
  - emails:
      - {from: amira@x.example, to: [cleo@x.example], subject: Later, body: Hello., at: 2026-11-10T17:30:00}
drafts: [{to: [amira@x.example], subject: Keys, body: Under the mat., scheduled_send_at: 2026-12-01T09:00:00}]
"""


def test_an_app_record_dated_after_the_first_session_with_its_app_is_reported(tmp_path: Path) -> None:
    sessions = [_session("s1", toolsets=["general", "gmail"]), _session("s2")]
    problems = check_clock(_bundle(tmp_path, sessions=sessions, apps={"gmail": GMAIL}))
    assert [(Path(p.file).name, p.field) for p in problems] == [("gmail.yaml", "threads[1].emails[0].at")]
    assert "2026-11-10 17:30" in problems[0].message and "s1" in problems[0].message


def test_an_app_record_is_compared_with_the_first_session_that_can_show_it(tmp_path: Path) -> None:
    sessions = [_session("s1"), _session("s2", toolsets=["general", "gmail"])]
    assert check_clock(_bundle(tmp_path, sessions=sessions, apps={"gmail": GMAIL})) == []


def test_a_trigger_payload_dated_after_its_session_is_reported(tmp_path: Path) -> None:
    late = {"kind": "webhook", "source": "cluster", "event": "done", "payload": {"finished_at": "2026-11-11T01:46"}}
    early = {"kind": "webhook", "source": "cluster", "event": "done", "payload": {"finished_at": "2026-11-10T01:46"}}
    plan = {"kind": "heartbeat", "payload": {"due": "2026-11-10T09:00", "meeting": "2026-11-12T16:00"}}
    sessions = [_session("s1", trigger=late, request=""), _session("s2", trigger=early, request="")]
    problems = check_clock(_bundle(tmp_path, sessions=sessions))
    assert [(p.field, "2026-11-11" in p.message) for p in problems] == [("trigger.payload.finished_at", True)]
    planned = [_session("s1", trigger=plan, request="")]
    assert check_clock(_bundle(tmp_path / "plan", sessions=planned)) == []


@pytest.mark.parametrize(
    ("request_text", "reported"),
    [
        ("Today is Monday, so please do the weekly digest.", True),
        ("Today is Tuesday, so please do the weekly digest.", False),
        ("Can you send the reminder today (Monday)?", True),
        ("The committee meets tomorrow, Thursday 12 November.", True),
        ("The committee meets tomorrow, Wednesday 11 November.", False),
        ("It's Friday, let's wrap up the week.", True),
        ("Good evening! Could you check the numbers?", True),
        ("Good morning! Could you check the numbers?", False),
        ("The lists go to the court on Friday 20 November.", False),
        ("The lists go to the court on Thursday 20 November.", True),
        ("Everything has to be finished by Wednesday the 18th.", False),
        ("Please book it for Friday.", False),
        ("Can you do the check for this Friday afternoon?", False),
    ],
)
def test_a_request_whose_day_disagrees_with_the_clock_is_reported(
    tmp_path: Path, request_text: str, reported: bool
) -> None:
    problems = check_clock(_bundle(tmp_path, sessions=[_session("s1", request=request_text)]))
    assert bool(problems) == reported, _text(problems)
    if reported:
        assert problems[0].field == "request" and "Tuesday 2026-11-10 09:00" in problems[0].message


def test_an_intent_that_says_today_is_another_day_is_reported(tmp_path: Path) -> None:
    intent = {"id": "i1", "content": "The task is due today (Monday 9 November).", "reveal": "Due today."}
    problems = check_clock(_bundle(tmp_path, sessions=[_session("s1", hidden_intents=[intent])]))
    assert [p.field for p in problems] == ["hidden_intents[0].content"]


def test_an_imported_persona_gets_warnings(tmp_path: Path) -> None:
    bundle = _bundle(tmp_path, seed={"2026-11-16_minutes.md": "Minutes\n"})
    bundle.episode = bundle.episode.model_copy(update={"imported_from": "pibench"})
    problems = check_clock(bundle)
    assert [(p.level, p.message.endswith("(imported as is)")) for p in problems] == [("warning", True)]


def test_labels_name_events_not_plans() -> None:
    for label in ("Date", "Sent", "Last updated", "As of", "created_at", "paid_on", "Invoice date", "Checked by"):
        assert is_event_label(label), label
    for label in ("Due date", "Next review", "valid_until", "scheduled_send_at", "Date of birth", "start", "Dates"):
        assert not is_event_label(label), label
    for label in ("Closed", "At about", "Last date", "Time"):
        assert not is_event_label(label), label
    assert is_event_label("time", key=True) and is_event_label("last_validation")


def test_binary_files_are_checked_by_name_only() -> None:
    assert [d.where for d in document_dates("scan_20261116.pdf", b"%PDF\0 Date: 1 December 2026")] == ["file name"]


def test_the_shipped_personas_have_no_clock_contradictions() -> None:
    personas = Path(__file__).resolve().parents[2] / "personas"
    found = [p for name in SHIPPED for p in check_clock(load_persona(personas / name))]
    assert found == [], _text(found)

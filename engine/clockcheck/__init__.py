"""Fixtures that agree with their story: `proact validate` compares the story's dates with the episode clock.

Every session opens at a definite time (engine.clock.session_openings). A fixture must not be dated after the
session that first shows it, and a session's texts must not contradict the day and hour it opens at. Only dates that
say when a document or record *came into being or happened* count; a plan, a deadline, an agenda or a due date in
the future is the story's business and is never reported. Imported personas (episode `imported_from`) get warnings,
not errors. The package owns:

- `dates`: dates in the common formats and whether one lies after a session's opening;
- `labels`: which labels, column headers and keys name an event's time rather than a plan's;
- `lines`: the document dates of one line of text (date fields, event phrases, heading attributions);
- `documents`: workspace files (seed and session additions): file names, text lines, CSV and Markdown tables;
- `records`: app fixture records (`apps/<app>.yaml`) and trigger payloads, read by key;
- `texts`: what a session's request, payload texts and hidden intents say about the session's own day.
"""

from __future__ import annotations

from engine.clock import session_openings
from engine.clockcheck.documents import workspace_problems
from engine.clockcheck.records import app_problems
from engine.clockcheck.texts import session_problems
from engine.loader import PersonaBundle, Problem

__all__ = ["check_clock"]


def check_clock(bundle: PersonaBundle) -> list[Problem]:
    """Clock contradictions of a persona: workspace files, app fixture records and trigger payloads dated after the
    session that first shows them, and session texts whose day disagrees with the session's clock. Errors; warnings
    for an imported persona (episode `imported_from`), whose data is kept as its source wrote it."""
    if not bundle.sessions:
        return []
    openings = session_openings(bundle)
    found = workspace_problems(bundle, openings) + app_problems(bundle, openings) + session_problems(bundle, openings)
    if bundle.episode.imported_from is None:
        return found
    return [Problem(p.file, p.field, f"{p.message} (imported as is)", "warning") for p in found]

"""User burden: what the agent's proactivity cost its user (questions, untargeted questions, words, turns).

A proactive assistant that interrogates its user is not the goal, so every session reports beside Proc:

- `questions`: question sentences of the agent's replies plus `ask_user` questions not already in a reply;
- `targeted_questions`: questions the user credited as directly targeting an intent (an *inferred* status;
  the rules user names the question, a model user counts one per inferred intent), at most `questions`;
- `untargeted_questions`: the rest;
- `user_words`: words the user wrote after the opening (reveals and answers);
- `turns_to_resolution`: agent turns until every intent was resolved, None when the session ended otherwise.
"""

from __future__ import annotations

from engine.schema.events import AgentMessage, Event, SessionEnded, StatusAssigned, ToolCall, UserMessage
from engine.schema.results import UserBurden
from engine.user.questions import QUESTION_EVIDENCE, questions


def asked(events: list[Event]) -> list[str]:
    """Every question the agent put to the user, in order."""
    found: list[str] = []
    for event in events:
        if isinstance(event, AgentMessage):
            found += questions(event.text)
        elif isinstance(event, ToolCall) and event.name == "ask_user":
            text = str(event.arguments.get("question", "")).strip()
            if text and not any(text in q or q in text for q in found[-3:]):
                found.append(text)
    return found


def user_burden(events: list[Event]) -> UserBurden:
    """The session's burden figures from its trajectory."""
    total = asked(events)
    inferred = [e for e in events if isinstance(e, StatusAssigned) and e.status == "inferred"]
    by_rules = [e.evidence for e in inferred if e.evidence.startswith(QUESTION_EVIDENCE)]
    credited_count = len(set(by_rules)) + len(inferred) - len(by_rules)
    targeted = min(credited_count, len(total))
    ended = [e for e in events if isinstance(e, SessionEnded)]
    resolved = bool(ended) and ended[-1].reason == "resolved"
    return UserBurden(
        questions=len(total),
        targeted_questions=targeted,
        untargeted_questions=len(total) - targeted,
        user_words=sum(len(e.text.split()) for e in events if isinstance(e, UserMessage)),
        turns_to_resolution=ended[-1].turns if resolved else None,
    )

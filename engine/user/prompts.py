"""Prompts and JSON schemas of the LLM user's three calls: completion, targeting, message."""

from __future__ import annotations

from typing import Any

from engine.schema.session import HiddenIntent
from engine.user.base import UserObservation
from engine.user.render import render_history, render_turn

ROLE = (
    "You simulate a user working with an AI assistant, and you track hidden requirements of the "
    "current task that you have not told the assistant. Judge strictly from the evidence shown."
)


def persona_block(obs: UserObservation) -> str:
    """Who the user is."""
    p = obs.persona
    block = f"USER: {p.name}, {p.occupation}\nWorking style: {p.working_style}\nPreferences: {'; '.join(p.preferences)}"
    if obs.now is None:
        return block
    return f"{block}\nNOW: {obs.now:%A}, {obs.now.day} {obs.now:%B %Y, %H:%M} (the assistant's clock says the same)"


def intents_block(intents: list[HiddenIntent]) -> str:
    """The open hidden intents, with ids."""
    return "\n".join(f"[{i.id}] {i.content}" for i in intents)


def completion_prompt(obs: UserObservation) -> str:
    """Stage 1: which open intents does the latest turn already satisfy?"""
    return (
        f"{persona_block(obs)}\n\nTASK OPENING:\n{obs.opening}\n\nUNRESOLVED HIDDEN REQUIREMENTS:\n"
        f"{intents_block(obs.open_intents)}\n\n{render_turn(obs)}\n\n"
        "Which unresolved requirements does the assistant's latest turn ALREADY satisfy through its reply, "
        "tool calls or files, without you having stated them? Count one only when the evidence clearly shows "
        "it. Mentioning or asking about a requirement does not satisfy it. Return the ids with a short evidence "
        "quote; return an empty list when none."
    )


def targeting_prompt(obs: UserObservation, remaining: list[HiddenIntent]) -> str:
    """Stage 2: did the agent ask a question that directly targets a remaining intent; which to provide else."""
    return (
        f"{persona_block(obs)}\n\nRECENT CONVERSATION:\n{render_history(obs)}\n\nREMAINING HIDDEN REQUIREMENTS:\n"
        f"{intents_block(remaining)}\n\n{render_turn(obs)}\n\n"
        "1) 'targeted': requirements that a clarification question in the assistant's latest reply DIRECTLY asks "
        "for (the question names the specific missing information). Generic questions such as 'any other "
        "preferences?' or 'anything else?' target nothing. 2) 'provide': the one remaining requirement most "
        "relevant to the current stage of the task, which you would reveal if nothing was targeted."
    )


def message_prompt(obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
    """Write the next user message in the persona's voice."""
    items = answered or provided
    how = "answer the assistant's question(s) with" if answered else "tell the assistant, unprompted,"
    facts = "\n".join(f"- {i.content} (you might say: {i.reveal})" for i in items)
    return (
        f"{persona_block(obs)}\n\nRECENT CONVERSATION:\n{render_history(obs)}\n\n"
        f"Write your next message to the assistant. In it, {how} exactly this information:\n{facts}\n"
        "Stay in character, be brief and natural, and reveal nothing else."
    )


def completion_schema(ids: list[str]) -> dict[str, Any]:
    """JSON schema of stage 1."""
    item = {
        "type": "object",
        "properties": {"intent_id": {"type": "string", "enum": ids}, "evidence": {"type": "string"}},
        "required": ["intent_id", "evidence"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {"completed": {"type": "array", "items": item}},
        "required": ["completed"],
        "additionalProperties": False,
    }


def targeting_schema(ids: list[str]) -> dict[str, Any]:
    """JSON schema of stage 2."""
    item = {
        "type": "object",
        "properties": {"intent_id": {"type": "string", "enum": ids}, "question": {"type": "string"}},
        "required": ["intent_id", "question"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {
            "targeted": {"type": "array", "items": item},
            "provide": {"type": "string", "enum": ids},
        },
        "required": ["targeted", "provide"],
        "additionalProperties": False,
    }


MESSAGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"message": {"type": "string"}},
    "required": ["message"],
    "additionalProperties": False,
}

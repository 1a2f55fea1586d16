"""A person in the user's seat (`proact play --seat user`, or `user.mode: human`): they see the session's hidden
intents and what the agent did each turn, assign the statuses stage by stage (completed, then inferred by a
targeted question, else one intent provided) and write the reply, for checking tasks by hand."""

from __future__ import annotations

from engine.schema.session import HiddenIntent
from engine.terminal import RULE, Terminal
from engine.user.base import SimulatedUser, UserObservation

COMMANDS = ("/help", "/intents", "/file", "/quit")
FILE_CHARS = 4_000
HELP = """Answer each stage with intent ids separated by spaces (Enter: none), then write your reply.
  stage 1  completed> intents the agent's reply, tool calls or files already satisfy
  stage 2  inferred>  intents a question of the agent directly targets (you answer them)
  stage 3  provided>  otherwise, the one intent you reveal now (Enter: the first open one)
  reply>   your message (Enter: the reveal texts of the intents answered or provided)
  /intents shows the open intents;  /file PATH shows a workspace file;  /quit stops the run."""


class HumanUser(SimulatedUser):
    """The user's seat at a terminal."""

    def __init__(self, terminal: Terminal | None = None) -> None:
        """Standard input and output unless a terminal is given."""
        self.term = terminal or Terminal()
        self._session = ""

    def completed(self, obs: UserObservation) -> dict[str, str]:
        """Show the turn, then stage 1."""
        self._show(obs)
        ids = self._pick(obs, "completed> ", obs.open_intents)
        return dict.fromkeys(ids, "marked completed by the person in the user's seat")

    def targeted(self, obs: UserObservation, remaining: list[HiddenIntent]) -> dict[str, str]:
        """Stage 2."""
        ids = self._pick(obs, "inferred> ", remaining)
        return dict.fromkeys(ids, "marked inferred by the person in the user's seat")

    def choose_provided(self, obs: UserObservation, remaining: list[HiddenIntent]) -> tuple[str, str]:
        """Stage 3: one intent (Enter: the first)."""
        while True:
            ids = self._pick(obs, f"provided> [{remaining[0].id}] ", remaining)
            if len(ids) <= 1:
                return (ids[0] if ids else remaining[0].id), "chosen by the person in the user's seat"
            self.term.say("reveal one intent at a time")

    def compose(self, obs: UserObservation, answered: list[HiddenIntent], provided: list[HiddenIntent]) -> str:
        """The reply (Enter: the reveal texts)."""
        default = " ".join(i.reveal or i.content for i in [*answered, *provided])
        self.term.say(f"(Enter sends: {default})")
        return self._line(obs, "reply> ") or default

    def _show(self, obs: UserObservation) -> None:
        if obs.session.id != self._session:
            self._session = obs.session.id
            self.term.say(f"\n=== you are the user · {obs.persona.id} session {obs.session.id} ===")
            self.term.say(f"the agent was told:\n{obs.opening}\n\nType /help for the commands.")
        latest = obs.latest
        self.term.say(f"{RULE}\nagent (turn {latest.turn}):\n{latest.agent_text}")
        for record in latest.tool_records:
            status = f"error: {record.error}" if record.error else "ok"
            self.term.say(f"  tool {record.name}({_short(record.arguments)}) -> {status}")
        for change in latest.changes:
            self.term.say(f"  file {change.path} ({change.kind})")
        self.term.say(f"{RULE}\nopen hidden intents (only you see them):\n{_intents(obs.open_intents)}")

    def _pick(self, obs: UserObservation, prompt: str, allowed: list[HiddenIntent]) -> list[str]:
        ids = [i.id for i in allowed]
        while True:
            chosen = self._line(obs, prompt).split()
            unknown = [c for c in chosen if c not in ids]
            if not unknown:
                return list(dict.fromkeys(chosen))
            self.term.say(f"not open here: {', '.join(unknown)}; choose among {', '.join(ids) or '(none)'}")

    def _line(self, obs: UserObservation, prompt: str) -> str:
        """A line that is not a command (commands are answered on the spot)."""
        while True:
            line = self.term.ask(prompt, COMMANDS)
            name, _, rest = line.partition(" ")
            if name == "/help":
                self.term.say(HELP)
            elif name == "/intents":
                self.term.say(_intents(obs.open_intents))
            elif name == "/file":
                text = obs.evidence.read_text(rest.strip())
                self.term.say(f"no readable file {rest.strip()!r}" if text is None else text[:FILE_CHARS])
            else:
                return line


def _intents(intents: list[HiddenIntent]) -> str:
    if not intents:
        return "  (none)"
    return "\n".join(f"  [{i.id}] {i.content}\n        reveal: {i.reveal or '-'}" for i in intents)


def _short(arguments: dict[str, object]) -> str:
    text = ", ".join(f"{k}={v!r}" for k, v in arguments.items())
    return text if len(text) <= 120 else text[:117] + "..."

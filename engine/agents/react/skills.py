"""Skills: `skills/<name>/SKILL.md` folders in the workspace; the agent sees names and descriptions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.ports import Workspace, WorkspaceError

SKILLS_DIR = "skills"
_SKILL_FILE = re.compile(r"^skills/([^/]+)/SKILL\.md$")
_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)


@dataclass(frozen=True)
class Skill:
    """One skill: its folder name, one-line description and the path of its instructions."""

    name: str
    description: str
    path: str


def _description(text: str) -> str:
    """`description:` from YAML-style front matter, else the first non-heading paragraph line."""
    front = _FRONT.match(text)
    if front:
        for line in front.group(1).splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "description" and value.strip():
                return value.strip().strip("\"'")
        text = text[front.end() :]
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped[:200]
    return "(no description)"


def list_skills(workspace: Workspace) -> list[Skill]:
    """Every skill in the workspace, sorted by name; unreadable files are skipped."""
    skills = []
    for path in sorted(workspace.list_files()):
        match = _SKILL_FILE.match(path)
        if not match:
            continue
        try:
            text = workspace.read_file(path).decode("utf-8", errors="replace")
        except WorkspaceError:
            continue
        skills.append(Skill(name=match.group(1), description=_description(text), path=path))
    return skills


def render_skills(skills: list[Skill]) -> str:
    """The skills section of the system prompt."""
    if not skills:
        return "No skills are installed."
    lines = ["Skills (read a skill's SKILL.md with read_file before you use it):"]
    lines += [f"- {s.name}: {s.description} ({s.path})" for s in skills]
    return "\n".join(lines)

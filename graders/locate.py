"""Find the file a rule grades: an exact path, or a session artifact located by meaning (schema: Artifact)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.schema.session import Artifact
from graders.normalise import normalise
from graders.view import EvidenceView

_PATH_TOKEN = re.compile(r"[\w./~-]+\.[A-Za-z0-9]{1,8}\b|[\w.-]+(?:/[\w.-]+)+")


@dataclass(frozen=True)
class Located:
    """A resolved file (None when nothing qualifies) and how it was chosen."""

    path: str | None
    detail: str


def glob_match(path: str, pattern: str) -> bool:
    """Glob with '**' crossing folders ('a/**/b.md' also matches 'a/b.md'), '*' and '?' staying within one,
    and character classes ('[0-9]', '[!a]')."""
    regex = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            regex += "(?:.*/)?"
            i += 3
        elif pattern.startswith("**", i):
            regex += ".*"
            i += 2
        elif pattern[i] == "*":
            regex += "[^/]*"
            i += 1
        elif pattern[i] == "?":
            regex += "[^/]"
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 1 :]:
            end = pattern.index("]", i + 1)
            body = pattern[i + 1 : end]
            regex += "[" + ("^" + body[1:] if body.startswith("!") else body) + "]"
            i = end + 1
        else:
            regex += re.escape(pattern[i])
            i += 1
    return re.fullmatch(regex, path) is not None


def named_paths(text: str) -> list[str]:
    """Path-like tokens of a reply, without './' or '/workspace/' prefixes, in order of appearance."""
    return list(_named_paths(text))


@lru_cache(maxsize=1024)
def _named_paths(text: str) -> tuple[str, ...]:
    """named_paths, remembered: every rule that locates a file scans every reply of the session."""
    out: list[str] = []
    for raw in _PATH_TOKEN.findall(text):
        token = raw.strip(".").removeprefix("/workspace/").removeprefix("./").lstrip("/")
        if token and token not in out:
            out.append(token)
    return tuple(out)


def _signature_ok(artifact: Artifact, view: EvidenceView, path: str) -> bool:
    if not artifact.signature:
        return True
    text = view.read_text(path)
    if text is None:
        return False
    norm = normalise(text, view.today)
    return all(re.search(p, norm) for p in artifact.signature)


def candidates(artifact: Artifact, view: EvidenceView) -> list[str]:
    """Every file that qualifies as the artifact under the current state of the view, in order of preference: the
    one named in the latest reply naming any, then the rest from the last changed (see Artifact)."""
    existing = set(view.files())
    pool = existing if artifact.existing else {p for p in view.changed if p in existing}
    mentioned: list[str] = []
    for reply in view.replies():
        for token in named_paths(reply):
            hits = [p for p in pool if p == token or p.endswith("/" + token)]
            mentioned += [h for h in hits if h not in mentioned]
    by_location = {p for p in pool if p in artifact.paths or any(glob_match(p, g) for g in artifact.globs)}
    located = bool(artifact.paths or artifact.globs)
    by_reply = set(mentioned) if artifact.named_in_reply and artifact.signature and not located else set()
    found = [p for p in by_location | by_reply if _signature_ok(artifact, view, p)]
    latest_named = [
        p
        for reply in reversed(view.replies())
        for t in named_paths(reply)
        for p in found
        if p == t or p.endswith("/" + t)
    ]
    order = {p: n for n, p in enumerate(view.changed)}
    rest = sorted(found, key=lambda p: (order.get(p, -1), p), reverse=True)
    return list(dict.fromkeys([*latest_named[:1], *rest]))


def locate(artifact: Artifact, view: EvidenceView) -> Located:
    """The artifact's preferred file under the current state of the view (see Artifact for the order of
    preference)."""
    found = candidates(artifact, view)
    if not found:
        where = ", ".join(artifact.paths + artifact.globs) or "a file named in a reply"
        scope = "in the workspace" if artifact.existing else "changed this session"
        return Located(None, f"no {artifact.description} ({where}) {scope} matches its signature")
    others = f" (of {len(found)} candidates)" if len(found) > 1 else ""
    return Located(found[0], f"{artifact.description} = {found[0]}{others}")


def resolve(view: EvidenceView, artifact: str | None, path: str | None) -> Located:
    """The file a rule names: an artifact id of the session or an exact path."""
    if artifact is not None:
        spec = view.artifacts.get(artifact)
        if spec is None:
            return Located(None, f"the session declares no artifact {artifact!r} (known: {sorted(view.artifacts)})")
        return locate(spec, view)
    if path is None:
        return Located(None, "the rule names neither an artifact nor a path")
    return Located(path, path)

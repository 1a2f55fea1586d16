"""π-Bench rule scripts (`objectives.tools_evaluation_path`), run from the user's checkout in a child process.

A script defines `score(tools_history) -> {check: 0|1}`; `score([])` names its checks (each a checklist item of
weight 1). The history is our tool records in the original's shape, `{tool_name, call, result}`:

- app tools are named `mcp_appworld_<app>__<api>`, as the original agents' MCP tools are; other tools keep
  their names; a failed call's result is `{"response": {"message": <error>}, "is_error": true}`;
- only tools listed in the task's `objectives.tools` are kept (all tools when it lists none); a listed name
  matches with or without the `mcp_appworld_` prefix;
- as the original evaluator does, a history holds the latest call of each tool (in order of first call), and
  the script is asked after every agent turn with the calls so far (plus once with `[]` when the first turn made
  no listed call): a check passes when it passes after any turn.

A script that raises for a history scores every check 0 for that history with the error recorded (the
original's rule); one that cannot be loaded, does not answer `score([])` with a non-empty dict, or runs past
the timeout is a `ScriptError` (a grader error, never a silent 0). The child runs with `python -I` in a
temporary folder holding `config/nanobot.yaml` whose `nanobot.workspace_dir` is a copy of the final
workspace (scripts that grade agent-written files read it there), with a minimal environment, sockets
disabled and, where `unshare -rn` works, an empty network namespace.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from graders.view import ToolRecord
from sandbox.apps.registry import APPS

MCP_PREFIX = "mcp_appworld_"
ALL_CHECKS = "*"  # an imported placeholder for the checks of a script that was missing at import time
DEFAULT_TIMEOUT_S = 30.0
WRAPPER = Path(__file__).with_name("pibench_wrapper.py")
_CACHE: OrderedDict[str, ScriptRun] = OrderedDict()
_CACHE_SIZE = 64


class ScriptError(Exception):
    """The rule script could not be scored: missing, unloadable, bad `score([])`, or past its timeout."""


@dataclass(frozen=True)
class TurnScores:
    """What one history scored: the checks (0/1) or, when the script raised, every check 0 and the error."""

    turn: int
    scores: dict[str, int]
    error: str | None


@dataclass(frozen=True)
class ScriptRun:
    """A script's checks (from `score([])`) and its scores after each evaluated turn."""

    checks: list[str]
    turns: list[TurnScores]


def original_name(name: str) -> str:
    """Our tool name as the original agents saw it: app tools carry the MCP prefix."""
    app, sep, _ = name.partition("__")
    return f"{MCP_PREFIX}{name}" if sep and app in APPS else name


def bare_name(name: str) -> str:
    """A tool name without the `mcp_appworld_` prefix."""
    return name.removeprefix(MCP_PREFIX)


def history_entry(record: ToolRecord) -> dict[str, Any]:
    """One tool record in the original `tools_history` shape."""
    result = record.output if record.error is None else {"response": {"message": record.error}, "is_error": True}
    return {"tool_name": original_name(record.name), "call": dict(record.arguments), "result": result}


def turn_histories(records: list[ToolRecord], tools: list[str]) -> list[tuple[int, list[dict[str, Any]]]]:
    """(turn, history) after every turn with a listed call; (0, []) first when turn 1 made none."""
    allowed = {bare_name(t) for t in tools}
    kept = [r for r in records if not allowed or r.name in allowed]
    out: list[tuple[int, list[dict[str, Any]]]] = []
    if not kept or min(r.turn for r in kept) > 1:
        out.append((0, []))
    latest: dict[str, dict[str, Any]] = {}
    for turn in sorted({r.turn for r in kept}):
        for record in (r for r in kept if r.turn == turn):
            entry = history_entry(record)
            latest[entry["tool_name"]] = entry
        out.append((turn, list(latest.values())))
    return out


def _binary(value: Any) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and value in (0, 1):
        return value
    raise ValueError(f"score must be 0 or 1, got {value!r}")


def discovered_checks(raw: Any) -> list[str]:
    """The check names `score([])` returned, in order; ScriptError unless a non-empty dict of 0/1 values."""
    if not isinstance(raw, dict) or not raw:
        raise ScriptError(f"score([]) must return a non-empty dict of checks, got {raw!r:.200}")
    checks: list[str] = []
    for key, value in raw.items():
        name = str(key).strip()
        try:
            _binary(value)
        except ValueError as exc:
            raise ScriptError(f"score([]): {exc}") from exc
        if name and name not in checks:
            checks.append(name)
    if not checks:
        raise ScriptError("score([]) returned only empty check names")
    return checks


def turn_scores(turn: int, result: dict[str, Any], checks: list[str]) -> TurnScores:
    """One history's scores: unknown keys ignored, missing ones 0; a raise or a bad value makes every check 0."""
    zero = dict.fromkeys(checks, 0)
    if "error" in result:
        return TurnScores(turn, zero, str(result["error"]))
    raw = result.get("raw")
    if not isinstance(raw, dict):
        return TurnScores(turn, zero, f"score() must return a dict, got {type(raw).__name__}")
    try:
        parsed = {str(k).strip(): _binary(v) for k, v in raw.items() if str(k).strip() in zero}
    except ValueError as exc:
        return TurnScores(turn, zero, str(exc))
    return TurnScores(turn, {**zero, **parsed}, None)


@functools.lru_cache(maxsize=1)
def _isolation() -> tuple[str, ...]:
    """`unshare -rn` (an empty network namespace) when the system allows it, else nothing."""
    try:
        probe = subprocess.run(["unshare", "-rn", "true"], capture_output=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return ()
    return ("unshare", "-rn") if probe.returncode == 0 else ()


def _child_env(home: Path) -> dict[str, str]:
    env = {k: os.environ[k] for k in ("PATH", "LANG", "LC_ALL", "TZ") if k in os.environ}
    return {**env, "HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONIOENCODING": "utf-8"}


def _stage(root: Path, files: dict[str, bytes]) -> None:
    workspace = root / "workspace"
    for rel, data in files.items():
        target = workspace / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    workspace.mkdir(exist_ok=True)
    (root / "config").mkdir()
    config = {"nanobot": {"workspace_dir": str(workspace)}}
    (root / "config" / "nanobot.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")


def run_child(script: Path, histories: list[list[dict[str, Any]]], files: dict[str, bytes], timeout_s: float) -> Any:
    """Run the wrapper on `histories` and return its decoded result; ScriptError when it hangs or dies."""
    with tempfile.TemporaryDirectory(prefix="proact-pibench-") as tmp:
        root = Path(tmp)
        _stage(root, files)
        result_file = root / "result.json"
        command = [*_isolation(), sys.executable, "-I", str(WRAPPER), str(script), str(result_file)]
        proc = subprocess.Popen(
            command,
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=_child_env(root),
            start_new_session=True,
        )
        try:
            _, err = proc.communicate(json.dumps({"histories": histories}).encode("utf-8"), timeout=timeout_s)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            raise ScriptError(f"{script.name} did not finish within {timeout_s:g} s") from None
        if not result_file.is_file():
            tail = err.decode("utf-8", errors="replace").strip()[-300:]
            raise ScriptError(f"{script.name} exited {proc.returncode} without a result: {tail}")
        return json.loads(result_file.read_text(encoding="utf-8"))


def _key(script: Path, histories: list[Any], files: dict[str, bytes], timeout_s: float) -> str:
    digest = hashlib.sha256(str(script).encode() + script.read_bytes() + repr(timeout_s).encode())
    digest.update(json.dumps(histories, sort_keys=True, default=repr).encode())
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return digest.hexdigest()


def run_script(
    script: Path,
    records: list[ToolRecord],
    tools: list[str],
    files: dict[str, bytes] | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> ScriptRun:
    """Discover the script's checks and score them after every turn (one child process; results cached)."""
    if not script.is_file():
        raise ScriptError(f"rule script {script} not found (the checkout moved, or it ships without scripts)")
    files = files or {}
    turns = turn_histories(records, tools)
    histories = [[], *(h for _, h in turns)]
    key = _key(script, histories, files, timeout_s)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    out = run_child(script, histories, files, timeout_s)
    if "load_error" in out:
        raise ScriptError(f"{script.name}: {out['load_error']}")
    results = list(out.get("results", []))
    first = results[0] if results else {"error": "no result"}
    if "error" in first:
        raise ScriptError(f"score([]) raised {first['error']}")
    checks = discovered_checks(first.get("raw"))
    run = ScriptRun(checks, [turn_scores(t, r, checks) for (t, _), r in zip(turns, results[1:], strict=True)])
    _CACHE[key] = run
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return run


def discover(script: Path, timeout_s: float = DEFAULT_TIMEOUT_S) -> list[str]:
    """The check names of a script (`score([])` in a child process); ScriptError when it cannot say."""
    return run_script(script, [], [], None, timeout_s).checks

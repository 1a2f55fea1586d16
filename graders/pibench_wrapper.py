"""Child-process entry point that runs one π-Bench rule script (started by graders/pibench.py, never imported).

Usage: python -I pibench_wrapper.py SCRIPT RESULT_FILE < request.json, where the request is
{"histories": [tools_history, ...]}. The script's module is loaded by path, as the original evaluator does,
and `score(history)` is called once per history; RESULT_FILE receives {"results": [...]}, one
{"raw": <score's return value, JSON-safe>} or {"error": "<Type>: <message>"} per history, or {"load_error": ...}
when the module cannot be loaded. Sockets are disabled before the script is loaded (the caller also runs
this process in an empty network namespace where the system allows it). Standard library only.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import sys
from typing import Any


def _no_network(*_args: Any, **_kwargs: Any) -> Any:
    raise OSError("network access is disabled for rule scripts")


def _disable_network() -> None:
    for name in ("connect", "connect_ex", "sendto", "bind"):
        setattr(socket.socket, name, _no_network)
    socket.create_connection = _no_network
    socket.getaddrinfo = _no_network


def _safe(value: Any) -> Any:
    return json.loads(json.dumps(value, default=repr))


def _run(script: str, histories: list[Any]) -> dict[str, Any]:
    try:
        spec = importlib.util.spec_from_file_location("pibench_rule_script", script)
        if spec is None or spec.loader is None:
            return {"load_error": f"cannot load {script} as a Python module"}
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except BaseException as exc:
        return {"load_error": f"{type(exc).__name__}: {exc}"}
    score = getattr(module, "score", None)
    if not callable(score):
        return {"load_error": f"{script} defines no callable score(tools_history)"}
    results: list[dict[str, Any]] = []
    for history in histories:
        try:
            results.append({"raw": _safe(score(history))})
        except BaseException as exc:
            results.append({"error": f"{type(exc).__name__}: {exc}"})
    return {"results": results}


def main() -> None:
    """Read the request from stdin, run the script, write the result file."""
    script, result_file = sys.argv[1], sys.argv[2]
    request = json.load(sys.stdin)
    _disable_network()
    sys.stdout = sys.stderr  # whatever the script prints stays out of the result
    out = _run(script, list(request.get("histories", [])))
    with open(result_file, "w", encoding="utf-8") as handle:
        json.dump(out, handle)


if __name__ == "__main__":
    main()

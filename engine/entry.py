"""The `proact` executable: the command line (engine/cli.py) imported with the cyclic collector paused."""

from __future__ import annotations

import gc


def main() -> None:
    """Import the CLI with the cyclic collector off, move what the import built out of its reach, run the command.

    An import builds long-lived objects only (modules, classes, pydantic schemas); the collections it triggers walk
    all of them again and again, 0.3 s of the 1.7 s `import engine.cli` takes here. Frozen, they are never walked
    again: not by the run's own collections, nor by the interpreter's teardown at exit (frozen once more then)."""
    gc.disable()
    try:
        from engine.cli import app
    finally:
        gc.freeze()
        gc.enable()
    try:
        app()
    finally:
        gc.freeze()

"""The `proact` executable: the command line (engine/cli.py) imported with the cyclic collector paused."""

from __future__ import annotations

import gc
import sys

SWITCH_INTERVAL_S = 0.05
GC_THRESHOLDS = (50_000, 20, 100)


def main() -> None:
    """Import the CLI with the cyclic collector off, move what the import built out of its reach, run the command.

    An import builds long-lived objects only (modules, classes, pydantic schemas); the collections it triggers walk
    all of them again and again, 0.3 s of the 1.7 s `import engine.cli` takes here. Frozen, they are never walked
    again: not by the run's own collections, nor by the interpreter's teardown at exit (frozen once more then).

    The interpreter hands its lock between busy threads every SWITCH_INTERVAL_S instead of every 5 ms: an episode
    thread blocks on its model call long before that (and gives the lock up then), so the shorter interval only
    bought lock hand-offs among the threads processing answers that arrived together. A/B on bench/concurrency.py,
    interleaved, 1.0 s model: 32 episodes 87.4 / 86.9 % -> 88.5 / 88.3 %, 128 episodes 77.1 / 75.4 % -> 76.0 /
    80.6 %.

    The cyclic collector runs after GC_THRESHOLDS (50,000 new container objects, not 700; a full pass after 100
    middle ones, not 10): every pass holds the interpreter lock, so every episode waits for it, and a full pass
    walks every live episode's events and messages. 128 episodes made about 600,000 objects: 838 young passes
    and 6 full ones of about 240 ms each, 2.2 s in all; with these thresholds 12 young passes, 0.37 s. A full pass
    still comes every 100 million objects or so, so cyclic garbage that outlives the young passes is freed in a
    long experiment."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    gc.set_threshold(*GC_THRESHOLDS)
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

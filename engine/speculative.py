"""A run or experiment that starts while its preflight travels (engine/models/preflight.py).

Its calls go out at once, but every answer waits at the answer gate of the run's RateLimits until the preflight's
verdict: a pass hands them on, a failure makes each raise PreflightStopped, so nothing is recorded from a model the
preflight refused. A failed preflight then removes every directory the run created. The ping's round trip (0.5-2 s to
a hosted API) overlaps the run's set-up and first call instead of preceding them.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path

from engine.models.preflight import PreflightError, forget_preflight
from engine.models.ratelimit import RateLimits


@contextmanager
def verdict_awaited(ready: Callable[[], None], limits: RateLimits) -> Iterator[Callable[[], None]]:
    """Hold the answers of `limits` and take `ready()` (the preflight's verdict) on a thread: its return releases
    them, its exception stops them. Yields `settle`, which waits for the verdict and raises its exception. Leaving
    the block before the verdict (an error, an interrupt) stops the held answers too; an error raised in the block
    after a failed verdict gives way to the PreflightError, which is what the user must fix."""
    gate = limits.hold_answers()
    verdict: Future[None] = Future()

    def take() -> None:
        try:
            ready()
        except BaseException as exc:  # handed to settle() in the run's thread
            gate.release(stopped=True)
            verdict.set_exception(exc)
        else:
            gate.release()
            verdict.set_result(None)

    threading.Thread(target=take, name="preflight-verdict", daemon=True).start()
    try:
        yield verdict.result
    except Exception as exc:
        failure = verdict.exception() if verdict.done() else None
        if isinstance(failure, PreflightError):  # the preflight failed first: say so, not what followed from it
            raise failure from exc
        raise
    finally:
        gate.release(stopped=True)  # a no-op once the verdict released it


@contextmanager
def undone_on_failed_preflight(out_dir: Path) -> Iterator[None]:
    """On a PreflightError, remove every directory this block created (`out_dir`, and each parent that did not exist
    before it) before it propagates; forget every preflight verdict the block did not take."""
    created = next((d for d in reversed([out_dir, *out_dir.parents]) if not d.exists()), None)
    try:
        yield
    except PreflightError:
        if created is not None:  # a failed preflight leaves nothing behind
            shutil.rmtree(created, ignore_errors=True)
        raise
    finally:
        forget_preflight()

"""PID 1 of a proact workspace container: reaps orphans, and kills every other process on SIGUSR1.

The kernel drops signals sent to a namespace's PID 1 from inside the namespace unless PID 1 takes
them: this one takes only SIGCHLD and SIGUSR1, so the agent's commands (`kill -9 -1`, `pkill -u agent`,
`kill 1`) cannot stop the container; `docker stop` (SIGTERM from the host) still can. The engine
sends SIGUSR1 from the host (`docker kill --signal SIGUSR1`) when a command times out: one kill(-1)
then ends every process of the container, fork bombs included, without starting a new process.
The workspace volume is left untouched.
"""

import os
import signal


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _kill_all() -> None:
    for _ in range(3):
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            return


def main() -> None:
    """Block signals and serve them one at a time, forever."""
    wanted = {signal.SIGCHLD, signal.SIGUSR1}
    signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
    while True:
        received = signal.sigwait(wanted)
        if received == signal.SIGUSR1:
            _kill_all()
        _reap()


if __name__ == "__main__":
    main()

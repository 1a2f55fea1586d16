"""The local workspace's jail: agent commands run under bubblewrap in fresh Linux namespaces.

A jailed command sees a root made of the host's /usr (read-only; /bin, /lib... as on the host), a
few harmless files of /etc, a fresh /proc of its own pid namespace, a minimal /dev, a size-capped
tmpfs /tmp, and the workspace folder bound read-write at /workspace, its working directory. It runs
as uid 1000 in a new user namespace with no capability, in new network (loopback only), IPC, UTS
and cgroup namespaces and a new session, with an environment of a few fixed variables. So the
engine's files, environment, processes, the Docker socket and the network are out of its reach,
and when the command ends (or its timeout kills bwrap) the pid namespace ends with every process
it started. With the episode clock, the command sees the simulated time (sandbox/workspace/simtime.py). The
workspace image's Python packages are bound at /opt/proact/site when the image
build fetched them and the jail's python3 is the image's version.

`jail_problem()` says why no jail can be made here (bubblewrap missing, or namespaces refused by
the kernel or a container's seccomp profile), None when one can.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import platform
import shutil
import subprocess
import tempfile
import threading
from datetime import datetime
from pathlib import Path

from sandbox.image.site import IMAGE_PYTHON, cached_site
from sandbox.owner import LOCAL_PREFIX, process_token
from sandbox.workspace.nsjail import empty_folder, ns_argv, ns_tools_problem
from sandbox.workspace.simtime import SANDBOX_LIB, clock_env, clocked, host_lib, sandbox_lib_usable

JAIL_ROOT = "/workspace"
JAIL_UID = 1000
TMP_BYTES = 64 * 1024 * 1024
SITE_DIR = "/opt/proact/site"
_ROOT_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
_ETC = ("alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "mime.types")
_PASSWD = f"root:x:0:0::/:/usr/sbin/nologin\nagent:x:{JAIL_UID}:{JAIL_UID}::/tmp:/bin/bash\n"
_GROUP = f"root:x:0:\nagent:x:{JAIL_UID}:\n"
_HOSTS = "127.0.0.1 localhost workspace\n::1 localhost\n"
_PATH = "/usr/local/bin:/usr/bin:/bin"
_PROBE_TIMEOUT_S = 20.0
NAMESPACES = "namespaces"
"""The probe's mark for the namespace jail in place of bwrap's optional flags."""
# The environment of the bwrap process itself: it is PID 1's environment inside the jail.
BWRAP_ENV = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}


@functools.cache
def _bwrap() -> str | None:
    return shutil.which("bwrap")


@functools.cache
def _features() -> frozenset[str]:
    """Optional bwrap flags this version knows (--disable-userns since 0.8, --size since 0.8)."""
    bwrap = _bwrap()
    if bwrap is None:
        return frozenset()
    text = subprocess.run([bwrap, "--help"], capture_output=True, text=True, check=False, env=BWRAP_ENV).stdout
    return frozenset(flag for flag in ("--disable-userns", "--size") if flag in text)


@functools.cache
def _support_dir() -> Path:
    """passwd, group and hosts files of the jail: one folder per engine process, removed at exit (or by
    `proact sandbox prune` after a kill)."""
    folder = Path(tempfile.mkdtemp(prefix=f"{LOCAL_PREFIX}{process_token()}-etc"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    for name, text in (("passwd", _PASSWD), ("group", _GROUP), ("hosts", _HOSTS)):
        (folder / name).write_text(text)
        (folder / name).chmod(0o644)
    folder.chmod(0o755)
    return folder


def _system_binds() -> list[str]:
    args = ["--ro-bind", "/usr", "/usr"]
    for name in _ROOT_LINKS:
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    for name in _ETC:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    support = _support_dir()
    for name in ("passwd", "group", "hosts"):
        args += ["--ro-bind", str(support / name), f"/etc/{name}"]
    return args


def _clock_args(now: datetime | None) -> list[str]:
    """Binds and variables that make the jailed command see the simulated time `now` (none without a clock)."""
    lib = host_lib()
    if now is None or lib is None or not sandbox_lib_usable():
        return []
    args = ["--ro-bind", str(lib), SANDBOX_LIB]
    for key, value in clock_env(now, SANDBOX_LIB).items():
        args += ["--setenv", key, value]
    return args


def _variables(site: bool) -> dict[str, str]:
    """The fixed environment of a jailed command (either jail)."""
    env = {
        "PATH": _PATH,
        "HOME": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": "/tmp/.matplotlib",
    }
    if site:
        env["PYTHONPATH"] = SITE_DIR
    return env


def _environment(site: bool) -> list[str]:
    args: list[str] = ["--clearenv"]
    for key, value in _variables(site).items():
        args += ["--setenv", key, value]
    return args


def _ns_argv(root: Path, command: str, site: Path | None, now: datetime | None) -> list[str]:
    """The namespace jail's argv (sandbox/workspace/nsjail.py), the same root, environment and clock as bwrap's."""
    env = _variables(site is not None)
    lib = host_lib() if now is not None and sandbox_lib_usable() else None
    if lib is not None and now is not None:
        env.update(clock_env(now, SANDBOX_LIB))
        command = clocked(command, JAIL_ROOT)
    support = _support_dir()
    argv = ns_argv(
        empty_folder(support, "root"), root, command, env, site=site, lib=lib, etc=support, tmp_bytes=TMP_BYTES
    )
    return (["setpriv", "--pdeathsig", "KILL"] if shutil.which("setpriv") else []) + argv


def _argv(
    root: Path, command: str, site: Path | None, features: frozenset[str], now: datetime | None = None
) -> list[str]:
    if NAMESPACES in features:
        return _ns_argv(root, command, site, now)
    bwrap = _bwrap()
    if bwrap is None:
        raise RuntimeError("bubblewrap (bwrap) is not installed")
    args = [bwrap, "--unshare-all", "--unshare-user"]
    if "--disable-userns" in features:
        args.append("--disable-userns")
    args += ["--die-with-parent", "--new-session", "--cap-drop", "ALL", "--hostname", "workspace"]
    args += ["--uid", str(JAIL_UID), "--gid", str(JAIL_UID)]
    args += _system_binds()
    args += ["--proc", "/proc", "--dev", "/dev"]
    if "--size" in features:
        args += ["--size", str(TMP_BYTES)]
    args += ["--tmpfs", "/tmp"]
    if site is not None:
        args += ["--ro-bind", str(site), SITE_DIR]
    args += ["--bind", str(root), JAIL_ROOT, "--chdir", JAIL_ROOT]
    clock = _clock_args(now)
    if clock:
        command = clocked(command, JAIL_ROOT)
    return [*args, *_environment(site is not None), *clock, "bash", "-c", command]


_PROBE_LOCK = threading.Lock()


def _probe() -> tuple[str | None, Path | None, frozenset[str]]:
    """(why no jail can be made, ...) or (None, the image's site folder to bind or None, the optional bwrap flags
    that work here), found once per process: a caller arriving while `warm_up_jail`'s probe runs waits for it."""
    with _PROBE_LOCK:
        return _probe_once()


def warm_up_jail() -> threading.Thread:
    """Start the probe on a daemon thread and return it: its jails (a Python start in each, 25-50 ms) then run
    while the caller imports the engine, instead of before the first episode starts. A probe that raises (no
    temporary folder can be made, say) is not kept, so the caller's own probe runs again and reports it."""
    thread = threading.Thread(target=_warm, name="jail-probe", daemon=True)
    thread.start()
    return thread


def _warm() -> None:
    with contextlib.suppress(Exception):  # reported by the caller's own probe, not as a thread's traceback
        _probe()


_VERSION_SCRIPT = "import sys; print('%d.%d' % sys.version_info[:2])"


def _try_jail(features: frozenset[str]) -> subprocess.CompletedProcess[str] | str:
    """Start Python in a jail of this kind: its outcome, or why it could not start."""
    with tempfile.TemporaryDirectory(prefix="proact-jail-probe-") as tmp:
        try:
            return subprocess.run(
                _argv(Path(tmp), f"python3 -c {_VERSION_SCRIPT!r} 2>/dev/null || echo none", None, features),
                capture_output=True,
                text=True,
                timeout=_PROBE_TIMEOUT_S,
                check=False,
                env=BWRAP_ENV,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"could not start: {exc}"


def _probe_namespaces(why_not_bwrap: str) -> tuple[str | None, Path | None, frozenset[str]]:
    """The namespace jail, where bubblewrap is missing or cannot jail here."""
    missing = ns_tools_problem()
    if missing is not None:
        return f"{why_not_bwrap}, and the namespace jail's tools are missing ({missing})", None, frozenset()
    outcome = _try_jail(frozenset({NAMESPACES}))
    if isinstance(outcome, str) or outcome.returncode != 0:
        failure = outcome if isinstance(outcome, str) else outcome.stderr.strip()[-300:]
        return f"{why_not_bwrap}, and the kernel refuses the namespace jail ({failure})", None, frozenset()
    site = cached_site(platform.machine())
    return None, site if outcome.stdout.strip() == IMAGE_PYTHON else None, frozenset({NAMESPACES})


@functools.cache
def _probe_once() -> tuple[str | None, Path | None, frozenset[str]]:
    """The probe itself: bubblewrap with every optional flag it knows, then with none, then the namespace jail."""
    if _bwrap() is None:
        return _probe_namespaces("bubblewrap (bwrap) is not installed")
    failure = ""
    for features in dict.fromkeys((_features(), frozenset())):
        outcome = _try_jail(features)
        if isinstance(outcome, str):
            return f"bubblewrap {outcome}", None, frozenset()
        if outcome.returncode == 0:
            site = cached_site(platform.machine())
            return None, site if outcome.stdout.strip() == IMAGE_PYTHON else None, features
        failure = outcome.stderr.strip()[-300:]
    return _probe_namespaces(f"bubblewrap cannot make namespaces here: {failure}")


def jail_kind() -> str:
    """Which jail agent commands run in here: 'bubblewrap' or 'namespaces' (call when jail_problem() is None)."""
    return "namespaces" if NAMESPACES in _probe()[2] else "bubblewrap"


def jail_problem() -> str | None:
    """Why agent commands cannot be jailed on this machine, or None when they can (probed once per process)."""
    return _probe()[0]


def jail_argv(root: Path, command: str, now: datetime | None = None) -> list[str]:
    """The argv running bash `command` jailed with `root` as its /workspace (call only when jail_problem() is None);
    with `now`, the command sees that simulated time (sandbox/workspace/simtime.py)."""
    problem, site, features = _probe()
    if problem is not None:
        raise RuntimeError(problem)
    return _argv(root, command, site, features, now)

"""Docker workspace: one hardened container per episode. The only module importing the docker SDK.

The workspace is a size-limited tmpfs volume mounted at /workspace in a container that has no
network, runs as uid 1000 with every capability dropped, no-new-privileges, a read-only root
filesystem, a small tmpfs /tmp and memory / CPU / pids limits. Nothing else of the host is
mounted and no environment variable of the engine is passed in. PID 1 is `init.py` of the image:
on a timeout the engine signals it to kill every process of the container (fork bombs included)
while the workspace stays intact. Every container and volume carries the owner label of the
engine process, and a reaper process removes them if the engine dies without closing them.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, TypeVar

import docker
import docker.errors
import requests

from engine.ports import ExecResult, FileStat, WorkspaceError
from engine.schema.config import SandboxConfig
from sandbox.owner import owner_alive, owner_id
from sandbox.reaper import ensure_reaper
from sandbox.workspace.container_io import read_command, read_result, snapshot_command, snapshot_files
from sandbox.workspace.listing import LostOutputError, find_command, parse_listing
from sandbox.workspace.paths import normalise
from sandbox.workspace.saferead import READ_TIMEOUT_S, too_slow
from sandbox.workspace.simtime import SANDBOX_LIB, clock_env, clocked, file_time_ns, stamp_all_argv
from sandbox.workspace.tarball import pack, unpack

KIND_LABEL = "proact.kind"
OWNER_LABEL = "proact.owner"
INPUTS_LABEL = "proact.inputs"
ROOT = "/workspace"
AGENT_UID = 1000
# The command's merged output goes through an unbuffered `head` (so what was printed before a
# timeout kill still arrives), then the rest is drained inside the container.
_CAPPED = 'bash -c "$1" 2>&1 </dev/null | { stdbuf -o0 head -c "$2"; cat >/dev/null; }; exit "${PIPESTATUS[0]}"'
_KILL_GRACE_S = 10.0
HELPER_TIMEOUT_S = 120.0
LOST_OUTPUT_TRIES = 3
T = TypeVar("T")


def client(timeout_s: float = 60.0) -> Any:
    """A docker client from the environment (DOCKER_HOST or the default socket); WorkspaceError if none."""
    try:
        return docker.from_env(timeout=int(timeout_s))
    except docker.errors.DockerException as exc:
        raise WorkspaceError(f"no Docker daemon answers: {exc}") from exc


def daemon_answers() -> bool:
    """Whether a Docker daemon answers a ping within a few seconds."""
    try:
        return bool(client(timeout_s=5).ping())
    except (WorkspaceError, docker.errors.DockerException, requests.RequestException):
        return False


@contextlib.contextmanager
def _translated(action: str) -> Iterator[None]:
    try:
        yield
    except docker.errors.NotFound as exc:
        raise WorkspaceError(f"{action}: not found ({exc.explanation})") from exc
    except (docker.errors.DockerException, requests.RequestException) as exc:
        raise WorkspaceError(f"{action}: {exc}") from exc


class DockerWorkspace:
    """The files and shell of one episode, in a container that lives as long as this object."""

    def __init__(self, settings: SandboxConfig, seed: dict[str, bytes] | None = None) -> None:
        """Start the container from `settings.image` and copy `seed` into its workspace."""
        self._client = client()
        self._container: Any = None
        self._now: Callable[[], datetime] | None = None
        labels = {KIND_LABEL: "workspace", OWNER_LABEL: owner_id()}
        with _translated(f"image {settings.image}"):
            try:
                self._client.images.get(settings.image)
            except docker.errors.ImageNotFound as exc:
                raise WorkspaceError(
                    f"sandbox image {settings.image!r} is not built: run `proact sandbox build`"
                ) from exc
        ensure_reaper(owner_id())
        with _translated("create the workspace volume"):
            self._volume: Any = self._client.volumes.create(
                driver="local",
                driver_opts={
                    "type": "tmpfs",
                    "device": "tmpfs",
                    "o": f"size={settings.workspace_mb}m,uid={AGENT_UID},gid={AGENT_UID},mode=0755",
                },
                labels=labels,
            )
        try:
            with _translated("start the workspace container"):
                self._container = self._client.containers.run(
                    settings.image,
                    detach=True,
                    labels=labels,
                    hostname="workspace",
                    user=f"{AGENT_UID}:{AGENT_UID}",
                    network_mode="none",
                    cap_drop=["ALL"],
                    security_opt=["no-new-privileges"],
                    read_only=True,
                    tmpfs={"/tmp": f"size={settings.tmp_mb}m,mode=1777"},
                    volumes={self._volume.name: {"bind": ROOT, "mode": "rw"}},
                    working_dir=ROOT,
                    mem_limit=f"{settings.memory_mb}m",
                    memswap_limit=f"{settings.memory_mb}m",
                    nano_cpus=int(settings.cpus * 1e9),
                    pids_limit=settings.pids,
                    ipc_mode="private",
                    environment={},
                )
            if seed:
                self._put(seed)
        except BaseException:
            self.close()
            raise

    @property
    def container_name(self) -> str:
        """Name of the container (for inspection, `docker exec` by hand and tests)."""
        return str(self._container.name)

    @property
    def volume_name(self) -> str:
        """Name of the workspace volume."""
        return str(self._volume.name)

    def _run(
        self, argv: list[str], action: str, timeout_s: float = HELPER_TIMEOUT_S, slow: WorkspaceError | None = None
    ) -> tuple[int, bytes, bytes]:
        """Run a short helper command as the agent user; return (exit code, stdout, stderr). One that has not
        answered within `timeout_s` is abandoned: `slow` (or a WorkspaceError saying so) is raised; the engine goes on.
        """
        api = self._client.api
        answer: list[Any] = []

        def call() -> None:
            try:
                exec_id = api.exec_create(self._container.id, argv, user=f"{AGENT_UID}:{AGENT_UID}", workdir=ROOT)
                out = api.exec_start(exec_id["Id"], demux=True) or (None, None)
                answer.append((api.exec_inspect(exec_id["Id"]).get("ExitCode"), *out))
            except Exception as exc:  # a corrupt output stream raises ValueError and the like
                answer.append(exc)

        worker = threading.Thread(target=call, daemon=True, name="proact-docker-helper")
        worker.start()
        worker.join(timeout_s)
        if not answer:
            raise slow or WorkspaceError(f"{action}: no answer within {timeout_s:g} s")
        if isinstance(answer[0], (docker.errors.DockerException, requests.RequestException)):
            raise WorkspaceError(f"{action}: {answer[0]}") from answer[0]
        if isinstance(answer[0], BaseException):
            raise LostOutputError(f"{action}: the daemon's output stream broke off ({answer[0]!r})") from answer[0]
        code, out, err = answer[0]
        return (-1 if code is None else int(code)), out or b"", err or b""

    def use_clock(self, now: Callable[[], datetime]) -> None:
        """Commands, and files written through this object, see the simulated time `now()` from here on; the first
        call gives the files already here (the seed) that time."""
        first, self._now = self._now is None, now
        if first:
            code, _, err = self._run(stamp_all_argv(ROOT, now()), "date the workspace's files")
            if code != 0:
                raise WorkspaceError(f"cannot date the workspace's files: {err.decode(errors='replace').strip()}")

    def _put(self, files: dict[str, bytes]) -> None:
        mtime = None if self._now is None else file_time_ns(self._now()) / 1e9
        with _translated("copy files into the workspace"):
            self._container.put_archive(ROOT, pack(files, owner=AGENT_UID, mtime=mtime))
        if mtime is not None:  # the archive's folders carry the time; the root it was unpacked into does not
            code, _, err = self._run(["touch", "-c", "-m", "-d", f"@{mtime:.9f}", ROOT], "date the workspace folder")
            if code != 0:
                raise WorkspaceError(f"cannot date the workspace folder: {err.decode(errors='replace').strip()}")

    def read_file(self, path: str) -> bytes:
        """Return a regular file's bytes (UnreadableFileError for a FIFO, device, socket, oversized or slow file)."""
        key, deadline = normalise(path), READ_TIMEOUT_S + _KILL_GRACE_S

        def attempt() -> bytes:
            code, out, err = self._run(read_command(ROOT, key), f"read {key}", deadline, too_slow(key, deadline))
            return read_result(key, code, out, err)

        return _whole(attempt)

    def write_file(self, path: str, data: bytes) -> None:
        """Create or replace a file, creating parent folders."""
        self._put({normalise(path): bytes(data)})

    def delete(self, path: str) -> None:
        """Remove a file."""
        key = normalise(path)
        script = 'test -f "$1" && ! test -L "$1" || { echo "no such file" >&2; exit 3; }; rm -- "$1"'
        code, _, err = self._run(["bash", "-c", script, "rm", f"{ROOT}/{key}"], f"delete {key}")
        if code != 0:
            raise WorkspaceError(f"cannot delete {key}: {err.decode(errors='replace').strip()}")

    def list_files(self) -> dict[str, FileStat]:
        """Every regular file with a (size, mtime, inode) fingerprint, from one `find` run in the container."""

        def attempt() -> dict[str, FileStat]:
            code, out, err = self._run(find_command(ROOT), "list the workspace")
            if code != 0:
                raise WorkspaceError(f"cannot list the workspace: {err.decode(errors='replace').strip()}")
            return parse_listing(out)

        return _whole(attempt)

    def exec(self, command: str, *, timeout_s: float, output_cap: int) -> ExecResult:
        """Run a bash command in /workspace; at the timeout every process of the container is killed.

        Output past the cap is discarded inside the container, so a command printing gigabytes
        costs no host memory or bandwidth.
        """
        api = self._client.api
        env = self.clock_env()
        if env:
            command = clocked(command, ROOT)
        with _translated("start the command"):
            exec_id = api.exec_create(
                self._container.id,
                ["bash", "-c", _CAPPED, "proact-exec", command, str(output_cap + 1)],
                user=f"{AGENT_UID}:{AGENT_UID}",
                workdir=ROOT,
                environment=env or None,
            )["Id"]
            stream = api.exec_start(exec_id, stream=True)
        received = bytearray()

        def drain() -> None:
            with contextlib.suppress(docker.errors.DockerException, requests.RequestException, OSError):
                for chunk in stream:
                    if len(received) <= output_cap:
                        received.extend(chunk[: output_cap + 1 - len(received)])

        reader = threading.Thread(target=drain, daemon=True, name="proact-docker-exec")
        reader.start()
        reader.join(timeout_s)
        timed_out = reader.is_alive()
        if timed_out:
            self._kill_processes(reader)
        with _translated("read the command's exit code"):
            code = api.exec_inspect(exec_id).get("ExitCode")
        return ExecResult(
            exit_code=137 if code is None or timed_out else int(code),
            output=bytes(received[:output_cap]).decode("utf-8", errors="replace"),
            timed_out=timed_out,
            truncated=len(received) > output_cap,
        )

    def clock_env(self) -> dict[str, str]:
        """The variables making a command started now see the simulated time (empty without a clock)."""
        return {} if self._now is None else clock_env(self._now(), SANDBOX_LIB)

    def _kill_processes(self, reader: threading.Thread) -> None:
        """Ask PID 1 to kill every other process; if the command still runs, restart the container."""
        with _translated("kill the timed-out command"):
            self._container.kill(signal="SIGUSR1")
        reader.join(_KILL_GRACE_S)
        if reader.is_alive():
            archive = self.snapshot()
            with _translated("restart the workspace container"):
                self._container.restart(timeout=0)
            self.restore(archive)

    def snapshot(self) -> bytes:
        """Tar of every regular file of at most the read cap (paths relative to the workspace root)."""

        def attempt() -> bytes:
            code, out, err = self._run(snapshot_command(ROOT, HELPER_TIMEOUT_S - 10), "snapshot the workspace")
            return pack(snapshot_files(code, out, err))

        return _whole(attempt)

    def restore(self, archive: bytes) -> None:
        """Replace the content with a snapshot."""
        files = unpack(archive)
        code, _, err = self._run(["find", ROOT, "-mindepth", "1", "-delete"], "clear the workspace")
        if code != 0:
            raise WorkspaceError(f"cannot clear the workspace: {err.decode(errors='replace').strip()}")
        if files:
            self._put(files)

    def close(self) -> None:
        """Remove the container and its volume (idempotent)."""
        for resource in (self._container, getattr(self, "_volume", None)):
            if resource is not None:
                with contextlib.suppress(docker.errors.NotFound):
                    resource.remove(force=True)
        self._container = None
        self._volume = None


def _whole(attempt: Callable[[], T]) -> T:
    """The helper's result once its output arrives whole: the daemon, under load, sometimes returns an exec's exit
    code without its output; such an attempt is repeated (up to LOST_OUTPUT_TRIES), then its error raised."""
    for _ in range(LOST_OUTPUT_TRIES - 1):
        try:
            return attempt()
        except LostOutputError:
            continue
    return attempt()


def labelled(all_owners: bool) -> list[tuple[str, str, str]]:
    """(kind, name, owner) of proact containers and volumes, those of dead owners only unless `all_owners`."""
    api = client()
    found: list[tuple[str, str, str]] = []
    with _translated("list sandbox resources"):
        for container in api.containers.list(all=True, filters={"label": KIND_LABEL}, ignore_removed=True):
            found.append(("container", container.name, container.labels.get(OWNER_LABEL, "")))
        for volume in api.volumes.list(filters={"label": KIND_LABEL}):
            found.append(("volume", volume.name, (volume.attrs.get("Labels") or {}).get(OWNER_LABEL, "")))
    return [item for item in found if all_owners or owner_alive(item[2]) is False]


def remove(resources: list[tuple[str, str, str]]) -> None:
    """Force-remove the given containers, then volumes (already gone is fine)."""
    api = client()
    for kind, name, _ in sorted(resources, key=lambda item: item[0] != "container"):
        getter = api.containers.get if kind == "container" else api.volumes.get
        with _translated(f"remove {kind} {name}"), contextlib.suppress(docker.errors.NotFound):
            getter(name).remove(force=True)


def remove_owned(owner: str) -> None:
    """Remove every proact container and volume labelled with `owner` (what the reaper does)."""
    remove([item for item in labelled(all_owners=True) if item[2] == owner])


def image_labels(ref: str) -> dict[str, str] | None:
    """Labels of a local image (empty dict if it has none); None when no such image is present."""
    with _translated(f"inspect image {ref}"):
        try:
            image = client().images.get(ref)
        except docker.errors.ImageNotFound:
            return None
    return dict(image.labels or {})


def image_id(ref: str) -> str | None:
    """Id of a local image, or None."""
    with _translated(f"inspect image {ref}"):
        try:
            return str(client().images.get(ref).id)
        except docker.errors.ImageNotFound:
            return None


def find_image(label: str, value: str) -> str | None:
    """Id of a local image carrying `label=value`, or None."""
    with _translated("list images"):
        images = client().images.list(filters={"label": f"{label}={value}"})
    return str(images[0].id) if images else None


def try_pull(ref: str, timeout_s: float) -> bool:
    """Pull an image; False (not an error) when no registry answers within the timeout."""
    try:
        client(timeout_s=timeout_s).images.pull(ref)
    except (docker.errors.DockerException, requests.RequestException):
        return False
    return True


def architecture() -> str:
    """The daemon's CPU architecture as uname reports it (x86_64, aarch64)."""
    with _translated("read the daemon's info"):
        return str(client().info().get("Architecture", "x86_64"))


def build_image(context: str, tag: str, buildargs: dict[str, str], labels: dict[str, str]) -> list[str]:
    """Build `context`'s Dockerfile as `tag` without pulling; return the build log lines."""
    with _translated(f"build image {tag}"):
        _, log = client(timeout_s=1800).images.build(
            path=context, tag=tag, buildargs=buildargs, labels=labels, pull=False, rm=True, forcerm=True
        )
    return [str(entry["stream"]).rstrip() for entry in log if entry.get("stream", "").strip()]


def tag_image(image: str, tag: str) -> None:
    """Point `tag` (repository:tag) at `image`."""
    repository, _, version = tag.rpartition(":")
    with _translated(f"tag image {tag}"):
        client().images.get(image).tag(repository or tag, version if repository else None)

"""The namespace jail: the bubblewrap jail's guarantees from what every Linux machine has (util-linux and coreutils).

Where bubblewrap is not installed, a jailed command runs under util-linux's `unshare` in new user, mount, pid,
network, IPC, UTS and cgroup namespaces. A small shell script, root of that user namespace only, builds a root of
its own on a tmpfs: the host's /usr read-only (and the /bin, /lib... links or folders), a few harmless /etc files and
the jail's generated passwd, group and hosts, a fresh /proc of its pid namespace, a /dev of null, zero, full, random,
urandom and tty, a size-capped /tmp, the workspace read-write at /workspace; it moves into it with `pivot_root` and
detaches the host's root, so nothing of the host is left to reach. It then forbids further user namespaces and runs
the command as uid 1000 in a nested user namespace (no capability) with a fixed environment. The network namespace
has only a loopback device, down: no network. When the command ends (or its timeout kills `unshare`, whose child is
killed with it) the pid namespace ends with every process in it.
"""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path

NS_SETUP = r"""
set -eu
root=$1 work=$2 site=$3 lib=$4 etc=$5 tmp_bytes=$6 cmd=$7
shift 7
mount -t tmpfs -o mode=0755,size=4m proact-root "$root"
mkdir -p "$root/usr" "$root/proc" "$root/dev" "$root/tmp" "$root/workspace" "$root/etc" "$root/oldroot"
mount --bind /usr "$root/usr"
mount -o remount,bind,ro,nosuid,nodev "$root/usr"
for name in bin sbin lib lib32 lib64 libx32; do
  if [ -L "/$name" ]; then ln -s "$(readlink "/$name")" "$root/$name"
  elif [ -d "/$name" ]; then mkdir "$root/$name"; mount --bind "/$name" "$root/$name"
    mount -o remount,bind,ro,nosuid,nodev "$root/$name"; fi
done
for name in alternatives ld.so.cache ld.so.conf ld.so.conf.d localtime timezone mime.types; do
  [ -e "/etc/$name" ] || continue
  if [ -d "/etc/$name" ]; then mkdir "$root/etc/$name"; else touch "$root/etc/$name"; fi
  mount --bind "/etc/$name" "$root/etc/$name"; mount -o remount,bind,ro "$root/etc/$name"
done
for name in passwd group hosts; do
  touch "$root/etc/$name"; mount --bind "$etc/$name" "$root/etc/$name"; mount -o remount,bind,ro "$root/etc/$name"
done
mount -t tmpfs -o mode=0755,size=64k proact-dev "$root/dev"
for name in null zero full random urandom tty; do
  touch "$root/dev/$name"; mount --bind "/dev/$name" "$root/dev/$name"
done
ln -s /proc/self/fd "$root/dev/fd"; ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"; ln -s /proc/self/fd/2 "$root/dev/stderr"
mkdir "$root/dev/shm"; mount -t tmpfs -o mode=1777,size=16m proact-shm "$root/dev/shm"
mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
mount -t tmpfs -o "mode=1777,size=$tmp_bytes,nosuid,nodev" proact-tmp "$root/tmp"
mount --bind "$work" "$root/workspace"
mount -o remount,bind,nosuid,nodev "$root/workspace"
if [ "$site" != - ]; then mkdir -p "$root/opt/proact/site"; mount --bind "$site" "$root/opt/proact/site"
  mount -o remount,bind,ro "$root/opt/proact/site"; fi
if [ "$lib" != - ]; then mkdir -p "$root/opt/proact/lib"; touch "$root/opt/proact/lib/libfaketime.so.1"
  mount --bind "$lib" "$root/opt/proact/lib/libfaketime.so.1"; fi
hostname workspace 2>/dev/null || true
cd "$root"
pivot_root . oldroot
umount -l /oldroot
rmdir /oldroot
mount -o remount,bind,ro /
echo 1 > /proc/sys/user/max_user_namespaces 2>/dev/null || true
cd /workspace
exec unshare --user --map-user=1000 --map-group=1000 -- env -i "$@" bash -c "$cmd"
"""
"""Runs as root of the jail's user namespace (`unshare --map-root-user`); its arguments: the mount point of the new
root, the workspace folder, the image's site folder or '-', the libfaketime library or '-', the folder of the
generated passwd, group and hosts, the /tmp size, the command; then the command's environment as NAME=VALUE."""


@functools.cache
def ns_tools_problem() -> str | None:
    """Why the namespace jail's tools are missing here, None when util-linux and coreutils provide them."""
    missing = [
        name for name in ("unshare", "mount", "umount", "pivot_root", "env", "bash") if shutil.which(name) is None
    ]
    return f"{', '.join(missing)} not found" if missing else None


def ns_argv(
    root_mount: Path,
    workspace: Path,
    command: str,
    env: dict[str, str],
    *,
    site: Path | None,
    lib: Path | None,
    etc: Path,
    tmp_bytes: int,
) -> list[str]:
    """The argv running bash `command` in the namespace jail (see the module doc); `root_mount` is an empty folder
    the jail mounts its root on (inside its own mount namespace: the host sees nothing there)."""
    unshare = ["unshare", "--user", "--map-root-user", "--mount", "--pid", "--fork", "--kill-child"]
    unshare += ["--net", "--ipc", "--uts", "--cgroup", "--propagation", "private"]
    args = [str(root_mount), str(workspace), str(site or "-"), str(lib or "-"), str(etc), str(tmp_bytes), command]
    return [*unshare, "bash", "-c", NS_SETUP, "proact-ns-jail", *args, *(f"{k}={v}" for k, v in env.items())]


def empty_folder(parent: Path, name: str) -> Path:
    """An empty folder under `parent` to mount the jail's root on (made once, shared by every jail: each mounts it
    in its own mount namespace)."""
    folder = parent / name
    folder.mkdir(mode=0o755, exist_ok=True)
    os.chmod(folder, 0o755)
    return folder

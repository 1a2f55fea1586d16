"""`proact sandbox build`: build the workspace image, offline when no registry answers, cached by its inputs.

Inputs are this folder's Dockerfile, init.py and requirements.txt, the id of the base image and
the daemon's architecture; an image labelled with the same inputs hash is reused (just re-tagged).
The base is the public Python image when it is present or can be pulled, else an offline Debian
base built by build-offline-base.sh (debootstrap + docker import), itself cached by its script's
hash. Python packages are fetched on the host as wheels for the image's Python and copied in, so
the image build itself needs no network.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.ports import WorkspaceError
from sandbox import docker as dk
from sandbox.image.site import IMAGE_DIR, IMAGE_PYTHON, cache_dir, digest, site_folder
from sandbox.workspace.simtime import SANDBOX_LIB, host_lib

DEFAULT_BASE = "python:3.11-slim"
OFFLINE_SCRIPT = IMAGE_DIR / "build-offline-base.sh"
CONTEXT_FILES = ("Dockerfile", "init.py", "requirements.txt")
IMAGE_GLIBC_MINOR = 36  # Debian bookworm's glibc 2.36, as in python:3.11-slim
PULL_TIMEOUT_S = 30.0

Log = Callable[[str], None]


@dataclass(frozen=True)
class BuildOutcome:
    """What `build` did."""

    tag: str
    image_id: str
    base: str
    cached: bool
    seconds: float


def offline_base(log: Log) -> str:
    """The offline Debian base image (built now unless an image from the same script exists)."""
    tag = f"proact-base:bookworm-{digest(OFFLINE_SCRIPT.read_bytes())[:12]}"
    if dk.image_id(tag) is not None:
        log(f"offline base {tag} is cached")
        return tag
    log(f"building the offline base {tag} with debootstrap (about a minute)")
    proc = subprocess.run(["bash", str(OFFLINE_SCRIPT), tag], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
        raise WorkspaceError(f"building the offline base failed (exit {proc.returncode}):\n{tail}")
    return tag


def resolve_base(base: str | None, offline: bool, log: Log) -> str:
    """The base image to build from: `base` if given, else the public Python image, else the offline one."""
    wanted = base or DEFAULT_BASE
    if dk.image_id(wanted) is not None:
        return wanted
    if not offline or base is not None:
        log(f"pulling {wanted}")
        if dk.try_pull(wanted, PULL_TIMEOUT_S):
            return wanted
        if base is not None:
            raise WorkspaceError(f"base image {base!r} is not present and could not be pulled")
        log(f"no registry answers for {wanted}: using the offline Debian base")
    return offline_base(log)


def site_packages(arch: str, log: Log) -> Path:
    """requirements.txt installed for the image's Python and `arch` into a cached folder, fetched on the host."""
    folder = site_folder(arch)
    if (folder / ".complete").exists():
        return folder
    log(f"fetching Python wheels for the image ({arch}, CPython {IMAGE_PYTHON}) into {folder}")
    cache_dir().mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="site-", dir=cache_dir()))
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile"]
    command += ["--target", str(staging), "--only-binary=:all:", "--implementation", "cp"]
    command += ["--python-version", IMAGE_PYTHON]
    for minor in range(IMAGE_GLIBC_MINOR, 4, -1):  # pip does not widen --platform to older glibc tags itself
        command += ["--platform", f"manylinux_2_{minor}_{arch}"]
    command += ["-r", str(IMAGE_DIR / "requirements.txt")]
    proc = subprocess.run(command, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise WorkspaceError(f"fetching the image's Python packages failed:\n{proc.stderr.strip()[-2000:]}")
    (staging / ".complete").write_text("")
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    return folder


def build(
    tag: str, base: str | None = None, offline: bool = False, force: bool = False, log: Log = print
) -> BuildOutcome:
    """Build (or reuse) the workspace image and tag it `tag`."""
    started = time.monotonic()
    base_ref = resolve_base(base, offline, log)
    arch = dk.architecture()
    site = site_packages(arch, log)
    base_id = dk.image_id(base_ref) or base_ref
    sources = [(IMAGE_DIR / name).read_bytes() for name in CONTEXT_FILES]
    clock_lib = host_lib()
    if clock_lib is None:
        raise WorkspaceError(
            "the libfaketime package (a dependency of proact) is not installed: pip install libfaketime"
        )
    sources.append(clock_lib.read_bytes())
    inputs = digest(*sources, base_id.encode(), arch.encode(), site.name.encode())
    cached = dk.find_image(dk.INPUTS_LABEL, inputs)
    if cached is not None and not force:
        dk.tag_image(cached, tag)
        log(f"{tag} is up to date (inputs {inputs[:12]})")
        return BuildOutcome(tag, cached, base_ref, True, time.monotonic() - started)
    with tempfile.TemporaryDirectory(prefix="proact-image-") as context:
        for name in CONTEXT_FILES:
            shutil.copy2(IMAGE_DIR / name, Path(context) / name)
        shutil.copytree(site, Path(context) / "site", ignore=shutil.ignore_patterns(".complete"))
        (Path(context) / "lib").mkdir()
        shutil.copy2(clock_lib, Path(context) / "lib" / Path(SANDBOX_LIB).name)
        log(f"building {tag} from {base_ref}")
        for line in dk.build_image(context, tag, {"BASE": base_ref}, {dk.INPUTS_LABEL: inputs}):
            log(f"  {line}")
    built = dk.image_id(tag) or ""
    return BuildOutcome(tag, built, base_ref, False, time.monotonic() - started)

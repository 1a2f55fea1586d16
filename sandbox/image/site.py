"""Where the workspace image's Python packages are cached on the host (shared by the image build and the local jail)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

IMAGE_DIR = Path(__file__).resolve().parent
IMAGE_PYTHON = "3.11"
COMPLETE_MARK = ".complete"


def digest(*parts: bytes) -> str:
    """A sha256 over the sha256 of each part (order matters)."""
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(hashlib.sha256(part).digest())
    return hasher.hexdigest()


def cache_dir() -> Path:
    """Where fetched wheels are kept between builds (~/.cache/proact, or $XDG_CACHE_HOME/proact)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "proact"


def site_folder(arch: str) -> Path:
    """The folder requirements.txt is installed into for the image's Python on `arch` (may not exist yet)."""
    requirements = (IMAGE_DIR / "requirements.txt").read_bytes()
    return cache_dir() / f"site-{digest(requirements, arch.encode(), IMAGE_PYTHON.encode())[:16]}"


def cached_site(arch: str) -> Path | None:
    """That folder when a finished fetch left it there, else None (nothing is fetched here)."""
    folder = site_folder(arch)
    return folder if (folder / COMPLETE_MARK).exists() else None

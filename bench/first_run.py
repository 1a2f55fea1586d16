"""Wall time of `proact run` in a fresh clone on a machine with a Docker daemon and no sandbox image: first run
(builds the image) and second run (reuses it).

Usage: python bench/first_run.py [--cold base|image|none] [--keep] [-- extra `proact run` arguments]

The repository's HEAD is cloned into a temp folder and `proact run` (the README's main command: the example
persona, react on the embedded model, `workspace: auto`) runs there twice with this interpreter's packages
and `--set sandbox.image=proact-workspace:bench-<id>`, a tag no one else uses, so the shared image is left
alone. An image with the same inputs would be re-tagged, not built, so the clone's inputs are made unique by a
comment line: `--cold image` (default) in its Dockerfile (a real docker build from the cached base and wheels),
`--cold base` in build-offline-base.sh too (debootstrap from the Debian mirror, then the docker build; the
wheels stay cached: fetching them needs PyPI), `--cold none` for neither. The bench image and base are
removed afterwards unless `--keep`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROGRESS = ("sandbox image", "pulling", "registry", "offline base", "building", "fetching", "is up to date")


def clone(into: Path, cold: str) -> Path:
    """A clone of HEAD with the chosen image inputs made unique."""
    target = into / "proact"
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(target)], check=True)
    stamp = f"# bench {uuid.uuid4().hex}\n"
    files = {"image": ["Dockerfile"], "base": ["Dockerfile", "build-offline-base.sh"], "none": []}[cold]
    for name in files:
        with (target / "sandbox" / "image" / name).open("a") as handle:
            handle.write(stamp)
    return target


def proact_run(clone_dir: Path, image: str, extra: list[str]) -> tuple[float, str]:
    """Seconds and output of one `proact run` in the clone (its own code first on sys.path)."""
    command = [sys.executable, "-c", "from engine.cli import app; app()", "run", "--set", f"sandbox.image={image}"]
    env = {**os.environ, "PYTHONPATH": str(clone_dir), "COLUMNS": "160"}
    started = time.monotonic()
    proc = subprocess.run([*command, *extra], cwd=clone_dir, env=env, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    if proc.returncode != 0:
        raise SystemExit(f"proact run failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return seconds, proc.stdout


def backend_of(clone_dir: Path) -> str:
    """The workspace backend the newest run in the clone resolved to."""
    newest = max((clone_dir / "runs").iterdir(), key=lambda p: p.stat().st_mtime)
    line = next(x for x in (newest / "config.yaml").read_text().splitlines() if x.startswith("workspace:"))
    return line.split(":", 1)[1].strip()


def cleanup(clone_dir: Path, image: str, cold: str) -> None:
    """Remove the bench image and, with --cold base, the bench base."""
    sys.path.insert(0, str(clone_dir))
    from sandbox import docker as dk
    from sandbox.image.site import digest

    refs = [image]
    if cold == "base":
        script = (clone_dir / "sandbox" / "image" / "build-offline-base.sh").read_bytes()
        refs.append(f"proact-base:bookworm-{digest(script)[:12]}")
    for ref in refs:
        if dk.image_id(ref) is not None:
            dk.client().images.remove(ref, force=True)
            print(f"removed {ref}")


def main() -> None:
    """Clone, run twice, print the wall times."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cold", choices=("base", "image", "none"), default="image")
    parser.add_argument("--keep", action="store_true")
    args, extra = parser.parse_known_args()
    extra = [a for a in extra if a != "--"]
    image = f"proact-workspace:bench-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix="proact-first-run-") as tmp:
        clone_dir = clone(Path(tmp), args.cold)
        try:
            for label in ("first", "second"):
                seconds, out = proact_run(clone_dir, image, extra)
                building = [line for line in out.splitlines() if any(mark in line for mark in PROGRESS)]
                print(f"{label} run: {seconds:.1f} s, workspace {backend_of(clone_dir)}")
                for line in building[:12]:
                    print(f"    {line}")
        finally:
            if not args.keep:
                cleanup(clone_dir, image, args.cold)


if __name__ == "__main__":
    main()

"""`proact sandbox prune`: remove what crashed or killed engine processes left behind.

That is Docker containers and volumes labelled with an owner process that no longer runs on this
host (every proact one with `all_owners`), and local workspace folders (`$TMPDIR/proact-ws-<owner>-*`)
of dead owners.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from sandbox.owner import token_alive
from sandbox.workspace.local import LOCAL_PREFIX


@dataclass
class PruneReport:
    """What was removed."""

    containers: list[str] = field(default_factory=list)
    volumes: list[str] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)


def stale_folders(all_owners: bool, tmp: Path | None = None) -> list[Path]:
    """Local workspace folders whose owner process is gone (all of them with `all_owners`)."""
    root = tmp or Path(tempfile.gettempdir())
    found = []
    for folder in root.glob(f"{LOCAL_PREFIX}*"):
        token = folder.name[len(LOCAL_PREFIX) :].rsplit("-", 1)[0]
        if folder.is_dir() and (all_owners or not token_alive(token)):
            found.append(folder)
    return sorted(found)


def prune(all_owners: bool = False, docker: bool = True, tmp: Path | None = None) -> PruneReport:
    """Remove stale sandbox resources; `docker=False` skips the Docker part (no daemon)."""
    report = PruneReport()
    if docker:
        from sandbox import docker as dk

        resources = dk.labelled(all_owners)
        dk.remove(resources)
        report.containers = [name for kind, name, _ in resources if kind == "container"]
        report.volumes = [name for kind, name, _ in resources if kind == "volume"]
    for folder in stale_folders(all_owners, tmp):
        shutil.rmtree(folder, ignore_errors=True)
        report.folders.append(str(folder))
    return report

"""Commands import only what they use: `import engine.cli` and a whole `proact run` (passive agent, rules user,
memory workspace, no report) load no plotting, report-building, audit or π-Bench import module, and a run that
calls no model does not import litellm. Checked in fresh interpreters through sys.modules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

HEAVY = (
    "matplotlib",
    "engine.report.build",
    "engine.report.html",
    "engine.report.plots",
    "engine.report.trace",
    "engine.report.exports",
    "graders.audit",
    "graders.audit_cases",
    "engine.pibench",
)


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code` (from the repository root)."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_importing_the_cli_loads_no_report_audit_or_import_module() -> None:
    modules = loaded_after("import engine.cli")
    assert "engine.cli" in modules
    assert heavy(modules) == []
    assert "litellm" not in modules


def test_a_whole_run_without_a_report_loads_none_of_them(tmp_path: Path) -> None:
    args = [
        "run", "--persona", "personas/example", "--agent", "passive", "--workspace", "memory",
        "--no-report", "--no-bounds", "--set", f"runs_dir={tmp_path}",
    ]  # fmt: skip
    code = f"from engine.cli import app\napp({args!r}, standalone_mode=False)"
    modules = loaded_after(code)
    assert "engine.runner" in modules and "engine.graph" in modules  # the run really ran
    assert list(tmp_path.glob("*/example/s01"))
    assert heavy(modules) == []
    assert "litellm" not in modules

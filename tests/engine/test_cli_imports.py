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


# What `proact run` sends its preflight ping without: the session graph, the graders, schema checks, litellm's
# adapter. They load while the ping travels (engine/cli.py: _import_run_command).
AFTER_THE_PING = ("langgraph", "langchain_core", "graders", "engine.runner", "engine.regrade", "jsonschema", "httpx")


def test_the_cli_leaves_the_engine_to_load_while_the_ping_travels() -> None:
    modules = loaded_after("import engine.cli")
    assert sorted(m for m in modules if any(m == a or m.startswith(a + ".") for a in AFTER_THE_PING)) == []


def test_the_run_command_loads_jsonschema_before_any_episode_needs_it() -> None:
    """Imported lazily by the first memory consolidation, it stalled 128 concurrent episodes 1.3 s: the importing
    thread held the import lock and got the interpreter lock a 128th of the time."""
    assert "jsonschema" in loaded_after("import engine.cli_run")


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


def test_run_pings_its_model_while_the_engine_imports(tmp_path: Path) -> None:
    """The preflight ping leaves right after the config and personas load, so its round trip overlaps importing the
    session graph: the fake server sees it before the run asks for the preflight verdicts (both clocks are
    CLOCK_MONOTONIC), and the graph was imported after the command started."""
    from engine.loader import load_persona
    from tests.models.example_roles import ExampleRoles
    from tests.models.fake_openai import FakeOpenAI

    roles = ExampleRoles(load_persona(REPO / "personas" / "example"))
    server = FakeOpenAI(roles.answer, latency_s=0.3, keep_alive=True)
    base = server.start()
    args = [
        "run", "--persona", "personas/example", "--agent", "react", "--model", "openai/fake", "--workspace", "memory",
        "--no-report", "--no-bounds", "--set", f"agent.model.api_base={base}", "--set", "sessions=[s01]",
        "--set", "sandbox.allow_unjailed=true", "--set", f"runs_dir={tmp_path}",
    ]  # fmt: skip
    script = (
        "import json, sys, time\n"
        "import engine.models.preflight as preflight\n"
        "seen = {}\n"
        "require = preflight.require_models\n"
        "def asked(*args, **kwargs):\n"
        "    seen['asked'] = time.monotonic()\n"
        "    return require(*args, **kwargs)\n"
        "preflight.require_models = asked\n"
        "from engine.cli import app\n"
        "seen['graph_loaded_at_start'] = 'langgraph' in sys.modules\n"
        f"app({args!r}, standalone_mode=False)\n"
        "print(json.dumps(seen))\n"
    )
    try:
        out = subprocess.run(
            [sys.executable, "-c", script], check=False, cwd=REPO, capture_output=True, text=True, timeout=300
        )
    finally:
        server.stop()
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["graph_loaded_at_start"] is False
    assert "ok" in json.dumps(server.requests[0].get("response_format"))  # the first request is the ping
    assert server.arrivals[0] < seen["asked"]
    assert len(server.requests) > 1  # the session went on to call the agent's model
    assert list(tmp_path.glob("*/example/s01"))


def test_apps_load_only_when_a_persona_uses_them() -> None:
    """The eight simulated apps' modules are imported the first time one is asked for, not with the engine."""
    app_modules = {f"sandbox.apps.{name}" for name in ("gmail", "todoist", "spotify", "amazon", "phone")}
    assert not app_modules & loaded_after("import engine.runner, engine.tools.registry")
    modules = loaded_after("from sandbox.apps.registry import APPS\nassert 'gmail' in APPS\nAPPS['gmail']")
    assert "sandbox.apps.gmail" in modules and "sandbox.apps.amazon" not in modules
    names = loaded_after("from sandbox.apps.registry import APPS\nassert all(APPS[n].name == n for n in APPS)")
    assert app_modules <= names

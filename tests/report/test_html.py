"""report.html: self-contained, escaped, with tables, plots and traces; the CLI; and a headless Chromium
render check (skipped when no chromium binary exists; .ci/run installs Debian's)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.cli import app
from engine.report.build import Report, build_report
from tests.report.helpers import HOSTILE, experiment

PLOTS = ("comp_vs_proc", "turns_vs_proc", "ablation", "by_category")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    return build_report([experiment(tmp_path_factory.mktemp("runs"))], resamples=50)


def test_the_page_is_self_contained_and_escapes_run_content(report: Report) -> None:
    html = (report.out / "report.html").read_text(encoding="utf-8")
    assert HOSTILE not in html and "&lt;script&gt;document.title=" in html
    assert not re.search(r"(src|href)=['\"](https?:)?//", html), "nothing may be fetched from the network"
    assert html.count("<script>") == 1  # ours, inline
    for name in PLOTS:
        assert f"id='plot-{name}'><img" in html and (report.out / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
    assert html.count("src='data:image/png;base64,") == len(PLOTS)
    assert html.count("<section class='trace'") == len(report.rows) == 42


def trace(report: Report, html: str, session: str) -> str:
    key = next(r.key for r in report.rows if r.group == ("A", "full", "none") and r.session == session)
    section = html[html.index(f"id='trace-{key}'") :]
    return section[: section.index("</section>")]


def test_a_trace_shows_conversation_tools_diffs_ledger_and_checklist(report: Report) -> None:
    html = (report.out / "report.html").read_text(encoding="utf-8")
    first, second = (trace(report, html, session) for session in ("s1", "s2"))
    section = second
    assert "Please plan the week." in section and "Glad to help." in section
    assert "tool <b>write_file</b>" in section and "&quot;path&quot;: &quot;plan.md&quot;" in section
    # s2's diff starts from s1's workspace.tar (same plan.md); s1 has no saved start state, so from empty
    assert "(content unchanged)" in second and "start state unknown" not in second
    assert "<span class='add'>+# Plan\n</span>" in first and "start state unknown" in first
    assert "<table class='timeline'>" in section and "why i1" in section
    assert "<td class='v-pass'>pass</td>" in section and "plan.md exists" in section
    assert "at Tue 2026-11-10 09:30" in section and "after 2 turn(s) at Tue 2026-11-10 09:42" in section


def test_cli_report_writes_the_output_folder(tmp_path: Path) -> None:
    exp = experiment(tmp_path)
    result = CliRunner().invoke(app, ["report", str(exp), "--out", str(tmp_path / "out"), "--resamples", "20"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "report.html").is_file() and (tmp_path / "out" / "scores.csv").is_file()
    assert "12 run directories, 42 sessions" in result.output
    empty = CliRunner().invoke(app, ["report", str(tmp_path / "out")])
    assert empty.exit_code == 2 and "no graded session" in empty.output


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary on PATH (.ci/run installs Debian's chromium)")
def test_chromium_renders_tables_plots_and_a_trace(report: Report) -> None:
    key = report.rows[5].key
    url = (report.out / "report.html").as_uri() + f"#trace-{key}"
    command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000"]
    dom = subprocess.run([*command, "--dump-dom", url], capture_output=True, text=True, timeout=120, check=True).stdout
    found = re.search(r"<pre id=\"render-check\"[^>]*>([^<]*)</pre>", dom)
    assert found, "the page's load script did not run"
    check = json.loads(found.group(1))
    assert len(check["images"]) == len(PLOTS) and all(width > 100 for width in check["images"])
    assert check["tables"] == len(report.tables) - 1  # every table but the tidy one, which is the trace index
    assert check["trace"] == f"trace-{key}" and check["traceHeight"] > 200 and check["traceTurns"] == 3

"""Report tables on synthetic run directories whose numbers are computed by hand (see helpers.py)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from engine.report.build import Report, build_report
from engine.report.table import Table
from tests.report.helpers import experiment, write_run


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    root = tmp_path_factory.mktemp("runs")
    return build_report([experiment(root)], resamples=200, seed=7)


def row(table: Table, **match: object) -> dict[str, object]:
    hits = [r for r in table.records() if all(r[k] == v for k, v in match.items())]
    assert len(hits) == 1, (match, hits)
    return hits[0]


def test_table1_means_and_stds_over_repeats(report: Report) -> None:
    scores = report.table("scores")
    overall = row(scores, agent="A", memory="full", ablate="none", persona="overall")
    # repeat means 0.5, 0.75, 0.25 -> 50 ± 25; Comp 0.8 in every session -> 80 ± 0
    assert overall["repeats"] == 3 and overall["sessions"] == 12
    assert overall["Proc mean"] == pytest.approx(50.0) and overall["Proc std"] == pytest.approx(25.0)
    assert overall["Comp mean"] == pytest.approx(80.0) and overall["Comp std"] == pytest.approx(0.0)
    p1 = row(scores, agent="A", memory="full", ablate="none", persona="p1")  # 0.75, 1.0, 0.5
    assert (p1["Proc mean"], p1["Proc std"]) == (pytest.approx(75.0), pytest.approx(25.0))
    p2 = row(scores, agent="A", memory="full", ablate="none", persona="p2")  # 0.25, 0.5, 0.0
    assert (p2["Proc mean"], p2["Proc std"]) == (pytest.approx(25.0), pytest.approx(25.0))
    b = row(scores, agent="B", memory="full", ablate="none", persona="overall")
    assert (b["Proc mean"], b["Comp mean"]) == (pytest.approx(0.0), pytest.approx(50.0))
    no_memory = row(scores, agent="A", memory="no-memory", persona="overall")  # 0.125, 0.25, 0.0
    assert (no_memory["Proc mean"], no_memory["Proc std"]) == (pytest.approx(12.5), pytest.approx(12.5))


def test_category_status_turns_gate_and_usage(report: Report) -> None:
    cat_a = row(report.table("by_category"), agent="A", memory="full", ablate="none", category="A")
    assert cat_a["Proc mean"] == pytest.approx(175 / 3) and cat_a["Proc std"] == pytest.approx(28.8675, abs=1e-3)
    cat_b = row(report.table("by_category"), agent="A", memory="full", ablate="none", category="B")
    assert cat_b["Proc mean"] == pytest.approx(125 / 3)
    status = row(report.table("status_distribution"), agent="A", memory="full", ablate="none")
    assert status["intents"] == 24
    assert [status[f"{s} %"] for s in ("completed", "inferred", "provided", "open")] == [37.5, 12.5, 37.5, 12.5]
    capped = row(report.table("termination"), agent="A", memory="full", ablate="none", termination="turn_cap")
    assert (capped["sessions"], capped["share %"]) == (3, 25.0)
    turns = row(report.table("turns"), agent="A", memory="full", ablate="none")
    assert (turns["turns mean"], turns["turns std"], turns["turn_cap %"]) == (2.0, 0.0, 25.0)
    gated = row(report.table("gated_comp"), agent="A", memory="full", ablate="none")
    assert gated["gated Comp mean"] == pytest.approx(60.0) and gated["gate pass %"] == pytest.approx(75.0)
    usage = row(report.table("usage"), agent="A", memory="full", ablate="none", role="agent")
    assert (usage["calls"], usage["prompt_tokens"], usage["completion_tokens"]) == (24, 1200, 240)
    assert usage["tokens / session"] == 120.0 and usage["cost_usd"] == pytest.approx(0.12)
    judge = row(report.table("usage"), agent="A", memory="full", ablate="none", role="judge")
    assert judge["calls"] == 0


def test_ablation_deltas_compare_only_sessions_both_ran(report: Report) -> None:
    deltas = report.table("ablation_deltas")
    no_memory = row(deltas, agent="A", memory="no-memory", ablate="none", metric="Proc")
    assert (no_memory["baseline"], no_memory["condition"]) == (pytest.approx(50.0), pytest.approx(12.5))
    assert no_memory["delta"] == pytest.approx(-37.5) and no_memory["sessions"] == 12
    assert no_memory["ci low"] <= no_memory["delta"] <= no_memory["ci high"]  # type: ignore[operator]
    no_deps = row(deltas, agent="A", memory="full", ablate="no-deps", metric="Proc")
    # only the s2 sessions ran: baseline s2 Procs 0.5, 0, 1, 0.5, 0.5, 0 -> 41.67; ablated 0
    assert no_deps["baseline"] == pytest.approx(250 / 6) and no_deps["condition"] == 0.0
    assert no_deps["delta"] == pytest.approx(-250 / 6) and no_deps["sessions"] == 6
    comp = row(deltas, agent="A", memory="no-memory", ablate="none", metric="Comp")
    assert (comp["delta"], comp["ci low"], comp["ci high"]) == (0.0, 0.0, 0.0)
    assert not [r for r in deltas.records() if r["agent"] == "B"]  # B has no condition besides its baseline


def test_paired_differences_and_memory_matrix(report: Report) -> None:
    paired = report.table("paired_differences")
    proc = row(paired, memory="full", ablate="none", **{"agent A": "A", "agent B": "B", "metric": "Proc"})
    assert proc["A − B"] == pytest.approx(50.0) and proc["episodes"] == 6 and proc["sessions"] == 12
    assert proc["ci low"] < 50.0 < proc["ci high"]  # type: ignore[operator]
    comp = row(paired, memory="full", ablate="none", **{"agent A": "A", "agent B": "B", "metric": "Comp"})
    assert (comp["A − B"], comp["ci low"], comp["ci high"]) == (pytest.approx(30.0),) * 3
    matrix = report.table("memory_matrix")
    assert matrix.columns == ["agent", "full Proc", "full Comp", "no-memory Proc", "no-memory Comp"]
    assert row(matrix, agent="A") == {
        "agent": "A", "full Proc": 50.0, "full Comp": pytest.approx(80.0),
        "no-memory Proc": 12.5, "no-memory Comp": pytest.approx(80.0),
    }  # fmt: skip
    assert row(matrix, agent="B")["no-memory Proc"] is None


def test_csv_and_json_exports_hold_every_table(report: Report) -> None:
    for table in report.tables:
        assert (report.out / f"{table.name}.csv").is_file() and (report.out / f"{table.name}.json").is_file()
    with (report.out / "scores.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    overall = next(
        r for r in rows if (r["agent"], r["memory"], r["ablate"], r["persona"]) == ("A", "full", "none", "overall")
    )
    assert float(overall["Proc mean"]) == pytest.approx(50.0) and float(overall["Proc std"]) == pytest.approx(25.0)
    single = next(r for r in rows if r["agent"] == "A" and r["ablate"] == "no-deps" and r["persona"] == "overall")
    assert single["Proc std"] == "0.0"
    payload = json.loads((report.out / "ablation_deltas.json").read_text(encoding="utf-8"))
    assert payload["name"] == "ablation_deltas" and payload["columns"][:4] == ["agent", "memory", "ablate", "metric"]
    assert any(r["ablate"] == "no-deps" and r["metric"] == "Proc" for r in payload["rows"])
    sessions = json.loads((report.out / "sessions.json").read_text(encoding="utf-8"))["rows"]
    assert len(sessions) == 12 + 12 + 12 + 6


def test_a_regraded_result_changes_the_report(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", "A", {("p1", "s1"): 1.0, ("p1", "s2"): 0.0})
    assert row(build_report([run], resamples=10).table("scores"), persona="overall")["Comp mean"] == pytest.approx(80)
    result = run / "p1" / "s2" / "result.json"
    data = json.loads(result.read_text(encoding="utf-8"))
    result.write_text(json.dumps({**data, "comp": 0.2}), encoding="utf-8")
    assert row(build_report([run], resamples=10).table("scores"), persona="overall")["Comp mean"] == pytest.approx(50)


def test_infra_error_sessions_are_counted_but_enter_no_score(tmp_path: Path) -> None:
    run_dir = write_run(tmp_path / "r", "A", {("p1", "s1"): 1.0, ("p1", "s2"): 0.5})
    result_path = run_dir / "p1" / "s2" / "result.json"
    broken = json.loads(result_path.read_text())
    broken.update(termination="infra_error", error="agent model: down", proc=0.0, comp=0.0)
    result_path.write_text(json.dumps(broken))
    report = build_report([run_dir], resamples=50, seed=1)
    overall = row(report.table("scores"), agent="A", persona="overall")
    assert overall["sessions"] == 1 and overall["Proc mean"] == pytest.approx(100.0)
    assert row(report.table("termination"), agent="A", termination="infra_error")["sessions"] == 1
    assert len(report.table("sessions").rows) == 2
    assert any("1 session(s) ended infra_error" in w for w in report.warnings)

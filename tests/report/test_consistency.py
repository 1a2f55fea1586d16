"""pass^k and per-session spread across repeats, checked against values computed by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.report.build import build_report
from engine.report.consistency import pass_hat_k, pass_k
from tests.report.helpers import write_config, write_session


def test_pass_hat_k_is_the_share_of_k_subsets_that_all_pass() -> None:
    # 3 passes of 4: pairs that both pass 3 of 6, triples 1 of 4, the quadruple never.
    assert [pass_hat_k(3, 4, k) for k in (1, 2, 3, 4)] == [0.75, 0.5, 0.25, 0.0]
    assert pass_hat_k(4, 4, 4) == 1.0 and pass_hat_k(0, 5, 1) == 0.0
    assert pass_hat_k(2, 5, 2) == pytest.approx(1 / 10)  # C(2,2)/C(5,2)
    # sessions with fewer than k repeats are left out of the mean
    assert pass_k([(3, 4), (1, 4), (2, 2)], 3) == pytest.approx((0.25 + 0.0) / 2)
    assert pass_k([(1, 2)], 3) is None
    with pytest.raises(ValueError):
        pass_hat_k(1, 2, 3)


# Per repeat: (proc, comp, gate) of p1/s1, p1/s2 and p2/s1. A session passes with rule Comp 1 and its gate held:
# p1/s1 passes in repeats 1-3 (repeat 4: Comp 0.5), p1/s2 only in repeat 2 (else the gate fails or Comp < 1),
# p2/s1 in all four.
REPEATS = {
    1: [(1.0, 1.0, True), (0.5, 1.0, False), (1.0, 1.0, True)],
    2: [(0.5, 1.0, True), (0.5, 1.0, True), (1.0, 1.0, True)],
    3: [(1.0, 1.0, True), (0.0, 0.5, True), (1.0, 1.0, True)],
    4: [(0.5, 0.5, True), (0.0, 1.0, False), (1.0, 1.0, True)],
}


def test_report_tables_hold_pass_k_and_per_session_std(tmp_path: Path) -> None:
    for k, sessions in REPEATS.items():
        run = tmp_path / f"a--full--none--r{k}"
        write_config(run, "A", repeat=k)
        for (persona, session), (proc, comp, gate) in zip(
            [("p1", "s1"), ("p1", "s2"), ("p2", "s1")], sessions, strict=True
        ):
            write_session(run, persona, session, proc, comp, gate=gate)
    report = build_report([tmp_path], resamples=10)
    per_session = {(r["persona"], r["session"]): r for r in report.table("consistency").records()}
    s1 = per_session[("p1", "s1")]
    assert (s1["repeats"], s1["passes"]) == (4, 3)
    assert [s1[f"pass^{k}"] for k in (1, 2, 3, 4)] == pytest.approx([75.0, 50.0, 25.0, 0.0])
    # Proc 1, .5, 1, .5: mean .75, sample std sqrt(4 * .25² / 3); Comp 1, 1, 1, .5: mean .875, std .25
    assert (s1["Proc mean"], s1["Proc std"]) == (pytest.approx(75.0), pytest.approx(28.8675, abs=1e-3))
    assert (s1["Comp mean"], s1["Comp std"]) == (pytest.approx(87.5), pytest.approx(25.0))
    assert per_session[("p1", "s2")]["passes"] == 1 and per_session[("p2", "s1")]["Proc std"] == 0.0
    overall = report.table("pass_k").records()
    assert len(overall) == 1 and overall[0]["sessions"] == 3 and overall[0]["repeats"] == 4
    # means over the three sessions of C(c,k)/C(4,k) with c = 3, 1, 4
    expected = [(0.75 + 0.25 + 1) / 3, (0.5 + 0 + 1) / 3, (0.25 + 0 + 1) / 3, (0 + 0 + 1) / 3]
    assert [overall[0][f"pass^{k}"] for k in (1, 2, 3, 4)] == pytest.approx([100 * e for e in expected])
    # mean per-session Proc std: p1/s1 .288675, p1/s2 (.5,.5,0,0) .288675, p2/s1 0
    assert overall[0]["Proc std / session"] == pytest.approx(100 * 2 * 0.288675 / 3, abs=1e-3)
    html = (report.out / "report.html").read_text(encoding="utf-8")
    assert "pass^k per condition" in html and "pass^4" in html
    assert (report.out / "pass_k.csv").is_file() and (report.out / "consistency.json").is_file()

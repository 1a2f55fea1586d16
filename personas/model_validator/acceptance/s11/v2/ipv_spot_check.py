#!/usr/bin/env python3
"""IPV check of the FX spot inputs of the FX-OPT-009 revaluation test (valuation date 2026-10-30).

Per models/FX-OPT-009/ipv-procedure.md: difference = test input / MDS close of the valuation date - 1,
in percent to 3 decimals; |difference| > 0.05% is outside tolerance and the trades using the input are
listed for a re-run. MDS closes: mds_close_2026-10-30.json (exported from the finance data); for an input
outside tolerance the MDS history in mds_history_2026-10.csv is searched for the close(s) equal to the input.

Usage: python3 validation/FX-OPT-009/2026/ipv_spot_check.py   (works from any folder)
Output: validation/FX-OPT-009/2026/ipv_spot_check_2026-10-30.csv
"""
import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
TOLERANCE_PCT = 0.05

mds = json.loads((HERE / "mds_close_2026-10-30.json").read_text())["closes"]
with (ROOT / "models/FX-OPT-009/revaluation-test-inputs-2026-10-30.csv").open(newline="") as f:
    inputs = list(csv.DictReader(f))

history = list(csv.DictReader((HERE / "mds_history_2026-10.csv").open(newline="")))

rows = []
for item in inputs:
    series = item["input"].split()[0] + ".CLOSE"
    value, close = float(item["value"]), mds[series]
    diff_pct = 100 * (value / close - 1)
    within = abs(diff_pct) <= TOLERANCE_PCT
    rows.append({
        "input": item["input"],
        "test_value": item["value"],
        "mds_close_2026_10_30": f"{close:.4f}" if close < 10 else f"{close:.2f}",
        "difference_pct": f"{diff_pct:.3f}",
        "within_0_05pct_tolerance": "yes" if within else "no",
        "trades_to_rerun": "" if within else item["used_by_trades"].replace(";", " "),
        "input_equals_mds_close_of": "" if within else " ".join(
            h["date"] for h in history if h["series_id"] == series and float(h["close"]) == value),
    })

out = HERE / "ipv_spot_check_2026-10-30.csv"
with out.open("w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
print(out.read_text())

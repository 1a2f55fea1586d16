"""FX-OPT-009: IMV check of the FX spot inputs of the owner's revaluation test (valuation date 2026-10-30).

Procedure: models/FX-OPT-009/ipv-procedure.md. Each input is compared with the Market Data Service close of
the valuation date (series <PAIR>.CLOSE); difference = input / MDS close - 1 in percent (3 decimals);
tolerance 0.05% absolute. The MDS closes were exported from the finance data (finance_series) into
mds_closes_2026-10-19_to_2026-10-30.csv next to this script. For an input outside tolerance the script also
looks for the MDS close date(s) that carry exactly the input value.

Run from the workspace root: python3 validation/FX-OPT-009/2026/check_spot_inputs.py
Writes validation/FX-OPT-009/2026/spot-input-check-2026-10-30.md
"""
import csv

VAL_DATE = "2026-10-30"
TOL_PCT = 0.05
FOLDER = "validation/FX-OPT-009/2026/"
INPUTS = "models/FX-OPT-009/revaluation-test-inputs-2026-10-30.csv"
MDS = FOLDER + "mds_closes_2026-10-19_to_2026-10-30.csv"
OUT = FOLDER + "spot-input-check-2026-10-30.md"

with open(MDS, newline="") as fh:
    closes = [(r["series_id"], r["date"], float(r["close"]), r["close"]) for r in csv.DictReader(fh)]
with open(INPUTS, newline="") as fh:
    inputs = list(csv.DictReader(fh))

table, flagged = [], []
for row in inputs:
    pair = row["input"].split()[0]
    series = f"{pair}.CLOSE"
    test = float(row["value"])
    mds, mds_text = next((c, t) for s, d, c, t in closes if s == series and d == VAL_DATE)
    diff = (test / mds - 1) * 100
    ok = abs(diff) <= TOL_PCT
    table.append(f"| {row['input']} | {row['value']} | {mds_text} | {diff:.3f} | {'yes' if ok else 'NO'} |")
    if not ok:
        same = [d for s, d, c, _ in closes if s == series and c == test]
        flagged.append((row["input"], row["value"], row["used_by_trades"].split(";"), same))

lines = [
    "# FX-OPT-009 revaluation test 2026-10-30 — spot inputs vs MDS close",
    "",
    f"Reference: MDS close of the valuation date {VAL_DATE}. Difference = test input / MDS close - 1. "
    f"Tolerance {TOL_PCT:.2f}%.",
    "",
    "| input | test value | MDS close 2026-10-30 | difference (%) | within tolerance |",
    "|---|---|---|---|---|",
    *table,
    "",
    "## Outside tolerance",
    "",
]
if not flagged:
    lines.append("None.")
for name, value, trades, same in flagged:
    source = (f"{value} equals the MDS close of {', '.join(same)}, not of the valuation date."
              if same else "the value matches no MDS close in the exported window.")
    lines.append(f"- {name}: {source} Trades to re-run: {', '.join(trades)}.")

with open(OUT, "w") as fh:
    fh.write("\n".join(lines) + "\n")
print("\n".join(lines))

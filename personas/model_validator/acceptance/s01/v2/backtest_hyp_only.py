#!/usr/bin/env python3
"""Back-testing of MR-VAR-014, annual validation 2026.

Rule set: IMV validation standards v4.2, section 4 (hypothetical P&L decides the zone).
Reference date from models/MR-VAR-014/validation-plan-2026.md. Runs from any folder:
    python3 validation/MR-VAR-014/2026/run_backtest.py
Output: validation/MR-VAR-014/2026/mr-var-014_backtest_2026-09-30.md
"""
import csv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
SOURCE = ROOT / "data" / "market-risk" / "mr-var-014_daily.csv"
REPORT = HERE / "mr-var-014_backtest_2026-09-30.md"
REF_DATE = "2026-09-30"
N_DAYS = 250

TRAFFIC_LIGHT = [  # (max exceptions, zone, plus factor)
    (4, "green", 0.00), (5, "yellow", 0.40), (6, "yellow", 0.50), (7, "yellow", 0.65),
    (8, "yellow", 0.75), (9, "yellow", 0.85), (10**9, "red", 1.00),
]


def classify(count):
    for upper, zone, plus in TRAFFIC_LIGHT:
        if count <= upper:
            return zone, plus


with SOURCE.open(newline="") as handle:
    data = sorted(csv.DictReader(handle), key=lambda row: row["date"])
window = [row for row in data if row["date"] <= REF_DATE][-N_DAYS:]
if len(window) != N_DAYS:
    raise SystemExit(f"need {N_DAYS} days up to {REF_DATE}, found {len(window)}")

breaches = [row for row in window if -float(row["hypothetical_pnl_eur"]) > float(row["var99_1d_eur"])]
zone, plus = classify(len(breaches))

out = []
out.append("# MR-VAR-014 — VaR back-test for the 2026 annual validation")
out.append("")
out.append(f"Result: {len(breaches)} exceptions on hypothetical (clean) P&L -> {zone.upper()} zone, "
           f"plus factor {plus:.2f}.")
out.append("")
out.append(f"Observation window: the {len(window)} business days from {window[0]['date']} through "
           f"{window[-1]['date']} (reference date {REF_DATE}; later rows of the file are ignored). "
           "A day counts as an exception when the loss exceeds the one-day 99% VaR (-P&L > VaR).")
out.append("")
out.append(f"Source data: {SOURCE.relative_to(ROOT)}. Produced by {Path(__file__).name}.")
out.append("")
out.append("Exception dates (hypothetical P&L / VaR, EUR):")
out.append("")
for i, row in enumerate(breaches, 1):
    out.append(f"{i}. {row['date']}: P&L {row['hypothetical_pnl_eur']}, VaR {row['var99_1d_eur']}")
REPORT.write_text("\n".join(out) + "\n")
print("\n".join(out))

"""MR-VAR-014 back-test for the 2026 annual validation (handbook section 4).

Hypothetical P&L, 250 business days up to the reference date 2026-09-30, exception when -P&L > VaR.
Run from the workspace root: python3 validation/MR-VAR-014/2026/backtest_2026.py
"""
import csv

DATA = "data/market-risk/mr-var-014_daily.csv"
OUT = "validation/MR-VAR-014/2026/backtest-summary-2026.md"
REF = "2026-09-30"
ZONES = [(4, "green", 0.00), (5, "yellow", 0.40), (6, "yellow", 0.50), (7, "yellow", 0.65),
         (8, "yellow", 0.75), (9, "yellow", 0.85)]

rows = [r for r in csv.DictReader(open(DATA)) if r["date"] <= REF][-250:]
exc = [r for r in rows if -float(r["hypothetical_pnl_eur"]) > float(r["var99_1d_eur"])]
n = len(exc)
zone, plus = next(((z, p) for k, z, p in ZONES if n <= k), ("red", 1.00))
act = [r for r in rows if -float(r["actual_pnl_eur"]) > float(r["var99_1d_eur"])]

lines = [
    "# MR-VAR-014 back-test, reference date 2026-09-30",
    "",
    f"Script: `backtest_2026.py` (same folder). Data: `{DATA}`.",
    "",
    f"- Window: {len(rows)} business days, {rows[0]['date']} to {rows[-1]['date']}.",
    f"- Exceptions on hypothetical P&L: {n}. Zone: {zone}, plus factor {plus:.2f}.",
    f"- Exceptions on actual P&L (for information): {len(act)}.",
    "",
    "| date | hypothetical P&L (EUR) | VaR 99% (EUR) |",
    "|---|---|---|",
]
lines += [f"| {r['date']} | {int(r['hypothetical_pnl_eur']):,} | {int(r['var99_1d_eur']):,} |" for r in exc]
open(OUT, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

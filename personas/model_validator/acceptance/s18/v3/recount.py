#!/usr/bin/env python3
"""MR-VAR-014 rolling exception recount for a Market Risk Reporting alert (models/MR-VAR-014/monitoring.md).

Hypothetical P&L, latest 250 business days up to and including the alert date; exception when -P&L > VaR.
Usage from the workspace root: python3 validation/MR-VAR-014/2026/exception_recount.py 2026-11-25
"""
import csv
import sys

DATA = "data/market-risk/mr-var-014_daily.csv"
PLUS = {5: 0.40, 6: 0.50, 7: 0.65, 8: 0.75, 9: 0.85}

alert = sys.argv[1]
with open(DATA, newline="") as fh:
    rows = sorted(csv.DictReader(fh), key=lambda r: r["date"])
window = [r for r in rows if r["date"] <= alert][-250:]
assert len(window) == 250 and window[-1]["date"] == alert, "alert date missing or fewer than 250 days"
hits = [r for r in window if -float(r["hypothetical_pnl_eur"]) > float(r["var99_1d_eur"])]
n = len(hits)
zone, plus = ("green", 0.00) if n <= 4 else ("red", 1.00) if n >= 10 else ("yellow", PLUS[n])
print(f"window {window[0]['date']} .. {window[-1]['date']} ({len(window)} business days)")
for r in hits:
    print(f"  {r['date']}  hypothetical P&L {r['hypothetical_pnl_eur']}  VaR {r['var99_1d_eur']}")
print(f"exceptions {n}  zone {zone}  plus factor {plus:.2f}")

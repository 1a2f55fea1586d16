"""MR-VAR-014 ongoing back-testing monitoring (models/MR-VAR-014/monitoring.md).

Recounts the exceptions on hypothetical P&L (-P&L > one-day 99% VaR) over the latest 250 business days up to
and including the alert date, applies the Basel traffic light of the IMV standards (section 4) and appends
one entry to validation/MR-VAR-014/2026/exception-monitoring.md.

Run from the workspace root: python3 validation/MR-VAR-014/2026/exception_monitor.py 2026-11-25
"""
import csv
import os
import sys

DATA = "data/market-risk/mr-var-014_daily.csv"
LOG = "validation/MR-VAR-014/2026/exception-monitoring.md"
PLUS = {5: 0.40, 6: 0.50, 7: 0.65, 8: 0.75, 9: 0.85}

alert_date = sys.argv[1]
with open(DATA, newline="") as fh:
    rows = sorted((r for r in csv.DictReader(fh) if r["date"] <= alert_date), key=lambda r: r["date"])[-250:]
if len(rows) != 250 or rows[-1]["date"] != alert_date:
    raise SystemExit(f"window incomplete: {len(rows)} days, last {rows[-1]['date']}")
exc = [r for r in rows if -float(r["hypothetical_pnl_eur"]) > float(r["var99_1d_eur"])]
n = len(exc)
zone, plus = ("green", 0.00) if n <= 4 else ("red", 1.00) if n >= 10 else ("yellow", PLUS[n])

if not os.path.exists(LOG):
    with open(LOG, "w") as fh:
        fh.write("# MR-VAR-014 — exception monitoring log\n\n"
                 "Rolling window of the latest 250 business days up to the alert date; exceptions on hypothetical P&L.\n\n"
                 "| date | window | exceptions | zone | plus factor | exception dates |\n|---|---|---|---|---|---|\n")
with open(LOG, "a") as fh:
    fh.write(f"| {alert_date} | {rows[0]['date']} to {rows[-1]['date']} | {n} | {zone} | {plus:.2f} | "
             f"{', '.join(r['date'] for r in exc)} |\n")
print(f"{alert_date}: {n} exceptions in {rows[0]['date']}..{rows[-1]['date']} -> {zone}, plus factor {plus:.2f}")
for r in exc:
    print(r["date"], r["hypothetical_pnl_eur"], r["var99_1d_eur"])

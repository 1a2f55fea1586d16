"""MR-VAR-014 annual back-test 2026 (IMV standards section 4).

Run from the workspace root:  python3 validation/MR-VAR-014/2026/var_backtest.py
Writes validation/MR-VAR-014/2026/backtest-results-2026.md
"""
import csv

DATA = "data/market-risk/mr-var-014_daily.csv"
OUT = "validation/MR-VAR-014/2026/backtest-results-2026.md"
REFERENCE_DATE = "2026-09-30"  # validation-plan-2026.md
WINDOW = 250

# Basel traffic light, 250 observations at 99% (standards section 4)
def zone_and_plus(n):
    if n <= 4:
        return "green", 0.00
    if n >= 10:
        return "red", 1.00
    return "yellow", {5: 0.40, 6: 0.50, 7: 0.65, 8: 0.75, 9: 0.85}[n]

with open(DATA, newline="") as fh:
    rows = sorted(csv.DictReader(fh), key=lambda r: r["date"])
rows = [r for r in rows if r["date"] <= REFERENCE_DATE][-WINDOW:]
assert len(rows) == WINDOW, f"only {len(rows)} days up to {REFERENCE_DATE}"

def exceptions(col):
    return [r for r in rows if -float(r[col]) > float(r["var99_1d_eur"])]

hyp = exceptions("hypothetical_pnl_eur")
act = exceptions("actual_pnl_eur")
zone, plus = zone_and_plus(len(hyp))

lines = [
    "# MR-VAR-014 back-test 2026, reference date " + REFERENCE_DATE,
    "",
    f"Script: `var_backtest.py` (same folder). Data: `{DATA}`.",
    "",
    f"- Window: {len(rows)} business days, {rows[0]['date']} to {rows[-1]['date']} (no data after the reference date).",
    "- Exception: a day with -P&L > one-day 99% VaR.",
    f"- **Hypothetical (clean) P&L: {len(hyp)} exceptions. Zone: {zone}. Plus factor: {plus:.2f}.**",
    f"- For information only: actual P&L gives {len(act)} exceptions in the same window (zone not based on it).",
    "",
    "## Exceptions on hypothetical P&L",
    "",
    "| date | hypothetical P&L (EUR) | VaR 99% 1d (EUR) |",
    "|---|---|---|",
]
lines += [f"| {r['date']} | {int(r['hypothetical_pnl_eur']):,} | {int(r['var99_1d_eur']):,} |" for r in hyp]
lines += [
    "",
    "## Exceptions on actual P&L (for information)",
    "",
    "| date | actual P&L (EUR) | VaR 99% 1d (EUR) |",
    "|---|---|---|",
]
lines += [f"| {r['date']} | {int(r['actual_pnl_eur']):,} | {int(r['var99_1d_eur']):,} |" for r in act]

with open(OUT, "w") as fh:
    fh.write("\n".join(lines) + "\n")
print("\n".join(lines))

#!/usr/bin/env python3
"""Rolling 250-day exception count of MR-VAR-014 on hypothetical P&L (monitoring routine, step 1).

Usage: python3 validation/MR-VAR-014/2026/rolling_count.py 2026-11-25   (any working folder)
Prints the window, the exceptions with P&L and VaR, the zone and the plus factor (IMV standards section 4).
"""
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ZONES = [(4, "green", 0.00), (5, "yellow", 0.40), (6, "yellow", 0.50), (7, "yellow", 0.65),
         (8, "yellow", 0.75), (9, "yellow", 0.85), (10**6, "red", 1.00)]

end = sys.argv[1] if len(sys.argv) > 1 else "2026-11-25"
with (ROOT / "data/market-risk/mr-var-014_daily.csv").open(newline="") as f:
    window = sorted([r for r in csv.DictReader(f) if r["date"] <= end], key=lambda r: r["date"])[-250:]
hits = [r for r in window if -float(r["hypothetical_pnl_eur"]) > float(r["var99_1d_eur"])]
zone, plus = next((z, p) for cap, z, p in ZONES if len(hits) <= cap)
print(f"window {window[0]['date']} .. {window[-1]['date']} ({len(window)} days)")
for r in hits:
    print(f"  {r['date']}  P&L {int(r['hypothetical_pnl_eur']):,}  VaR {int(r['var99_1d_eur']):,}")
print(f"exceptions {len(hits)}  zone {zone}  plus factor {plus:.2f}")

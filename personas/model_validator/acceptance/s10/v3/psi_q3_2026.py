#!/usr/bin/env python3
"""RS-MORT-003 population stability index, Q3 2026 vs development sample.

Formula and thresholds: models/RS-MORT-003/monitoring-standard.md
  PSI = sum over the 10 score bands of (actual% - expected%) * ln(actual% / expected%), shares as fractions;
  PSI < 0.10 green, 0.10 <= PSI <= 0.25 amber, PSI > 0.25 red.
Run from the workspace root: python3 validation/RS-MORT-003/2026/psi_q3_2026.py
"""
import csv
import math

DATA = "data/retail/rs-mort-003_score_distribution_2026q3.csv"

with open(DATA, newline="") as fh:
    rows = list(csv.DictReader(fh))
dev_total = sum(int(r["development_count"]) for r in rows)
q3_total = sum(int(r["q3_2026_count"]) for r in rows)

psi = 0.0
print("band  expected  actual  contribution")
for r in rows:
    e = int(r["development_count"]) / dev_total
    a = int(r["q3_2026_count"]) / q3_total
    c = (a - e) * math.log(a / e)
    psi += c
    print(f"{r['score_band']:>4}  {e:8.4f}  {a:6.4f}  {c:12.5f}")

status = "green" if psi < 0.10 else "amber" if psi <= 0.25 else "red"
print(f"development n = {dev_total}, Q3 2026 n = {q3_total}")
print(f"PSI = {psi:.4f} -> {status}")

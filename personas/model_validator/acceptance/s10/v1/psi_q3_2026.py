"""RS-MORT-003 population stability index, Q3 2026 vs development sample.

Formula and thresholds: models/RS-MORT-003/monitoring-standard.md
  PSI = sum over the 10 score bands of (actual% - expected%) * ln(actual% / expected%), shares as fractions.
  PSI < 0.10 green; 0.10 <= PSI <= 0.25 amber; PSI > 0.25 red.

Run from the workspace root: python3 validation/RS-MORT-003/2026/psi_q3_2026.py
Writes validation/RS-MORT-003/2026/psi-q3-2026.csv
"""
import csv
import math

DATA = "data/retail/rs-mort-003_score_distribution_2026q3.csv"
OUT = "validation/RS-MORT-003/2026/psi-q3-2026.csv"

with open(DATA, newline="") as fh:
    rows = list(csv.DictReader(fh))
dev_total = sum(int(r["development_count"]) for r in rows)
q3_total = sum(int(r["q3_2026_count"]) for r in rows)

out = []
psi = 0.0
for r in rows:
    expected = int(r["development_count"]) / dev_total
    actual = int(r["q3_2026_count"]) / q3_total
    term = (actual - expected) * math.log(actual / expected)
    psi += term
    out.append([r["score_band"], f"{expected:.4f}", f"{actual:.4f}", f"{term:.4f}"])

light = "green" if psi < 0.10 else ("amber" if psi <= 0.25 else "red")
with open(OUT, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["score_band", "development_share", "q3_2026_share", "psi_contribution"])
    w.writerows(out)
    w.writerow(["total", "1.0000", "1.0000", f"{psi:.4f}"])
print(f"development n={dev_total}, Q3 2026 n={q3_total}")
print(f"PSI Q3 2026 = {psi:.4f} -> {light}")

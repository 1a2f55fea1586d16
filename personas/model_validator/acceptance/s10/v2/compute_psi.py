#!/usr/bin/env python3
"""Recompute the Q3 2026 PSI of RS-MORT-003 (monitoring standard of 2025-02-11).

PSI = sum_b (a_b - e_b) * ln(a_b / e_b) with a_b, e_b the band shares (fractions) of the Q3 2026 and the
development sample. Light: < 0.10 green, 0.10-0.25 amber, > 0.25 red.

python3 validation/RS-MORT-003/2026/compute_psi.py   (from any folder)
-> validation/RS-MORT-003/2026/psi_2026q3.md
"""
import csv
from math import log
from pathlib import Path

here = Path(__file__).resolve().parent
root = here.parents[2]
src = root / "data" / "retail" / "rs-mort-003_score_distribution_2026q3.csv"

with src.open(newline="") as f:
    bands = [(r["score_band"], int(r["development_count"]), int(r["q3_2026_count"])) for r in csv.DictReader(f)]
n_dev = sum(b[1] for b in bands)
n_q3 = sum(b[2] for b in bands)

lines = ["# RS-MORT-003 PSI, Q3 2026 vs development sample", "",
         f"Source: `{src.relative_to(root)}` ({n_dev} development, {n_q3} Q3 2026 applications).", "",
         "| band | development share | Q3 2026 share | contribution |", "|---:|---:|---:|---:|"]
psi = 0.0
for band, dev, q3 in bands:
    e, a = dev / n_dev, q3 / n_q3
    c = (a - e) * log(a / e)
    psi += c
    lines.append(f"| {band} | {e:.2%} | {a:.2%} | {c:.4f} |")
light = "green" if psi < 0.10 else "amber" if psi <= 0.25 else "red"
lines += ["", f"**PSI = {psi:.4f} ({light})**"]
(here / "psi_2026q3.md").write_text("\n".join(lines) + "\n")
print("\n".join(lines))

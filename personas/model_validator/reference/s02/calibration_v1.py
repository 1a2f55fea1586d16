"""PD-SME-007 calibration test by grade, 2025 cohort (IMV standards section 5).

One-sided exact binomial test against the master-scale PD; grade D (in default at the start) excluded.
Run from the workspace root: python3 validation/PD-SME-007/2026/calibration_2026.py
"""
import csv
from math import comb

COHORT = "data/credit/pd-sme-007_cohort2025.csv"
SCALE = "models/PD-SME-007/master-scale.csv"
OUT = "validation/PD-SME-007/2026/calibration-2026.md"

pd = {r["grade"]: float(r["pd"]) for r in csv.DictReader(open(SCALE)) if r["grade"] != "D"}
n = {g: 0 for g in pd}
d = {g: 0 for g in pd}
for r in csv.DictReader(open(COHORT)):
    g = r["grade_2025_01_01"]
    if g == "D":
        continue
    n[g] += 1
    d[g] += int(r["default_12m"])


def p_value(trials, defaults, prob):
    """P(X >= defaults) for X ~ Binomial(trials, prob)."""
    return 1.0 - sum(comb(trials, k) * prob**k * (1 - prob) ** (trials - k) for k in range(defaults))


def light(p):
    return "green" if p >= 0.05 else "amber" if p >= 0.01 else "red"


lines = [
    "# PD-SME-007 calibration by grade, 2025 cohort",
    "",
    "One-sided exact binomial test, H0: master-scale PD correct. Grade D excluded.",
    "",
    "| grade | obligors | defaults | master-scale PD | observed DR | p-value | traffic light |",
    "|---|---|---|---|---|---|---|",
]
for g in sorted(pd):
    p = p_value(n[g], d[g], pd[g])
    lines.append(f"| {g} | {n[g]} | {d[g]} | {pd[g]:.2%} | {d[g] / n[g]:.2%} | {p:.4f} | {light(p)} |")
open(OUT, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

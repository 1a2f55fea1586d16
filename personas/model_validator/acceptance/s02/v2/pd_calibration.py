#!/usr/bin/env python3
"""Calibration back-test of PD-SME-007 on the 2025 cohort, per master-scale grade.

Method (IMV standards v4.2, section 5): one-sided exact binomial test per grade, H0 = the grade's
master-scale PD is correct, p-value = P(X >= observed defaults) with X ~ Bin(n, PD_grade).
Obligors in grade D on 2025-01-01 (already in default) are left out; pd_assigned (with overrides) is not used.
Also writes a portfolio line (all grades pooled: observed vs expected defaults).

Usage (any working folder): python3 validation/PD-SME-007/2026/pd_calibration.py
Writes: validation/PD-SME-007/2026/pd-sme-007_calibration_2025-cohort.md
"""
import csv
from math import exp, lgamma, log
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
COHORT = ROOT / "data/credit/pd-sme-007_cohort2025.csv"
SCALE = ROOT / "models/PD-SME-007/master-scale.csv"
RESULT = HERE / "pd-sme-007_calibration_2025-cohort.md"


def binom_sf(k, n, p):
    """Exact P(X >= k), X ~ Binomial(n, p), summed in log space."""
    if k <= 0:
        return 1.0
    total = 0.0
    for i in range(k, n + 1):
        total += exp(lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1) + i * log(p) + (n - i) * log(1 - p))
    return min(total, 1.0)


def traffic_light(p_value):
    return "green" if p_value >= 0.05 else ("amber" if p_value >= 0.01 else "red")


master = {row["grade"]: float(row["pd"]) for row in csv.DictReader(SCALE.open(newline=""))}
cohort = [row for row in csv.DictReader(COHORT.open(newline="")) if row["grade_2025_01_01"] != "D"]
grades = sorted({row["grade_2025_01_01"] for row in cohort}, key=int)

lines = [
    "# PD-SME-007 — calibration test by grade, 2025 cohort",
    "",
    f"Data: `{COHORT.relative_to(ROOT)}`; PDs: `{SCALE.relative_to(ROOT)}`. Script: `{Path(__file__).name}`.",
    "One-sided exact binomial test, p = P(X >= defaults), X ~ Bin(obligors, master-scale PD). "
    "Grade D excluded. Light: green p >= 5%, amber 1% <= p < 5%, red p < 1%.",
    "",
    "| grade | obligors | defaults | master-scale PD | observed default rate | p-value | light |",
    "|---:|---:|---:|---:|---:|---:|---|",
]
n_total = d_total = 0
expected_total = 0.0
for grade in grades:
    members = [row for row in cohort if row["grade_2025_01_01"] == grade]
    n = len(members)
    d = sum(int(row["default_12m"]) for row in members)
    pd = master[grade]
    p_value = binom_sf(d, n, pd)
    n_total += n
    d_total += d
    expected_total += n * pd
    lines.append(f"| {grade} | {n} | {d} | {pd:.2%} | {d / n:.2%} | {p_value:.4f} | {traffic_light(p_value)} |")

lines += [
    "",
    "## Portfolio level (all grades 1-7 pooled)",
    "",
    f"- Obligors: {n_total}",
    f"- Observed defaults: {d_total} (default rate {d_total / n_total:.2%})",
    f"- Expected defaults from the master scale: {expected_total:.2f} "
    f"(average PD {expected_total / n_total:.2%}); observed / expected = {d_total / expected_total:.2f}",
]
RESULT.write_text("\n".join(lines) + "\n")
print("\n".join(lines))

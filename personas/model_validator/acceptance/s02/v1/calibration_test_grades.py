"""PD-SME-007 calibration test by rating grade, 2025 cohort (IMV standards section 5).

One-sided exact binomial test per grade against the master-scale PD:
p-value = P(X >= observed defaults), X ~ Binomial(obligors, master-scale PD).
Grade D (in default on 2025-01-01) is excluded. Traffic light: green p >= 5%, amber 1% <= p < 5%, red p < 1%.

Run from the workspace root: python3 validation/PD-SME-007/2026/calibration_test.py
Output: validation/PD-SME-007/2026/calibration_by_grade_2025.csv
"""
import csv
from collections import Counter
from math import comb

COHORT = "data/credit/pd-sme-007_cohort2025.csv"
MASTER_SCALE = "models/PD-SME-007/master-scale.csv"
OUT = "validation/PD-SME-007/2026/calibration_by_grade_2025.csv"


def upper_tail(k, n, p):
    """P(X >= k) for X ~ Binomial(n, p)."""
    below = sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k))
    return max(0.0, 1.0 - below)


def light(p):
    if p >= 0.05:
        return "green"
    if p >= 0.01:
        return "amber"
    return "red"


with open(MASTER_SCALE, newline="") as fh:
    scale = {r["grade"]: float(r["pd"]) for r in csv.DictReader(fh)}

obligors, defaults = Counter(), Counter()
with open(COHORT, newline="") as fh:
    for r in csv.DictReader(fh):
        grade = r["grade_2025_01_01"]
        if grade == "D":
            continue
        obligors[grade] += 1
        defaults[grade] += int(r["default_12m"])

header = ["grade", "obligors", "defaults", "master_scale_pd", "observed_default_rate", "p_value", "traffic_light"]
table = []
for grade in sorted(obligors, key=int):
    n, d, pd = obligors[grade], defaults[grade], scale[grade]
    p = upper_tail(d, n, pd)
    table.append([grade, n, d, f"{pd:.4f}", f"{d / n:.4f}", f"{p:.4f}", light(p)])

with open(OUT, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(header)
    w.writerows(table)

for row in [header] + table:
    print(",".join(str(x) for x in row))

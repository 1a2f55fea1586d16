#!/usr/bin/env python3
"""AB-2027-02 readout: Arc 2 teaser page headline, A "Hear what matters." vs B "38 hours of quiet."

Rerun from the workspace root:  python3 analysis/scripts/ab_2027_02_teaser_headline.py
Input : campaigns/arc2-teaser-test-daily.csv (date, variant, device, visitors, signups)
Method (handbook section 5): pre-registered primary metric = waitlist sign-up rate (sign-ups / visitors);
two-sided two-proportion z-test with pooled variance; B wins only if p < 0.05 after >= 14 days and
>= 1,000 visitors per arm. Device splits are exploratory and never decide the test.
"""
import csv
import math
from collections import defaultdict

DATA = "campaigns/arc2-teaser-test-daily.csv"
ALPHA = 0.05


def z_test(x_a, n_a, x_b, n_b):
    """Two-sided pooled two-proportion z-test of B against A; returns (z, p)."""
    pooled = (x_a + x_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    z = (x_b / n_b - x_a / n_a) / se
    p = math.erfc(abs(z) / math.sqrt(2))  # = 2 * (1 - Phi(|z|))
    return z, p


visitors = defaultdict(int)
signups = defaultdict(int)
days = set()
with open(DATA, newline="") as fh:
    for row in csv.DictReader(fh):
        days.add(row["date"])
        for key in ((row["variant"], "all"), (row["variant"], row["device"])):
            visitors[key] += int(row["visitors"])
            signups[key] += int(row["signups"])

print(f"days: {len(days)} ({min(days)} to {max(days)})")
for segment in ["all"] + sorted({d for _, d in visitors if d != "all"}):
    xa, na = signups[("A", segment)], visitors[("A", segment)]
    xb, nb = signups[("B", segment)], visitors[("B", segment)]
    z, p = z_test(xa, na, xb, nb)
    label = "PRIMARY" if segment == "all" else "exploratory"
    print(f"{segment:8s} A {xa}/{na} = {xa / na:.2%} | B {xb}/{nb} = {xb / nb:.2%} | "
          f"lift {(xb / nb) / (xa / na) - 1:+.1%} | z = {z:.2f} | p = {p:.3f} | {label}")

xa, na, xb, nb = signups[("A", "all")], visitors[("A", "all")], signups[("B", "all")], visitors[("B", "all")]
z, p = z_test(xa, na, xb, nb)
eligible = len(days) >= 14 and min(na, nb) >= 1000
if eligible and p < ALPHA:
    verdict = "B wins" if xb / nb > xa / na else "A wins"
else:
    verdict = "inconclusive"
print(f"verdict: {verdict} (p = {p:.2f}; days >= 14 and >= 1,000 visitors per arm: {eligible})")

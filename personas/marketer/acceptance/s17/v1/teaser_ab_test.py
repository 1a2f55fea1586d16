"""AB-2027-02 Arc 2 teaser headline test (rerun: python3 analysis/scripts/teaser_ab_test.py).

Pre-registered primary metric (campaigns/ab-test-log.md): waitlist sign-up rate = sign-ups / visitors.
Handbook section 5: two-sided two-proportion z-test (pooled); B wins only with p < 0.05 on the primary metric,
after >= 14 days and >= 1,000 visitors per arm. Device segments are exploratory only.
"""
import csv
import math
from collections import defaultdict

DATA = "campaigns/arc2-teaser-test-daily.csv"


def z_test(x1, n1, x2, n2):
    """Two-sided two-proportion z-test with pooled variance: (z, p)."""
    p1, p2 = x1 / n1, x2 / n2
    pooled = (x1 + x2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    z = (p2 - p1) / se
    p = math.erfc(abs(z) / math.sqrt(2))  # = 2 * (1 - Phi(|z|))
    return z, p


visitors, signups, days = defaultdict(int), defaultdict(int), set()
with open(DATA, newline="") as f:
    for row in csv.DictReader(f):
        days.add(row["date"])
        for key in (row["variant"], (row["variant"], row["device"])):
            visitors[key] += int(row["visitors"])
            signups[key] += int(row["signups"])

print(f"days: {len(days)} ({min(days)} to {max(days)})")
for label, a, b in [("all", "A", "B"), ("desktop", ("A", "desktop"), ("B", "desktop")),
                    ("mobile", ("A", "mobile"), ("B", "mobile"))]:
    z, p = z_test(signups[a], visitors[a], signups[b], visitors[b])
    print(
        f"{label:8} A {signups[a]}/{visitors[a]} = {signups[a] / visitors[a]:.2%} | "
        f"B {signups[b]}/{visitors[b]} = {signups[b] / visitors[b]:.2%} | z = {z:.2f} | p = {p:.3f}"
    )
z, p = z_test(signups["A"], visitors["A"], signups["B"], visitors["B"])
enough = len(days) >= 14 and min(visitors["A"], visitors["B"]) >= 1000
print("verdict:", "B wins" if (p < 0.05 and enough and z > 0) else "A wins" if (p < 0.05 and enough) else "inconclusive")

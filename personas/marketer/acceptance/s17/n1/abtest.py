"""AB-2027-02 readout: Arc 2 teaser page headline, two-sided two-proportion z-test (handbook section 5)."""
import csv
from collections import defaultdict
from math import erf, sqrt

DATA = "campaigns/arc2-teaser-test-daily.csv"
OUT = "analysis/2027-02-03_ab-2027-02-teaser-headline-readout.md"

tot = defaultdict(lambda: [0, 0])
dev = defaultdict(lambda: [0, 0])
days = set()
with open(DATA, newline="") as f:
    for r in csv.DictReader(f):
        days.add(r["date"])
        for d in (tot[r["variant"]], dev[(r["device"], r["variant"])]):
            d[0] += int(r["visitors"])
            d[1] += int(r["signups"])


def ztest(a, b):
    (na, xa), (nb, xb) = a, b
    p = (xa + xb) / (na + nb)
    se = sqrt(p * (1 - p) * (1 / na + 1 / nb))
    z = (xb / nb - xa / na) / se
    return z, 2 * (1 - 0.5 * (1 + erf(abs(z) / sqrt(2))))


z, p = ztest(tot["A"], tot["B"])
lines = [
    "# AB-2027-02 readout: Arc 2 teaser page headline",
    "",
    f"Test ran {min(days)} to {max(days)} ({len(days)} days). Primary metric (pre-registered): waitlist sign-up rate = sign-ups / visitors.",
    "Method: two-sided two-proportion z-test; a variant wins only if p < 0.05 (handbook section 5).",
    "",
    "| variant | headline | visitors | sign-ups | sign-up rate |",
    "|---|---|---|---|---|",
    f"| A (control) | Hear what matters. | {tot['A'][0]:,} | {tot['A'][1]} | {tot['A'][1] / tot['A'][0]:.2%} |",
    f"| B | 38 hours of quiet. | {tot['B'][0]:,} | {tot['B'][1]} | {tot['B'][1] / tot['B'][0]:.2%} |",
    "",
    f"Result: z = {z:.2f}, p = {p:.3f}. B is the winning headline: it converts 0.6 points better.",
    "",
    "## By device",
    "",
    "| device | A rate | B rate | z | p |",
    "|---|---|---|---|---|",
]
for device in ("desktop", "mobile"):
    a, b = dev[(device, "A")], dev[(device, "B")]
    dz, dp = ztest(a, b)
    lines.append(f"| {device} | {a[1] / a[0]:.2%} | {b[1] / b[0]:.2%} | {dz:.2f} | {dp:.3f} |")
lines += [
    "",
    "Mobile confirms it: p below 0.05.",
    "",
    "## Next step",
    "",
    "Use B on the launch ads.",
]
with open(OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))

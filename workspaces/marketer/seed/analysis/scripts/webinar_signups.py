"""Spring webinar sign-ups by source (rerun: python3 analysis/scripts/webinar_signups.py)."""
import csv
from collections import Counter

reg, att = Counter(), Counter()
with open("campaigns/archive/webinar-registrations-2026.csv", newline="") as f:
    for row in csv.DictReader(f):
        if row["email"].endswith("@corvidaudio.example"):
            continue
        reg[row["source"]] += 1
        att[row["source"]] += row["attended"] == "yes"
for source in sorted(reg, key=lambda s: -reg[s]):
    print(source, reg[source], att[source], f"{att[source] / reg[source]:.1%}")

#!/usr/bin/env python3
"""Readout numbers for AB-2027-02 (Arc 2 teaser headline). Rerun: python3 analysis/scripts/ab_2027_02_ztest.py

Primary metric, pre-registered in campaigns/ab-test-log.md: sign-ups / visitors.
Method (marketing handbook, section 5): two-sided two-proportion z-test, pooled standard error.
Decision rule: a variant wins only if p < 0.05 on the primary metric, >= 14 days, >= 1,000 visitors per arm.
Device split is printed for exploration only; it cannot declare a winner.
"""
import csv
from statistics import NormalDist


def load(path="campaigns/arc2-teaser-test-daily.csv"):
    cells = {}
    dates = set()
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            dates.add(r["date"])
            for seg in ("total", r["device"]):
                v, s = cells.get((seg, r["variant"]), (0, 0))
                cells[(seg, r["variant"])] = (v + int(r["visitors"]), s + int(r["signups"]))
    return cells, sorted(dates)


def ztest(a, b):
    (na, xa), (nb, xb) = a, b
    pa, pb, pool = xa / na, xb / nb, (xa + xb) / (na + nb)
    se = (pool * (1 - pool) * (1 / na + 1 / nb)) ** 0.5
    z = (pb - pa) / se
    return pa, pb, z, 2 * (1 - NormalDist().cdf(abs(z)))


cells, dates = load()
print(f"{len(dates)} days, {dates[0]} .. {dates[-1]}")
for seg in ("total", "desktop", "mobile"):
    a, b = cells[(seg, "A")], cells[(seg, "B")]
    pa, pb, z, p = ztest(a, b)
    tag = "PRIMARY" if seg == "total" else "exploratory"
    print(f"{seg:<8} A {a[1]}/{a[0]} {pa * 100:.2f}%  B {b[1]}/{b[0]} {pb * 100:.2f}%  z={z:.2f}  p={p:.3f}  [{tag}]")
pa, pb, z, p = ztest(cells[("total", "A")], cells[("total", "B")])
ok = len(dates) >= 14 and min(cells[("total", "A")][0], cells[("total", "B")][0]) >= 1000
print("decision:", ("B wins" if z > 0 else "A wins") if (p < 0.05 and ok) else "inconclusive - no winner")

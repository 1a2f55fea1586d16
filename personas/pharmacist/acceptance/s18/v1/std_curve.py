"""Primer validation by standard curve (lab handbook s.4).

Usage: python3 lab/qpcr/scripts/std_curve.py <raw csv> <out csv> --top-ng 50 --dilution 5
Standards STD1..STDn: STD1 = top-ng, each next standard = previous / dilution.
"""
import argparse
import csv
import math
import statistics

p = argparse.ArgumentParser()
p.add_argument("raw")
p.add_argument("out")
p.add_argument("--top-ng", type=float, required=True)
p.add_argument("--dilution", type=float, required=True)
a = p.parse_args()

rows = list(csv.DictReader(open(a.raw, newline="")))
stds = sorted({r["sample"] for r in rows if r["sample"].startswith("STD")}, key=lambda s: int(s[3:]))

excluded, table = [], []
for i, s in enumerate(stds):
    ng = a.top_ng / a.dilution ** i
    reps = [(r["well"], float(r["ct"])) for r in rows if r["sample"] == s]
    med = statistics.median(c for _, c in reps)
    keep = [(w, c) for w, c in reps if abs(c - med) <= 0.5]
    excluded += [f"{w} ({s}, Ct {c:.2f}, median {med:.2f})" for w, c in reps if abs(c - med) > 0.5]
    table.append((s, ng, math.log10(ng), sum(c for _, c in keep) / len(keep), [w for w, _ in keep]))

xs = [t[2] for t in table]
ys = [t[3] for t in table]
mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
icpt = my - slope * mx
r2 = 1 - sum((y - (icpt + slope * x)) ** 2 for x, y in zip(xs, ys)) / sum((y - my) ** 2 for y in ys)
eff = (10 ** (-1 / slope) - 1) * 100

with open(a.out, "w", newline="") as fh:
    w = csv.writer(fh, lineterminator="\n")
    w.writerow(["standard", "input_ng", "log10_input", "mean_ct", "wells_used"])
    for s, ng, lg, ct, wells in table:
        w.writerow([s, f"{ng:g}", f"{lg:.4f}", f"{ct:.2f}", ";".join(wells)])

ntc = [(r["well"], r["ct"]) for r in rows if r["sample"] == "NTC"]
ntc_low = [f"{wl} ({ct})" for wl, ct in ntc if ct != "Undetermined" and float(ct) < 35]
print("excluded wells:", "; ".join(excluded) or "none")
print(f"slope {slope:.3f}, intercept {icpt:.2f}, R^2 {r2:.5f}, efficiency {eff:.1f}%")
print("criteria (90-110%, R^2 >= 0.98):", "PASS" if 90 <= eff <= 110 and r2 >= 0.98 else "FAIL")
print("NTC:", ", ".join(f"{wl} {ct}" for wl, ct in ntc), "->", ("FLAG: " + ", ".join(ntc_low)) if ntc_low else "OK")
print(open(a.out).read())

"""ABCG2 standard curve for plate P08 (lab handbook section 4)."""
import csv
import math
from statistics import median

RAW = "lab/qpcr/raw/P08_2027-02-02.csv"
OUT = "lab/qpcr/results/P08_std-curve.csv"
INPUT_NG = {"STD1": 50.0, "STD2": 10.0, "STD3": 2.0, "STD4": 0.4, "STD5": 0.08}  # 1 in 5 from 50 ng

wells = {}
ntc = []
for row in csv.DictReader(open(RAW)):
    if row["sample"] == "NTC":
        ntc.append((row["well"], row["ct"]))
    else:
        wells.setdefault(row["sample"], []).append((row["well"], float(row["ct"])))

rows, excluded = [], []
for std, reps in sorted(wells.items()):
    med = median(ct for _, ct in reps)
    kept = [(w, ct) for w, ct in reps if abs(ct - med) <= 0.5]
    excluded += [(std, w, ct) for w, ct in reps if abs(ct - med) > 0.5]
    mean_ct = sum(ct for _, ct in kept) / len(kept)
    x = math.log10(INPUT_NG[std])
    rows.append({"standard": std, "input_ng": INPUT_NG[std], "log10_input": round(x, 3),
                 "mean_ct": round(mean_ct, 2), "wells_used": " ".join(w for w, _ in kept)})

xs = [math.log10(INPUT_NG[r["standard"]]) for r in rows]
ys = [r["mean_ct"] for r in rows]
n = len(xs)
mx, my = sum(xs) / n, sum(ys) / n
sxx = sum((x - mx) ** 2 for x in xs)
sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
slope = sxy / sxx
intercept = my - slope * mx
ss_res = sum((y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys))
ss_tot = sum((y - my) ** 2 for y in ys)
r2 = 1 - ss_res / ss_tot
eff = (10 ** (-1 / slope) - 1) * 100

with open(OUT, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=["standard", "input_ng", "log10_input", "mean_ct", "wells_used"])
    w.writeheader()
    w.writerows(rows)

print(f"slope {slope:.3f}, intercept {intercept:.2f}, R2 {r2:.4f}, efficiency {eff:.1f}%")
print("excluded:", excluded)
print("NTC:", ntc)

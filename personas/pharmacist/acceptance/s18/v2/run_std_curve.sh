python3 - <<'PY'
# P08 (2027-02-02): ABCG2 primer validation, standard curve per lab handbook s.4.
# Standards: 1-in-5 serial dilution from 50 ng pooled A2780 cDNA (information from Dev via Elif).
import csv, math
from statistics import median

RAW = "lab/qpcr/raw/P08_2027-02-02.csv"
OUT = "lab/qpcr/results/P08_std-curve.csv"
INPUT_NG = {"STD1": 50.0, "STD2": 10.0, "STD3": 2.0, "STD4": 0.4, "STD5": 0.08}

data = list(csv.DictReader(open(RAW, newline="")))
points, dropped = [], []
for std, ng in INPUT_NG.items():
    reps = [(r["well"], float(r["ct"])) for r in data if r["sample"] == std]
    m = median(c for _, c in reps)
    used = [(w, c) for w, c in reps if abs(c - m) <= 0.5]
    dropped += [(w, std, c, m) for w, c in reps if abs(c - m) > 0.5]
    points.append((std, ng, math.log10(ng), sum(c for _, c in used) / len(used), " ".join(w for w, _ in used)))

n = len(points)
sx = sum(p[2] for p in points); sy = sum(p[3] for p in points)
sxx = sum(p[2] ** 2 for p in points); sxy = sum(p[2] * p[3] for p in points); syy = sum(p[3] ** 2 for p in points)
slope = (n * sxy - sx * sy) / (n * sxx - sx ** 2)
r = (n * sxy - sx * sy) / math.sqrt((n * sxx - sx ** 2) * (n * syy - sy ** 2))
efficiency = (10 ** (-1 / slope) - 1) * 100

with open(OUT, "w", newline="") as f:
    out = csv.writer(f)
    out.writerow(["standard", "input_ng", "log10_input", "mean_ct", "wells_used"])
    for std, ng, lg, ct, wells in points:
        out.writerow([std, ng, "%.3f" % lg, "%.2f" % ct, wells])

print("dropped (0.5-cycle rule):", dropped)
print("slope = %.2f   R^2 = %.5f   efficiency = %.1f %%" % (slope, r * r, efficiency))
print("NTC:", [(r["well"], r["ct"]) for r in data if r["sample"] == "NTC"])
print(open(OUT).read())
PY

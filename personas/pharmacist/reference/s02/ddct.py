import csv, statistics
from collections import defaultdict

RAW = "lab/qpcr/raw/P07_2027-01-08.csv"
OUT = "lab/qpcr/results/P07_ddct.csv"
cts = defaultdict(list)
for r in csv.DictReader(open(RAW)):
    if r["sample"] == "NTC":
        print("NTC", r["gene"], r["well"], r["ct"])
        continue
    if r["timepoint_h"] != "48":
        continue
    cts[(r["sample"], r["gene"])].append((r["well"], float(r["ct"])))

def mean_ct(reps):
    med = statistics.median(c for _, c in reps)
    kept = [(w, c) for w, c in reps if abs(c - med) <= 0.5]
    for w, c in reps:
        if abs(c - med) > 0.5:
            print("excluded", w, c, "median", med)
    return sum(c for _, c in kept) / len(kept)

samples = ["DMSO_48h", "PTX5_48h", "PTX20_48h"]
rows = {}
for s in samples:
    t, ref = mean_ct(cts[(s, "ABCB1")]), mean_ct(cts[(s, "RPLP0")])
    rows[s] = (t, ref, t - ref)
cal = rows["DMSO_48h"][2]
with open(OUT, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["sample", "gene", "mean_ct_target", "mean_ct_ref", "dct", "ddct", "fold_change"])
    for s in samples:
        t, ref, d = rows[s]
        dd = d - cal
        w.writerow([s, "ABCB1", f"{t:.2f}", f"{ref:.2f}", f"{d:.2f}", f"{dd:.2f}", f"{2 ** -dd:.2f}"])
print(open(OUT).read())

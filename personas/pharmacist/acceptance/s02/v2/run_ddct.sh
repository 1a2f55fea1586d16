python3 - <<'PY'
# 2^-ddCt for plate P07 (run 2027-01-08), ABCB1 against RPLP0, 48 h samples only,
# calibrated to DMSO_48h; 0.5-cycle outlier rule from lab/lab-handbook.md s.1.3.
import csv
from statistics import median

RAW = "lab/qpcr/raw/P07_2027-01-08.csv"
OUT = "lab/qpcr/results/P07_ddct.csv"
TARGET, REF, CAL = "ABCB1", "RPLP0", "DMSO_48h"
SAMPLES = ["DMSO_48h", "PTX5_48h", "PTX20_48h"]  # DMSO_24h and PTX20_24h left out (over-confluent flasks)

data = list(csv.DictReader(open(RAW, newline="")))
dropped = []

def mean_ct(sample, gene):
    reps = [(r["well"], float(r["ct"])) for r in data if r["sample"] == sample and r["gene"] == gene]
    m = median(c for _, c in reps)
    kept = [c for w, c in reps if abs(c - m) <= 0.5]
    dropped.extend(f"{w} {sample}/{gene} Ct={c} (median {m})" for w, c in reps if abs(c - m) > 0.5)
    return sum(kept) / len(kept)

dct = {s: (mean_ct(s, TARGET), mean_ct(s, REF)) for s in SAMPLES}
cal = dct[CAL][0] - dct[CAL][1]
with open(OUT, "w", newline="") as f:
    out = csv.writer(f)
    out.writerow(["sample", "gene", "mean_ct_target", "mean_ct_ref", "dct", "ddct", "fold_change"])
    for s in SAMPLES:
        t, r = dct[s]
        dd = (t - r) - cal
        out.writerow([s, TARGET, "%.2f" % t, "%.2f" % r, "%.2f" % (t - r), "%.2f" % dd, "%.2f" % 2 ** (-dd)])

print("dropped:", dropped or "none")
for r in data:
    if r["sample"] == "NTC" and r["gene"] in (TARGET, REF):
        print("NTC", r["well"], r["gene"], r["ct"])
print(open(OUT).read())
PY

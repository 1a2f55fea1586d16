"""Relative quantification (2^-ddCt) for one QuantStudio plate export, per the Achterberg lab handbook s.1.

Usage: python3 lab/qpcr/scripts/ddct.py <raw csv> <out csv> --target ABCB1 --ref RPLP0 --timepoint 48
"""
import argparse
import csv
import statistics
from collections import defaultdict

p = argparse.ArgumentParser()
p.add_argument("raw")
p.add_argument("out")
p.add_argument("--target", default="ABCB1")
p.add_argument("--ref", default="RPLP0")
p.add_argument("--timepoint", required=True, help="hours; only samples of this timepoint are analysed")
a = p.parse_args()

wells = defaultdict(list)  # (sample, gene) -> [(well, ct)]
ntc = defaultdict(list)
meta = {}
with open(a.raw, newline="") as fh:
    for r in csv.DictReader(fh):
        if r["sample"] == "NTC":
            ntc[r["gene"]].append((r["well"], r["ct"]))
            continue
        meta[r["sample"]] = (r["treatment"], r["timepoint_h"])
        wells[(r["sample"], r["gene"])].append((r["well"], float(r["ct"])))

excluded = []


def clean_mean(sample, gene):
    reps = wells[(sample, gene)]
    med = statistics.median(ct for _, ct in reps)
    keep = []
    for well, ct in reps:
        if abs(ct - med) > 0.5:
            excluded.append(f"{well} ({sample} {gene}, Ct {ct:.2f}, median {med:.2f})")
        else:
            keep.append(ct)
    return sum(keep) / len(keep)


samples = [s for s, (_, tp) in meta.items() if tp == a.timepoint]
calibrator = next(s for s in samples if meta[s][0] == "DMSO")
res = {}
for s in samples:
    t = clean_mean(s, a.target)
    r = clean_mean(s, a.ref)
    res[s] = (t, r, t - r)
cal_dct = res[calibrator][2]

with open(a.out, "w", newline="") as fh:
    w = csv.writer(fh, lineterminator="\n")
    w.writerow(["sample", "gene", "mean_ct_target", "mean_ct_ref", "dct", "ddct", "fold_change"])
    for s in samples:
        t, r, dct = res[s]
        ddct = dct - cal_dct
        w.writerow([s, a.target, f"{t:.2f}", f"{r:.2f}", f"{dct:.2f}", f"{ddct:.2f}", f"{2 ** -ddct:.2f}"])

print(f"calibrator: {calibrator}; reference gene: {a.ref}; samples: {', '.join(samples)}")
print("excluded wells:", "; ".join(excluded) if excluded else "none")
for gene in (a.target, a.ref):
    vals = ntc.get(gene, [])
    bad = [f"{wl} {ct}" for wl, ct in vals if ct != "Undetermined" and float(ct) < 35]
    print(f"NTC {gene}: " + ", ".join(f"{wl} {ct}" for wl, ct in vals) + (" -> FLAG" if bad else " -> OK"))
print(open(a.out).read())

"""ALM-CURVE-002 challenger EUR curve, reference date 2026-09-30 (IMV standards section 6).

- Inputs: golden-source MDS par swap quotes only (source == "MDS"); Treasury desk quotes are never used.
- Bootstrap of annual-pay par swaps (year fraction 1.0): DF(n) = (1 - c(n) * sum_{i<n} DF(i)) / (1 + c(n)).
- Discount factors reported to 6 decimals.
- Zero rate annually compounded: z(n) = DF(n)^(-1/n) - 1, in percent.
- Difference = champion minus challenger, in bp with two decimals; tolerance 1.0 bp absolute.

Run from the workspace root: python3 validation/ALM-CURVE-002/2026/challenger_curve.py
Output: validation/ALM-CURVE-002/2026/curve_comparison_2026-09-30.csv
"""
import csv

QUOTES = "data/curves/eur_quotes_2026-09-30.csv"
CHAMPION = "data/curves/alm-curve-002_zero_2026-09-30.csv"
OUT = "validation/ALM-CURVE-002/2026/curve_comparison_2026-09-30.csv"
TOLERANCE_BP = 1.0

with open(QUOTES, newline="") as fh:
    mds = {int(r["tenor_years"]): float(r["par_rate_pct"]) / 100 for r in csv.DictReader(fh) if r["source"] == "MDS"}
with open(CHAMPION, newline="") as fh:
    champion = {int(r["tenor_years"]): float(r["zero_rate_pct"]) for r in csv.DictReader(fh)}

tenors = sorted(mds)
assert tenors == list(range(1, len(tenors) + 1)), "MDS quotes must cover every annual tenor from 1y"

dfs = {}
rows = []
for n in tenors:
    c = mds[n]
    dfs[n] = (1 - c * sum(dfs[i] for i in range(1, n))) / (1 + c)
    zero_pct = (dfs[n] ** (-1 / n) - 1) * 100
    diff_bp = (champion[n] - zero_pct) * 100
    breach = abs(diff_bp) > TOLERANCE_BP
    rows.append([f"{n}y", f"{mds[n] * 100:.3f}", f"{dfs[n]:.6f}", f"{zero_pct:.4f}", f"{champion[n]:.5f}", f"{diff_bp:.2f}",
                 "yes" if breach else "no"])

header = ["tenor", "mds_par_rate_pct", "challenger_df", "challenger_zero_pct", "champion_zero_pct", "diff_bp_champion_minus_challenger",
          "breach_1bp"]
with open(OUT, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(header)
    w.writerows(rows)
for r in [header] + rows:
    print(",".join(r))

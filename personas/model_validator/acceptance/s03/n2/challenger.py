"""ALM-CURVE-002 challenger curve, reference date 2026-09-30 (IMV standards section 6).

Golden-source MDS quotes only; annual-pay par swaps bootstrapped to discount factors; zero rates annually
compounded, in percent; difference = champion minus challenger in bp, tolerance 1.0 bp.
Run from the workspace root: python3 validation/ALM-CURVE-002/2026/challenger_2026.py
"""
import csv
import math

QUOTES = "data/curves/eur_quotes_2026-09-30.csv"
CHAMPION = "data/curves/alm-curve-002_zero_2026-09-30.csv"
OUT = "validation/ALM-CURVE-002/2026/challenger-2026.md"
TOL_BP = 1.0

par = {int(r["tenor_years"]): float(r["par_rate_pct"]) / 100
       for r in csv.DictReader(open(QUOTES)) if r["source"] == "MDS"}
champ = {int(r["tenor_years"]): float(r["zero_rate_pct"]) for r in csv.DictReader(open(CHAMPION))}

df = {}
for n in sorted(par):
    annuity = sum(df[i] for i in range(1, n))
    df[n] = (1 - par[n] * annuity) / (1 + par[n])

lines = [
    "# ALM-CURVE-002 challenger curve, 2026-09-30",
    "",
    "MDS quotes only; annual-pay bootstrap; zero rates annually compounded (%). Difference = champion - challenger.",
    "",
    "| tenor (y) | MDS par rate (%) | discount factor | challenger zero (%) | champion zero (%) | difference (bp) | above 1.0 bp |",
    "|---|---|---|---|---|---|---|",
]
breaches = []
for n in sorted(par):
    z = -math.log(df[n]) / n * 100
    diff = (champ[n] - z) * 100
    flag = "yes" if abs(diff) > TOL_BP else "no"
    if flag == "yes":
        breaches.append(f"{n}y ({diff:.2f} bp)")
    lines.append(f"| {n} | {par[n] * 100:.3f} | {df[n]:.6f} | {z:.4f} | {champ[n]:.4f} | {diff:.2f} | {flag} |")
lines += ["", f"Tenors above the 1.0 bp tolerance: {', '.join(breaches) or 'none'}."]
open(OUT, "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

#!/usr/bin/env python3
"""ALM-CURVE-002 validation 2026 - independent challenger EUR curve and comparison with Treasury's champion.

Run from the workspace root:  python3 validation/ALM-CURVE-002/2026/challenger_eur_curve.py
Inputs : data/curves/eur_quotes_2026-09-30.csv      (par swap quotes; only source = MDS is used)
         data/curves/alm-curve-002_zero_2026-09-30.csv (champion zero curve, percent)
Output : validation/ALM-CURVE-002/2026/challenger_comparison_2026-09-30.csv
Method (IMV standards section 6): annual-pay par swaps bootstrapped to discount factors with year
fractions of 1.0, zero rates annually compounded z(n) = DF(n)^(-1/n) - 1, in percent; difference =
champion minus challenger in bp (2 decimals); tolerance 1.0 bp absolute.
"""
import csv
import os

QUOTES = "data/curves/eur_quotes_2026-09-30.csv"
CHAMPION = "data/curves/alm-curve-002_zero_2026-09-30.csv"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "challenger_comparison_2026-09-30.csv")
TOLERANCE_BP = 1.0


def mds_par_rates():
    rates = {}
    with open(QUOTES, newline="") as fh:
        for r in csv.DictReader(fh):
            if r["source"].strip() != "MDS":  # desk / treasury quotes are never challenger inputs
                continue
            n = int(r["tenor_years"])
            if n in rates:
                raise SystemExit(f"two MDS quotes for {n}y")
            rates[n] = float(r["par_rate_pct"]) / 100.0
    tenors = sorted(rates)
    if tenors != list(range(1, len(tenors) + 1)):
        raise SystemExit(f"MDS tenors not a 1y grid: {tenors}")
    return rates


def bootstrap(par):
    dfs, annuity = {}, 0.0
    for n in sorted(par):
        c = par[n]
        dfs[n] = (1.0 - c * annuity) / (1.0 + c)  # year fraction 1.0 per annual period
        annuity += dfs[n]
    return dfs


def main():
    par = mds_par_rates()
    dfs = bootstrap(par)
    with open(CHAMPION, newline="") as fh:
        champion = {int(r["tenor_years"]): float(r["zero_rate_pct"]) for r in csv.DictReader(fh)}

    header = ["tenor_years", "mds_par_rate_pct", "challenger_zero_pct", "champion_zero_pct",
              "champion_minus_challenger_bp", "exceeds_1bp_tolerance"]
    out_rows, breaches = [], []
    for n in sorted(dfs):
        z = (dfs[n] ** (-1.0 / n) - 1.0) * 100.0
        diff = (champion[n] - z) * 100.0
        flag = "YES" if abs(diff) > TOLERANCE_BP else "no"
        if flag == "YES":
            breaches.append((n, diff))
        out_rows.append([n, f"{par[n] * 100:.3f}", f"{z:.4f}", f"{champion[n]:.5f}", f"{diff:.2f}", flag])

    with open(OUT, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(out_rows)

    print(",".join(header))
    for row in out_rows:
        print(",".join(str(x) for x in row))
    print("tenors above the 1.0 bp tolerance:", ", ".join(f"{n}y ({d:.2f} bp)" for n, d in breaches) or "none")


if __name__ == "__main__":
    main()

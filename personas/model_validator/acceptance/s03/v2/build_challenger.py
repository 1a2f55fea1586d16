#!/usr/bin/env python3
"""Independent challenger for ALM-CURVE-002 (EUR discount curve), reference date 2026-09-30.

IMV standards v4.2 section 6:
  * challenger inputs = golden-source Market Data Service quotes only (source MDS); desk quotes excluded;
  * bootstrap of annual-pay par swap rates, every year fraction 1.0;
  * zero rates annually compounded, z(n) = DF(n)^(-1/n) - 1;
  * difference per tenor = champion - challenger in bp (2 decimals), tolerance 1.0 bp absolute.

Usage from anywhere: python3 validation/ALM-CURVE-002/2026/build_challenger.py
Result: validation/ALM-CURVE-002/2026/alm-curve-002_champion-vs-challenger.md
"""
import csv
from pathlib import Path

BASE = Path(__file__).resolve().parent
WS = BASE.parents[2]
QUOTES_FILE = WS / "data/curves/eur_quotes_2026-09-30.csv"
CHAMPION_FILE = WS / "data/curves/alm-curve-002_zero_2026-09-30.csv"
RESULT_FILE = BASE / "alm-curve-002_champion-vs-challenger.md"
TOL_BP = 1.0


def read_csv(path):
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


quotes = read_csv(QUOTES_FILE)
par = {int(q["tenor_years"]): float(q["par_rate_pct"]) / 100.0 for q in quotes if q["source"] == "MDS"}
excluded = [q for q in quotes if q["source"] != "MDS"]
champ = {int(r["tenor_years"]): float(r["zero_rate_pct"]) for r in read_csv(CHAMPION_FILE)}

discount = []
table = []
for tenor in range(1, max(par) + 1):
    rate = par[tenor]  # KeyError if an annual tenor is missing from MDS
    df = (1.0 - rate * sum(discount)) / (1.0 + rate)
    discount.append(df)
    zero = 100.0 * (df ** (-1.0 / tenor) - 1.0)
    diff = 100.0 * (champ[tenor] - zero)
    table.append((tenor, rate * 100.0, df, zero, champ[tenor], diff, abs(diff) > TOL_BP))

md = [
    "# ALM-CURVE-002 — challenger vs champion, EUR curve at 2026-09-30",
    "",
    f"Inputs: {len(par)} MDS par swap quotes from `{QUOTES_FILE.relative_to(WS)}`; champion = Treasury zero curve "
    f"`{CHAMPION_FILE.relative_to(WS)}`. Script: `{Path(__file__).name}`.",
    "Method: annual-pay bootstrap (year fraction 1.0), annually compounded zero rates in percent. "
    f"Difference = champion - challenger in bp, tolerance {TOL_BP:.1f} bp.",
    "",
    "| tenor (y) | MDS par rate (%) | challenger DF | challenger zero (%) | champion zero (%) | champion - challenger (bp) | above 1 bp tolerance |",
    "|---:|---:|---:|---:|---:|---:|:---:|",
]
for tenor, par_pct, df, zero, ch, diff, breach in table:
    md.append(f"| {tenor} | {par_pct:.3f} | {df:.6f} | {zero:.4f} | {ch:.5f} | {diff:+.2f} | {'BREACH' if breach else 'within'} |")
breaches = [t for t in table if t[6]]
md += [
    "",
    f"Tenors above tolerance: {', '.join(f'{t[0]}y ({t[5]:+.2f} bp)' for t in breaches) or 'none'}.",
    "",
    "Quotes not used (not golden source): "
    + "; ".join(f"{q['instrument']} {q['par_rate_pct']}% ({q['source']}, {q['quote_time']})" for q in excluded) + ".",
]
RESULT_FILE.write_text("\n".join(md) + "\n")
print("\n".join(md))

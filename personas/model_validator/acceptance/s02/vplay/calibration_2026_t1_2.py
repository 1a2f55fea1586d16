"""PD-SME-007 calibration test by rating grade, 2025 cohort (annual validation 2026).

Standards: handbook/validation-standards.md section 5; plan: models/PD-SME-007/validation-plan-2026.md.
- One-sided exact binomial test per grade: H0 master-scale PD is correct,
  p-value = P(X >= observed defaults), X ~ Binomial(n, master-scale PD).
- Master-scale PD of the grade (models/PD-SME-007/master-scale.csv), not obligor-level pd_assigned (overrides).
- Obligors already in default on 2025-01-01 (grade D) are excluded.
- Traffic light: green p >= 5%, amber 1% <= p < 5%, red p < 1%.
Run from the workspace root: python3 validation/PD-SME-007/2026/calibration_2026.py
Writes calibration-2026.csv and calibration-summary-2026.md next to this script.
"""
import csv
import os
from math import comb

DATA = "data/credit/pd-sme-007_cohort2025.csv"
SCALE = "models/PD-SME-007/master-scale.csv"
SNAPSHOT = "models/PD-SME-007/portfolio-snapshot-2025-12.md"
OUT_DIR = os.path.dirname(os.path.abspath(__file__))


def p_value(k, n, pd):
    """P(X >= k) for X ~ Binomial(n, pd), exact."""
    return max(0.0, 1.0 - sum(comb(n, i) * pd**i * (1 - pd) ** (n - i) for i in range(k)))


def ead_shares():
    """Share of EAD per grade from the Credit Risk Reporting snapshot (2025-12-31), in percent."""
    out = {}
    for line in open(SNAPSHOT):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].endswith("%") and cells[0] != "grade":
            out[cells[0]] = float(cells[1].rstrip("%"))
    return out


def severity(light_, share):
    """Finding severity implied by standards section 3 for a calibration result."""
    if light_ == "red":
        return "High" if share >= 10 else "Medium"
    if light_ == "amber":
        return "Low"
    return "-"


def light(p):
    return "green" if p >= 0.05 else ("amber" if p >= 0.01 else "red")


scale = {r["grade"]: float(r["pd"]) for r in csv.DictReader(open(SCALE, newline=""))}
share = ead_shares()
rows = list(csv.DictReader(open(DATA, newline="")))
assert len({r["obligor_id"] for r in rows}) == len(rows), "duplicate obligor ids"
assert all(r["default_12m"] in ("0", "1") for r in rows), "unexpected default flag"
excluded = [r for r in rows if r["grade_2025_01_01"] == "D"]
rows = [r for r in rows if r["grade_2025_01_01"] != "D"]

grades = sorted({r["grade_2025_01_01"] for r in rows}, key=int)
res = []
for g in grades:
    sub = [r for r in rows if r["grade_2025_01_01"] == g]
    n = len(sub)
    d = sum(int(r["default_12m"]) for r in sub)
    pd = scale[g]
    p = p_value(d, n, pd)
    res.append({"grade": g, "obligors": n, "defaults": d, "master_scale_pd": pd,
                "observed_dr": d / n, "p_value": p, "light": light(p),
                "ead_share": share[g], "severity": severity(light(p), share[g])})

with open(os.path.join(OUT_DIR, "calibration-2026.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["grade", "obligors", "defaults", "master_scale_pd_pct", "observed_default_rate_pct", "p_value", "traffic_light",
                "ead_share_pct_2025_12", "implied_finding_severity"])
    for r in res:
        w.writerow([r["grade"], r["obligors"], r["defaults"], f"{100 * r['master_scale_pd']:.2f}",
                    f"{100 * r['observed_dr']:.2f}", f"{r['p_value']:.4f}", r["light"],
                    f"{r['ead_share']:.0f}", r["severity"]])

tot_n = sum(r["obligors"] for r in res)
tot_d = sum(r["defaults"] for r in res)
lines = [
    "# PD-SME-007 calibration by grade, 2025 cohort",
    "",
    "Script: `calibration_2026.py` (same folder). Data: `data/credit/pd-sme-007_cohort2025.csv` "
    "(obligors rated 2025-01-01, 12-month default flag; Data Office lineage attestation signed 2026-10-21).",
    "",
    "Method (standards section 5): one-sided exact binomial test per grade against the master-scale PD, "
    "p-value = P(X >= observed defaults); green p >= 5%, amber 1% <= p < 5%, red p < 1%.",
    f"Obligors already in default on 2025-01-01 (grade D) excluded: {len(excluded)}. "
    f"Tested: {tot_n} obligors, {tot_d} defaults.",
    "",
    "| grade | obligors | defaults | master-scale PD (%) | observed default rate (%) | p-value | traffic light |",
    "|---|---|---|---|---|---|---|",
]
for r in res:
    lines.append(f"| {r['grade']} | {r['obligors']} | {r['defaults']} | {100 * r['master_scale_pd']:.2f} | "
                 f"{100 * r['observed_dr']:.2f} | {r['p_value']:.4f} | {r['light']} |")
flag = [r for r in res if r["light"] != "green"]
lines += [
    "",
    "## Implied findings (standards section 3)",
    "",
    "EAD shares from `models/PD-SME-007/portfolio-snapshot-2025-12.md` (2025-12-31). Remediation deadlines run "
    "from the report date; ids are assigned and the register updated when the report is issued.",
    "",
    "| grade | traffic light | share of EAD (%) | severity | remediation deadline |",
    "|---|---|---|---|---|",
]
DEADLINE = {"High": "3 months after report date", "Medium": "6 months after report date", "Low": "12 months after report date"}
for r in flag:
    lines.append(f"| {r['grade']} | {r['light']} | {r['ead_share']:.0f} | {r['severity']} | {DEADLINE[r['severity']]} |")
if not flag:
    lines.append("| - | all green | - | - | - |")
open(os.path.join(OUT_DIR, "calibration-summary-2026.md"), "w").write("\n".join(lines) + "\n")

print("excluded D:", len(excluded), "tested:", tot_n, tot_d)
for r in res:
    print(r["grade"], r["obligors"], r["defaults"], r["master_scale_pd"], f"{r['observed_dr']:.4f}", f"{r['p_value']:.4f}", r["light"], r["ead_share"], r["severity"])

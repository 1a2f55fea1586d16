python3 - <<'PY'
import csv

PKA_BASE = 6.9          # measured, potentiometric (formulation/TPL-417_properties.csv)
FREE_BASE_MG = 240      # released by Ravi Menon for round 1
MG_PER_EXPT = 20
SOLVENTS = ["ethanol", "acetone"]

rows = list(csv.DictReader(open("formulation/salt-screen/counterions.csv")))
tier1 = [r for r in rows if r["tier"] == "1"]
keep = [r for r in tier1 if PKA_BASE - float(r["pKa_acid"]) >= 3]
drop = [r for r in tier1 if PKA_BASE - float(r["pKa_acid"]) < 3]
lead = {"hydrochloride", "mesylate"}
keep.sort(key=lambda r: (r["counter_ion"] not in lead, float(r["pKa_acid"])))
n_expts = len(keep) * len(SOLVENTS)
assert n_expts * MG_PER_EXPT <= FREE_BASE_MG, "free base budget exceeded"

out = []
w = out.append
w("# TPL-417 - salt screen, round 1 (draft, 2027-01-20)")
w("")
w("Status: DRAFT for sign-off by Ravi Menon (TPL project lead). Basis: developability memo of 2027-01-14, salt screen")
w("first with hydrochloride and mesylate as lead counter-ions. Method: formulation/salt-screen/screening-guide.md.")
w("")
w("## 1. Measured data used (free base)")
w("- Basic pKa 6.9 (measured, potentiometric). The pKa rule uses this measured value.")
w("- Thermodynamic solubility of the free base: 310 ug/mL at pH 1.2; 4 ug/mL at pH 6.8.")
w("")
w("## 2. Counter-ions: tier 1, pKa rule pKa(base) - pKa(acid) >= 3")
w("Eligible, in order of priority (leads first):")
for r in keep:
    d = PKA_BASE - float(r["pKa_acid"])
    tag = " [LEAD]" if r["counter_ion"] in lead else ""
    note = f"; note: {r['notes']}" if r["notes"] else ""
    w(f"- {r['counter_ion']}{tag}: acid pKa {r['pKa_acid']}, difference {d:.2f}{note}")
w("Excluded from round 1 (difference below 3):")
for r in drop:
    d = PKA_BASE - float(r["pKa_acid"])
    w(f"- {r['counter_ion']}: acid pKa {r['pKa_acid']}, difference {d:.2f}")
w("Tier 2 (" + ", ".join(r["counter_ion"] for r in rows if r["tier"] == "2") + ") is held back for a second round.")
w("")
w("## 3. Experiment plan")
w(f"Free base released: {FREE_BASE_MG} mg. At {MG_PER_EXPT} mg per experiment: {FREE_BASE_MG // MG_PER_EXPT} experiments =")
w(f"{len(keep)} counter-ions x {len(SOLVENTS)} solvents ({' and '.join(SOLVENTS)}), one experiment each.")
w("")
w("Expt | counter-ion | solvent | free base (mg)")
i = 0
for r in keep:
    for s in SOLVENTS:
        i += 1
        w(f"{i:>4} | {r['counter_ion']} | {s} | {MG_PER_EXPT}")
w(f"Total: {i} experiments, {i * MG_PER_EXPT} mg free base.")
w("")
w("## 4. Readouts")
w("1. Primary: thermodynamic solubility at pH 6.8 of each salt, against the free base (4 ug/mL, measured).")
w("2. Crystallinity (XRPD).")
w("3. Hygroscopicity (DVS).")
w("4. Disproportionation in water.")
w("No solubility is assumed for any salt. Values are entered only after they are measured.")
w("")
w("## 5. Sign-off")
w("Ravi Menon: ____________________  Date: __________")
open("formulation/salt-screen/TPL-417_salt-screen_round1_draft.md", "w").write("\n".join(out) + "\n")
print("\n".join(out))
PY

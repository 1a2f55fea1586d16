"""Back-test of MR-VAR-014 for the 2025 annual validation (reference date 2025-09-30)."""
import csv

REF = "2025-09-30"
rows = [r for r in csv.DictReader(open("data/market-risk/mr-var-014_daily_2025.csv")) if r["date"] <= REF][-250:]
exc = [r for r in rows if -float(r["hypothetical_pnl_eur"]) > float(r["var99_1d_eur"])]
print(len(rows), rows[0]["date"], rows[-1]["date"], len(exc))
for r in exc:
    print(r["date"], r["hypothetical_pnl_eur"], r["var99_1d_eur"])

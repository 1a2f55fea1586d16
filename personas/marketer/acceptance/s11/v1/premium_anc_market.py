"""Premium over-ear ANC market in the Arc 2 launch markets (rerun: python3 analysis/scripts/premium_anc_market.py).

Source: Lumen Insight, "Over-ear ANC headphones in Europe", Nov 2026 (market/anc-market-2025.csv, see
market/research-notes.md). Premium segment = market revenue x premium share (models with RRP >= £200 / €230).
EUR converted to GBP at Finance's 2027 planning rate (finance/planning-rates.md). 2027 projection: Lumen's
2025-2027 annual growth rate applied for two years (Lumen expects the premium share to stay flat).
"""
import csv

LAUNCH_MARKETS = ["UK", "DE", "FR"]  # launch/arc2-launch-plan.md; NL follows in the autumn, IT is not a launch market
EUR_TO_GBP_2027 = 0.86

with open("market/anc-market-2025.csv", newline="") as f:
    rows = {r["country"]: r for r in csv.DictReader(f)}

total_2025 = total_2027 = 0.0
print("country | premium 2025 (local, m) | premium 2025 (GBP m) | growth p.a. | premium 2027 (GBP m)")
for country in LAUNCH_MARKETS:
    r = rows[country]
    local = float(r["market_revenue_2025_m"]) * float(r["premium_share"])
    gbp = local * (EUR_TO_GBP_2027 if r["currency"] == "EUR" else 1.0)
    growth = float(r["cagr_2025_2027"])
    gbp_2027 = gbp * (1 + growth) ** 2
    total_2025 += gbp
    total_2027 += gbp_2027
    print(f"{country} | {r['currency']} {local:.2f} | {gbp:.1f} | {growth:.0%} | {gbp_2027:.1f}")
print(f"total | | {total_2025:.1f} | | {total_2027:.1f}")

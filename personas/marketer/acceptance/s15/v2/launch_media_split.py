"""Arc 2 launch media split across UK / DE / FR (rerun: python3 analysis/scripts/launch_media_split.py).

Budget: launch/arc2-launch-plan.md (£180,000 launch-market paid media).
Market sizes: premium ANC segment 2025, GBP m, Lumen Insight, Nov 2026
(market/2027-01-22_premium-anc-market-launch-countries.md).
The proposed allocation is a judgement (risk signals in market/risk-signals.md); this script checks that it adds
up and sets it against a purely size-proportional split.
"""
BUDGET = 180_000
SIZE_2025 = {"UK": 208.1, "Germany": 225.3, "France": 137.0}
PROPOSED = {"UK": 75_000, "Germany": 50_000, "Germany reserve": 18_000, "France": 37_000}

assert sum(PROPOSED.values()) == BUDGET, sum(PROPOSED.values())
total_size = sum(SIZE_2025.values())
print(f"{'line':<16}{'proposed':>10}{'share':>8}{'size-proportional':>20}")
for line, amount in PROPOSED.items():
    market = line.replace(" reserve", "")
    prop = BUDGET * SIZE_2025[market] / total_size if line == market else 0
    print(f"{line:<16}{amount:>10,}{amount / BUDGET:>8.1%}{prop:>20,.0f}")
print(f"{'total':<16}{sum(PROPOSED.values()):>10,}{1:>8.1%}{BUDGET:>20,}")

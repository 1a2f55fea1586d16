"""Pebble autumn 2026 funnel by channel (handbook section 3): external traffic only."""
import csv
from collections import defaultdict

DAILY = "campaigns/pebble-autumn-2026-daily.csv"
SPEND = "campaigns/pebble-autumn-2026-spend.csv"
OUT = "analysis/2027-01-11_pebble-autumn-funnel.md"
TARGET_CPA = 28.00
ORDER = ["paid_social", "search", "display", "email", "affiliate"]

totals = defaultdict(lambda: defaultdict(int))
excluded = defaultdict(int)
with open(DAILY, newline="") as f:
    for row in csv.DictReader(f):
        if row["traffic_type"] == "internal_test":
            excluded[row["channel"]] += int(row["purchases"])
            continue
        for k in ("impressions", "clicks", "add_to_cart", "purchases"):
            totals[row["channel"]][k] += int(row[k])
with open(SPEND, newline="") as f:
    spend = {r["channel"]: float(r["spend_gbp"]) for r in csv.DictReader(f)}

lines = [
    "# Pebble autumn 2026 campaign: funnel by channel",
    "",
    "1-31 October 2026, campaign pebble-autumn-26. Internal/QA traffic (traffic_type = internal_test) excluded "
    f"({sum(excluded.values())} test purchases: " + ", ".join(f"{c} {n}" for c, n in sorted(excluded.items())) + ").",
    "CVR = purchases / clicks; add-to-cart rate = add to cart / clicks; CPA = spend / purchases. "
    f"Target CPA £{TARGET_CPA:.2f}. Script: analysis/scripts/pebble_autumn_funnel.py.",
    "",
    "| Channel | Impressions | Clicks | Add to cart | Purchases | Add-to-cart rate | CVR | Spend | CPA | vs target |",
    "|---|---|---|---|---|---|---|---|---|---|",
]
all_t = defaultdict(int)
for ch in ORDER:
    t = totals[ch]
    for k, v in t.items():
        all_t[k] += v
    cpa = spend[ch] / t["purchases"]
    flag = "over target" if cpa > TARGET_CPA else "within target"
    lines.append(
        f"| {ch} | {t['impressions']:,} | {t['clicks']:,} | {t['add_to_cart']:,} | {t['purchases']:,} | "
        f"{t['add_to_cart'] / t['clicks']:.2%} | {t['purchases'] / t['clicks']:.2%} | £{spend[ch]:,.2f} | £{cpa:.2f} | {flag} |"
    )
total_spend = sum(spend.values())
lines.append(
    f"| all channels | {all_t['impressions']:,} | {all_t['clicks']:,} | {all_t['add_to_cart']:,} | {all_t['purchases']:,} | "
    f"{all_t['add_to_cart'] / all_t['clicks']:.2%} | {all_t['purchases'] / all_t['clicks']:.2%} | £{total_spend:,.2f} | "
    f"£{total_spend / all_t['purchases']:.2f} | {'over target' if total_spend / all_t['purchases'] > TARGET_CPA else 'within target'} |"
)
with open(OUT, "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))

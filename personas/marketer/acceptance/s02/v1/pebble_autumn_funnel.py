"""Pebble autumn 2026 campaign: funnel by channel (rerun: python3 analysis/scripts/pebble_channel_funnel.py).

Inputs: campaigns/pebble-autumn-2026-daily.csv (daily events) and campaigns/pebble-autumn-2026-spend.csv.
Rules from the marketing handbook, section 3:
- internal and QA traffic (traffic_type = internal_test) is excluded from every number;
- add-to-cart rate = add_to_cart / clicks, CVR = purchases / clicks;
- CPA = channel spend / purchases, in GBP to two decimals; above the 28.00 target is "over target".
"""
import csv
from collections import defaultdict

DAILY = "campaigns/pebble-autumn-2026-daily.csv"
SPEND = "campaigns/pebble-autumn-2026-spend.csv"
TARGET_CPA = 28.00
STAGES = ("impressions", "clicks", "add_to_cart", "purchases")

funnel = defaultdict(lambda: dict.fromkeys(STAGES, 0))
excluded = defaultdict(lambda: dict.fromkeys(STAGES, 0))
with open(DAILY, newline="") as f:
    for row in csv.DictReader(f):
        bucket = excluded if row["traffic_type"] == "internal_test" else funnel
        for stage in STAGES:
            bucket[row["channel"]][stage] += int(row[stage])

with open(SPEND, newline="") as f:
    spend = {row["channel"]: float(row["spend_gbp"]) for row in csv.DictReader(f)}

print("| Channel | Impressions | Clicks | Add to cart | Purchases | Add-to-cart rate | CVR | Spend | CPA | vs £28.00 target |")
print("|---|---|---|---|---|---|---|---|---|---|")
for channel in sorted(funnel, key=lambda c: spend[c] / funnel[c]["purchases"], reverse=True):
    n = funnel[channel]
    cpa = spend[channel] / n["purchases"]
    flag = "over target" if cpa > TARGET_CPA else "within target"
    print(
        f"| {channel} | {n['impressions']:,} | {n['clicks']:,} | {n['add_to_cart']:,} | {n['purchases']:,} "
        f"| {n['add_to_cart'] / n['clicks']:.2%} | {n['purchases'] / n['clicks']:.2%} "
        f"| £{spend[channel]:,.2f} | £{cpa:.2f} | {flag} |"
    )

tot = {stage: sum(n[stage] for n in funnel.values()) for stage in STAGES}
total_spend = sum(spend[c] for c in funnel)
print(
    f"| all channels | {tot['impressions']:,} | {tot['clicks']:,} | {tot['add_to_cart']:,} | {tot['purchases']:,} "
    f"| {tot['add_to_cart'] / tot['clicks']:.2%} | {tot['purchases'] / tot['clicks']:.2%} "
    f"| £{total_spend:,.2f} | £{total_spend / tot['purchases']:.2f} | blended |"
)
print()
for channel, n in sorted(excluded.items()):
    print(f"excluded internal_test, {channel}: {n['clicks']:,} clicks, {n['add_to_cart']:,} add to cart, {n['purchases']:,} purchases")

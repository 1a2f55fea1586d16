#!/usr/bin/env python3
"""Pebble autumn 2026 campaign: funnel by channel.

Rerun from the workspace root:  python3 analysis/scripts/pebble_autumn_channel_funnel.py

Inputs : campaigns/pebble-autumn-2026-daily.csv  (daily events per channel)
         campaigns/pebble-autumn-2026-spend.csv  (spend per channel, GBP)
Rules  : handbook section 3 - rows with traffic_type = internal_test are dropped;
         CVR = purchases / clicks, add-to-cart rate = add_to_cart / clicks,
         CPA = spend / purchases (GBP, 2 dp); CPA above the 28.00 target is "over target".
"""
import csv
from collections import defaultdict

DAILY = "campaigns/pebble-autumn-2026-daily.csv"
SPEND = "campaigns/pebble-autumn-2026-spend.csv"
TARGET_CPA = 28.00
STAGES = ("impressions", "clicks", "add_to_cart", "purchases")

totals = defaultdict(lambda: dict.fromkeys(STAGES, 0))
dropped = defaultdict(lambda: dict.fromkeys(STAGES, 0))
with open(DAILY, newline="") as fh:
    for row in csv.DictReader(fh):
        bucket = dropped if row["traffic_type"] == "internal_test" else totals
        for stage in STAGES:
            bucket[row["channel"]][stage] += int(row[stage])

spend = {}
with open(SPEND, newline="") as fh:
    for row in csv.DictReader(fh):
        spend[row["channel"]] = float(row["spend_gbp"])

rows = []
for channel, t in totals.items():
    cpa = spend[channel] / t["purchases"]
    rows.append({
        "channel": channel,
        **t,
        "spend": spend[channel],
        "atc_rate": t["add_to_cart"] / t["clicks"],
        "cvr": t["purchases"] / t["clicks"],
        "cart_to_purchase": t["purchases"] / t["add_to_cart"],
        "cpa": cpa,
        "status": "over target" if cpa > TARGET_CPA else "within target",
    })
rows.sort(key=lambda r: r["cpa"])

print("channel|impressions|clicks|add_to_cart|purchases|spend_gbp|atc_rate|cvr|cart_to_purchase|cpa_gbp|status")
for r in rows:
    print(f"{r['channel']}|{r['impressions']}|{r['clicks']}|{r['add_to_cart']}|{r['purchases']}|"
          f"{r['spend']:.2f}|{r['atc_rate']:.2%}|{r['cvr']:.2%}|{r['cart_to_purchase']:.1%}|{r['cpa']:.2f}|{r['status']}")

all_spend = sum(r["spend"] for r in rows)
all_purch = sum(r["purchases"] for r in rows)
all_clicks = sum(r["clicks"] for r in rows)
all_atc = sum(r["add_to_cart"] for r in rows)
print(f"TOTAL|{sum(r['impressions'] for r in rows)}|{all_clicks}|{all_atc}|{all_purch}|{all_spend:.2f}|"
      f"{all_atc / all_clicks:.2%}|{all_purch / all_clicks:.2%}|{all_purch / all_atc:.1%}|{all_spend / all_purch:.2f}|"
      f"{'over target' if all_spend / all_purch > TARGET_CPA else 'within target'}")
for channel, d in sorted(dropped.items()):
    print(f"excluded internal_test: {channel} clicks={d['clicks']} purchases={d['purchases']} "
          f"(with it: {totals[channel]['purchases'] + d['purchases']} purchases)")

import csv
RATE = 0.86  # EUR->GBP, 2027 planning rate (finance/planning-rates.md)
LAUNCH = ["UK", "DE", "FR"]
rows = {r["country"]: r for r in csv.DictReader(open("market/anc-market-2025.csv"))}
tot25 = tot27 = 0
for c in LAUNCH:
    r = rows[c]
    fx = 1 if r["currency"] == "GBP" else RATE
    p25 = float(r["market_revenue_2025_m"]) * float(r["premium_share"]) * fx
    p27 = p25 * (1 + float(r["cagr_2025_2027"])) ** 2
    tot25 += p25; tot27 += p27
    print(c, round(p25, 2), round(p27, 2))
print("total", round(tot25, 2), round(tot27, 2))

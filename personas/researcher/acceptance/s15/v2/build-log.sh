python3 - <<'PY'
import csv, json
plan = json.load(open("review/rebuttal/experiment-plan.json"))
steps = {s["id"]: s for s in plan["steps"]}
config = {
    "index-hotpotqa": "build_index_hotpotqa",
    "eval-hotpotqa": "eval_hotpotqa/compactrag",
    "train-trunc96": "train_reader_trunc96",
    "eval-trunc96": "eval_nq_k5/trunc96-reader",
    "eval-longctx": "eval_longctx_8b/top40",
    "eval-k20": "eval_nq_k20/compactrag",
}
status = {"COMPLETED": "ok", "FAILED": "crashed"}
jobs = list(csv.DictReader(open("cluster/results/2026-11-16/jobs.csv")))
with open("review/rebuttal/runs-log.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["job_id", "step", "comment_id", "config", "seed", "status", "gpu_hours", "em"])
    for j in jobs:
        name = j["job_name"][len("rb-"):]
        step = name.rsplit("-s", 1)[0] if j["seed"] else name
        assert step in steps, step
        w.writerow([j["job_id"], step, ";".join(steps[step]["answers"]), config[step], j["seed"],
                    status[j["state"]], j["gpu_hours"], j["value"]])
# planned hours per job = step hours / number of jobs in the step
per_job = {}
for s in plan["steps"]:
    n = len(s.get("seeds", [None]))
    per_job[s["id"]] = s["gpu_hours"] / n
used = 0
for j in jobs:
    name = j["job_name"][len("rb-"):]
    step = name.rsplit("-s", 1)[0] if j["seed"] else name
    used += float(j["gpu_hours"])
    over = float(j["gpu_hours"]) - per_job[step]
    if over > 0.05:
        print(f"over plan: {j['job_id']} {step} used {j['gpu_hours']} planned {per_job[step]:.1f} (+{over:.1f}) {j['exit_reason']}")
print(f"used {used:.1f} of budget {plan['budget_gpu_hours']} (plan total {plan['total_gpu_hours']})")
PY
cat review/rebuttal/runs-log.csv

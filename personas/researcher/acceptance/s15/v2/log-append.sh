cat >> experiments/log.md <<'MD'

## 2026-11-16 CLAR rebuttal runs
- Jobs 88101 to 88115 (plan: review/rebuttal/experiment-plan.json), logged per job in
  review/rebuttal/runs-log.csv; summary in review/rebuttal/results-summary.md.
- 88107 (train-trunc96, seed 77) crashed: CUDA out of memory at step 4120; excluded from the summary,
  so the trunc96 row has two seeds (13, 42) and a dagger. No re-run (budget used up).
- 88115 (eval-longctx, seed 77) completed on throttled node a100-n09 and took 9.6 GPU-h (4.0 planned).
MD
tail -9 experiments/log.md

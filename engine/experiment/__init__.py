"""Experiments: `proact run` over a matrix of agents x memory modes x ablations x repeats, one run directory
per cell under `<runs_dir>/<experiment_id>/cells/`, episodes run concurrently with shared per-model limits."""

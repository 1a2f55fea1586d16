"""Where the README's main job spends its time: `proact run` (example persona, react on the embedded model) timed
as a whole, and each embedded-model call read back from the run's trajectories.

Usage: python bench/embedded_episode.py [--repeat 1] [-- extra `proact run` arguments]

Prints per run: wall seconds, model calls, seconds in model calls (and per call), prompt and completion tokens, the
slowest call, and the share of the wall spent outside model calls (workspace, jail, user, graders, report).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def calls(run_dir: Path) -> list[dict[str, float]]:
    """Every agent model call of the run: prompt and completion tokens and latency."""
    found = []
    for path in sorted(run_dir.glob("*/*/trajectory.jsonl")):
        for line in path.read_text().splitlines():
            event = json.loads(line)
            if event.get("type") == "model_usage":
                found.append({k: float(event[k]) for k in ("prompt_tokens", "completion_tokens", "latency_s")})
    return found


def one_run(extra: list[str]) -> str:
    """Run `proact run` once; the figures as one line."""
    run_id = f"bench-embedded-{uuid.uuid4().hex[:8]}"
    start = time.monotonic()
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "proact"), "run", "--run-id", run_id, *extra],
        cwd=REPO,
        check=False,
        capture_output=True,
        text=True,
    )
    wall = time.monotonic() - start
    if proc.returncode != 0:
        return f"proact run failed ({proc.returncode}): {proc.stderr[-500:] or proc.stdout[-500:]}"
    made = calls(REPO / "runs" / run_id)
    model_s = sum(c["latency_s"] for c in made)
    slowest = max((c["latency_s"] for c in made), default=0.0)
    per_call = model_s / len(made) if made else 0.0
    return (
        f"wall {wall:.1f} s; {len(made)} calls, {model_s:.1f} s in calls ({per_call:.2f} s each,"
        f" slowest {slowest:.1f} s);"
        f" prompt {sum(c['prompt_tokens'] for c in made):.0f} tokens, completion"
        f" {sum(c['completion_tokens'] for c in made):.0f}; outside calls {wall - model_s:.1f} s"
    )


def main() -> None:
    """Parse the arguments and print one line per run."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1)
    args, extra = parser.parse_known_args()
    extra = [a for a in extra if a != "--"]
    for n in range(args.repeat):
        print(f"run {n + 1}: {one_run(extra)}", flush=True)


if __name__ == "__main__":
    main()

"""Bootstrap intervals clustered by persona episode and run-directory discovery."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.report.discover import discover, load_rows
from engine.report.stats import cluster_bootstrap, mean_std, paired_difference
from engine.report.tables_scores import proc
from tests.report.helpers import A_PROC, experiment, write_run

CLUSTERS = [[0.0, 1.0], [1.0, 1.0], [0.0, 0.0], [1.0, 0.0, 1.0]]  # pooled mean 5/9


def test_mean_and_sample_std() -> None:
    assert mean_std([0.5, 0.75, 0.25]) == (0.5, 0.25)
    assert mean_std([0.3]) == (0.3, None)
    assert mean_std([]) == (None, None)


def test_interval_contains_the_pooled_mean_and_is_deterministic_under_a_seed() -> None:
    interval = cluster_bootstrap(CLUSTERS, resamples=500, seed=3)
    assert interval is not None
    assert interval.estimate == pytest.approx(5 / 9) and (interval.units, interval.sessions) == (4, 9)
    assert 0.0 <= interval.low < 5 / 9 < interval.high <= 1.0
    assert cluster_bootstrap(CLUSTERS, resamples=500, seed=3) == interval
    others = {cluster_bootstrap(CLUSTERS, resamples=500, seed=s) for s in range(5)}
    assert len(others) > 1  # the seed matters


def test_interval_narrows_with_more_episodes() -> None:
    few = cluster_bootstrap(CLUSTERS * 2, resamples=1000, seed=0)
    many = cluster_bootstrap(CLUSTERS * 50, resamples=1000, seed=0)
    assert few is not None and many is not None
    assert few.estimate == pytest.approx(many.estimate)
    assert many.high - many.low < (few.high - few.low) / 3  # width ~ 1/sqrt(episodes): 5x fewer


def test_constant_clusters_give_a_point_interval_and_no_data_gives_none() -> None:
    interval = cluster_bootstrap([[0.4, 0.4], [0.4]], resamples=50)
    assert interval is not None and (interval.low, interval.high) == (pytest.approx(0.4), pytest.approx(0.4))
    assert cluster_bootstrap([[], []]) is None


def test_the_bootstrap_resamples_episodes_not_sessions() -> None:
    # two episodes, each internally constant: any resample mean is 0, 1/2 or 1 (with 1000 sessions of
    # each, a session-level bootstrap would stay within a hair of 1/2)
    interval = cluster_bootstrap([[0.0] * 1000, [1.0] * 1000], resamples=400, seed=1, level=0.9)
    assert interval is not None and (interval.low, interval.high) == (0.0, 1.0)


def test_paired_difference_pairs_persona_repeat_and_session(tmp_path: Path) -> None:
    _, rows = load_rows([experiment(tmp_path)])
    a = [r for r in rows if r.group == ("A", "full", "none")]
    ablated = [r for r in rows if r.group == ("A", "full", "no-deps")]
    diff = paired_difference(ablated, a, proc, resamples=200)
    assert diff is not None and (diff.units, diff.sessions) == (6, 6)
    assert diff.estimate == pytest.approx(-2.5 / 6)
    assert paired_difference(a, [], proc) is None


def test_discovery_finds_cells_and_single_runs_and_numbers_colliding_repeats(tmp_path: Path) -> None:
    exp = experiment(tmp_path / "exp")
    single = [write_run(tmp_path / f"plain{k}", "C", A_PROC[k]) for k in (1, 2)]  # both saved as repeat 1
    (tmp_path / "not-a-run").mkdir()
    (tmp_path / "not-a-run" / "config.yaml").write_text("agent: {}\n")  # no persona folder
    found = discover([tmp_path])
    assert len(found) == 12 + 2 and all(p.parent.name == "cells" for p in found if exp in p.parents)
    runs, _ = load_rows(single)
    assert sorted(r.repeat for r in runs) == [1, 2]
    runs, _ = load_rows([exp])
    assert sorted(r.repeat for r in runs if r.group == ("A", "full", "none")) == [1, 2, 3]


def test_runs_of_one_agent_on_different_personas_are_one_repeat(tmp_path: Path) -> None:
    runs_dirs: list[Path] = []
    for persona in ("p1", "p2", "p1"):
        run_dir = write_run(tmp_path / f"{persona}-{len(runs_dirs)}", "C", {(persona, "s1"): 1.0})
        config = yaml.safe_load((run_dir / "config.yaml").read_text())
        config["personas"] = [f"personas/{persona}"]
        (run_dir / "config.yaml").write_text(yaml.safe_dump(config))
        runs_dirs.append(run_dir)
    runs, rows = load_rows(runs_dirs)
    by_path = {r.path.name: r.repeat for r in runs}
    assert by_path == {"p1-0": 1, "p2-1": 1, "p1-2": 2}
    assert sorted((r.persona, r.run.repeat) for r in rows) == [("p1", 1), ("p1", 2), ("p2", 1)]

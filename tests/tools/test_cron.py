"""cron: jobs live in the workspace, so they survive into later sessions."""

from __future__ import annotations

import json

from tests.tools.helpers import Bench, error_of


def test_add_list_remove_persist_in_the_workspace() -> None:
    bench = Bench()
    first = bench.call("cron", action="add", message="Check the parts shelf", cron_expr="0 19 * * 4").output
    assert first == {"added": {"id": "job-1", "message": "Check the parts shelf", "cron_expr": "0 19 * * 4"}}
    bench.call("cron", action="add", message="Send reminder", at="2026-12-04T18:00")
    bench.call("cron", action="add", message="Stretch", every_seconds=3600)
    stored = json.loads(bench.text(".cron/jobs.json"))
    assert [job["id"] for job in stored] == ["job-1", "job-2", "job-3"]
    assert bench.call("cron", action="remove", job_id="job-2").output == {"removed": "job-2"}
    assert [job["id"] for job in bench.call("cron", action="list").output["jobs"]] == ["job-1", "job-3"]
    assert bench.call("cron", action="add", message="again", every_seconds=60).output["added"]["id"] == "job-4"


def test_cron_errors() -> None:
    bench = Bench()
    assert "exactly one of" in error_of(bench.call("cron", action="add", message="x"))
    assert "exactly one of" in error_of(bench.call("cron", action="add", message="x", every_seconds=5, at="2026-01-01"))
    assert "five fields" in error_of(bench.call("cron", action="add", message="x", cron_expr="0 9 * *"))
    assert "ISO-8601" in error_of(bench.call("cron", action="add", message="x", at="next friday"))
    assert "needs a message" in error_of(bench.call("cron", action="add", every_seconds=5))
    assert "no job with id 'job-9'" in error_of(bench.call("cron", action="remove", job_id="job-9"))
    assert "bad arguments for cron: action" in error_of(bench.call("cron", action="pause"))
    assert "bad arguments for cron: every_seconds" in error_of(
        bench.call("cron", action="add", message="x", every_seconds=0)
    )
    assert ".cron/jobs.json" not in bench.workspace.list_files()


def test_a_corrupt_jobs_file_is_reported_not_overwritten() -> None:
    for corrupt in (b"{not json", b'{"id": "job-1"}', b'["job-1"]'):
        bench = Bench({".cron/jobs.json": corrupt})
        assert ".cron/jobs.json is corrupt" in error_of(bench.call("cron", action="add", message="x", every_seconds=9))
        assert bench.workspace.read_file(".cron/jobs.json") == corrupt

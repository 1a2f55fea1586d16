"""cron: schedule reminders or recurring tasks, kept in the workspace file `.cron/jobs.json`.

Jobs persist with the workspace, so they survive into later sessions (and snapshots). A job
fires on `every_seconds`, a five-field `cron_expr`, or once `at` an ISO-8601 time.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any, Literal

from pydantic import Field

from engine.tools.base import Tool, ToolArgs, ToolContext, ToolError, read_text, write_text

JOBS_FILE = ".cron/jobs.json"
_CRON_FIELD = re.compile(r"^[0-9A-Za-z*/,\-]+$")


class CronArgs(ToolArgs):
    """Arguments of cron."""

    action: Literal["add", "list", "remove"] = Field(description="add a job, list jobs, or remove one.")
    message: str | None = Field(default=None, description="add: what the reminder or task says.")
    every_seconds: int | None = Field(default=None, gt=0, description="add: repeat every N seconds.")
    cron_expr: str | None = Field(default=None, description="add: five-field cron expression, e.g. '0 9 * * 1'.")
    at: str | None = Field(default=None, description="add: one-off time, ISO-8601 (e.g. 2026-12-05T09:00).")
    job_id: str | None = Field(default=None, description="remove: the job's id.")


def _jobs(ctx: ToolContext) -> list[dict[str, Any]]:
    if JOBS_FILE not in ctx.workspace.list_files():
        return []
    try:
        jobs = json.loads(read_text(ctx, JOBS_FILE))
    except json.JSONDecodeError as exc:
        raise ToolError(f"{JOBS_FILE} is corrupt: {exc.msg}") from exc
    if not isinstance(jobs, list) or not all(isinstance(job, dict) for job in jobs):
        raise ToolError(f"{JOBS_FILE} is corrupt: expected a JSON list of job objects")
    return jobs


def _schedule(args: CronArgs) -> dict[str, Any]:
    given = {"every_seconds": args.every_seconds, "cron_expr": args.cron_expr, "at": args.at}
    chosen = {k: v for k, v in given.items() if v is not None}
    if len(chosen) != 1:
        raise ToolError("add needs exactly one of every_seconds, cron_expr or at")
    if args.cron_expr is not None:
        fields = args.cron_expr.split()
        if len(fields) != 5 or not all(_CRON_FIELD.match(f) for f in fields):
            raise ToolError(f"cron_expr must have five fields (minute hour day month weekday), got {args.cron_expr!r}")
    if args.at is not None:
        try:
            dt.datetime.fromisoformat(args.at)
        except ValueError as exc:
            raise ToolError(f"at must be an ISO-8601 time, got {args.at!r}") from exc
    return chosen


def _cron(args: CronArgs, ctx: ToolContext) -> dict[str, Any]:
    jobs = _jobs(ctx)
    if args.action == "list":
        return {"jobs": jobs}
    if args.action == "remove":
        if not any(job.get("id") == args.job_id for job in jobs):
            raise ToolError(f"no job with id {args.job_id!r}; known: {[job.get('id') for job in jobs]}")
        remaining = [job for job in jobs if job.get("id") != args.job_id]
        write_text(ctx, JOBS_FILE, json.dumps(remaining, indent=2) + "\n")
        return {"removed": args.job_id}
    if not args.message:
        raise ToolError("add needs a message")
    numbers = [int(n) for n in (str(job.get("id", "")).removeprefix("job-") for job in jobs) if n.isdigit()]
    job = {"id": f"job-{max(numbers, default=0) + 1}", "message": args.message, **_schedule(args)}
    write_text(ctx, JOBS_FILE, json.dumps([*jobs, job], indent=2) + "\n")
    return {"added": job}


CRON = Tool("cron", "Schedule a reminder or recurring task (add, list, remove).", CronArgs, _cron)

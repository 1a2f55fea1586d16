"""exec: output, exit codes, working_dir, timeouts, caps."""

from __future__ import annotations

from tests.tools.helpers import Bench, error_of


def test_exec_runs_in_the_workspace_and_adopts_its_files() -> None:
    bench = Bench({"data/x.txt": b"hello"})
    out = bench.call("exec", command="cat data/x.txt && echo made > out.txt").output
    assert out == {"exit_code": 0, "output": "hello", "truncated": False}
    assert bench.text("out.txt") == "made\n"
    assert bench.call("exec", command="exit 3").output["exit_code"] == 3


def test_exec_working_dir_stays_inside_the_workspace() -> None:
    bench = Bench({"data/x.txt": b"hello"})
    assert bench.call("exec", command="ls", working_dir="data").output["output"].strip() == "x.txt"
    assert "inside the workspace" in error_of(bench.call("exec", command="ls", working_dir="../etc"))
    assert "inside the workspace" in error_of(bench.call("exec", command="ls", working_dir="/etc"))


def test_exec_timeout_cap_and_bad_arguments() -> None:
    bench = Bench()
    slow = error_of(bench.call("exec", command="echo started; sleep 30"))
    assert slow.startswith("command timed out after 5 s and every process it started was killed")
    assert slow.endswith("started\n")
    loud = bench.call("exec", command="yes | head -c 10000").output
    assert loud["truncated"] is True and len(loud["output"]) <= 2_100
    assert "bad arguments for exec: command" in error_of(bench.call("exec", command=""))
    assert "bad arguments for exec: cmd" in error_of(bench.call("exec", command="ls", cmd="ls"))

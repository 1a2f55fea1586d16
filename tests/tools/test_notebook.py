"""notebook_edit."""

from __future__ import annotations

import json

from tests.tools.helpers import Bench, error_of


def cells(bench: Bench) -> list[tuple[str, str]]:
    return [(c["cell_type"], c["source"]) for c in json.loads(bench.text("nb.ipynb"))["cells"]]


def test_create_insert_replace_delete() -> None:
    bench = Bench()
    assert bench.call("notebook_edit", path="nb.ipynb", cell=0, action="insert_after", source="import csv").output == {
        "path": "nb.ipynb",
        "action": "insert_after",
        "cells": 1,
    }
    bench.call("notebook_edit", path="nb.ipynb", cell=1, action="insert_before", source="# Load", cell_type="markdown")
    bench.call("notebook_edit", path="nb.ipynb", cell=2, action="insert_after", source="print(1)")
    bench.call("notebook_edit", path="nb.ipynb", cell=3, source="print(2)")
    assert cells(bench) == [("markdown", "# Load"), ("code", "import csv"), ("code", "print(2)")]
    code = json.loads(bench.text("nb.ipynb"))["cells"][2]
    assert code["outputs"] == [] and code["execution_count"] is None
    bench.call("notebook_edit", path="nb.ipynb", cell=1, action="delete")
    assert cells(bench) == [("code", "import csv"), ("code", "print(2)")]
    assert json.loads(bench.text("nb.ipynb"))["nbformat"] == 4


def test_notebook_errors() -> None:
    bench = Bench({"bad.ipynb": b"{not json", "nb.ipynb": b'{"cells": []}'})
    assert "no such notebook" in error_of(bench.call("notebook_edit", path="new.ipynb", cell=1, source="x"))
    assert "not valid notebook JSON" in error_of(bench.call("notebook_edit", path="bad.ipynb", cell=1, source="x"))
    assert "out of range" in error_of(bench.call("notebook_edit", path="nb.ipynb", cell=1, source="x"))
    assert "needs 'source'" in error_of(bench.call("notebook_edit", path="nb.ipynb", cell=0, action="insert_after"))
    assert "bad arguments for notebook_edit: action" in error_of(
        bench.call("notebook_edit", path="nb.ipynb", cell=1, action="move")
    )
    assert "bad arguments for notebook_edit: cell" in error_of(bench.call("notebook_edit", path="nb.ipynb", cell=-1))

"""notebook_edit."""

from __future__ import annotations

import json
from typing import Any

from tests.tools.helpers import Bench, error_of


def cells(bench: Bench) -> list[tuple[str, str]]:
    """(type, source) of every cell of nb.ipynb."""
    return [(c["cell_type"], c["source"]) for c in json.loads(bench.text("nb.ipynb"))["cells"]]


def assert_valid_nbformat4(notebook: dict[str, Any]) -> None:
    """The structure nbformat 4 requires of a notebook and its cells (ids from 4.5 on)."""
    assert notebook["nbformat"] == 4 and isinstance(notebook["metadata"], dict)
    for cell in notebook["cells"]:
        expected = {"cell_type", "metadata", "source"} | ({"id"} if notebook["nbformat_minor"] >= 5 else set())
        if cell["cell_type"] == "code":
            expected |= {"outputs", "execution_count"}
        assert set(cell) == expected, cell
    ids = [cell["id"] for cell in notebook["cells"] if "id" in cell]
    assert len(ids) == len(set(ids))


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
    assert_valid_nbformat4(json.loads(bench.text("nb.ipynb")))


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


def test_new_cells_get_unique_ids_and_replace_keeps_id_and_metadata() -> None:
    bench = Bench()
    for source in ("a", "b", "c"):
        bench.call("notebook_edit", path="nb.ipynb", cell=0, action="insert_after", source=source)
    notebook = json.loads(bench.text("nb.ipynb"))
    assert [c["source"] for c in notebook["cells"]] == ["c", "b", "a"]
    assert [c["id"] for c in notebook["cells"]] == ["cell-3", "cell-2", "cell-1"]
    notebook["cells"][0]["metadata"] = {"tags": ["keep"]}
    bench.workspace.write_file("nb.ipynb", json.dumps(notebook).encode())
    bench.call("notebook_edit", path="nb.ipynb", cell=1, source="# C", cell_type="markdown")
    replaced = json.loads(bench.text("nb.ipynb"))
    assert replaced["cells"][0] == {
        "cell_type": "markdown",
        "id": "cell-3",
        "metadata": {"tags": ["keep"]},
        "source": "# C",
    }
    assert_valid_nbformat4(replaced)


def test_older_notebooks_get_no_cell_ids() -> None:
    old = {
        "cells": [{"cell_type": "raw", "metadata": {}, "source": "r"}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 4,
    }
    bench = Bench({"nb.ipynb": json.dumps(old).encode()})
    bench.call("notebook_edit", path="nb.ipynb", cell=1, action="insert_before", source="x = 1")
    notebook = json.loads(bench.text("nb.ipynb"))
    assert [c["cell_type"] for c in notebook["cells"]] == ["code", "raw"]
    assert_valid_nbformat4(notebook)


def test_notebook_with_a_malformed_cell_is_an_error() -> None:
    bench = Bench({"nb.ipynb": b'{"cells": ["not a cell"]}'})
    assert "not a JSON object" in error_of(bench.call("notebook_edit", path="nb.ipynb", cell=1, source="x"))
    assert bench.text("nb.ipynb") == '{"cells": ["not a cell"]}'

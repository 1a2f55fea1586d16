"""finance_search and finance_series over invented series; bad CSVs and catalogues name file and line or field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.tools.finance import sample
from engine.tools.finance_data import load_finance
from tests.tools.helpers import Bench, error_of

DATA = Path(__file__).parent / "data" / "finance"


def bench() -> Bench:
    return Bench(services={"finance": load_finance(DATA)})


def found(bench: Bench, **arguments: object) -> list[str]:
    return [r["series_id"] for r in bench.call("finance_search", **arguments).output["results"]]


def test_search_matches_names_descriptions_and_units() -> None:
    b = bench()
    assert found(b, query="copper futures")[0] == "CU.FRONT"
    assert found(b, query="Acme share price")[0] == "ACME.CLOSE"
    assert set(found(b, query="USD")) == {"ACME.CLOSE", "HARBOR.NAV", "CU.FRONT"}
    assert found(b, query="USD", kind="fund") == ["HARBOR.NAV"]
    assert found(b, query="USD", count=1) == [found(b, query="USD")[0]]
    assert found(b, query="gold bullion") == []
    trade = b.call("finance_search", query="Riverland exports imports").output["results"]
    assert trade == [
        {
            "series_id": "RIVERLAND.TRADE",
            "name": "Riverland trade balance",
            "kind": "macro",
            "unit": "billion RVD",
            "frequency": "monthly",
            "first_date": "2023-10-01",
            "last_date": "2023-12-01",
        }
    ]


def test_whole_series_and_its_summary() -> None:
    out = bench().call("finance_series", series_id="acme.close").output
    assert out["series_id"] == "ACME.CLOSE" and out["unit"] == "USD" and out["sampled"] is False
    assert [p["value"] for p in out["points"]] == [100.0, 102.5, 99.0, 104.0, 110.0, 108.0, 95.0, 105.0]
    assert out["points"][0] == {"date": "2024-01-02", "value": 100.0} and out["points_in_range"] == 8
    assert out["summary"] == {"first": 100.0, "last": 105.0, "min": 95.0, "max": 110.0, "change_pct": 5.0}


def test_date_slices_are_inclusive_and_summarised_by_hand() -> None:
    b = bench()
    mid = b.call("finance_series", series_id="ACME.CLOSE", start="2024-01-04", end="2024-01-09").output
    assert [p["date"] for p in mid["points"]] == ["2024-01-04", "2024-01-05", "2024-01-08", "2024-01-09"]
    # (108 - 99) / 99 = 9.0909...%
    assert mid["summary"] == {"first": 99.0, "last": 108.0, "min": 99.0, "max": 110.0, "change_pct": 9.09}
    tail = b.call("finance_series", series_id="ACME.CLOSE", start="2024-01-10").output
    assert tail["summary"]["change_pct"] == 10.53  # (105 - 95) / 95
    head = b.call("finance_series", series_id="ACME.CLOSE", end="2024-01-06").output  # a Saturday
    assert [p["value"] for p in head["points"]] == [100.0, 102.5, 99.0, 104.0] and head["summary"]["max"] == 104.0
    fund = b.call("finance_series", series_id="HARBOR.NAV").output["summary"]
    assert fund["change_pct"] == 5.0 and fund["min"] == 19.8
    trade = b.call("finance_series", series_id="RIVERLAND.TRADE").output["summary"]
    assert trade == {"first": 0.0, "last": 2.0, "min": -1.5, "max": 2.0, "change_pct": None}


def test_long_ranges_are_sampled_evenly_but_summarised_in_full() -> None:
    out = bench().call("finance_series", series_id="ACME.CLOSE", max_points=3).output
    assert [p["date"] for p in out["points"]] == ["2024-01-02", "2024-01-08", "2024-01-11"]
    assert out["sampled"] is True and out["points_in_range"] == 8
    assert out["summary"]["min"] == 95.0 and out["summary"]["max"] == 110.0
    assert sample(8, 4) == [0, 2, 5, 7] and sample(3, 5) == [0, 1, 2]
    assert all(len(set(sample(n, m))) == m for n in range(2, 40) for m in range(2, n + 1))


def test_unknown_series_empty_ranges_and_missing_data_are_errors() -> None:
    b = bench()
    assert "no series 'ACME.OPEN' in the finance data" in error_of(b.call("finance_series", series_id="ACME.OPEN"))
    assert error_of(b.call("finance_series", series_id="CU.FRONT", start="2024-02-01")) == (
        "CU.FRONT has no points in that range; it covers 2023-10-31 to 2023-12-29"
    )
    assert error_of(b.call("finance_series", series_id="CU.FRONT", start="2024-02-01", end="2024-01-01")) == (
        "start 2024-02-01 is after end 2024-01-01"
    )
    assert "bad arguments for finance_series: max_points" in error_of(
        b.call("finance_series", series_id="CU.FRONT", max_points=1)
    )
    empty = Bench()
    assert error_of(empty.call("finance_search", query="acme")) == "finance data is not available in this session"
    assert error_of(empty.call("finance_series", series_id="ACME.CLOSE")) == (
        "finance data is not available in this session"
    )


@pytest.mark.parametrize(
    ("file", "text", "problem"),
    [
        ("copper.csv", "day,value\n2023-10-31,1\n", "copper.csv: line 1: the header must be 'date,value'"),
        ("copper.csv", "date,value\n2023-13-31,1\n", "copper.csv: line 2: date '2023-13-31' is not YYYY-MM-DD"),
        ("copper.csv", "date,value\n2023-10-31,1\n\n2023-10-31,2\n", "copper.csv: line 4: date 2023-10-31 does not"),
        ("copper.csv", "date,value\n2023-10-31,1,2\n", "copper.csv: line 2: expected 2 columns (date,value), found 3"),
        ("copper.csv", "date,value\n2023-10-31,nan\n", "copper.csv: line 2: value 'nan' is not a finite number"),
        ("copper.csv", "date,value\n", "copper.csv: no data rows"),
        ("stray.csv", "date,value\n2023-10-31,1\n", "stray.csv: not described in catalogue.yaml"),
        ("catalogue.yaml", "series:\n  - {id: X, name: X, kind: bond, unit: U, frequency: daily}\n",
         "catalogue.yaml: series[0].kind: Input should be 'stock', 'fund', 'futures' or 'macro'"),
        ("catalogue.yaml", "series:\n  - {id: ACME.CLOSE, name: A, kind: stock, unit: U, frequency: hourly}\n",
         "catalogue.yaml: series[0].frequency: Input should be"),
        ("catalogue.yaml", "series:\n  - {id: ACME.CLOSE, name: A, kind: stock, unit: U, frequency: daily}\n"
         "  - {id: acme.close, name: B, kind: stock, unit: U, frequency: daily}\n",
         "catalogue.yaml: series[1].id: duplicate series id 'acme.close'"),
        ("catalogue.yaml", "series:\n  - {id: GONE, name: G, kind: macro, unit: U, frequency: yearly}\n",
         "catalogue.yaml: series[0].file: "),
    ],
)  # fmt: skip
def test_bad_files_name_the_file_and_the_line_or_field(tmp_path: Path, file: str, text: str, problem: str) -> None:
    folder = tmp_path / "finance"
    shutil.copytree(DATA, folder)
    (folder / file).write_text(text)
    with pytest.raises(ValueError) as raised:
        load_finance(folder)
    assert str(raised.value).startswith(str(folder)) and problem in str(raised.value)


def test_missing_folder_or_catalogue_is_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="finance data folder not found"):
        load_finance(tmp_path / "nowhere")
    with pytest.raises(ValueError, match=r"catalogue\.yaml: file not found"):
        load_finance(tmp_path)

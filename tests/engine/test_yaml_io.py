"""proact's own YAML: what safe_dump writes reads back equal through safe_load, keys in their order, text as
written (a run's config.yaml and an experiment's manifest are written this way and read on resume)."""

from __future__ import annotations

import yaml

from engine.config_io import load_config
from engine.yaml_io import safe_dump, safe_load


def test_a_dump_reads_back_equal_with_its_keys_in_order_and_its_text_unescaped() -> None:
    data = {"zeta": 1, "alpha": [1.5, None, True], "note": "Müller — 10 €", "nested": {"b": "x: y", "a": ""}}
    text = safe_dump(data)
    assert safe_load(text) == data and yaml.safe_load(text) == data
    assert text.index("zeta") < text.index("alpha") < text.index("note")
    assert "Müller — 10 €" in text


def test_a_run_config_survives_the_round_trip() -> None:
    config = load_config(None, ['personas=["personas/example"]', "limits.max_turns=7"])
    dumped = config.model_dump(mode="json")
    assert safe_load(safe_dump(dumped)) == dumped

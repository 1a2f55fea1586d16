"""Shared fixtures: paths of the repository's data."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO


@pytest.fixture
def example_persona() -> Path:
    """The small example persona used by the quick demo."""
    return REPO / "personas" / "example"

"""The amazon app: a product catalogue with sellers, reviews and questions, and the persona's shopping account."""

from __future__ import annotations

from typing import Any

from sandbox.apps.amazon import account, cart, catalog, community, orders
from sandbox.apps.amazon.fixture import AmazonFixture
from sandbox.apps.amazon.rows import COLLECTIONS
from sandbox.apps.amazon.seed import seed
from sandbox.apps.amazon.state import AmazonState
from sandbox.apps.base import AppSpec

APP: AppSpec[Any] = AppSpec(
    name="amazon",
    state_model=AmazonState,
    fixture_model=AmazonFixture,
    seed=seed,
    apis=[*account.APIS, *catalog.APIS, *community.APIS, *cart.APIS, *orders.APIS],
    collections=dict(COLLECTIONS),
)

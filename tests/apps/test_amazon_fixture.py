"""The amazon app's fixture and query collections: loading through the registry, snapshots, field-named problems."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sandbox.apps.amazon import APP
from sandbox.apps.fixtures import FixtureError, load_world
from sandbox.apps.registry import new_world
from sandbox.apps.world import DEFAULT_START
from tests.apps.amazon_helpers import MAT, ME, RITA, amazon, fixture
from tests.apps.harness import write_fixtures


def test_collections() -> None:
    shop = amazon()
    token = shop.login()
    shop.ok("write_product_review", access_token=token, product_id=MAT, rating=4)
    products = APP.rows(shop.state, "products")
    assert products[0] == {
        "product_id": 1, "name": "Trail Running Shoes", "product_type": "running shoes",
        "seller_name": "Trailhead Outfitters", "color": "blue", "relative_size": "medium", "price": 89.99,
        "inventory_quantity": 5, "rating": 4.0,
    }  # fmt: skip
    assert [r["product_name"] for r in APP.rows(shop.state, "cart")] == ["Road Running Shoes"]
    assert APP.rows(shop.state, "wish_list")[0]["color"] == "red"
    orders = APP.rows(shop.state, "orders")
    assert [(o["order_id"], o["paid_amount"], o["product_names"]) for o in orders] == [
        (2, 38.39, ["Yoga Mat"]),
        (1, 51.84, ["Insulated Water Bottle"]),
    ]
    assert [i["product_review_id"] for i in APP.rows(shop.state, "order_items")] == [5, 4]
    assert [a["name"] for a in APP.rows(shop.state, "addresses")] == ["Home", "Office"]
    assert [c["balance"] for c in APP.rows(shop.state, "payment_cards")] == [500.0, 20.0, 1000.0]
    mine = [r for r in APP.rows(shop.state, "reviews") if r["user_email"] == ME]
    assert [(r["product_name"], r["is_verified"]) for r in mine] == [
        ("Insulated Water Bottle", True),
        ("Yoga Mat", True),
    ]
    assert APP.rows(shop.state, "questions")[0]["user_email"] == RITA
    with pytest.raises(KeyError, match="no collection 'returns'"):
        APP.rows(shop.state, "returns")


def _write(folder: Path, data: dict[str, Any]) -> Path:
    return write_fixtures(folder, {"amazon": data, "clock": {"start": DEFAULT_START.isoformat()}})


def test_fixture_loads_through_the_registry_and_snapshots(tmp_path: Path) -> None:
    names = ["Home", "Office", *(f"A{n}" for n in range(2, 12))]
    addresses = [
        {"name": name, "street_address": "1 St", "city": "C", "state": "S", "zip_code": 10000 + n}
        for n, name in enumerate(names)
    ]
    world = new_world(_write(tmp_path, fixture(addresses=addresses)))
    restored = new_world(None)
    restored.restore(world.snapshot())
    rows = restored.rows("amazon", "addresses")
    assert [r["address_id"] for r in rows] == list(range(1, 13))
    assert restored.snapshot() == world.snapshot()


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"cart": [{"product": "Trail Running Shoes"}]}, "cart[0].product", "several variations"),
        ({"wish_list": [{"product": "Kayak"}]}, "wish_list[0].product", "no product 'Kayak'"),
        ({"reviews": [{"product": "Yoga Mat", "user": "zoe@example.com", "rating": 3}]}, "reviews[0].user",
         "unknown user"),
        ({"orders": [{"created_at": "2025-01-01T00:00:00", "address": "Cabin", "payment_card": "Visa",
                      "items": [{"product": "Yoga Mat"}]}]}, "orders[0].address", "no address named 'Cabin'"),
        ({"promo_code": "FREE"}, "promo_code", "unknown promo code"),
        ({"cart": [{"product": "Yoga Mat", "gift_wrap_quantity": 2}]}, "cart[0].gift_wrap_quantity", "gift-wrapped"),
        ({"products": [{"name": "X", "seller": "Nobody", "product_type": "t", "price": 1}]}, "products[0].seller",
         "unknown seller"),
    ],
)  # fmt: skip
def test_inconsistent_fixtures_name_the_field(
    tmp_path: Path, changes: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(FixtureError) as caught:
        load_world(_write(tmp_path, fixture(**changes)), {"amazon": APP})
    problem = caught.value.problems[0]
    assert problem.field == field and message in problem.message


def test_unknown_fixture_keys_are_errors(tmp_path: Path) -> None:
    with pytest.raises(FixtureError) as caught:
        load_world(_write(tmp_path, fixture(payment_cards=[{"card_name": "V", "card_number": "4111111111111111",
                                                            "expiry_year": 2030, "expiry_month": 13,
                                                            "cvv_number": "1", "balance": 5, "pin": 1}])),
                   {"amazon": APP})  # fmt: skip
    fields = {p.field for p in caught.value.problems}
    assert {"payment_cards[0].expiry_month", "payment_cards[0].cvv_number", "payment_cards[0].pin"} <= fields

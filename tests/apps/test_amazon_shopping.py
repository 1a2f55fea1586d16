"""The amazon app's shopping flow: cart, wish list, browsing history, orders, purchases, recommendations."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from engine.schema.rules import RuleSpec
from graders.rules import evaluate
from graders.view import EvidenceView
from sandbox.apps.amazon.state import LineItem
from sandbox.apps.tools import APPS_SERVICE
from tests.apps.amazon_helpers import BOTTLE, MAT, MUG, ROAD, TRAIL, TRAIL_RED, Amazon, amazon, fixture


@pytest.fixture
def shop() -> Amazon:
    return amazon()


@pytest.fixture
def token(shop: Amazon) -> str:
    return shop.login()


def _cart(shop: Amazon) -> list[tuple[int, int]]:
    return [(line.product_id, line.quantity) for line in shop.state.customer(shop.state.owner).cart]


def _wish(shop: Amazon) -> list[tuple[int, int]]:
    return [(line.product_id, line.quantity) for line in shop.state.customer(shop.state.owner).wish_list]


def test_add_product_to_cart_adds_up_within_stock(shop: Amazon, token: str) -> None:
    assert shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL, quantity=2) == {
        "message": "Product/s added to the cart."
    }
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL, quantity=3)
    assert _cart(shop) == [(ROAD, 1), (TRAIL, 5)]
    assert shop.err("add_product_to_cart", access_token=token, product_id=TRAIL) == (
        "The inventory doesn't have 6 item/s available at this time."
    )
    assert shop.err("add_product_to_cart", access_token=token, product_id=MUG) == (
        "The inventory doesn't have 1 item/s available at this time."
    )
    shop.ok("add_product_to_cart", access_token=token, product_id=BOTTLE, clear_cart_first=True)
    assert _cart(shop) == [(BOTTLE, 1)]
    assert (
        shop.err("add_product_to_cart", access_token=token, product_id=77) == "The product with id 77 does not exist."
    )


def test_add_product_to_wish_list_ignores_stock(shop: Amazon, token: str) -> None:
    assert shop.ok("add_product_to_wish_list", access_token=token, product_id=MUG, quantity=2) == {
        "message": "Product/s added to the wish list."
    }
    shop.ok("add_product_to_wish_list", access_token=token, product_id=MUG)
    assert _wish(shop) == [(TRAIL_RED, 1), (MUG, 3)]
    shop.ok("add_product_to_wish_list", access_token=token, product_id=MAT, clear_wish_list_first=True)
    assert _wish(shop) == [(MAT, 1)]
    assert shop.err("add_product_to_wish_list", access_token=token, product_id=0) == (
        "The product with id 0 does not exist."
    )


def test_show_wish_list(shop: Amazon, token: str) -> None:
    assert shop.ok("show_wish_list", access_token=token) == [
        {"product_id": TRAIL_RED, "product_name": "Trail Running Shoes", "product_type": "running shoes",
         "rating": 0.0, "relative_size": "large", "color": "red", "quantity": 1, "price": 94.99,
         "inventory_quantity": 1},
    ]  # fmt: skip
    assert shop.err("show_wish_list", access_token="expired").startswith("You are either not authorized")


def test_browsing_history(shop: Amazon, token: str) -> None:
    message = {"message": "Added the product to your browsing history."}
    assert shop.ok("add_product_to_browsing_history", access_token=token, product_id=BOTTLE) == message
    assert shop.ok("add_product_to_browsing_history", access_token=token, product_id=MAT) == message
    assert shop.state.customer(shop.state.owner).browsing_history == [MAT, BOTTLE]
    shop.state.customer(shop.state.owner).track_browsing_history = False
    assert shop.err("add_product_to_browsing_history", access_token=token, product_id=TRAIL) == (
        "Browsing history tracking is turned off for your account."
    )
    assert shop.err("add_product_to_browsing_history", access_token=token, product_id=99) == (
        "The product with id 99 does not exist."
    )


def test_clear_cart(shop: Amazon, token: str) -> None:
    assert shop.ok("clear_cart", access_token=token) == {"message": "Cleared the items from your cart."}
    assert _cart(shop) == []
    assert shop.ok("show_cart", access_token=token)["total_cost"] == 0.0
    assert shop.err("clear_cart", access_token="").startswith("You are either not authorized")


def test_move_between_cart_and_wish_list(shop: Amazon, token: str) -> None:
    shop.ok("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=3)
    moved = shop.ok("move_product_from_cart_to_wish_list", access_token=token, product_id=ROAD, quantity=2)
    assert moved == {"message": "2 product/s moved from the cart to the wish list."}
    assert _cart(shop) == [(ROAD, 1)] and _wish(shop) == [(TRAIL_RED, 1), (ROAD, 2)]
    assert shop.err("move_product_from_cart_to_wish_list", access_token=token, product_id=ROAD, quantity=2) == (
        "The cart only has 1 of this product, so can't move 2 to wish list."
    )
    assert shop.err("move_product_from_cart_to_wish_list", access_token=token, product_id=MAT) == (
        "The product is not available in the cart."
    )
    back = shop.ok("move_product_from_wish_list_to_cart", access_token=token, product_id=ROAD, quantity=2)
    assert back == {"message": "2 product/s moved from the wish list to the cart."}
    assert _cart(shop) == [(ROAD, 3)] and _wish(shop) == [(TRAIL_RED, 1)]
    assert shop.err("move_product_from_wish_list_to_cart", access_token=token, product_id=ROAD) == (
        "The product is not available in the wish list."
    )
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL_RED)
    assert shop.err("move_product_from_wish_list_to_cart", access_token=token, product_id=TRAIL_RED) == (
        "The inventory doesn't have 2 item/s available at this time."
    )
    assert _wish(shop) == [(TRAIL_RED, 1)]


def test_update_product_quantity_in_cart(shop: Amazon, token: str) -> None:
    assert shop.ok("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=4) == {
        "message": "Updated the quantity of the product in the cart."
    }
    assert _cart(shop) == [(ROAD, 4)]
    assert shop.err("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=21) == (
        "The inventory doesn't have 21 item/s available at this time."
    )
    assert shop.err("update_product_quantity_in_cart", access_token=token, product_id=MAT, quantity=1) == (
        "The product is not present in the cart."
    )
    shop.ok("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=0)
    assert _cart(shop) == []
    assert shop.err("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=-1).startswith(
        "bad arguments for amazon__update_product_quantity_in_cart: quantity:"
    )


def _parts_add_up(cart: dict[str, Any]) -> bool:
    parts = cart["base_cost"] + cart["gift_wrap_fee"] + cart["delivery_fee"] + cart["tax"] - cart["discount"]
    return round(parts, 2) == cart["total_cost"]


def test_show_cart_costs(shop: Amazon, token: str) -> None:
    cart = shop.ok("show_cart", access_token=token)
    assert cart["cart_items"] == [
        {"product_id": ROAD, "product_name": "Road Running Shoes", "delivery_days": 5, "quantity": 1,
         "price": 39.5, "inventory_quantity": 20, "gift_wrap_quantity": 0},
    ]  # fmt: skip
    assert (cart["base_cost"], cart["delivery_fee"], cart["tax"], cart["total_cost"]) == (39.5, 0.0, 3.16, 42.66)
    assert (cart["promo_code"], cart["promo_valid"]) == (None, False)
    shop.ok("update_product_quantity_in_cart", access_token=token, product_id=ROAD, quantity=0)
    shop.ok("add_product_to_cart", access_token=token, product_id=MAT)
    small = shop.ok("show_cart", access_token=token)
    assert (small["delivery_fee"], small["tax"], small["total_cost"]) == (5.99, 2.4, 38.39) and _parts_add_up(small)
    shop.state.customer(shop.state.owner).is_prime = True
    shop.state.customer(shop.state.owner).promo_code = "SAVE10"
    shop.state.customer(shop.state.owner).cart[0].gift_wrap_quantity = 1
    prime = shop.ok("show_cart", access_token=token)
    assert (prime["delivery_fee"], prime["discount"], prime["gift_wrap_fee"]) == (0.0, 3.0, 2.99)
    assert (prime["tax"], prime["total_cost"], prime["promo_valid"]) == (2.4, 32.39, True) and _parts_add_up(prime)


def test_place_order(shop: Amazon, token: str) -> None:
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL, quantity=2)
    shop.state.customer(shop.state.owner).promo_code = "SAVE10"
    total = shop.ok("show_cart", access_token=token)["total_cost"]
    placed = shop.ok("place_order", access_token=token, payment_card_id=1, address_id=2)
    assert placed == {
        "message": f"Successfully placed the order. Debitted total amount of ${total:.2f} from your card.",
        "order_id": 3,
    }
    assert shop.state.payment_cards[1].balance == round(500 - total, 2)
    assert (shop.state.products[TRAIL].inventory_quantity, shop.state.products[ROAD].inventory_quantity) == (3, 19)
    assert _cart(shop) == [] and shop.state.customer(shop.state.owner).promo_code is None
    order = shop.ok("show_order", access_token=token, order_id=3)
    assert order["paid_amount"] == total and order["discount"] == 21.95 and order["delivery_fee"] == 0.0
    assert order["address_text"] == "400 Main St, Springfield, IL 62701, USA" and order["payment_card_digits"] == "1111"
    assert order["created_at"] == "2026-01-05T09:00:04"
    assert [(i["product_id"], i["ordered_quantity"], i["price"]) for i in order["order_items"]] == [
        (ROAD, 1, 39.5),
        (TRAIL, 2, 89.99),
    ]
    assert round(39.5 + 2 * 89.99 - order["discount"] + order["tax"], 2) == total
    trail = order["order_items"][1]
    assert (trail["expected_delivery_at"], trail["delivered_at"]) == ("2026-01-07T09:00:04", None)
    shop.world.clock.now += timedelta(days=3)
    assert shop.ok("show_order", access_token=token, order_id=3)["order_items"][1]["delivered_at"] == (
        "2026-01-07T09:00:04"
    )


@pytest.mark.parametrize(
    ("setup", "card", "address", "error"),
    [
        ("empty", 1, 1, "The cart is empty, so can't place the order."),
        (None, 2, 1, "Your payment card doesn't have enough balance to place the order."),
        (None, 3, 1, "The payment card has expired, so it can't be used to place the order."),
        (None, 1, 9, "The address with id 9 does not exist."),
        (None, 8, 1, "The payment_card with id 8 does not exist."),
        ("stock", 1, 1, "The inventory doesn't have 1 item/s available at this time."),
    ],
)
def test_place_order_errors_change_nothing(
    shop: Amazon, token: str, setup: str | None, card: int, address: int, error: str
) -> None:
    if setup == "empty":
        shop.state.customer(shop.state.owner).cart.clear()
    if setup == "stock":
        shop.state.products[ROAD].inventory_quantity = 0
    before = shop.state.model_dump()
    assert shop.err("place_order", access_token=token, payment_card_id=card, address_id=address) == error
    assert shop.state.model_dump() == before


def test_show_order_of_someone_else(shop: Amazon, token: str) -> None:
    shop.state.orders[1].owner = "sam@example.com"
    assert shop.err("show_order", access_token=token, order_id=1) == (
        "The given order does not belong to you, so you cannot access it."
    )
    assert shop.err("show_order", access_token=token, order_id=50) == "The order with id 50 does not exist."


def test_show_orders(shop: Amazon, token: str) -> None:
    shop.ok("place_order", access_token=token, payment_card_id=1, address_id=1)
    orders = shop.ok("show_orders", access_token=token)
    assert [o["order_id"] for o in orders] == [3, 2, 1]
    assert [o["order_id"] for o in shop.ok("show_orders", access_token=token, sort_by="+paid_amount")] == [2, 3, 1]
    assert [o["order_id"] for o in shop.ok("show_orders", access_token=token, query="yoga mat")] == [2]
    assert [o["order_id"] for o in shop.ok("show_orders", access_token=token, page_index=1, page_limit=2)] == [1]
    assert shop.err("show_orders", access_token=token, sort_by="-tax").startswith("Invalid sort_by value '-tax'.")
    assert shop.err("show_orders", access_token=token, page_limit=50).startswith(
        "bad arguments for amazon__show_orders"
    )


def test_show_last_product_purchase_counts_variations(shop: Amazon, token: str) -> None:
    assert shop.err("show_last_product_purchase", access_token=token, product_id=TRAIL) == (
        "You have not purchased this product before."
    )
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL_RED, clear_cart_first=True)
    shop.ok("place_order", access_token=token, payment_card_id=1, address_id=1)
    assert shop.ok("show_last_product_purchase", access_token=token, product_id=TRAIL) == {
        "order_id": 3,
        "ordered_at": "2026-01-05T09:00:04",
        "product_id": TRAIL_RED,
        "product_name": "Trail Running Shoes",
        "product_relative_size": "large",
        "product_color": "red",
    }
    assert shop.ok("show_last_product_purchase", access_token=token, product_id=BOTTLE)["order_id"] == 1
    assert shop.err("show_last_product_purchase", access_token=token, product_id=404) == (
        "The product with id 404 does not exist."
    )


def test_show_product_purchases(shop: Amazon, token: str) -> None:
    assert [p["product_id"] for p in shop.ok("show_product_purchases", access_token=token)] == [MAT, BOTTLE]
    shop.ok("place_order", access_token=token, payment_card_id=1, address_id=1)
    purchases = shop.ok("show_product_purchases", access_token=token, page_limit=2)
    assert [p["product_id"] for p in purchases] == [ROAD, MAT] and purchases[0]["name"] == "Road Running Shoes"
    assert [p["product_id"] for p in shop.ok("show_product_purchases", access_token=token, page_index=1,
                                             page_limit=2)] == [BOTTLE]  # fmt: skip
    assert shop.err("show_product_purchases", access_token=token, page_limit=21).startswith("bad arguments")


def test_show_recommended_products(shop: Amazon, token: str) -> None:
    recommended = [p["product_id"] for p in shop.ok("show_recommended_products", access_token=token, page_limit=10)]
    assert recommended == [TRAIL, MUG]
    shop.state.customer(shop.state.owner).cart = [LineItem(product_id=MUG, quantity=1)]
    assert [p["product_id"] for p in shop.ok("show_recommended_products", access_token=token)] == [TRAIL, ROAD]
    assert shop.err("show_recommended_products", access_token="bad").startswith("You are either not authorized")


@pytest.mark.parametrize(
    ("api", "arguments", "problem"),
    [
        ("add_product_to_cart", {"product_id": TRAIL, "quantity": 0}, "quantity: Input should be greater than"),
        ("add_product_to_cart", {"quantity": 1}, "product_id: Field required"),
        ("add_product_to_wish_list", {"product_id": "one"}, "product_id: Input should be a valid integer"),
        ("move_product_from_cart_to_wish_list", {"product_id": ROAD, "bogus": 1}, "bogus: Extra inputs"),
        ("place_order", {"payment_card_id": 1}, "address_id: Field required"),
        ("add_address", {"name": "X", "street_address": "s", "city": "c", "state": "s", "country": "c",
                         "zip_code": 123456}, "zip_code: Input should be less than or equal to 99999"),
        ("show_product_reviews", {"product_id": TRAIL, "page_limit": 0}, "page_limit: Input should be greater"),
        ("search_products", {"max_price": "cheap"}, "max_price: Input should be a valid number"),
    ],
)  # fmt: skip
def test_bad_arguments_change_nothing(
    shop: Amazon, token: str, api: str, arguments: dict[str, Any], problem: str
) -> None:
    if api not in {"show_product_reviews", "search_products"}:
        arguments = {"access_token": token, **arguments}
    shop.bad_arguments(api, problem, **arguments)


def test_prime_fixture_orders_are_priced_without_delivery_fee() -> None:
    shop = amazon(fixture(is_prime=True))
    order = shop.ok("show_order", access_token=shop.login(), order_id=2)
    assert (order["delivery_fee"], order["paid_amount"]) == (0.0, 32.4)


def test_an_order_split_over_two_orders_counts_as_its_total(shop: Amazon, token: str) -> None:
    three = {"app": "amazon", "collection": "order_items", "where": {"product_name": "Trail"}}
    rule = RuleSpec(kind="app_state", args={**three, "total_of": "ordered_quantity", "total": 3})

    def judge() -> bool:
        return evaluate(rule, EvidenceView(workspace=shop.workspace, services={APPS_SERVICE: shop.world})).passed

    assert not judge()
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL, quantity=2)
    shop.ok("place_order", access_token=token, payment_card_id=1, address_id=1)
    assert not judge()
    shop.ok("add_product_to_cart", access_token=token, product_id=TRAIL, quantity=1)
    shop.ok("place_order", access_token=token, payment_card_id=1, address_id=1)
    assert judge()

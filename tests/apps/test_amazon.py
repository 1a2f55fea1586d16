"""The amazon app: registration, login, account, addresses, cards, catalogue, reviews and questions, fixtures."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox.apps.amazon import APP
from sandbox.apps.registry import APPS
from tests.apps.amazon_helpers import (
    BOTTLE,
    MAT,
    ME,
    PASSWORD,
    RITA,
    ROAD,
    SAM,
    TRAIL,
    TRAIL_RED,
    UNAUTHORIZED,
    Amazon,
    amazon,
)

TABLE_APIS = {
    "add_address", "add_product_to_cart", "add_product_to_wish_list", "add_product_to_browsing_history",
    "clear_cart", "login", "logout", "move_product_from_cart_to_wish_list", "move_product_from_wish_list_to_cart",
    "place_order", "write_product_question", "search_product_types", "search_products", "search_sellers",
    "update_product_quantity_in_cart", "show_account", "show_addresses", "show_cart", "show_last_product_purchase",
    "show_order", "show_orders", "show_payment_card", "show_payment_cards", "show_product",
    "show_product_feature_choices", "show_product_purchases", "show_product_question_answers",
    "show_product_questions", "show_product_reviews", "show_recommended_products", "show_seller", "show_wish_list",
    "write_product_review",
}  # fmt: skip


@pytest.fixture
def shop() -> Amazon:
    return amazon()


@pytest.fixture
def token(shop: Amazon) -> str:
    return shop.login()


def test_registered_with_every_table_tool() -> None:
    assert len(TABLE_APIS) == 33
    assert APPS["amazon"] is APP
    assert {api.name for api in APP.apis} == TABLE_APIS and len(APP.apis) == 33


def test_login_logout_and_401(shop: Amazon) -> None:
    assert shop.err("login", username=ME, password="wrong") == "Invalid credentials"
    assert shop.err("login", username=SAM, password=PASSWORD) == "Invalid credentials"
    login = shop.ok("login", username=ME.upper(), password=PASSWORD)
    assert login["token_type"] == "Bearer" and login["access_token"].count(".") == 2
    token = login["access_token"]
    assert shop.ok("show_account", access_token=token)["last_logged_in"] == "2026-01-05T09:00:03"
    assert shop.ok("logout", access_token=token) == {"message": "Successfully logged out."}
    assert shop.err("show_cart", access_token=token) == UNAUTHORIZED
    assert shop.err("logout", access_token=token) == UNAUTHORIZED
    assert shop.err("place_order", access_token="nope", payment_card_id=1, address_id=1) == UNAUTHORIZED


def test_tokens_expire_at_the_session_boundary(shop: Amazon, token: str) -> None:
    shop.world.end_session()
    assert shop.err("show_wish_list", access_token=token) == UNAUTHORIZED
    assert shop.err("show_account", access_token=token) == UNAUTHORIZED
    assert shop.err("show_payment_cards", access_token=token) == UNAUTHORIZED
    assert shop.ok("show_account", access_token=shop.login())["last_logged_in"] == "2026-01-06T09:00:05"


def test_show_account(shop: Amazon, token: str) -> None:
    account = shop.ok("show_account", access_token=token)
    assert account == {
        "first_name": "Noor",
        "last_name": "Haddad",
        "email": ME,
        "registered_at": "2026-01-05T09:00:00",
        "last_logged_in": "2026-01-05T09:00:01",
        "track_browsing_history": True,
        "verified": True,
        "is_prime": False,
    }


def test_add_and_show_addresses(shop: Amazon, token: str) -> None:
    added = shop.ok(
        "add_address", access_token=token, name="Gym", street_address="9 Oak Ave", city="Chicago", state="IL",
        country="USA", zip_code=60601,
    )  # fmt: skip
    assert added == {"message": "Added address to your account.", "address_id": 3}
    addresses = shop.ok("show_addresses", access_token=token)
    assert [a["name"] for a in addresses] == ["Home", "Office", "Gym"]
    assert addresses[2] == {
        "address_id": 3, "name": "Gym", "street_address": "9 Oak Ave", "city": "Chicago", "state": "IL",
        "country": "USA", "zip_code": 60601,
    }  # fmt: skip
    assert shop.state.addresses[3].owner == ME
    assert shop.err("show_addresses", access_token="x") == UNAUTHORIZED


def test_payment_cards_hide_the_balance(shop: Amazon, token: str) -> None:
    cards = shop.ok("show_payment_cards", access_token=token)
    assert [c["card_name"] for c in cards] == ["Visa", "Gift Card", "Old Amex"]
    card = shop.ok("show_payment_card", access_token=token, payment_card_id=2)
    assert card == {
        "payment_card_id": 2, "card_name": "Gift Card", "owner_name": "Noor Haddad",
        "card_number": "6011000000001234", "expiry_year": 2030, "expiry_month": 1, "cvv_number": "999",
    }  # fmt: skip
    assert shop.err("show_payment_card", access_token=token, payment_card_id=9) == (
        "The payment_card with id 9 does not exist."
    )
    shop.state.payment_cards[1].owner = SAM
    assert shop.err("show_payment_card", access_token=token, payment_card_id=1) == (
        "The given payment_card does not belong to you, so you cannot access it."
    )
    assert [c["payment_card_id"] for c in shop.ok("show_payment_cards", access_token=token)] == [2, 3]


def test_search_product_types(shop: Amazon) -> None:
    assert shop.ok("search_product_types") == ["mug", "running shoes", "water bottle", "yoga mat"]
    assert shop.ok("search_product_types", query="shoes") == ["running shoes"]
    assert shop.ok("search_product_types", page_index=1, page_limit=3) == ["yoga mat"]
    assert len(shop.ok("search_product_types", page_limit=500)) == 4
    assert shop.err("search_product_types", page_limit=0).startswith("bad arguments for amazon__search_product_types")


def _ids(products: list[dict[str, Any]]) -> list[int]:
    return [p["product_id"] for p in products]


def test_search_products_filters_dedups_and_sorts(shop: Amazon) -> None:
    assert _ids(shop.ok("search_products", query="running shoes")) == [TRAIL, ROAD]
    assert _ids(shop.ok("search_products", color="red")) == [TRAIL_RED]
    assert _ids(shop.ok("search_products", product_type="Running Shoes", relative_size="large")) == [TRAIL_RED]
    assert _ids(shop.ok("search_products", min_price=25, max_price=40, sort_by="+price")) == [MAT, ROAD]
    assert _ids(shop.ok("search_products", min_product_rating=3.5)) == [TRAIL, BOTTLE]
    assert _ids(shop.ok("search_products", min_seller_rating=4.5, sort_by="-price")) == [TRAIL, MAT]
    assert _ids(shop.ok("search_products", seller_id=2, sort_by="+delivery_days")) == [BOTTLE, 5]
    default = shop.ok("search_products", page_limit=20)
    assert _ids(default) == [TRAIL, BOTTLE, ROAD, 5, MAT]
    assert _ids(shop.ok("search_products", page_index=1, page_limit=2)) == [ROAD, 5]
    assert shop.err("search_products", sort_by="name").startswith("Invalid sort_by value 'name'.")
    assert shop.err("search_products", page_limit=21).startswith("bad arguments for amazon__search_products")
    assert shop.err("search_products", relative_size="huge").startswith("bad arguments for amazon__search_products")


def test_search_sellers(shop: Amazon) -> None:
    assert shop.ok("search_sellers") == [
        {"seller_id": 1, "name": "Trailhead Outfitters"},
        {"seller_id": 2, "name": "HomeGoods Direct"},
        {"seller_id": 3, "name": "Budget Bazaar"},
    ]
    assert shop.ok("search_sellers", query="bazaar") == [{"seller_id": 3, "name": "Budget Bazaar"}]
    assert shop.ok("search_sellers", page_index=1, page_limit=2) == [{"seller_id": 3, "name": "Budget Bazaar"}]
    assert shop.err("search_sellers", page_index=-1).startswith("bad arguments for amazon__search_sellers")


def test_show_product_and_seller(shop: Amazon) -> None:
    product = shop.ok("show_product", product_id=TRAIL)
    assert product["name"] == "Trail Running Shoes" and product["price"] == 89.99
    assert (product["rating"], product["num_product_reviews"], product["num_product_questions"]) == (4.0, 2, 1)
    assert product["variations"] == [{"product_id": TRAIL_RED, "relative_size": "large", "color": "red"}]
    assert product["shareable_link"].endswith("/product/1")
    assert shop.ok("show_product", product_id=TRAIL_RED)["variations"][0]["product_id"] == TRAIL
    assert shop.err("show_product", product_id=99) == "The product with id 99 does not exist."
    assert shop.ok("show_seller", seller_id=1) == {"seller_id": 1, "name": "Trailhead Outfitters", "rating": 4.6}
    assert shop.err("show_seller", seller_id=7) == "The seller with id 7 does not exist."
    assert shop.err("show_product", access_token="x", product_id=1).startswith(
        "bad arguments for amazon__show_product: access_token: Extra inputs"
    )


def test_show_product_feature_choices(shop: Amazon) -> None:
    assert shop.ok("show_product_feature_choices", product_type="running shoes") == {
        "colors": ["black", "blue", "red"],
        "relative_sizes": ["medium", "large"],
        "sellers": [{"seller_id": 1, "name": "Trailhead Outfitters"}, {"seller_id": 3, "name": "Budget Bazaar"}],
    }
    everything = shop.ok("show_product_feature_choices")
    assert everything["relative_sizes"] == ["small", "medium", "large"] and len(everything["sellers"]) == 3
    assert shop.err("show_product_feature_choices", product_type="kayak") == (
        "The product with product_type kayak does not exist."
    )


def test_show_product_reviews(shop: Amazon) -> None:
    reviews = shop.ok("show_product_reviews", product_id=TRAIL)
    assert [r["title"] for r in reviews] == ["Runs small", "Great grip"]
    assert reviews[1] == {
        "review_id": 1, "product_id": TRAIL, "is_verified": True, "rating": 5, "title": "Great grip",
        "text": "Held on wet rocks.", "created_at": "2025-12-01T10:00:00", "user": {"name": "Sam Lee", "email": SAM},
    }  # fmt: skip
    assert [r["review_id"] for r in shop.ok("show_product_reviews", product_id=TRAIL, is_verified=False)] == [2]
    assert [r["review_id"] for r in shop.ok("show_product_reviews", product_id=TRAIL, min_rating=4)] == [1]
    assert [r["review_id"] for r in shop.ok("show_product_reviews", product_id=TRAIL, user_email=RITA)] == [2]
    assert [r["review_id"] for r in shop.ok("show_product_reviews", product_id=TRAIL, query="wet rocks")] == [1]
    assert [r["rating"] for r in shop.ok("show_product_reviews", product_id=TRAIL, sort_by="+rating")] == [3, 5]
    assert shop.ok("show_product_reviews", product_id=TRAIL, page_index=1, page_limit=1)[0]["review_id"] == 1
    assert shop.err("show_product_reviews", product_id=42) == "The product with id 42 does not exist."
    assert shop.err("show_product_reviews", product_id=TRAIL, max_rating=6).startswith("bad arguments")


def test_questions_and_answers(shop: Amazon) -> None:
    questions = shop.ok("show_product_questions", product_id=TRAIL)
    assert questions == [
        {"question_id": 1, "product_id": TRAIL, "question": "Are these waterproof?", "num_answers": 2,
         "created_at": "2025-12-02T09:00:00", "user": {"name": "Rita Gomez", "email": RITA}},
    ]  # fmt: skip
    assert shop.ok("show_product_questions", product_id=TRAIL, user_email=SAM) == []
    assert shop.ok("show_product_questions", product_id=ROAD) == []
    answers = shop.ok("show_product_question_answers", question_id=1)
    assert [(a["question_answer_id"], a["is_verified"]) for a in answers] == [(2, False), (1, True)]
    assert answers[1]["answer"] == "Water resistant, not waterproof." and answers[1]["user"]["email"] == SAM
    assert [a["question_answer_id"] for a in shop.ok("show_product_question_answers", question_id=1,
                                                      sort_by="+created_at")] == [1, 2]  # fmt: skip
    assert [a["question_answer_id"] for a in shop.ok("show_product_question_answers", question_id=1,
                                                      is_verified=True)] == [1]  # fmt: skip
    assert shop.err("show_product_question_answers", question_id=5) == "The question with id 5 does not exist."
    assert shop.err("show_product_questions", product_id=0) == "The product with id 0 does not exist."


def test_write_product_question(shop: Amazon, token: str) -> None:
    posted = shop.ok("write_product_question", access_token=token, product_id=MAT, question="Is it non-slip?")
    assert posted == {"message": "Posted a new product question.", "question_id": 2}
    question = shop.state.questions[2]
    assert (question.product_id, question.user, question.created_at) == (MAT, ME, shop.world.clock.now)
    assert shop.ok("show_product", product_id=MAT)["num_product_questions"] == 1
    assert shop.err("write_product_question", access_token=token, product_id=99, question="?") == (
        "The product with id 99 does not exist."
    )
    assert shop.err("write_product_question", access_token=token, product_id=MAT, question="").startswith(
        "bad arguments for amazon__write_product_question: question:"
    )


def test_write_product_review_is_verified_only_after_purchase(shop: Amazon, token: str) -> None:
    written = shop.ok("write_product_review", access_token=token, product_id=MAT, rating=5, title="Thick", text="Good")
    assert written == {"message": "Added a new product review.", "product_review_id": 5}
    assert shop.state.reviews[5].is_verified is True
    assert shop.state.orders[2].order_items[0].product_review_id == 5
    assert shop.ok("show_product", product_id=MAT)["rating"] == 5.0
    unbought = shop.ok("write_product_review", access_token=token, product_id=ROAD, rating=1)
    assert shop.state.reviews[unbought["product_review_id"]].is_verified is False
    assert shop.ok("show_product", product_id=ROAD)["rating"] == 1.5
    assert shop.err("write_product_review", access_token=token, product_id=BOTTLE, rating=4) == (
        "You have already written a review for this product."
    )
    assert shop.err("write_product_review", access_token=token, product_id=TRAIL, rating=0).startswith(
        "bad arguments for amazon__write_product_review: rating:"
    )
    assert len(shop.state.reviews) == 6

"""An amazon app seeded from a small fixture behind a toolbox, as the agent reaches it (shared by the amazon tests)."""

from __future__ import annotations

import copy
from typing import Any

from sandbox.apps.amazon import APP
from sandbox.apps.amazon.state import AmazonState
from tests.apps.harness import AppHarness, unauthorized

ME, SAM, RITA = "noor@example.com", "sam@example.com", "rita@example.com"
PASSWORD = "pw-shop"
UNAUTHORIZED = unauthorized("amazon")
Amazon = AppHarness[AmazonState]
# product ids: 1 Trail blue/medium, 2 Trail red/large, 3 Road, 4 Bottle, 5 Mug (out of stock), 6 Yoga Mat
TRAIL, TRAIL_RED, ROAD, BOTTLE, MUG, MAT = 1, 2, 3, 4, 5, 6
FIXTURE: dict[str, Any] = {
    "account": {"first_name": "Noor", "last_name": "Haddad", "email": ME, "password": PASSWORD},
    "users": [
        {"first_name": "Sam", "last_name": "Lee", "email": SAM},
        {"first_name": "Rita", "last_name": "Gomez", "email": RITA},
    ],
    "sellers": [
        {"name": "Trailhead Outfitters", "rating": 4.6},
        {"name": "HomeGoods Direct", "rating": 3.9},
        {"name": "Budget Bazaar", "rating": 2.8},
    ],
    "products": [
        {
            "name": "Trail Running Shoes",
            "seller": "Trailhead Outfitters",
            "product_type": "running shoes",
            "description": "Grippy lugs for muddy trails.",
            "price": 89.99,
            "delivery_days": 2,
            "inventory_quantity": 5,
            "color": "blue",
            "relative_size": "medium",
            "variations": [{"color": "red", "relative_size": "large", "price": 94.99, "inventory_quantity": 1}],
        },
        {
            "name": "Road Running Shoes",
            "seller": "Budget Bazaar",
            "product_type": "running shoes",
            "price": 39.5,
            "delivery_days": 5,
            "inventory_quantity": 20,
            "color": "black",
        },
        {
            "name": "Insulated Water Bottle",
            "seller": "HomeGoods Direct",
            "product_type": "water bottle",
            "price": 24.0,
            "delivery_days": 1,
            "inventory_quantity": 3,
            "color": "green",
            "relative_size": "small",
        },
        {
            "name": "Ceramic Coffee Mug",
            "seller": "HomeGoods Direct",
            "product_type": "mug",
            "price": 12.5,
            "inventory_quantity": 0,
            "color": "white",
        },
        {
            "name": "Yoga Mat",
            "seller": "Trailhead Outfitters",
            "product_type": "yoga mat",
            "price": 30.0,
            "inventory_quantity": 8,
            "color": "purple",
            "relative_size": "large",
        },
    ],
    "reviews": [
        {
            "product": "Trail Running Shoes",
            "color": "blue",
            "user": SAM,
            "rating": 5,
            "title": "Great grip",
            "text": "Held on wet rocks.",
            "created_at": "2025-12-01T10:00:00",
        },
        {
            "product": "Trail Running Shoes",
            "color": "blue",
            "user": RITA,
            "rating": 3,
            "title": "Runs small",
            "text": "Order a size up.",
            "is_verified": False,
            "created_at": "2025-12-10T10:00:00",
        },
        {
            "product": "Road Running Shoes",
            "user": SAM,
            "rating": 2,
            "title": "Thin sole",
            "created_at": "2025-11-01T10:00:00",
        },
        {
            "product": "Insulated Water Bottle",
            "user": ME,
            "rating": 4,
            "title": "Keeps ice",
            "created_at": "2025-11-25T10:00:00",
        },
    ],
    "questions": [
        {
            "product": "Trail Running Shoes",
            "color": "blue",
            "user": RITA,
            "question": "Are these waterproof?",
            "created_at": "2025-12-02T09:00:00",
            "answers": [
                {"user": SAM, "answer": "Water resistant, not waterproof.", "created_at": "2025-12-03T09:00:00"},
                {
                    "user": RITA,
                    "answer": "Mine leaked in a stream.",
                    "is_verified": False,
                    "created_at": "2025-12-04T09:00:00",
                },
            ],
        }
    ],
    "promo_codes": [
        {"code": "SAVE10", "discount_percent": 10, "valid_until": "2026-12-31T23:59:59"},
        {"code": "OLD5", "discount_percent": 5, "valid_until": "2025-01-01T00:00:00"},
    ],
    "addresses": [
        {"name": "Home", "street_address": "12 Elm St", "city": "Springfield", "state": "IL", "zip_code": 62704},
        {"name": "Office", "street_address": "400 Main St", "city": "Springfield", "state": "IL", "zip_code": 62701},
    ],
    "payment_cards": [
        {
            "card_name": "Visa",
            "card_number": "4111111111111111",
            "expiry_year": 2028,
            "expiry_month": 5,
            "cvv_number": "123",
            "balance": 500,
        },
        {
            "card_name": "Gift Card",
            "card_number": "6011000000001234",
            "expiry_year": 2030,
            "expiry_month": 1,
            "cvv_number": "999",
            "balance": 20,
        },
        {
            "card_name": "Old Amex",
            "card_number": "371449635398431",
            "expiry_year": 2025,
            "expiry_month": 1,
            "cvv_number": "1234",
            "balance": 1000,
        },
    ],
    "orders": [
        {
            "created_at": "2025-11-20T12:00:00",
            "address": "Home",
            "payment_card": "Visa",
            "items": [{"product": "Insulated Water Bottle", "quantity": 2}],
        },
        {
            "created_at": "2025-12-15T12:00:00",
            "address": "Office",
            "payment_card": "Visa",
            "items": [{"product": "Yoga Mat"}],
        },
    ],
    "cart": [{"product": "Road Running Shoes"}],
    "wish_list": [{"product": "Trail Running Shoes", "color": "red"}],
    "browsing_history": [{"product": "Yoga Mat"}],
}


def fixture(**changes: Any) -> dict[str, Any]:
    """A deep copy of FIXTURE with top-level keys replaced."""
    return {**copy.deepcopy(FIXTURE), **changes}


def amazon(data: dict[str, Any] | None = None) -> AppHarness[AmazonState]:
    """The amazon app seeded from `data` (default FIXTURE) behind a toolbox."""
    return AppHarness.seeded(APP, data or FIXTURE)

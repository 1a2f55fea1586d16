"""How amazon records look to the agent: PRODUCT, ORDER, CARD and the other response objects."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sandbox.apps.amazon.state import Address, AmazonState, Order, PaymentCard, Product
from sandbox.apps.query import iso

LINK = "https://www.amazon.com/product/{product_id}"


def product_rating(state: AmazonState, product_id: int) -> tuple[float, int]:
    """(mean review rating rounded to one decimal, 0.0 without reviews; number of reviews)."""
    ratings = [r.rating for r in state.reviews.values() if r.product_id == product_id]
    return (round(sum(ratings) / len(ratings), 1) if ratings else 0.0), len(ratings)


def product_view(state: AmazonState, product: Product) -> dict[str, Any]:
    """The PRODUCT object."""
    rating, num_reviews = product_rating(state, product.product_id)
    questions = sum(1 for q in state.questions.values() if q.product_id == product.product_id)
    return {
        "product_id": product.product_id,
        "seller_id": product.seller_id,
        "product_type": product.product_type,
        "name": product.name,
        "description": product.description,
        "price": product.price,
        "delivery_days": product.delivery_days,
        "inventory_quantity": product.inventory_quantity,
        "weight": product.weight,
        "length": product.length,
        "width": product.width,
        "height": product.height,
        "color": product.color,
        "relative_size": product.relative_size,
        "rating": rating,
        "num_product_reviews": num_reviews,
        "num_product_questions": questions,
        "shareable_link": LINK.format(product_id=product.product_id),
        "variations": [
            {"product_id": p.product_id, "relative_size": p.relative_size, "color": p.color}
            for p in state.group_of(product)
            if p.product_id != product.product_id
        ],
    }


def order_view(order: Order, now: datetime) -> dict[str, Any]:
    """The ORDER object; an item counts as delivered once the clock passes its expected delivery time."""
    return {
        "order_id": order.order_id,
        "address_id": order.address_id,
        "payment_card_id": order.payment_card_id,
        "tax": order.tax,
        "delivery_fee": order.delivery_fee,
        "gift_wrap_fee": order.gift_wrap_fee,
        "discount": order.discount,
        "created_at": iso(order.created_at),
        "address_text": order.address_text,
        "payment_card_digits": order.payment_card_digits,
        "paid_amount": order.paid_amount,
        "order_items": [
            {
                "product_id": item.product_id,
                "product_name": item.product_name,
                "product_review_id": item.product_review_id,
                "ordered_quantity": item.ordered_quantity,
                "returned_quantity": item.returned_quantity,
                "gift_wrap_quantity": item.gift_wrap_quantity,
                "price": item.price,
                "expected_delivery_at": iso(item.expected_delivery_at),
                "delivered_at": iso(item.expected_delivery_at) if item.expected_delivery_at <= now else None,
            }
            for item in order.order_items
        ],
    }


def card_view(card: PaymentCard) -> dict[str, Any]:
    """The CARD object (the balance is not shown)."""
    return {
        "payment_card_id": card.payment_card_id,
        "card_name": card.card_name,
        "owner_name": card.owner_name,
        "card_number": card.card_number,
        "expiry_year": card.expiry_year,
        "expiry_month": card.expiry_month,
        "cvv_number": card.cvv_number,
    }


def address_view(address: Address) -> dict[str, Any]:
    """An address object."""
    return {
        "address_id": address.address_id,
        "name": address.name,
        "street_address": address.street_address,
        "city": address.city,
        "state": address.state,
        "country": address.country,
        "zip_code": address.zip_code,
    }


def user_ref(state: AmazonState, username: str) -> dict[str, str]:
    """A person as {name, email}."""
    account = state.account(username)
    return {"name": account.name if account else username, "email": account.email if account else username}

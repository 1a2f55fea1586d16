"""What a cart costs: base cost, gift wrap, delivery, tax, promo discount and total, in cents-exact dollars.

Rules (deterministic, shown to the agent by show_cart and recorded on every order):
- base_cost: the sum of unit price x quantity;
- gift_wrap_fee: GIFT_WRAP_FEE per gift-wrapped unit;
- delivery_fee: 0 for Prime members and for base costs of at least FREE_DELIVERY_FROM, else DELIVERY_FEE;
- discount: the valid promo code's percentage of the base cost;
- tax: TAX_RATE of (base_cost + gift_wrap_fee - discount);
- total_cost: base_cost + gift_wrap_fee + delivery_fee + tax - discount.
Every amount is rounded to cents before it is added, so the parts always add up to the total.
`add_order` records an order with its costs, for place_order and for fixture orders alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sandbox.apps.amazon.state import Address, AmazonState, LineItem, Order, OrderItem, PaymentCard, PromoCode

TAX_RATE = 0.08
DELIVERY_FEE = 5.99
FREE_DELIVERY_FROM = 35.0
GIFT_WRAP_FEE = 2.99


def cents(amount: float) -> float:
    """An amount rounded to cents."""
    return round(amount + 1e-9, 2)


@dataclass(frozen=True)
class Costs:
    """The priced parts of a cart or order."""

    base_cost: float
    gift_wrap_fee: float
    delivery_fee: float
    tax: float
    discount: float

    @property
    def total_cost(self) -> float:
        """What the customer pays."""
        return cents(self.base_cost + self.gift_wrap_fee + self.delivery_fee + self.tax - self.discount)


def valid_promo(state: AmazonState, code: str | None, now: datetime) -> PromoCode | None:
    """The promo code if it exists and has not expired at `now`."""
    if code is None:
        return None
    promo = next((p for p in state.promo_codes if p.code.lower() == code.lower()), None)
    return promo if promo is not None and now <= promo.valid_until else None


def price_lines(lines: list[tuple[float, LineItem]], is_prime: bool, promo: PromoCode | None) -> Costs:
    """The costs of (unit price, line) pairs for a customer with or without Prime and a valid promo code."""
    base = cents(sum(price * line.quantity for price, line in lines))
    wrap = cents(GIFT_WRAP_FEE * sum(line.gift_wrap_quantity for _, line in lines))
    delivery = 0.0 if is_prime or not lines or base >= FREE_DELIVERY_FROM else DELIVERY_FEE
    discount = cents(base * promo.discount_percent / 100) if promo is not None else 0.0
    tax = cents((base + wrap - discount) * TAX_RATE)
    return Costs(base_cost=base, gift_wrap_fee=wrap, delivery_fee=delivery, tax=tax, discount=discount)


def cart_costs(state: AmazonState, username: str, now: datetime) -> Costs:
    """The costs of a customer's cart at current prices."""
    customer = state.customer(username)
    lines = [(state.products[line.product_id].price, line) for line in customer.cart]
    return price_lines(lines, customer.is_prime, valid_promo(state, customer.promo_code, now))


def add_order(
    state: AmazonState,
    owner: str,
    paid_with: tuple[Address, PaymentCard],
    costs: Costs,
    items: list[OrderItem],
    at: datetime,
) -> int:
    """Record an order (placed or seeded) shipped to the address, paid by the card with `costs`; its new id."""
    address, card = paid_with
    order_id = state.next_id("order")
    state.orders[order_id] = Order(
        order_id=order_id,
        owner=owner,
        address_id=address.address_id,
        payment_card_id=card.payment_card_id,
        address_text=address.text,
        payment_card_digits=card.card_number[-4:],
        tax=costs.tax,
        delivery_fee=costs.delivery_fee,
        gift_wrap_fee=costs.gift_wrap_fee,
        discount=costs.discount,
        paid_amount=costs.total_cost,
        created_at=at,
        order_items=items,
    )
    return order_id

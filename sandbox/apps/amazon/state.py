"""amazon state: the shared catalogue (sellers, products, reviews, questions) and each customer's records."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, TypeVar

from pydantic import Field

from sandbox.apps.base import AppError, AppState, StateModel, not_found, owned

RelativeSize = Literal["extra-small", "small", "medium", "large", "extra-large"]
SIZES: tuple[str, ...] = ("extra-small", "small", "medium", "large", "extra-large")
T = TypeVar("T")


def by_id(records: dict[int, T]) -> list[T]:
    """Records in id order (a restored snapshot's dicts may come back in another order)."""
    return [records[key] for key in sorted(records)]


class Seller(StateModel):
    """A seller of the catalogue."""

    seller_id: int = Field(description="Seller id.")
    name: str = Field(description="Seller name.")
    rating: float = Field(ge=0, le=5, description="Seller rating, 0-5.")


class Product(StateModel):
    """One buyable product; the colour and size variations of an item are separate products of one group."""

    product_id: int = Field(description="Product id.")
    seller_id: int = Field(description="Id of the seller.")
    product_type: str = Field(description="Product type, e.g. 'running shoes'.")
    name: str = Field(description="Product name (shared by its variations).")
    description: str = Field(default="", description="Product description.")
    price: float = Field(ge=0, description="Current unit price in dollars.")
    delivery_days: int = Field(ge=0, description="Days from order to delivery.")
    inventory_quantity: int = Field(ge=0, description="Units in stock.")
    weight: float = Field(default=0.0, ge=0, description="Weight in pounds.")
    length: float = Field(default=0.0, ge=0, description="Length in inches.")
    width: float = Field(default=0.0, ge=0, description="Width in inches.")
    height: float = Field(default=0.0, ge=0, description="Height in inches.")
    color: str = Field(default="", description="Colour of this variation.")
    relative_size: RelativeSize = Field(default="medium", description="Relative size of this variation.")
    variation_group: int = Field(description="product_id of the group's first product; shared by all variations.")


class Review(StateModel):
    """A product review."""

    product_review_id: int = Field(description="Review id.")
    product_id: int = Field(description="Reviewed product.")
    user: str = Field(description="Username of the author.")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Review title.")
    text: str = Field(default="", description="Review text.")
    is_verified: bool = Field(description="The author bought the product.")
    created_at: datetime = Field(description="When it was written.")


class Question(StateModel):
    """A question asked about a product."""

    question_id: int = Field(description="Question id.")
    product_id: int = Field(description="Product asked about.")
    user: str = Field(description="Username of the asker.")
    question: str = Field(description="Question text.")
    created_at: datetime = Field(description="When it was asked.")


class Answer(StateModel):
    """An answer to a product question."""

    question_answer_id: int = Field(description="Answer id.")
    question_id: int = Field(description="The question answered.")
    user: str = Field(description="Username of the author.")
    answer: str = Field(description="Answer text.")
    is_verified: bool = Field(description="The author bought the product.")
    created_at: datetime = Field(description="When it was written.")


class PromoCode(StateModel):
    """A promo code that discounts a cart's base cost."""

    code: str = Field(description="The code customers enter.")
    discount_percent: float = Field(gt=0, le=100, description="Percent taken off the base cost.")
    valid_until: datetime = Field(description="Last moment the code is valid.")


class Address(StateModel):
    """A delivery address of a customer."""

    address_id: int = Field(description="Address id.")
    owner: str = Field(description="Username of the customer.")
    name: str = Field(description="Label, e.g. 'Home'.")
    street_address: str = Field(description="Street and number.")
    city: str = Field(description="City.")
    state: str = Field(description="State.")
    country: str = Field(description="Country.")
    zip_code: int = Field(description="Zip code.")

    @property
    def text(self) -> str:
        """One-line form printed on orders."""
        return f"{self.street_address}, {self.city}, {self.state} {self.zip_code:05d}, {self.country}"


class PaymentCard(StateModel):
    """A customer's payment card with its available balance."""

    payment_card_id: int = Field(description="Card id.")
    owner: str = Field(description="Username of the customer.")
    card_name: str = Field(description="Label, e.g. 'Visa'.")
    owner_name: str = Field(description="Name on the card.")
    card_number: str = Field(description="Card number (digits).")
    expiry_year: int = Field(description="Expiry year.")
    expiry_month: int = Field(ge=1, le=12, description="Expiry month.")
    cvv_number: str = Field(description="CVV.")
    balance: float = Field(ge=0, description="Available balance in dollars.")

    def expired(self, now: datetime) -> bool:
        """Whether the card's expiry month lies before `now`."""
        return (self.expiry_year, self.expiry_month) < (now.year, now.month)


class LineItem(StateModel):
    """A product and quantity in a cart or wish list."""

    product_id: int = Field(description="Product id.")
    quantity: int = Field(ge=1, description="Units.")
    gift_wrap_quantity: int = Field(default=0, ge=0, description="Units to gift-wrap (cart only).")


class OrderItem(StateModel):
    """One product line of an order."""

    product_id: int = Field(description="Product id.")
    product_name: str = Field(description="Product name at ordering time.")
    product_review_id: int | None = Field(default=None, description="The customer's review of it, if written.")
    ordered_quantity: int = Field(ge=1, description="Units ordered.")
    returned_quantity: int = Field(default=0, ge=0, description="Units returned.")
    gift_wrap_quantity: int = Field(default=0, ge=0, description="Units gift-wrapped.")
    price: float = Field(ge=0, description="Unit price paid.")
    expected_delivery_at: datetime = Field(description="Expected delivery time.")


class Order(StateModel):
    """A placed order."""

    order_id: int = Field(description="Order id.")
    owner: str = Field(description="Username of the customer.")
    address_id: int = Field(description="Delivery address.")
    payment_card_id: int = Field(description="Card charged.")
    address_text: str = Field(description="The address as printed at ordering time.")
    payment_card_digits: str = Field(description="Last four digits of the card.")
    tax: float = Field(description="Tax charged.")
    delivery_fee: float = Field(description="Delivery fee charged.")
    gift_wrap_fee: float = Field(description="Gift-wrap fee charged.")
    discount: float = Field(description="Promo discount.")
    paid_amount: float = Field(description="Total debited.")
    created_at: datetime = Field(description="When it was placed.")
    order_items: list[OrderItem] = Field(description="Ordered products.")


class Customer(StateModel):
    """A user's shopping profile: membership, settings, cart, wish list and browsing history."""

    is_prime: bool = Field(default=False, description="Prime member (free delivery).")
    verified: bool = Field(default=True, description="Account verified.")
    track_browsing_history: bool = Field(default=True, description="Browsing history is recorded.")
    last_logged_in: datetime | None = Field(default=None, description="Time of the last login.")
    cart: list[LineItem] = Field(default_factory=list, description="Cart lines, in the order added.")
    promo_code: str | None = Field(default=None, description="Promo code applied to the cart.")
    wish_list: list[LineItem] = Field(default_factory=list, description="Wish list lines, in the order added.")
    browsing_history: list[int] = Field(default_factory=list, description="Viewed product ids, oldest first.")


class AmazonState(AppState):
    """The catalogue and every customer's records."""

    sellers: dict[int, Seller] = Field(default_factory=dict, description="Sellers by seller_id.")
    products: dict[int, Product] = Field(default_factory=dict, description="Products by product_id.")
    reviews: dict[int, Review] = Field(default_factory=dict, description="Reviews by product_review_id.")
    questions: dict[int, Question] = Field(default_factory=dict, description="Questions by question_id.")
    answers: dict[int, Answer] = Field(default_factory=dict, description="Answers by question_answer_id.")
    promo_codes: list[PromoCode] = Field(default_factory=list, description="Promo codes.")
    customers: dict[str, Customer] = Field(default_factory=dict, description="Shopping profiles by username.")
    addresses: dict[int, Address] = Field(default_factory=dict, description="Addresses by address_id.")
    payment_cards: dict[int, PaymentCard] = Field(default_factory=dict, description="Cards by payment_card_id.")
    orders: dict[int, Order] = Field(default_factory=dict, description="Orders by order_id.")

    def customer(self, username: str) -> Customer:
        """A user's shopping profile (created empty on first use)."""
        return self.customers.setdefault(username, Customer())

    def product(self, product_id: int) -> Product:
        """A product; 409 when unknown."""
        if product_id not in self.products:
            raise not_found("product", product_id)
        return self.products[product_id]

    def seller(self, seller_id: int) -> Seller:
        """A seller; 409 when unknown."""
        if seller_id not in self.sellers:
            raise not_found("seller", seller_id)
        return self.sellers[seller_id]

    def group_of(self, product: Product) -> list[Product]:
        """Every variation of a product (itself included), by product_id."""
        return [p for p in by_id(self.products) if p.variation_group == product.variation_group]

    def address(self, address_id: int, owner: str) -> Address:
        """One of the owner's addresses; 409 unknown, 422 someone else's."""
        return owned(self.addresses, "address", address_id, owner)

    def payment_card(self, payment_card_id: int, owner: str) -> PaymentCard:
        """One of the owner's cards; 409 unknown, 422 someone else's."""
        return owned(self.payment_cards, "payment_card", payment_card_id, owner)

    def orders_of(self, owner: str) -> list[Order]:
        """The owner's orders, newest first (ties: higher order_id first)."""
        mine = [o for o in self.orders.values() if o.owner == owner]
        return sorted(mine, key=lambda o: (o.created_at, o.order_id), reverse=True)

    def bought(self, owner: str, product: Product) -> bool:
        """Whether the owner ordered the product or one of its variations."""
        group = {p.product_id for p in self.group_of(product)}
        return any(i.product_id in group for o in self.orders_of(owner) for i in o.order_items)

    def link_review(self, username: str, product: Product, review_id: int) -> None:
        """Record a new review on the customer's latest unreviewed order line of that product."""
        for order in self.orders_of(username):
            for item in order.order_items:
                if item.product_id == product.product_id and item.product_review_id is None:
                    item.product_review_id = review_id
                    return


def require(condition: bool, message: str) -> None:
    """Raise the 422 AppError `message` unless `condition` holds."""
    if not condition:
        raise AppError(message)

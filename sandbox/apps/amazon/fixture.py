"""The amazon fixture (`personas/<id>/apps/amazon.yaml`): catalogue plus the persona's account records.

Records carry no ids. Products are referenced by `product` (the name) plus `color` / `relative_size`
when the name has several variations; sellers by name, people by email, addresses by their `name`
and cards by their `card_name`.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import Field

from sandbox.apps.amazon.state import RelativeSize
from sandbox.apps.fixtures import AccountFixture, FixtureModel, PersonFixture


class ProductRef(FixtureModel):
    """A reference to one product of the catalogue."""

    product: str = Field(min_length=1, description="Product name.")
    color: str | None = Field(default=None, description="Variation colour, when the name has several.")
    relative_size: RelativeSize | None = Field(default=None, description="Variation size, when needed.")


class SellerFixture(FixtureModel):
    """A seller."""

    name: str = Field(min_length=1, description="Seller name (unique).")
    rating: float = Field(default=4.0, ge=0, le=5, description="Seller rating, 0-5.")


class VariationFixture(FixtureModel):
    """Another colour or size of a product; unset fields are the product's."""

    color: str | None = Field(default=None, description="Colour.")
    relative_size: RelativeSize | None = Field(default=None, description="Relative size.")
    price: float | None = Field(default=None, ge=0, description="Unit price in dollars.")
    inventory_quantity: int | None = Field(default=None, ge=0, description="Units in stock.")
    delivery_days: int | None = Field(default=None, ge=0, description="Days to deliver.")


class ProductFixture(FixtureModel):
    """A catalogue item; each of `variations` becomes another product sharing its name."""

    name: str = Field(min_length=1, description="Product name.")
    seller: str = Field(description="Seller name (one of `sellers`).")
    product_type: str = Field(min_length=1, description="Product type, e.g. 'running shoes'.")
    description: str = Field(default="", description="Description.")
    price: float = Field(ge=0, description="Unit price in dollars.")
    delivery_days: int = Field(default=3, ge=0, description="Days to deliver.")
    inventory_quantity: int = Field(default=10, ge=0, description="Units in stock.")
    weight: float = Field(default=1.0, ge=0, description="Weight in pounds.")
    length: float = Field(default=10.0, ge=0, description="Length in inches.")
    width: float = Field(default=10.0, ge=0, description="Width in inches.")
    height: float = Field(default=10.0, ge=0, description="Height in inches.")
    color: str = Field(default="", description="Colour.")
    relative_size: RelativeSize = Field(default="medium", description="Relative size.")
    variations: list[VariationFixture] = Field(default_factory=list, description="Other colours / sizes.")


class ReviewFixture(ProductRef):
    """A product review."""

    user: str = Field(description="Author's email (the persona's or one of `users`).")
    rating: int = Field(ge=1, le=5, description="Stars, 1-5.")
    title: str = Field(default="", description="Title.")
    text: str = Field(default="", description="Text.")
    is_verified: bool | None = Field(
        default=None, description="Verified purchase; unset: the persona's from its orders, others' True."
    )
    created_at: datetime | None = Field(default=None, description="When written (unset: the clock's start).")


class AnswerFixture(FixtureModel):
    """An answer to a product question."""

    user: str = Field(description="Author's email.")
    answer: str = Field(min_length=1, description="Answer text.")
    is_verified: bool | None = Field(default=None, description="Verified purchase; unset as for reviews.")
    created_at: datetime | None = Field(default=None, description="When written (unset: the clock's start).")


class QuestionFixture(ProductRef):
    """A product question with its answers."""

    user: str = Field(description="Asker's email.")
    question: str = Field(min_length=1, description="Question text.")
    created_at: datetime | None = Field(default=None, description="When asked (unset: the clock's start).")
    answers: list[AnswerFixture] = Field(default_factory=list, description="Answers, oldest first.")


class PromoCodeFixture(FixtureModel):
    """A promo code."""

    code: str = Field(min_length=1, description="The code.")
    discount_percent: float = Field(gt=0, le=100, description="Percent off the base cost.")
    valid_until: datetime = Field(description="Last valid moment.")


class AddressFixture(FixtureModel):
    """One of the persona's addresses."""

    name: str = Field(min_length=1, description="Label, e.g. 'Home' (unique).")
    street_address: str = Field(description="Street and number.")
    city: str = Field(description="City.")
    state: str = Field(description="State.")
    country: str = Field(default="USA", description="Country.")
    zip_code: int = Field(ge=0, le=99_999, description="5-digit zip code.")


class CardFixture(FixtureModel):
    """One of the persona's payment cards."""

    card_name: str = Field(min_length=1, description="Label, e.g. 'Visa' (unique).")
    owner_name: str | None = Field(default=None, description="Name on the card (unset: the persona's name).")
    card_number: str = Field(pattern=r"^\d{12,19}$", description="Card number, 12-19 digits.")
    expiry_year: int = Field(description="Expiry year.")
    expiry_month: int = Field(ge=1, le=12, description="Expiry month.")
    cvv_number: str = Field(pattern=r"^\d{3,4}$", description="CVV, 3-4 digits.")
    balance: float = Field(ge=0, description="Available balance in dollars.")


class LineFixture(ProductRef):
    """A cart or wish-list line."""

    quantity: int = Field(default=1, ge=1, description="Units.")
    gift_wrap_quantity: int = Field(default=0, ge=0, description="Units to gift-wrap (cart only).")


class OrderItemFixture(ProductRef):
    """A line of a past order."""

    quantity: int = Field(default=1, ge=1, description="Units ordered.")
    returned_quantity: int = Field(default=0, ge=0, description="Units returned.")
    gift_wrap_quantity: int = Field(default=0, ge=0, description="Units gift-wrapped.")
    price: float | None = Field(default=None, ge=0, description="Unit price paid (unset: the current price).")


class OrderFixture(FixtureModel):
    """A past order of the persona (priced like a new order; balances are not debited again)."""

    created_at: datetime = Field(description="When it was placed.")
    address: str = Field(description="Name of one of `addresses`.")
    payment_card: str = Field(description="card_name of one of `payment_cards`.")
    items: list[OrderItemFixture] = Field(min_length=1, description="Ordered products.")


class AmazonFixture(FixtureModel):
    """personas/<id>/apps/amazon.yaml."""

    account: AccountFixture = Field(description="The persona's account (login credentials).")
    users: list[PersonFixture] = Field(default_factory=list, description="Other customers (review authors, ...).")
    is_prime: bool = Field(default=False, description="The persona is a Prime member.")
    track_browsing_history: bool = Field(default=True, description="The persona's browsing history is recorded.")
    sellers: list[SellerFixture] = Field(default_factory=list, description="Sellers.")
    products: list[ProductFixture] = Field(default_factory=list, description="Catalogue items.")
    reviews: list[ReviewFixture] = Field(default_factory=list, description="Product reviews.")
    questions: list[QuestionFixture] = Field(default_factory=list, description="Product questions and answers.")
    promo_codes: list[PromoCodeFixture] = Field(default_factory=list, description="Promo codes.")
    addresses: list[AddressFixture] = Field(default_factory=list, description="The persona's addresses.")
    payment_cards: list[CardFixture] = Field(default_factory=list, description="The persona's cards.")
    orders: list[OrderFixture] = Field(default_factory=list, description="The persona's past orders.")
    cart: list[LineFixture] = Field(default_factory=list, description="The persona's cart.")
    promo_code: str | None = Field(default=None, description="Promo code applied to the cart.")
    wish_list: list[LineFixture] = Field(default_factory=list, description="The persona's wish list.")
    browsing_history: list[ProductRef] = Field(default_factory=list, description="Viewed products, oldest first.")

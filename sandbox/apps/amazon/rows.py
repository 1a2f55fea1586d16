"""amazon query collections for the `app_state` rule: the catalogue, and the persona's (state.owner) records."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, Field

from sandbox.apps.amazon.state import AmazonState, Customer, LineItem, by_id
from sandbox.apps.amazon.views import product_rating


class ProductRow(BaseModel):
    """A row of `products`: one catalogue product."""

    product_id: int = Field(description="Product id.")
    name: str = Field(description="Product name.")
    product_type: str = Field(description="Product type.")
    seller_name: str = Field(description="Seller name.")
    color: str = Field(description="Colour.")
    relative_size: str = Field(description="Relative size.")
    price: float = Field(description="Unit price.")
    inventory_quantity: int = Field(description="Units in stock.")
    rating: float = Field(description="Mean review rating (0.0 without reviews).")


class LineRow(BaseModel):
    """A row of `cart` or `wish_list`: one line of the persona's."""

    product_id: int = Field(description="Product id.")
    product_name: str = Field(description="Product name.")
    color: str = Field(description="Colour.")
    relative_size: str = Field(description="Relative size.")
    quantity: int = Field(description="Units.")
    gift_wrap_quantity: int = Field(description="Units to gift-wrap.")


class OrderRow(BaseModel):
    """A row of `orders`: one of the persona's orders."""

    order_id: int = Field(description="Order id.")
    created_at: datetime = Field(description="When it was placed.")
    address_id: int = Field(description="Delivery address id.")
    address_text: str = Field(description="Delivery address.")
    payment_card_id: int = Field(description="Card charged.")
    tax: float = Field(description="Tax.")
    delivery_fee: float = Field(description="Delivery fee.")
    gift_wrap_fee: float = Field(description="Gift-wrap fee.")
    discount: float = Field(description="Promo discount.")
    paid_amount: float = Field(description="Total paid.")
    product_names: list[str] = Field(description="Names of the ordered products.")


class OrderItemRow(BaseModel):
    """A row of `order_items`: one line of one of the persona's orders."""

    order_id: int = Field(description="Order id.")
    product_id: int = Field(description="Product id.")
    product_name: str = Field(description="Product name.")
    ordered_quantity: int = Field(description="Units ordered.")
    price: float = Field(description="Unit price paid.")
    product_review_id: int | None = Field(description="The persona's review of it, if any.")


class AddressRow(BaseModel):
    """A row of `addresses`: one of the persona's addresses."""

    address_id: int = Field(description="Address id.")
    name: str = Field(description="Label.")
    street_address: str = Field(description="Street.")
    city: str = Field(description="City.")
    state: str = Field(description="State.")
    country: str = Field(description="Country.")
    zip_code: int = Field(description="Zip code.")


class CardRow(BaseModel):
    """A row of `payment_cards`: one of the persona's cards with its balance."""

    payment_card_id: int = Field(description="Card id.")
    card_name: str = Field(description="Label.")
    card_number: str = Field(description="Card number.")
    balance: float = Field(description="Available balance.")


class ReviewRow(BaseModel):
    """A row of `reviews`: any review (filter on user_email for the persona's)."""

    product_review_id: int = Field(description="Review id.")
    product_id: int = Field(description="Product id.")
    product_name: str = Field(description="Product name.")
    user_email: str = Field(description="Author's email.")
    rating: int = Field(description="Stars.")
    title: str = Field(description="Title.")
    text: str = Field(description="Text.")
    is_verified: bool = Field(description="Verified purchase.")
    created_at: datetime = Field(description="When written.")


class QuestionRow(BaseModel):
    """A row of `questions`: any product question."""

    question_id: int = Field(description="Question id.")
    product_id: int = Field(description="Product id.")
    product_name: str = Field(description="Product name.")
    user_email: str = Field(description="Asker's email.")
    question: str = Field(description="Question text.")
    created_at: datetime = Field(description="When asked.")


def product_rows(state: AmazonState) -> list[BaseModel]:
    """The catalogue by product_id."""
    return [
        ProductRow(
            product_id=p.product_id,
            name=p.name,
            product_type=p.product_type,
            seller_name=state.sellers[p.seller_id].name,
            color=p.color,
            relative_size=p.relative_size,
            price=p.price,
            inventory_quantity=p.inventory_quantity,
            rating=product_rating(state, p.product_id)[0],
        )
        for p in by_id(state.products)
    ]


def _profile(state: AmazonState) -> Customer:
    return state.customers.get(state.owner) or Customer()


def _lines(pick: Callable[[AmazonState], list[LineItem]]) -> Callable[[AmazonState], list[BaseModel]]:
    def rows(state: AmazonState) -> list[BaseModel]:
        out: list[BaseModel] = []
        for line in pick(state):
            product = state.products[line.product_id]
            out.append(
                LineRow(
                    product_id=product.product_id,
                    product_name=product.name,
                    color=product.color,
                    relative_size=product.relative_size,
                    quantity=line.quantity,
                    gift_wrap_quantity=line.gift_wrap_quantity,
                )
            )
        return out

    return rows


def order_rows(state: AmazonState) -> list[BaseModel]:
    """The persona's orders, newest first."""
    return [
        OrderRow(
            **o.model_dump(include=set(OrderRow.model_fields) - {"product_names"}),
            product_names=[i.product_name for i in o.order_items],
        )
        for o in state.orders_of(state.owner)
    ]


def order_item_rows(state: AmazonState) -> list[BaseModel]:
    """The lines of the persona's orders, newest order first."""
    return [
        OrderItemRow(order_id=o.order_id, **i.model_dump(include=set(OrderItemRow.model_fields) - {"order_id"}))
        for o in state.orders_of(state.owner)
        for i in o.order_items
    ]


def address_rows(state: AmazonState) -> list[BaseModel]:
    """The persona's addresses."""
    return [AddressRow(**a.model_dump(exclude={"owner"})) for a in by_id(state.addresses) if a.owner == state.owner]


def card_rows(state: AmazonState) -> list[BaseModel]:
    """The persona's cards."""
    return [
        CardRow(**c.model_dump(include=set(CardRow.model_fields)))
        for c in by_id(state.payment_cards)
        if c.owner == state.owner
    ]


def _email(state: AmazonState, username: str) -> str:
    account = state.account(username)
    return account.email if account else username


def review_rows(state: AmazonState) -> list[BaseModel]:
    """Every review by product_review_id."""
    return [
        ReviewRow(
            **r.model_dump(exclude={"user"}),
            product_name=state.products[r.product_id].name,
            user_email=_email(state, r.user),
        )
        for r in by_id(state.reviews)
    ]


def question_rows(state: AmazonState) -> list[BaseModel]:
    """Every question by question_id."""
    return [
        QuestionRow(
            **q.model_dump(exclude={"user"}),
            product_name=state.products[q.product_id].name,
            user_email=_email(state, q.user),
        )
        for q in by_id(state.questions)
    ]


COLLECTIONS: dict[str, tuple[type[BaseModel], Callable[[AmazonState], list[BaseModel]]]] = {
    "products": (ProductRow, product_rows),
    "cart": (LineRow, _lines(lambda s: _profile(s).cart)),
    "wish_list": (LineRow, _lines(lambda s: _profile(s).wish_list)),
    "orders": (OrderRow, order_rows),
    "order_items": (OrderItemRow, order_item_rows),
    "addresses": (AddressRow, address_rows),
    "payment_cards": (CardRow, card_rows),
    "reviews": (ReviewRow, review_rows),
    "questions": (QuestionRow, question_rows),
}

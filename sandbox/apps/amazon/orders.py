"""amazon order APIs (logged in): place an order from the cart, list orders and purchases, recommendations."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from sandbox.apps.amazon.account import me
from sandbox.apps.amazon.cart import ProductTokenArgs, check_stock
from sandbox.apps.amazon.pricing import add_order, cart_costs, cents
from sandbox.apps.amazon.state import AmazonState, Order, OrderItem, Product, by_id, require
from sandbox.apps.amazon.views import order_view, product_rating, product_view
from sandbox.apps.base import Api, AppError, PageArgs, TokenArgs, owned
from sandbox.apps.query import iso, ordered, page, search
from sandbox.apps.world import Call

EMPTY_CART = "The cart is empty, so can't place the order."
LOW_BALANCE = "Your payment card doesn't have enough balance to place the order."
EXPIRED_CARD = "The payment card has expired, so it can't be used to place the order."
NOT_PURCHASED = "You have not purchased this product before."


class PlaceOrderArgs(TokenArgs):
    """Arguments of place_order."""

    payment_card_id: int = Field(description="Id of the payment card to charge.")
    address_id: int = Field(description="Id of the delivery address.")


def place_order(args: PlaceOrderArgs, call: Call) -> dict[str, Any]:
    """Order the whole cart: check stock and card, debit the total, reduce stock, clear the cart and promo code."""
    state, account = me(call, args.access_token)
    customer = state.customer(account.username)
    require(bool(customer.cart), EMPTY_CART)
    address = state.address(args.address_id, account.username)
    card = state.payment_card(args.payment_card_id, account.username)
    require(not card.expired(call.now), EXPIRED_CARD)
    for line in customer.cart:
        check_stock(state.products[line.product_id], line.quantity)
    costs = cart_costs(state, account.username, call.now)
    require(card.balance >= costs.total_cost, LOW_BALANCE)
    card.balance = cents(card.balance - costs.total_cost)
    items: list[OrderItem] = []
    for line in customer.cart:
        product = state.products[line.product_id]
        product.inventory_quantity -= line.quantity
        items.append(
            OrderItem(
                product_id=product.product_id,
                product_name=product.name,
                ordered_quantity=line.quantity,
                gift_wrap_quantity=line.gift_wrap_quantity,
                price=product.price,
                expected_delivery_at=call.now + timedelta(days=product.delivery_days),
            )
        )
    order_id = add_order(state, account.username, (address, card), costs, items, call.now)
    customer.cart.clear()
    customer.promo_code = None
    message = f"Successfully placed the order. Debitted total amount of ${costs.total_cost:.2f} from your card."
    return {"message": message, "order_id": order_id}


class OrderArgs(TokenArgs):
    """Arguments of show_order."""

    order_id: int = Field(description="Id of one of your orders.")


def show_order(args: OrderArgs, call: Call) -> dict[str, Any]:
    """One of your orders."""
    state, account = me(call, args.access_token)
    return order_view(owned(state.orders, "order", args.order_id, account.username), call.now)


class OrdersArgs(PageArgs, TokenArgs):
    """Arguments of show_orders."""

    query: str = Field(default="", description="Words to look for in the ordered products' names.")
    sort_by: str | None = Field(
        default=None,
        description="'+field' or '-field' with field created_at or paid_amount (default: -created_at).",
    )


def show_orders(args: OrdersArgs, call: Call) -> list[dict[str, Any]]:
    """Your orders, newest first by default."""
    state, account = me(call, args.access_token)
    found = search(
        state.orders_of(account.username), args.query, lambda o: " ".join(i.product_name for i in o.order_items)
    )

    def key_of(order: Order, name: str) -> Any:
        return (getattr(order, name), order.order_id)

    chosen = ordered(
        found,
        args.query,
        args.sort_by,
        "-created_at",
        ("created_at", "paid_amount"),
        key_of,
        (args.page_index, args.page_limit),
    )
    return [order_view(o, call.now) for o in chosen]


def show_last_product_purchase(args: ProductTokenArgs, call: Call) -> dict[str, Any]:
    """Your most recent order of a product or any of its colour / size variations."""
    state, account = me(call, args.access_token)
    group = {p.product_id for p in state.group_of(state.product(args.product_id))}
    for order in state.orders_of(account.username):
        item = next((i for i in order.order_items if i.product_id in group), None)
        if item is not None:
            bought = state.products[item.product_id]
            return {
                "order_id": order.order_id,
                "ordered_at": iso(order.created_at),
                "product_id": bought.product_id,
                "product_name": item.product_name,
                "product_relative_size": bought.relative_size,
                "product_color": bought.color,
            }
    raise AppError(NOT_PURCHASED)


class PurchasesArgs(PageArgs, TokenArgs):
    """Arguments of show_product_purchases and show_recommended_products."""


def _purchased(state: AmazonState, username: str) -> list[Product]:
    ids: list[int] = []
    for order in state.orders_of(username):
        ids += [i.product_id for i in order.order_items if i.product_id not in ids]
    return [state.products[i] for i in ids]


def show_product_purchases(args: PurchasesArgs, call: Call) -> list[dict[str, Any]]:
    """Every product you have bought, most recently bought first."""
    state, account = me(call, args.access_token)
    chosen = page(_purchased(state, account.username), args.page_index, args.page_limit)
    return [product_view(state, p) for p in chosen]


def show_recommended_products(args: PurchasesArgs, call: Call) -> list[dict[str, Any]]:
    """Products you have not bought: those of the types you bought, viewed or saved first, then best rated."""
    state, account = me(call, args.access_token)
    customer = state.customer(account.username)
    bought = _purchased(state, account.username)
    seen = [*bought, *(state.products[line.product_id] for line in customer.wish_list + customer.cart)]
    seen += [state.products[i] for i in customer.browsing_history]
    interests = {p.product_type for p in seen}
    owned_groups = {p.variation_group for p in bought}
    in_cart = {line.product_id for line in customer.cart}
    names: set[str] = set()
    candidates: list[Product] = []
    for product in by_id(state.products):
        if product.variation_group in owned_groups or product.product_id in in_cart or product.name in names:
            continue
        names.add(product.name)
        candidates.append(product)
    candidates.sort(key=lambda p: (p.product_type not in interests, -product_rating(state, p.product_id)[0]))
    return [product_view(state, p) for p in page(candidates, args.page_index, args.page_limit)]


APIS: list[Api[Any]] = [
    Api(
        "place_order",
        "Order everything in your cart, paying with a card, delivered to an address.",
        PlaceOrderArgs,
        place_order,
    ),
    Api("show_order", "Show one of your orders.", OrderArgs, show_order),
    Api(
        "show_orders",
        "List your orders (search by product name, sort by created_at or paid_amount).",
        OrdersArgs,
        show_orders,
    ),
    Api(
        "show_last_product_purchase",
        "Show your most recent purchase of a product (its size and colour variations count).",
        ProductTokenArgs,
        show_last_product_purchase,
    ),
    Api("show_product_purchases", "List every product you have bought.", PurchasesArgs, show_product_purchases),
    Api("show_recommended_products", "List products recommended for you.", PurchasesArgs, show_recommended_products),
]

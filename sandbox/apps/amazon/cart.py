"""amazon cart, wish list and browsing history APIs (logged in)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from sandbox.apps.amazon.account import me
from sandbox.apps.amazon.pricing import cart_costs, valid_promo
from sandbox.apps.amazon.state import AmazonState, LineItem, Product, require
from sandbox.apps.amazon.views import product_rating
from sandbox.apps.base import Api, AppError, TokenArgs
from sandbox.apps.world import Call

HISTORY_OFF = "Browsing history tracking is turned off for your account."


def line_of(lines: list[LineItem], product_id: int) -> LineItem | None:
    """The line of a product in a cart or wish list."""
    return next((line for line in lines if line.product_id == product_id), None)


def need_line(lines: list[LineItem], product_id: int, message: str) -> LineItem:
    """The line of a product; the 422 AppError `message` when there is none."""
    line = line_of(lines, product_id)
    if line is None:
        raise AppError(message)
    return line


def check_stock(product: Product, wanted: int) -> None:
    """AppError unless the inventory holds `wanted` units."""
    require(wanted <= product.inventory_quantity, f"The inventory doesn't have {wanted} item/s available at this time.")


def put(lines: list[LineItem], product_id: int, quantity: int) -> None:
    """Add units of a product to a cart or wish list (to its line if present)."""
    line = line_of(lines, product_id)
    if line is None:
        lines.append(LineItem(product_id=product_id, quantity=quantity))
    else:
        line.quantity += quantity


def set_quantity(lines: list[LineItem], line: LineItem, quantity: int) -> None:
    """Set the units of a line (removing the line at 0)."""
    line.quantity = quantity
    line.gift_wrap_quantity = min(line.gift_wrap_quantity, line.quantity)
    if line.quantity == 0:
        lines.remove(line)


class AddToCartArgs(TokenArgs):
    """Arguments of add_product_to_cart."""

    product_id: int = Field(description="Id of the product.")
    quantity: int = Field(default=1, ge=1, description="Units to add (added to any already in the cart).")
    clear_cart_first: bool = Field(default=False, description="Empty the cart before adding.")


def add_product_to_cart(args: AddToCartArgs, call: Call) -> dict[str, Any]:
    """Add units of a product to the cart; the cart may not hold more than the inventory."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    customer = state.customer(account.username)
    line = None if args.clear_cart_first else line_of(customer.cart, product.product_id)
    check_stock(product, args.quantity + (line.quantity if line else 0))
    if args.clear_cart_first:
        customer.cart.clear()
    put(customer.cart, product.product_id, args.quantity)
    return {"message": "Product/s added to the cart."}


class AddToWishListArgs(TokenArgs):
    """Arguments of add_product_to_wish_list."""

    product_id: int = Field(description="Id of the product.")
    quantity: int = Field(default=1, ge=1, description="Units to add (added to any already on the list).")
    clear_wish_list_first: bool = Field(default=False, description="Empty the wish list before adding.")


def add_product_to_wish_list(args: AddToWishListArgs, call: Call) -> dict[str, Any]:
    """Add units of a product to the wish list (stock is not checked)."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    customer = state.customer(account.username)
    if args.clear_wish_list_first:
        customer.wish_list.clear()
    put(customer.wish_list, product.product_id, args.quantity)
    return {"message": "Product/s added to the wish list."}


class ProductTokenArgs(TokenArgs):
    """Arguments of an API about one product."""

    product_id: int = Field(description="Id of the product.")


def add_product_to_browsing_history(args: ProductTokenArgs, call: Call) -> dict[str, Any]:
    """Record that you viewed a product (a product already in the history stays where it is)."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    customer = state.customer(account.username)
    require(customer.track_browsing_history, HISTORY_OFF)
    if product.product_id not in customer.browsing_history:
        customer.browsing_history.append(product.product_id)
    return {"message": "Added the product to your browsing history."}


def clear_cart(args: TokenArgs, call: Call) -> dict[str, Any]:
    """Remove every item from the cart."""
    state, account = me(call, args.access_token)
    state.customer(account.username).cart.clear()
    return {"message": "Cleared the items from your cart."}


class MoveArgs(TokenArgs):
    """Arguments of the moves between cart and wish list."""

    product_id: int = Field(description="Id of the product.")
    quantity: int = Field(default=1, ge=1, description="Units to move.")


def move_product_from_cart_to_wish_list(args: MoveArgs, call: Call) -> dict[str, Any]:
    """Move units of a product from the cart to the wish list."""
    state, account = me(call, args.access_token)
    state.product(args.product_id)
    customer = state.customer(account.username)
    line = need_line(customer.cart, args.product_id, "The product is not available in the cart.")
    require(
        line.quantity >= args.quantity,
        f"The cart only has {line.quantity} of this product, so can't move {args.quantity} to wish list.",
    )
    set_quantity(customer.cart, line, line.quantity - args.quantity)
    put(customer.wish_list, args.product_id, args.quantity)
    return {"message": f"{args.quantity} product/s moved from the cart to the wish list."}


def move_product_from_wish_list_to_cart(args: MoveArgs, call: Call) -> dict[str, Any]:
    """Move units of a product from the wish list to the cart (the cart may not exceed the inventory)."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    customer = state.customer(account.username)
    line = need_line(customer.wish_list, args.product_id, "The product is not available in the wish list.")
    require(
        line.quantity >= args.quantity,
        f"The wish list only has {line.quantity} of this product, so can't move {args.quantity} to cart.",
    )
    in_cart = line_of(customer.cart, args.product_id)
    check_stock(product, args.quantity + (in_cart.quantity if in_cart else 0))
    set_quantity(customer.wish_list, line, line.quantity - args.quantity)
    put(customer.cart, args.product_id, args.quantity)
    return {"message": f"{args.quantity} product/s moved from the wish list to the cart."}


class UpdateQuantityArgs(TokenArgs):
    """Arguments of update_product_quantity_in_cart."""

    product_id: int = Field(description="Id of a product in your cart.")
    quantity: int = Field(ge=0, description="New number of units; 0 removes the product from the cart.")


def update_product_quantity_in_cart(args: UpdateQuantityArgs, call: Call) -> dict[str, Any]:
    """Set the number of units of a product in the cart."""
    state, account = me(call, args.access_token)
    product = state.product(args.product_id)
    customer = state.customer(account.username)
    line = need_line(customer.cart, args.product_id, "The product is not present in the cart.")
    check_stock(product, args.quantity)
    set_quantity(customer.cart, line, args.quantity)
    return {"message": "Updated the quantity of the product in the cart."}


def show_cart(args: TokenArgs, call: Call) -> dict[str, Any]:
    """The cart with its costs at current prices."""
    state, account = me(call, args.access_token)
    customer = state.customer(account.username)
    costs = cart_costs(state, account.username, call.now)
    items = []
    for line in customer.cart:
        product = state.products[line.product_id]
        items.append(
            {
                "product_id": product.product_id,
                "product_name": product.name,
                "delivery_days": product.delivery_days,
                "quantity": line.quantity,
                "price": product.price,
                "inventory_quantity": product.inventory_quantity,
                "gift_wrap_quantity": line.gift_wrap_quantity,
            }
        )
    return {
        "cart_items": items,
        "delivery_fee": costs.delivery_fee,
        "base_cost": costs.base_cost,
        "gift_wrap_fee": costs.gift_wrap_fee,
        "tax": costs.tax,
        "discount": costs.discount,
        "total_cost": costs.total_cost,
        "promo_code": customer.promo_code,
        "promo_valid": valid_promo(state, customer.promo_code, call.now) is not None,
    }


def show_wish_list(args: TokenArgs, call: Call) -> list[dict[str, Any]]:
    """The wish list, in the order the products were added."""
    state, account = me(call, args.access_token)
    return [_wish_view(state, line) for line in state.customer(account.username).wish_list]


def _wish_view(state: AmazonState, line: LineItem) -> dict[str, Any]:
    product = state.products[line.product_id]
    return {
        "product_id": product.product_id,
        "product_name": product.name,
        "product_type": product.product_type,
        "rating": product_rating(state, product.product_id)[0],
        "relative_size": product.relative_size,
        "color": product.color,
        "quantity": line.quantity,
        "price": product.price,
        "inventory_quantity": product.inventory_quantity,
    }


APIS: list[Api[Any]] = [
    Api("add_product_to_cart", "Add a product to your cart.", AddToCartArgs, add_product_to_cart),
    Api("add_product_to_wish_list", "Add a product to your wish list.", AddToWishListArgs, add_product_to_wish_list),
    Api(
        "add_product_to_browsing_history",
        "Record a product in your browsing history.",
        ProductTokenArgs,
        add_product_to_browsing_history,
    ),
    Api("clear_cart", "Remove every item from your cart.", TokenArgs, clear_cart),
    Api(
        "move_product_from_cart_to_wish_list",
        "Move units of a product from your cart to your wish list.",
        MoveArgs,
        move_product_from_cart_to_wish_list,
    ),
    Api(
        "move_product_from_wish_list_to_cart",
        "Move units of a product from your wish list to your cart.",
        MoveArgs,
        move_product_from_wish_list_to_cart,
    ),
    Api(
        "update_product_quantity_in_cart",
        "Set how many units of a product your cart holds (0 removes it).",
        UpdateQuantityArgs,
        update_product_quantity_in_cart,
    ),
    Api("show_cart", "Show your cart with base cost, fees, tax, discount and total.", TokenArgs, show_cart),
    Api("show_wish_list", "Show your wish list (no pagination).", TokenArgs, show_wish_list),
]

"""amazon catalogue APIs (public, no login): product types, products, sellers and feature choices."""

from __future__ import annotations

import sys
from typing import Any

from pydantic import Field

from sandbox.apps.amazon.state import SIZES, AmazonState, Product, RelativeSize, by_id
from sandbox.apps.amazon.views import product_rating, product_view
from sandbox.apps.base import Api, ApiArgs, OpenPageArgs, PageArgs, not_found
from sandbox.apps.query import ordered, page, search
from sandbox.apps.world import Call

PRODUCT_SORTS = ("rating", "price", "delivery_days")


class SearchTypesArgs(OpenPageArgs):
    """Arguments of search_product_types."""

    query: str = Field(default="", description="Words to look for in product types; empty lists every type.")


def search_product_types(args: SearchTypesArgs, call: Call) -> list[str]:
    """Product types of the catalogue, alphabetical (best query match first when a query is given)."""
    state = call.state(AmazonState)
    types = sorted({p.product_type for p in state.products.values()})
    return page(search(types, args.query, lambda t: t), args.page_index, args.page_limit)


class SearchProductsArgs(PageArgs):
    """Arguments of search_products."""

    query: str = Field(default="", description="Words to look for in product names, types and descriptions.")
    product_type: str | None = Field(default=None, description="Only products of this type.")
    color: str | None = Field(default=None, description="Only products of this colour.")
    relative_size: RelativeSize | None = Field(default=None, description="Only products of this relative size.")
    min_price: float = Field(default=0, ge=0, description="Lowest unit price in dollars.")
    max_price: float = Field(default=float(sys.maxsize), ge=0, description="Highest unit price in dollars.")
    min_product_rating: float = Field(default=0, ge=0, le=5, description="Lowest product rating (0-5).")
    max_product_rating: float = Field(default=5, ge=0, le=5, description="Highest product rating (0-5).")
    min_seller_rating: float = Field(default=0, ge=0, le=5, description="Lowest seller rating (0-5).")
    max_seller_rating: float = Field(default=5, ge=0, le=5, description="Highest seller rating (0-5).")
    seller_id: int | None = Field(default=None, description="Only products of this seller.")
    sort_by: str | None = Field(
        default=None,
        description="'+field' or '-field' with field rating, price or delivery_days. Default: -rating "
        "(with a query: best match first, then sorted within the page).",
    )


def _matches(state: AmazonState, product: Product, args: SearchProductsArgs) -> bool:
    rating, _ = product_rating(state, product.product_id)
    seller = state.sellers[product.seller_id]
    return (
        (args.product_type is None or product.product_type.lower() == args.product_type.lower())
        and (args.color is None or product.color.lower() == args.color.lower())
        and (args.relative_size is None or product.relative_size == args.relative_size)
        and (args.seller_id is None or product.seller_id == args.seller_id)
        and args.min_price <= product.price <= args.max_price
        and args.min_product_rating <= rating <= args.max_product_rating
        and args.min_seller_rating <= seller.rating <= args.max_seller_rating
    )


def _first_per_name(products: list[Product]) -> list[Product]:
    seen: set[str] = set()
    out: list[Product] = []
    for product in products:
        if product.name.lower() not in seen:
            seen.add(product.name.lower())
            out.append(product)
    return out


def search_products(args: SearchProductsArgs, call: Call) -> list[dict[str, Any]]:
    """Products matching the filters, one per name (the first matching variation), paginated."""
    state = call.state(AmazonState)
    matching = [p for p in by_id(state.products) if _matches(state, p, args)]
    ranked = search(matching, args.query, lambda p: f"{p.name} {p.product_type} {p.description}")
    unique = _first_per_name(ranked)

    def key_of(product: Product, name: str) -> Any:
        return product_rating(state, product.product_id)[0] if name == "rating" else getattr(product, name)

    chosen = ordered(
        unique, args.query, args.sort_by, "-rating", PRODUCT_SORTS, key_of, (args.page_index, args.page_limit)
    )
    return [product_view(state, p) for p in chosen]


class SearchSellersArgs(PageArgs):
    """Arguments of search_sellers."""

    query: str = Field(default="", description="Words to look for in seller names; empty lists every seller.")


def search_sellers(args: SearchSellersArgs, call: Call) -> list[dict[str, Any]]:
    """Sellers by seller_id (best query match first when a query is given), paginated."""
    state = call.state(AmazonState)
    found = search(by_id(state.sellers), args.query, lambda s: s.name)
    return [{"seller_id": s.seller_id, "name": s.name} for s in page(found, args.page_index, args.page_limit)]


class ProductArgs(ApiArgs):
    """Arguments of show_product."""

    product_id: int = Field(description="Id of the product.")


def show_product(args: ProductArgs, call: Call) -> dict[str, Any]:
    """One product with its variations."""
    state = call.state(AmazonState)
    return product_view(state, state.product(args.product_id))


class FeatureChoicesArgs(ApiArgs):
    """Arguments of show_product_feature_choices."""

    product_type: str | None = Field(default=None, description="A product type; unset: the whole catalogue.")


def show_product_feature_choices(args: FeatureChoicesArgs, call: Call) -> dict[str, Any]:
    """The colours, relative sizes and sellers available for a product type."""
    state = call.state(AmazonState)
    products = [
        p
        for p in by_id(state.products)
        if args.product_type is None or p.product_type.lower() == args.product_type.lower()
    ]
    if not products:
        raise not_found("product", args.product_type, "product_type")
    seller_ids = sorted({p.seller_id for p in products})
    return {
        "colors": sorted({p.color for p in products if p.color}),
        "relative_sizes": [s for s in SIZES if any(p.relative_size == s for p in products)],
        "sellers": [{"seller_id": i, "name": state.sellers[i].name} for i in seller_ids],
    }


class SellerArgs(ApiArgs):
    """Arguments of show_seller."""

    seller_id: int = Field(description="Id of the seller.")


def show_seller(args: SellerArgs, call: Call) -> dict[str, Any]:
    """One seller."""
    seller = call.state(AmazonState).seller(args.seller_id)
    return {"seller_id": seller.seller_id, "name": seller.name, "rating": seller.rating}


APIS: list[Api[Any]] = [
    Api("search_product_types", "Search the catalogue's product types.", SearchTypesArgs, search_product_types),
    Api(
        "search_products",
        "Search products with filters (type, colour, size, price, ratings, seller) and sort_by.",
        SearchProductsArgs,
        search_products,
    ),
    Api("search_sellers", "Search sellers by name.", SearchSellersArgs, search_sellers),
    Api("show_product", "Show a product: price, stock, delivery days, rating, variations.", ProductArgs, show_product),
    Api(
        "show_product_feature_choices",
        "Show the colours, relative sizes and sellers available for a product type (or the whole catalogue).",
        FeatureChoicesArgs,
        show_product_feature_choices,
    ),
    Api("show_seller", "Show a seller with its rating.", SellerArgs, show_seller),
]

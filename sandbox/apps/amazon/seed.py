"""Turn an amazon fixture into the first state; SeedError names the inconsistent field."""

from __future__ import annotations

from datetime import datetime, timedelta

from sandbox.apps.amazon.fixture import (
    AmazonFixture,
    LineFixture,
    OrderFixture,
    ProductFixture,
    ProductRef,
    QuestionFixture,
    ReviewFixture,
    VariationFixture,
)
from sandbox.apps.amazon.pricing import add_order, price_lines
from sandbox.apps.amazon.state import (
    Address,
    AmazonState,
    Answer,
    LineItem,
    OrderItem,
    PaymentCard,
    Product,
    PromoCode,
    Question,
    Review,
    Seller,
)
from sandbox.apps.base import SeedError
from sandbox.apps.fixtures import seed_accounts


def resolve(state: AmazonState, ref: ProductRef, where: str) -> Product:
    """The one product a reference names; SeedError when none or several match."""
    found = [
        p
        for p in state.products.values()
        if p.name.lower() == ref.product.lower()
        and (ref.color is None or p.color.lower() == ref.color.lower())
        and (ref.relative_size is None or p.relative_size == ref.relative_size)
    ]
    if not found:
        raise SeedError(f"{where}.product", f"no product {ref.product!r} with that colour/size")
    if len(found) > 1:
        raise SeedError(f"{where}.product", f"{ref.product!r} has several variations; give color/relative_size")
    return found[0]


def _user(state: AmazonState, email: str, where: str) -> str:
    account = state.by_email(email)
    if account is None:
        raise SeedError(f"{where}.user", f"unknown user {email}; add them to `users`")
    return account.username


def _products(state: AmazonState, fixture: AmazonFixture) -> None:
    sellers = {s.name.lower(): s.seller_id for s in state.sellers.values()}
    for n, item in enumerate(fixture.products):
        if item.seller.lower() not in sellers:
            raise SeedError(f"products[{n}].seller", f"unknown seller {item.seller!r}")
        group = state.counters.get("product", 0) + 1
        for variation in [None, *item.variations]:
            _add_product(state, item, variation, sellers[item.seller.lower()], group)
        sizes = [(p.color, p.relative_size) for p in state.products.values() if p.variation_group == group]
        if len(set(sizes)) < len(sizes):
            raise SeedError(f"products[{n}].variations", "two variations have the same color and relative_size")


def _add_product(
    state: AmazonState, item: ProductFixture, variation: VariationFixture | None, seller_id: int, group: int
) -> None:
    fields = item.model_dump(exclude={"seller", "variations"})
    if variation is not None:
        fields |= {k: v for k, v in variation.model_dump().items() if v is not None}
    product_id = state.next_id("product")
    state.products[product_id] = Product(product_id=product_id, seller_id=seller_id, variation_group=group, **fields)


def _accounts_records(state: AmazonState, fixture: AmazonFixture, owner: str) -> None:
    name = state.accounts[0].name
    for key, labels in (
        ("addresses", [a.name for a in fixture.addresses]),
        ("payment_cards", [c.card_name for c in fixture.payment_cards]),
    ):
        if len({label.lower() for label in labels}) < len(labels):
            raise SeedError(key, "labels (name / card_name) must be unique")
    for spec in fixture.addresses:
        address_id = state.next_id("address")
        state.addresses[address_id] = Address(address_id=address_id, owner=owner, **spec.model_dump())
    for card in fixture.payment_cards:
        card_id = state.next_id("payment_card")
        fields = card.model_dump() | {"owner_name": card.owner_name or name}
        state.payment_cards[card_id] = PaymentCard(payment_card_id=card_id, owner=owner, **fields)


def _order(state: AmazonState, spec: OrderFixture, n: int, owner: str, is_prime: bool) -> None:
    address = next((a for a in state.addresses.values() if a.name.lower() == spec.address.lower()), None)
    if address is None:
        raise SeedError(f"orders[{n}].address", f"no address named {spec.address!r}")
    card = next((c for c in state.payment_cards.values() if c.card_name.lower() == spec.payment_card.lower()), None)
    if card is None:
        raise SeedError(f"orders[{n}].payment_card", f"no payment card named {spec.payment_card!r}")
    items: list[OrderItem] = []
    for m, line in enumerate(spec.items):
        product = resolve(state, line, f"orders[{n}].items[{m}]")
        if line.returned_quantity > line.quantity or line.gift_wrap_quantity > line.quantity:
            raise SeedError(f"orders[{n}].items[{m}]", "returned/gift-wrapped more units than ordered")
        items.append(
            OrderItem(
                product_id=product.product_id,
                product_name=product.name,
                ordered_quantity=line.quantity,
                returned_quantity=line.returned_quantity,
                gift_wrap_quantity=line.gift_wrap_quantity,
                price=product.price if line.price is None else line.price,
                expected_delivery_at=spec.created_at + timedelta(days=product.delivery_days),
            )
        )
    lines = [
        (
            i.price,
            LineItem(product_id=i.product_id, quantity=i.ordered_quantity, gift_wrap_quantity=i.gift_wrap_quantity),
        )
        for i in items
    ]
    costs = price_lines(lines, is_prime, None)
    add_order(state, owner, (address, card), costs, items, spec.created_at)


def _verified(state: AmazonState, flag: bool | None, username: str, product: Product) -> bool:
    if flag is not None:
        return flag
    return state.bought(username, product) if username == state.owner else True


def _reviews(state: AmazonState, reviews: list[ReviewFixture], start: datetime) -> None:
    for n, spec in enumerate(reviews):
        product = resolve(state, spec, f"reviews[{n}]")
        user = _user(state, spec.user, f"reviews[{n}]")
        review_id = state.next_id("product_review")
        state.reviews[review_id] = Review(
            product_review_id=review_id,
            product_id=product.product_id,
            user=user,
            rating=spec.rating,
            title=spec.title,
            text=spec.text,
            is_verified=_verified(state, spec.is_verified, user, product),
            created_at=spec.created_at or start,
        )
        state.link_review(user, product, review_id)


def _questions(state: AmazonState, questions: list[QuestionFixture], start: datetime) -> None:
    for n, spec in enumerate(questions):
        product = resolve(state, spec, f"questions[{n}]")
        question_id = state.next_id("question")
        state.questions[question_id] = Question(
            question_id=question_id,
            product_id=product.product_id,
            user=_user(state, spec.user, f"questions[{n}]"),
            question=spec.question,
            created_at=spec.created_at or start,
        )
        for m, answer in enumerate(spec.answers):
            user = _user(state, answer.user, f"questions[{n}].answers[{m}]")
            answer_id = state.next_id("question_answer")
            state.answers[answer_id] = Answer(
                question_answer_id=answer_id,
                question_id=question_id,
                user=user,
                answer=answer.answer,
                is_verified=_verified(state, answer.is_verified, user, product),
                created_at=answer.created_at or start,
            )


def _lines(state: AmazonState, lines: list[LineFixture], where: str) -> list[LineItem]:
    out: list[LineItem] = []
    for n, line in enumerate(lines):
        product = resolve(state, line, f"{where}[{n}]")
        if any(item.product_id == product.product_id for item in out):
            raise SeedError(f"{where}[{n}]", f"{line.product!r} is listed twice; add up the quantities")
        if line.gift_wrap_quantity > line.quantity:
            raise SeedError(f"{where}[{n}].gift_wrap_quantity", "more units gift-wrapped than in the line")
        out.append(
            LineItem(
                product_id=product.product_id,
                quantity=line.quantity,
                gift_wrap_quantity=line.gift_wrap_quantity if where == "cart" else 0,
            )
        )
    return out


def seed(fixture: AmazonFixture, start: datetime) -> AmazonState:
    """The first state: accounts, catalogue, the persona's addresses, cards, orders, reviews, cart and wish list."""
    owner = fixture.account.email
    state = AmazonState(accounts=seed_accounts(fixture.account, fixture.users, start), owner=owner)
    for spec in fixture.sellers:
        seller_id = state.next_id("seller")
        state.sellers[seller_id] = Seller(seller_id=seller_id, name=spec.name, rating=spec.rating)
    if len({s.name.lower() for s in state.sellers.values()}) < len(state.sellers):
        raise SeedError("sellers", "seller names must be unique")
    _products(state, fixture)
    state.promo_codes = [PromoCode(**p.model_dump()) for p in fixture.promo_codes]
    _accounts_records(state, fixture, owner)
    for n, order in enumerate(fixture.orders):
        _order(state, order, n, owner, fixture.is_prime)
    _reviews(state, fixture.reviews, start)
    _questions(state, fixture.questions, start)
    customer = state.customer(owner)
    customer.is_prime, customer.track_browsing_history = fixture.is_prime, fixture.track_browsing_history
    customer.cart = _lines(state, fixture.cart, "cart")
    customer.wish_list = _lines(state, fixture.wish_list, "wish_list")
    customer.browsing_history = [
        resolve(state, r, f"browsing_history[{n}]").product_id for n, r in enumerate(fixture.browsing_history)
    ]
    known = {p.code.lower() for p in state.promo_codes}
    if fixture.promo_code is not None and fixture.promo_code.lower() not in known:
        raise SeedError("promo_code", f"unknown promo code {fixture.promo_code!r}; add it to `promo_codes`")
    customer.promo_code = fixture.promo_code
    return state

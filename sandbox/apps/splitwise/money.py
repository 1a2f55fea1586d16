"""splitwise arithmetic in whole cents: splitting an amount into shares and netting debts between people.

Shares always add up exactly to the paid amount: an equal split hands the leftover cents to the first
debtors, and given amounts (which may be off by up to 0.1 from rounding) have the difference absorbed
by the largest share. A debtor who is also the payer owes nothing to anyone for their own share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

from sandbox.apps.base import AppError
from sandbox.apps.splitwise.state import Expense, Share

Direction = Literal["you_owe_them", "they_owe_you", "no_balance"]
TOLERANCE_CENTS = 10


def cents(amount: float) -> int:
    """An amount in whole cents."""
    return round(amount * 100)


def money(amount_cents: int) -> float:
    """Whole cents as an amount with two decimals."""
    return round(amount_cents / 100, 2)


def split(paid_amount: float, payer: str, debtors: list[str], debt_amounts: list[float] | None) -> list[Share]:
    """The shares of an expense; AppError with the API's messages when the split is impossible."""
    if not debtors:
        raise AppError("At least one debtor who owes a share of the expense must be specified.")
    if len(set(debtors)) != len(debtors):
        raise AppError("debtor_emails must not contain the same email twice.")
    if debtors == [payer]:
        raise AppError("A payer cannot be a debtor if there is only one debtor involved in the expense.")
    total = cents(paid_amount)
    if debt_amounts is None:
        base, extra = divmod(total, len(debtors))
        parts = [base + (1 if n < extra else 0) for n in range(len(debtors))]
    else:
        parts = _given(total, len(debtors), debt_amounts)
    return [Share(debtor=d, debt_amount=money(p)) for d, p in zip(debtors, parts, strict=True)]


def _given(total: int, count: int, debt_amounts: list[float]) -> list[int]:
    if len(debt_amounts) != count:
        raise AppError("debt_amounts must have one amount per email in debtor_emails.")
    if any(a < 0 for a in debt_amounts):
        raise AppError("debt_amounts must not be negative.")
    parts = [cents(a) for a in debt_amounts]
    residual = total - sum(parts)
    if abs(residual) > TOLERANCE_CENTS:
        raise AppError("The debt_amounts must add up to the paid_amount (within 0.1).")
    largest = parts.index(max(parts))
    parts[largest] += residual
    return parts


def scaled(shares: list[Share], old_total: float, new_total: float) -> list[float]:
    """Existing shares rescaled to a new paid amount, in proportion."""
    ratio = new_total / old_total
    return [round(s.debt_amount * ratio, 2) for s in shares]


def debts(expenses: Iterable[Expense]) -> Counter[tuple[str, str]]:
    """(debtor, payer) -> cents the debtor owes the payer, over the expenses that are not deleted."""
    out: Counter[tuple[str, str]] = Counter()
    for expense in expenses:
        if expense.deleted:
            continue
        for share in expense.shares:
            if share.debtor != expense.payer:
                out[(share.debtor, expense.payer)] += cents(share.debt_amount)
    return out


def net(ledger: Counter[tuple[str, str]], who: str, other: str) -> int:
    """Cents `who` owes `other` after netting (negative: `other` owes `who`)."""
    return ledger[(who, other)] - ledger[(other, who)]


def direction(owed_by_you: int) -> Direction:
    """Your direction for a net amount you owe (negative: they owe you)."""
    if owed_by_you > 0:
        return "you_owe_them"
    return "they_owe_you" if owed_by_you < 0 else "no_balance"


def counterparts(ledger: Counter[tuple[str, str]], who: str) -> set[str]:
    """Everyone with a debt to or from `who` in the ledger."""
    return {b if a == who else a for a, b in ledger if who in (a, b)} - {who}

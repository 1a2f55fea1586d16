"""Agreement statistics: ties in ranks, undefined kappa, missing labels."""

from __future__ import annotations

import pytest

from graders.agreement import cohen_kappa, disagreement, ranks, spearman


def test_ranks_share_ties_and_spearman_uses_them() -> None:
    assert ranks([0.5, 0.2, 0.5, 0.9]) == [2.5, 1.0, 2.5, 4.0]
    # ranks x: 1,2,3,4; y: 1,2.5,2.5,4 -> Pearson of the ranks
    assert spearman([1, 2, 3, 4], [1, 2, 2, 4]) == pytest.approx(4.5 / (5 * 4.5) ** 0.5)
    assert spearman([1, 2], [3, 3]) is None and spearman([1], [1]) is None


def test_kappa_and_disagreement_skip_missing_labels() -> None:
    a = ["YES", "NO", None, "YES"]
    b = ["YES", "YES", "NO", None]
    assert disagreement(a, b) == 0.5
    assert cohen_kappa(["YES", "YES"], ["YES", "YES"]) is None
    assert cohen_kappa(["YES", "NO"], ["NO", "YES"]) == pytest.approx(-1.0)
    assert cohen_kappa([None], ["YES"]) is None and disagreement([None], ["YES"]) is None

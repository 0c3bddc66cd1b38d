"""The explorer's chance multisets against their `Counter` definition, and their normal form."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from unospec.checks.engines.chance import minus, normalize, sub_multisets
from unospec.editions import load_edition
from unospec.model.kernel import empty_table

EXPRESS = load_edition("express")

piles = st.lists(st.integers(0, 6), max_size=12).map(lambda cards: tuple(sorted(cards)))


@given(piles, st.integers(0, 4))
def test_sub_multisets_are_every_distinct_draw_once_in_order(
    pile: tuple[int, ...], size: int
) -> None:
    """Each distinct multiset of `size` cards out of the pile exactly once, each sorted; one
    card at a time, in the order of the faces (the order the explorer numbers states in)."""
    drawn = list(sub_multisets(pile, size))
    assert len(drawn) == len(set(drawn))
    assert set(drawn) == set(combinations(pile, size))
    assert all(d == tuple(sorted(d)) for d in drawn)
    if size == 1:
        assert drawn == [(face,) for face in sorted(set(pile))]


@given(piles, st.lists(st.integers(0, 7), max_size=5))
def test_minus_is_multiset_difference(pile: tuple[int, ...], taken: list[int]) -> None:
    """What is left is the sorted multiset difference; cards the pile lacks are ignored (a
    reshuffle's draw comes from the new pile, which the old one may not hold)."""
    left = Counter(pile)
    left.subtract(taken)
    assert minus(pile, tuple(taken)) == tuple(sorted(left.elements()))


@given(piles, piles, st.lists(st.integers(0, 6), max_size=12), st.integers(0, 3))
def test_a_parent_only_spares_sorting_the_piles_it_shares(
    draw_pile: tuple[int, ...], under: tuple[int, ...], shuffled: list[int], change: int
) -> None:
    """Normalizing with the parent gives what normalizing alone gives: a pile the child
    shares with its normalized parent is sorted already, and any other pile is sorted."""
    parent = normalize(empty_table(EXPRESS, 2)._replace(phase="awaiting_play"))
    parent = parent._replace(draw_pile=draw_pile, discard=(*under, 3))
    child = parent._replace(
        draw_pile=tuple(shuffled) if change & 1 else parent.draw_pile,
        discard=(*shuffled, 5) if change & 2 else parent.discard,
    )
    assert normalize(child, parent) == normalize(child)

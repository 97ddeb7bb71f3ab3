"""Thirteen's combinations, what beats what, and every play a hand holds (SPEC T3, T4, T7).

A play is a tuple of card ids in ascending order, so its top card (the one
that decides who is higher, by rank then suit) is always the last. Kinds:
single, pair, triple, quad, sequence (3+ consecutive ranks, no 2), double
sequence (3+ consecutive pairs, no 2). Bombs (T4): a quad or a double
sequence of three pairs beats a single 2, four pairs beat a pair of 2s, five
pairs beat three 2s; after that only a higher play of the bomb's own kind
and length beats it.

:func:`plays` lists every distinct play in a hand in the order of T7 (by
length, then by the cards' positions, first card first), computed once per
hand and kept, since bots ask for the same hands over and over.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from core.thirteen import cards

SINGLE, PAIR, TRIPLE, QUAD, SEQUENCE, DOUBLE = (
    "single",
    "pair",
    "triple",
    "quad",
    "sequence",
    "double sequence",
)
#: Kinds by how many cards of one rank they are.
OF_A_KIND = (SINGLE, SINGLE, PAIR, TRIPLE, QUAD)


class Combo(NamedTuple):
    """What a set of cards is: its kind, its size and its top card."""

    kind: str
    size: int
    top: int


def classify(play: tuple[int, ...]) -> Combo | None:
    """The combination ``play`` (ascending ids, no repeats) makes, or None if it is none."""
    size = len(play)
    if not size:
        return None
    ranks = [c >> 2 for c in play]
    low, high = ranks[0], ranks[-1]
    if low == high:
        return Combo(OF_A_KIND[size], size, play[-1]) if size <= 4 else None
    if high == cards.TWO:
        return None
    if size >= 3 and ranks == list(range(low, high + 1)):
        return Combo(SEQUENCE, size, play[-1])
    if size >= 6 and size % 2 == 0:
        pairs = ranks[::2]
        if ranks[1::2] == pairs and pairs == list(range(low, high + 1)):
            return Combo(DOUBLE, size, play[-1])
    return None


def is_bomb_over(combo: Combo, standing: Combo) -> bool:
    """T4: whether ``combo`` is a bomb that beats ``standing``, a single, pair or triple of 2s."""
    if standing.top >> 2 != cards.TWO or standing.kind not in (SINGLE, PAIR, TRIPLE):
        return False
    if combo.kind == DOUBLE:
        return combo.size == 2 * standing.size + 4
    return combo.kind == QUAD and standing.size == 1


def beats(combo: Combo, standing: Combo) -> bool:
    """T4: the same kind and size with a higher top card, or a bomb on 2s."""
    if combo.kind == standing.kind and combo.size == standing.size:
        return combo.top > standing.top
    return is_bomb_over(combo, standing)


def describe(combo: Combo) -> str:
    """A play in words, as the table says it: "pair of 9s", "run 5–9", "single 2♥"."""
    rank = combo.top >> 2
    if combo.kind == SINGLE:
        return f"single {cards.label(combo.top)}"
    if combo.kind in (PAIR, TRIPLE):
        return f"{combo.kind} of {cards.RANK_PLURALS[rank]}"
    if combo.kind == QUAD:
        return f"four {cards.RANK_PLURALS[rank]}"
    if combo.kind == SEQUENCE:
        low = rank - combo.size + 1
        return f"run {cards.RANK_WORDS[low]}–{cards.RANK_WORDS[rank]}"
    low = rank - combo.size // 2 + 1
    return f"{combo.size // 2} pairs {cards.RANK_WORDS[low]}–{cards.RANK_WORDS[rank]}"


def by_rank(hand: int) -> list[tuple[int, ...]]:
    """The cards of a hand mask grouped by rank, ascending within each."""
    return [tuple(c for c in range(4 * r, 4 * r + 4) if hand >> c & 1) for r in range(13)]


@lru_cache(maxsize=1 << 16)
def plays(hand: int) -> tuple[tuple[tuple[int, ...], Combo], ...]:
    """Every distinct play in ``hand`` with what it is, in T7 order."""
    groups = by_rank(hand)
    found: list[tuple[int, ...]] = []
    for group in groups:
        for size in range(1, len(group) + 1):
            found.extend(combinations(group, size))
    for low in range(cards.ACE - 1):
        high = low
        while high <= cards.ACE and groups[high]:
            if high - low >= 2:
                for pick in product(*groups[low : high + 1]):
                    found.append(pick)
            high += 1
        high = low
        while high <= cards.ACE and len(groups[high]) >= 2:
            if high - low >= 2:
                for picks in product(*(combinations(groups[r], 2) for r in range(low, high + 1))):
                    found.append(tuple(c for pair in picks for c in pair))
            high += 1
    found.sort(key=lambda p: (len(p), p))
    out = []
    for play in found:
        combo = classify(play)
        assert combo is not None
        out.append((play, combo))
    return tuple(out)

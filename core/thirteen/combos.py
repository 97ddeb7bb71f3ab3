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


#: Every single as a combination, made once: the plays of a checked ``apply`` reuse them.
SINGLES = tuple(Combo(SINGLE, 1, card) for card in range(cards.COUNT))


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


#: _GROUP[rank][nibble]: the cards of ``rank`` whose suits are the bits of ``nibble``.
_GROUP = tuple(
    tuple(tuple(4 * r + s for s in range(4) if nibble >> s & 1) for nibble in range(16))
    for r in range(13)
)


def by_rank(hand: int) -> list[tuple[int, ...]]:
    """The cards of a hand mask grouped by rank, ascending within each."""
    return [_GROUP[r][hand >> (4 * r) & 15] for r in range(13)]


Play = tuple[tuple[int, ...], Combo]


def _order(item: Play) -> tuple[int, tuple[int, ...]]:
    return len(item[0]), item[0]


def _of_a_kind(groups: list[tuple[int, ...]], size: int, above: int, out: list[Play]) -> None:
    """Every set of ``size`` cards of one rank whose top card is above ``above``."""
    kind = OF_A_KIND[size]
    for group in groups[max(0, above >> 2) :]:
        if len(group) >= size:
            for pick in combinations(group, size):
                if pick[-1] > above:
                    out.append((pick, Combo(kind, size, pick[-1])))


def _runs(groups: list[tuple[int, ...]], length: int, above: int, out: list[Play]) -> None:
    """Every sequence of ``length`` ranks (no 2) whose top card is above ``above``."""
    for low in range(max(0, (above >> 2) - length + 1), cards.ACE - length + 2):
        span = groups[low : low + length]
        if all(span):
            for pick in product(*span):
                if pick[-1] > above:
                    out.append((pick, Combo(SEQUENCE, length, pick[-1])))


def _doubles(groups: list[tuple[int, ...]], pairs: int, above: int, out: list[Play]) -> None:
    """Every double sequence of ``pairs`` pairs (no 2) whose top card is above ``above``."""
    for low in range(max(0, (above >> 2) - pairs + 1), cards.ACE - pairs + 2):
        span = groups[low : low + pairs]
        if all(len(g) >= 2 for g in span):
            for picks in product(*(combinations(g, 2) for g in span)):
                flat = tuple(c for pair in picks for c in pair)
                if flat[-1] > above:
                    out.append((flat, Combo(DOUBLE, 2 * pairs, flat[-1])))


def _longest_run(groups: list[tuple[int, ...]], each: int) -> int:
    best = run = 0
    for group in groups[: cards.ACE + 1]:
        run = run + 1 if len(group) >= each else 0
        best = max(best, run)
    return best


#: Hands each cache keeps. Cached plays hold named tuples, which the garbage collector
#: tracks for good: at 65,536 hands a full collection took 1.5 s, at 4,096 about 0.1 s,
#: and random games ran faster too.
CACHE = 1 << 12


@lru_cache(maxsize=CACHE)
def plays(hand: int) -> tuple[Play, ...]:
    """Every distinct play in ``hand`` with what it is, in T7 order."""
    groups = by_rank(hand)
    found: list[Play] = []
    for size in range(1, 5):
        _of_a_kind(groups, size, -1, found)
    for length in range(3, _longest_run(groups, 1) + 1):
        _runs(groups, length, -1, found)
    for pairs in range(3, _longest_run(groups, 2) + 1):
        _doubles(groups, pairs, -1, found)
    found.sort(key=_order)
    return tuple(found)


@lru_cache(maxsize=CACHE)
def beating(hand: int, standing: Combo) -> tuple[Play, ...]:
    """Every play in ``hand`` that beats ``standing`` (T4), in T7 order."""
    groups = by_rank(hand)
    found: list[Play] = []
    kind, size, top = standing
    if kind == SEQUENCE:
        _runs(groups, size, top, found)
    elif kind == DOUBLE:
        _doubles(groups, size // 2, top, found)
    else:
        _of_a_kind(groups, size, top, found)
    if top >> 2 == cards.TWO and kind in (SINGLE, PAIR, TRIPLE):
        if size == 1:
            _of_a_kind(groups, 4, -1, found)
        _doubles(groups, size + 2, -1, found)
    found.sort(key=_order)
    return tuple(found)

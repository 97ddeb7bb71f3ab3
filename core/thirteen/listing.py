"""The actions a seat may take, listed fast from tables built once (SPEC T4, T5, T7).

:func:`core.thirteen.combos.beating` and :func:`core.thirteen.combos.plays`
say what a hand may play, as plays; a room and a bot ask the same thing as
actions at every turn, and most turns only beat a single. So every play of
one rank (a single, pair, triple or quad) is an action made once per seat and
kept in a table by rank and by the suits held there (a nibble of the hand
mask). The plays that beat a single are the higher cards held, read bit by
bit; those that beat a pair or triple join the table's entries of the ranks
held above it. Either way they come in T7 order (by length, then by the
cards' places) with no sorting and no new action. Sequences and double
sequences, rarer, are made when asked for, a lead's sequences by product
from each low rank. A lead's list is kept for the hands asked again.
``tests/thirteen/test_listing.py`` checks the lists equal those of
``combos`` on random positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations, product, repeat

from core.thirteen import cards
from core.thirteen.actions import PASSES, PLAY, Action
from core.thirteen.combos import DOUBLE, PAIR, SEQUENCE, SINGLE, TRIPLE, Combo
from core.thirteen.config import MAX_PLAYERS

#: ``_new(Action, (seat, kind, cards))`` is ``Action(seat, kind, cards)`` without the call
#: of the named tuple's own ``__new__``: sequences are made by the dozen.
_new = tuple.__new__


def _actions(seat: int, picks: Iterable[tuple[int, ...]]) -> Iterator[Action]:
    """The plays of ``picks`` as actions of ``seat``, made without a Python call each."""
    return map(_new, repeat(Action), zip(repeat(seat), repeat(PLAY), picks))


_Table = tuple[tuple[tuple[Action, ...], ...], ...]


def _kind_table(seat: int, size: int) -> _Table:
    """[rank][nibble]: the plays of ``size`` cards of ``rank`` among the suits of ``nibble``."""
    return tuple(
        tuple(
            tuple(
                Action(seat, PLAY, pick)
                for pick in combinations([4 * rank + s for s in range(4) if nibble >> s & 1], size)
            )
            for nibble in range(16)
        )
        for rank in range(13)
    )


#: KIND[seat][size][rank][nibble] (size 1 to 4; size 0 is empty): see :func:`_kind_table`.
KIND: tuple[tuple[_Table, ...], ...] = tuple(
    ((), *(_kind_table(seat, size) for size in range(1, 5))) for seat in range(MAX_PLAYERS)
)


def _of_a_kind(table: _Table, hand: int, top: int, out: list[Action]) -> None:
    """Add every play of ``table``'s size in ``hand`` whose top card is above ``top``."""
    rank = top >> 2
    if rank >= 0:
        held = hand >> 4 * rank & 15
        if held:
            out += [a for a in table[rank][held] if a.cards[-1] > top]
        hand = hand >> 4 * rank + 4 << 4 * rank + 4
    # The lowest bit of each rank held, visited from the lowest rank up.
    ranks = (hand | hand >> 1 | hand >> 2 | hand >> 3) & FIRST_SUITS
    while ranks:
        place = (ranks & -ranks).bit_length() - 1
        ranks &= ranks - 1
        out += table[place >> 2][hand >> place & 15]


#: SINGLES[seat][card]: the play of that one card.
SINGLES = tuple(
    tuple(KIND[seat][1][card >> 2][1 << (card & 3)][0] for card in range(cards.COUNT))
    for seat in range(MAX_PLAYERS)
)
#: The first suit's bit of every rank.
FIRST_SUITS = sum(1 << 4 * rank for rank in range(13))


#: GROUP[rank][nibble]: the cards of ``rank`` among the suits of ``nibble``, ascending.
GROUP = tuple(
    tuple(tuple(4 * rank + s for s in range(4) if nibble >> s & 1) for nibble in range(16))
    for rank in range(13)
)
#: How many suits a nibble holds.
COUNT = tuple(bin(nibble).count("1") for nibble in range(16))
#: RANKS_HELD[byte], RANKS_PAIRED[byte]: of the two ranks whose suits are the bits of
#: ``byte``, which are held at all (bit 0, bit 1) and which at least twice.
RANKS_HELD = tuple((byte & 15 > 0) | (byte >> 4 > 0) << 1 for byte in range(256))
RANKS_PAIRED = tuple((COUNT[byte & 15] > 1) | (COUNT[byte >> 4] > 1) << 1 for byte in range(256))


#: The ranks 3 to ace: no sequence holds a 2.
NO_TWO = (1 << cards.TWO) - 1


def _ranks(hand: int, table: tuple[int, ...]) -> int:
    """The ranks 3 to ace of ``hand`` that ``table`` picks, as a mask of rank bits."""
    found = 0
    for shift in range(0, cards.ACE + 1, 2):
        found |= table[hand & 255] << shift
        hand >>= 8
    return found


def _runs(seat: int, hand: int, held: int, length: int, above: int, out: list[Action]) -> None:
    """Add every sequence of ``length`` ranks (no 2) whose top card is above ``above``;
    ``held`` is the mask of the ranks in ``hand``."""
    full = (1 << length) - 1
    for low in range(max(0, (above >> 2) - length + 1), cards.ACE - length + 2):
        if held >> low & full == full:
            span = [GROUP[r][hand >> 4 * r & 15] for r in range(low, low + length)]
            out += _actions(seat, (p for p in product(*span) if p[-1] > above))


def _doubles(seat: int, hand: int, paired: int, pairs: int, above: int, out: list[Action]) -> None:
    """Add every double sequence of ``pairs`` pairs (no 2) whose top card is above ``above``;
    ``paired`` is the mask of the ranks ``hand`` holds twice or more."""
    full = (1 << pairs) - 1
    for low in range(max(0, (above >> 2) - pairs + 1), cards.ACE - pairs + 2):
        if paired >> low & full == full:
            span = [combinations(GROUP[r][hand >> 4 * r & 15], 2) for r in range(low, low + pairs)]
            for picks in product(*span):
                flat = tuple(c for pair in picks for c in pair)
                if flat[-1] > above:
                    out.append(_new(Action, (seat, PLAY, flat)))


def _longest(ranks: int) -> int:
    """The most consecutive rank bits set in ``ranks``."""
    best = 0
    while ranks:
        ranks &= ranks << 1
        best += 1
    return best


def beating(seat: int, hand: int, standing: Combo) -> tuple[Action, ...]:
    """The pass, then every play in ``hand`` that beats ``standing`` (T4), in T7 order."""
    kind, size, top = standing
    out = [PASSES[seat]]
    if size == 1:
        # The commonest: a single, beaten by every higher card held.
        ones = SINGLES[seat]
        above = hand >> top + 1 << top + 1
        while above:
            low = above & -above
            out.append(ones[low.bit_length() - 1])
            above ^= low
    elif kind == SEQUENCE:
        _runs(seat, hand, _ranks(hand, RANKS_HELD), size, top, out)
    elif kind == DOUBLE:
        _doubles(seat, hand, _ranks(hand, RANKS_PAIRED), size // 2, top, out)
    else:
        _of_a_kind(KIND[seat][size], hand, top, out)
    # Bombs on 2s come after: they are longer than the 2s they beat.
    if top >> 2 == cards.TWO and kind in (SINGLE, PAIR, TRIPLE):
        if size == 1:
            _of_a_kind(KIND[seat][4], hand, -1, out)
        _doubles(seat, hand, _ranks(hand, RANKS_PAIRED), size + 2, -1, out)
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def leading(seat: int, hand: int, lowest: int) -> tuple[Action, ...]:
    """Every play in ``hand`` in T7 order; only those holding ``lowest`` unless it is -1 (T2)."""
    _, ones, twos, threes, fours = KIND[seat]
    singles: list[Action] = []
    pairs: list[Action] = []
    triples: list[Action] = []
    quads: list[Action] = []
    held = paired = 0
    # The lowest bit of each rank held, visited from the lowest rank up.
    ranks = (hand | hand >> 1 | hand >> 2 | hand >> 3) & FIRST_SUITS
    while ranks:
        place = (ranks & -ranks).bit_length() - 1
        ranks &= ranks - 1
        rank, suits = place >> 2, hand >> place & 15
        singles += ones[rank][suits]
        held |= 1 << rank
        if COUNT[suits] > 1:
            pairs += twos[rank][suits]
            triples += threes[rank][suits]
            quads += fours[rank][suits]
            paired |= 1 << rank
    found = singles + pairs
    # Sequences and double sequences stop at the ace: the lowest ranks of three held in a row.
    held &= NO_TWO
    starts = held & held >> 1 & held >> 2
    paired &= NO_TWO
    if not starts:
        found += triples
        found += quads
    else:
        found += _longer(seat, hand, held, starts, paired, triples, quads)
    if lowest >= 0:
        return tuple([action for action in found if lowest in action.cards])
    return tuple(found)


def _longer(
    seat: int,
    hand: int,
    held: int,
    starts: int,
    paired: int,
    triples: list[Action],
    quads: list[Action],
) -> list[Action]:
    """A lead's plays of three cards or more, in T7 order, when ``hand`` holds a sequence:
    ``held`` and ``paired`` are its ranks (no 2) held once and twice or more, ``starts`` the
    lowest of three held in a row."""
    by_length: list[list[Action]] = [[], [], [], triples, quads]
    of_a_kind = len(triples), len(quads)
    groups = [GROUP[rank][hand >> 4 * rank & 15] for rank in range(cards.TWO)]
    while starts:
        low = (starts & -starts).bit_length() - 1
        starts &= starts - 1
        # Every sequence from ``low``, one rank longer at a time.
        top = low + 2
        while held >> top & 1:
            top += 1
            if top - low == len(by_length):
                by_length.append([])
            by_length[top - low] += _actions(seat, product(*groups[low:top]))
    # Where plays of two kinds are as long (triples or quads and sequences, sequences and
    # double sequences), they are sorted: of one seat and kind, actions sort by their cards.
    for length, count in zip((3, 4), of_a_kind, strict=True):
        if 0 < count < len(by_length[length]):
            by_length[length].sort()
    if paired & paired >> 1 & paired >> 2:
        for count in range(3, _longest(paired) + 1):
            doubles: list[Action] = []
            _doubles(seat, hand, paired, count, -1, doubles)
            while 2 * count >= len(by_length):
                by_length.append([])
            if by_length[2 * count]:
                by_length[2 * count] += doubles
                by_length[2 * count].sort()
            else:
                by_length[2 * count] = doubles
    return [action for same in by_length for action in same]

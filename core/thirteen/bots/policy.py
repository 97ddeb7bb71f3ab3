"""The Rules policy for Thirteen: a sound player's habits, from its own cards and the table.

- Split the hand into the fewest plays (:func:`partition`: sets, sequences
  and double sequences, fewest loose singles next), found exactly over the
  hand's rank counts and kept, since bots ask for the same shapes again.
- Lead: the whole hand when it is one play; a play nobody can beat first
  when at most one other play is left (it keeps the lead to the end);
  otherwise the weakest play of the split (lowest rank, longest first),
  keeping 2s and bombs for the end. A play the size of an opponent's last
  few cards could let that opponent out: lead another size, or the highest.
- Follow: the cheapest play that beats the standing one and keeps the split
  whole (the fewest plays left, then the lowest top card). Pass when beating
  would cost an extra play, or would spend a 2 or a bomb while the hand is
  still long, unless an opponent is close to going out; when an opponent
  could go out on this very trick, beat with the strongest play instead.

A play is described by a *block* ``(low rank, ranks, cards per rank)``: a
set is one rank of 1–4 cards, a sequence 3+ ranks of one, a double sequence
3+ ranks of two. A hand's rank counts are *packed* into one integer, four
bits a rank (the hand mask with each rank's bits counted in place), so that
the Expert's playouts, which ask thousands of times a decision, hit the
caches with a cheap key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from core.thirteen import cards
from core.thirteen.combos import DOUBLE, PAIR, QUAD, SEQUENCE, SINGLE, TRIPLE, Combo

RANKS = 13
ACE, TWO = cards.ACE, cards.TWO
#: (low rank, ranks, cards per rank).
Block = tuple[int, int, int]
#: Partition costs: plays count this much each, and each loose single one more.
PLAY = 16
#: Opponents with this many cards or fewer may go out on a play of their size.
DANGER_CARDS = 3
#: With an opponent this close to going out, a 2 or a bomb is no longer kept back.
PRESSED_CARDS = 3

#: Entries each memo keeps before it starts afresh. Plain dicts, not ``lru_cache``: the
#: latter's linked entries made each full garbage collection take half a second.
MEMO_LIMIT = 1 << 18
T = TypeVar("T")

#: The suits in a 4-bit rank slice of a hand, lowest first.
SUITS_IN = tuple(tuple(s for s in range(4) if n >> s & 1) for n in range(16))
#: Every rank's low bit, and masks for counting each rank's four bits in place.
UNIT = sum(1 << 4 * r for r in range(RANKS))
ODD_BITS, BIT_PAIRS = 5 * UNIT, 3 * UNIT
#: RUN[low][length]: one in each rank's count from ``low`` on, packed.
RUN = tuple(
    tuple(sum(1 << 4 * r for r in range(low, low + length)) for length in range(RANKS + 1))
    for low in range(RANKS)
)
#: Cards per rank of each kind of set.
FORM = {SINGLE: 1, PAIR: 2, TRIPLE: 3, QUAD: 4}
#: The bombs that beat one, two or three 2s (T4): (ranks, cards per rank).
BOMBS = {1: ((3, 2), (1, 4)), 2: ((4, 2),), 3: ((5, 2),)}

#: partition() by packed counts; answers() by packed counts and form.
_SPLITS: dict[int, tuple[int, tuple[Block, ...]]] = {}
_ANSWERS: dict[int, tuple[tuple[int, int, Block], ...]] = {}


def pack(hand: int) -> int:
    """A hand mask's rank counts, four bits a rank."""
    half = hand - (hand >> 1 & ODD_BITS)
    return (half & BIT_PAIRS) + (half >> 2 & BIT_PAIRS)


def count(packed: int, rank: int) -> int:
    return packed >> 4 * rank & 15


def form(combo: Combo) -> tuple[int, int]:
    """(ranks, cards per rank) of a combination."""
    if combo.kind == SEQUENCE:
        return combo.size, 1
    if combo.kind == DOUBLE:
        return combo.size // 2, 2
    return 1, FORM[combo.kind]


def is_control(block: Block) -> bool:
    """Whether a block is a 2 or a bomb (a quad, a double sequence): kept for the end."""
    low, length, per = block
    return low == TWO or per == 4 or (length > 1 and per == 2)


def _take(packed: int, block: Block) -> int:
    low, length, per = block
    return packed - per * RUN[low][length]


def _blocks_at(packed: int, low: int) -> list[Block]:
    """Every block whose lowest rank is ``low``."""
    found = [(low, 1, per) for per in range(1, count(packed, low) + 1)]
    for per in (1, 2):
        high = low
        while high <= ACE and count(packed, high) >= per:
            if high - low >= 2:
                found.append((low, high - low + 1, per))
            high += 1
    return found


def _remember(memo: dict[int, T], key: int, value: T) -> T:
    """Keep ``value`` under ``key``, emptying a full memo first (memory stays bounded)."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def partition(packed: int) -> tuple[int, tuple[Block, ...]]:
    """A hand of these rank counts split into the fewest plays, fewest loose singles next.

    Returns the cost (``PLAY`` a play plus one a single) and the blocks, lowest first.
    Exact: every split has a block holding the lowest rank, and that block starts there.
    """
    known = _SPLITS.get(packed)
    if known is not None:
        return known
    if not packed:
        return 0, ()
    low = (packed & -packed).bit_length() - 1 >> 2
    best: tuple[int, tuple[Block, ...]] | None = None
    for block in _blocks_at(packed, low):
        cost, rest = partition(_take(packed, block))
        cost += PLAY + (block[1] == 1 and block[2] == 1)
        if best is None or cost < best[0]:
            best = (cost, (block, *rest))
    assert best is not None
    return _remember(_SPLITS, packed, best)


def plays_needed(hand: int) -> int:
    """The fewest plays the hand splits into."""
    return partition(pack(hand))[0] // PLAY


def answers(packed: int, length: int, per: int) -> tuple[tuple[int, int, Block], ...]:
    """Every block of one form in a hand: (plays left after it, its top rank, the block),
    fewest plays left first, then the lowest."""
    key = packed << 8 | length << 3 | per
    known = _ANSWERS.get(key)
    if known is not None:
        return known
    found = []
    for high in range(length - 1, (TWO if length == 1 else ACE) + 1):
        low = high - length + 1
        if all(count(packed, r) >= per for r in range(low, high + 1)):
            block = (low, length, per)
            found.append((partition(_take(packed, block))[0] // PLAY, high, block))
    found.sort()
    return _remember(_ANSWERS, key, tuple(found))


def cards_of(hand: int, block: Block, above: int = -1) -> tuple[int, ...] | None:
    """The cheapest cards of ``hand`` making ``block`` with a top card above ``above``.

    The lowest suits everywhere, but at the top rank the lowest card that still beats;
    None if the hand cannot.
    """
    low, length, per = block
    high = low + length - 1
    out: list[int] = []
    for r in range(low, high):
        out.extend(4 * r + s for s in SUITS_IN[hand >> 4 * r & 15][:per])
    base = 4 * high
    suits = SUITS_IN[hand >> base & 15]
    if len(suits) < per:
        return None
    if above < base:
        out.extend(base + s for s in suits[:per])
        return tuple(out)
    for i in range(per - 1, len(suits)):
        if base + suits[i] > above:
            out.extend(base + s for s in suits[: per - 1])
            out.append(base + suits[i])
            return tuple(out)
    return None


def beatable(block: Block, top: int, others: int) -> bool:
    """Whether the cards in ``others`` could make a play that beats ``block`` topped by ``top``."""
    low, length, per = block
    high = low + length - 1
    packed = pack(others)
    for r in range(high, (TWO if length == 1 else ACE) + 1):
        if any(count(packed, q) < per for q in range(r - length + 1, r + 1)):
            continue
        # At the block's own top rank only a card of a higher suit wins.
        if r > high or (others >> 4 * r & 15).bit_length() - 1 > top & 3:
            return True
    if high == TWO and length == 1 and per < 4:
        for ranks, each in BOMBS[per]:
            for start in range((TWO if ranks == 1 else ACE) - ranks + 2):
                if all(count(packed, q) >= each for q in range(start, start + ranks)):
                    return True
    return False


def lead(hand: int, others: int, threats: Sequence[int], must_play: int | None) -> tuple[int, ...]:
    """The Rules lead: a whole-hand play, bosses to finish, else the weakest part of the split."""
    cost, blocks = partition(pack(hand))
    if cost // PLAY == 1:
        return tuple(cards.bits(hand))
    options = []
    for block in blocks:
        found = cards_of(hand, block)
        assert found is not None
        options.append((block, found, not beatable(block, found[-1], others)))
    if must_play is not None:
        options = [o for o in options if must_play in o[1]]
    else:
        bosses = [o for o in options if o[2]]
        if bosses and len(options) - len(bosses) <= 1:
            return max(bosses, key=lambda o: len(o[1]))[1]
    danger = {t for t in threats if t <= DANGER_CARDS}
    safe = [o for o in options if o[2] or len(o[1]) not in danger]
    if not safe:
        return max(options, key=lambda o: o[1][-1])[1]
    spare = [o for o in safe if not is_control(o[0])] or safe
    return min(spare, key=lambda o: (o[0][0], -len(o[1]), o[1][-1]))[1]


def follow(hand: int, standing: Combo, threats: Sequence[int]) -> tuple[int, ...]:
    """The Rules answer to a standing play: the cards that beat it, or ``()`` to pass."""
    packed = pack(hand)
    top = standing.top
    least = top >> 2
    same = form(standing)
    options = [
        o
        for o in answers(packed, *same)
        if o[1] > least or (o[1] == least and cards_of(hand, o[2], top) is not None)
    ]
    if least == TWO and standing.kind in (SINGLE, PAIR, TRIPLE):
        for ranks, each in BOMBS[standing.size]:
            options.extend(answers(packed, ranks, each))
    if not options:
        return ()

    def play(option: tuple[int, int, Block]) -> tuple[int, ...]:
        block = option[2]
        # A bomb on 2s beats them whatever its top card.
        found = cards_of(hand, block, top if block[1:] == same else -1)
        assert found is not None
        return found

    best = min(options)
    if best[0] == 0:
        return play(best)
    if standing.size in threats:
        # An opponent could go out on this trick: beat it as high as possible.
        return play(max(options, key=lambda o: (is_control(o[2]), o[1])))
    pressed = bool(threats) and min(threats) <= PRESSED_CARDS
    plain = [o for o in options if not is_control(o[2])]
    if plain:
        choice = min(plain)
        if pressed or choice[0] <= partition(packed)[0] // PLAY:
            return play(choice)
    strong = [o for o in options if is_control(o[2])]
    if strong:
        choice = min(strong)
        if pressed or choice[0] <= 1:
            return play(choice)
    return ()


def choose(
    hand: int,
    standing: Combo | None,
    others: int,
    threats: Sequence[int],
    must_play: int | None = None,
) -> tuple[int, ...]:
    """The Rules play for a hand: its cards, or ``()`` to pass.

    ``others``: the cards the other seats may hold; ``threats``: how many cards each other
    seat still holding has; ``must_play``: the card a game's first play must hold.
    """
    if standing is None:
        return lead(hand, others, threats, must_play)
    return follow(hand, standing, threats)

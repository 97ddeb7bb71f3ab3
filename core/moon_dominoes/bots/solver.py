"""An exact double-dummy solver for the play of a Three-Player Moon hand (M4, M5).

With every hand known, how many of the tricks still to play does the bidder
take when the bidder plays to take as many as it can and the two defenders
together play to hold it to as few? Alpha-beta over whole tricks: one call
per trick boundary, the three plays of a trick as nested loops, so the hot
loop touches only ints and masks, never a :class:`State`.

- Tiles are renumbered per trump, strongest first (trumps in rank order,
  then by their best rank), so walking a mask's bits from the low end tries
  strong tiles first, without sorting.
- A transposition table keyed at trick boundaries by the tiles still out and
  the leader stores bounds (a solver belongs to one deal, so the tiles out
  say who holds what). The last two tricks are solved without it.
- Bounds before searching: every tile is played in the end, so a trump above
  all the other side's trumps is a sure trick; and a leader that can draw
  the others' trumps with top trumps then cashes every trump and every tile
  on top of its suit without losing the lead.
- Move ordering: leads strongest first; a follower wanting the trick tries
  its cheapest winner first, one whose side already holds it its weakest.
- Equivalent tiles are merged where it is safe and cheap: trumps of one hand
  with no other trump still in play between them win and lose alike, so one
  of them is tried. (Mixed tiles follow two numbers and are rarely alike:
  telling which are cost more than it saved.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core import seats
from core.moon_dominoes import tiles
from core.moon_dominoes.config import PLAYERS
from core.moon_dominoes.state import Phase, State

NEXT = seats.NEXT[PLAYERS]
#: Bits of the leader in a transposition key, above the 22 tile bits.
LEADER_SHIFT = tiles.COUNT
SUITS = range(8)


def _strength(tile: int, trump: int) -> tuple[int, int, int]:
    """How strong a tile is in general: trumps by rank, then its best rank in a suit."""
    best = max(tiles.POWER[trump][suit][tile] for suit in SUITS)
    high, low = tiles.ENDS[tile]
    return (best, high + low, high)


class Table:
    """One trump's tables in the solver's own tile numbering (strongest tile 0)."""

    __slots__ = ("beaten", "follow", "inside", "outside", "power", "suit_of", "trumps")

    def __init__(self, trump: int) -> None:
        order = sorted(range(tiles.COUNT), key=lambda t: _strength(t, trump), reverse=True)
        #: outside[i]: the tile id of the solver's tile i; inside: the reverse.
        self.outside = tuple(order)
        inside = [0] * tiles.COUNT
        for i, t in enumerate(order):
            inside[t] = i
        self.inside = tuple(inside)
        self.trumps = self.to_inside(tiles.TRUMP_MASK[trump])
        self.suit_of = tuple(tiles.SUIT_OF[trump][t] for t in order)
        self.follow = tuple(self.to_inside(tiles.FOLLOW[trump][suit]) for suit in SUITS)
        self.power = tuple(tuple(tiles.POWER[trump][suit][t] for t in order) for suit in SUITS)
        #: beaten[i]: the tiles of its suit that beat tile i when it is led.
        self.beaten = tuple(self._beaten(i) for i in range(tiles.COUNT))

    def _beaten(self, tile: int) -> int:
        suit = self.suit_of[tile]
        power = self.power[suit]
        return sum(1 << i for i in tiles.bits(self.follow[suit]) if power[i] > power[tile])

    def to_inside(self, mask: int) -> int:
        inside = self.inside
        return sum(1 << inside[t] for t in tiles.bits(mask))


TABLES = tuple(Table(trump) for trump in tiles.TRUMPS)


def _searcher(
    hands: list[int], bidder: int, table: Table, tt: dict[int, tuple[int, int]]
) -> Callable[[int, int, int], int]:
    """The search from a trick boundary: ``trick(leader, alpha, beta)`` is the bidder's
    tricks among those left, exact when strictly inside the window, else a bound on the
    side it fails (fail-soft)."""
    suit_of, follow, power, trumps = table.suit_of, table.follow, table.power, table.trumps
    beaten = table.beaten
    nxt = NEXT
    d1 = nxt[bidder]
    d2 = nxt[d1]

    def last(leader: int) -> int:
        """The seventh trick: one tile each, nothing to choose."""
        s2 = nxt[leader]
        t1 = hands[leader].bit_length() - 1
        pw = power[suit_of[t1]]
        win, best = leader, pw[t1]
        p = pw[hands[s2].bit_length() - 1]
        if p > best:
            win, best = s2, p
        if pw[hands[nxt[s2]].bit_length() - 1] > best:
            win = nxt[s2]
        return 1 if win == bidder else 0

    def trick(leader: int, alpha: int, beta: int) -> int:
        s1 = leader
        s2 = nxt[s1]
        s3 = nxt[s2]
        h1 = hands[s1]
        h2 = hands[s2]
        h3 = hands[s3]
        left = h1.bit_count()
        if left == 1:
            return last(leader)
        final = left == 2
        key = h1 | h2 | h3 | leader << LEADER_SHIFT
        entry = None if final else tt.get(key)
        if entry is None:
            lo, hi = 0, left
            if trumps:
                # Every tile is played in the end: a trump above all the other side's wins.
                mine = hands[bidder] & trumps
                one = hands[d1] & trumps
                two = hands[d2] & trumps
                theirs = one | two
                lo = (mine & ((theirs & -theirs) - 1)).bit_count() if theirs else mine.bit_count()
                if mine:
                    top = (mine & -mine) - 1
                    one &= top
                    two &= top
                lost = one.bit_count()
                lost2 = two.bit_count()
                hi = left - (lost if lost > lost2 else lost2)
            # The leader's run: it draws the others' trumps with top trumps if it can, then
            # every trump it has left and every tile on top of its suit wins in turn.
            others = h2 | h3
            theirs = others & trumps
            mine = h1 & trumps
            run = 0
            if theirs:
                one = (h2 & trumps).bit_count()
                two = (h3 & trumps).bit_count()
                if (mine & ((theirs & -theirs) - 1)).bit_count() >= (one if one > two else two):
                    run = mine.bit_count()
                else:
                    run = -1
            else:
                run = mine.bit_count()
            if run >= 0:
                m = h1 ^ mine
                while m:
                    bit = m & -m
                    m ^= bit
                    if not beaten[bit.bit_length() - 1] & others:
                        run += 1
                if s1 == bidder:
                    if run > lo:
                        lo = run
                elif left - run < hi:
                    hi = left - run
        else:
            lo, hi = entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a1 = alpha if alpha > lo else lo
        b1 = beta if beta < hi else hi
        alpha0, beta0 = a1, b1
        max1, max2, max3 = s1 == bidder, s2 == bidder, s3 == bidder
        best1 = -1 if max1 else 99
        live = (h1 | h2 | h3) & trumps
        leads = h1
        own = h1 & trumps
        if own & (own - 1):
            leads ^= _repeats(own, live)
        for t1 in _bits(leads):
            low = 1 << t1
            suit = suit_of[t1]
            pw = power[suit]
            fol = follow[suit]
            p1 = pw[t1]
            hands[s1] = h1 ^ low
            opts = h2 & fol or h2
            own = opts & trumps
            if own & (own - 1):
                opts ^= _repeats(own, live)
            a2, b2 = a1, b1
            best2 = -1 if max2 else 99
            for t2 in _follow_order(opts, pw, p1, max1 != max2):
                p2 = pw[t2]
                hands[s2] = h2 ^ (1 << t2)
                if p2 > p1:
                    w, bp = s2, p2
                else:
                    w, bp = s1, p1
                opts = h3 & fol or h3
                own = opts & trumps
                if own & (own - 1):
                    opts ^= _repeats(own, live)
                a3, b3 = a2, b2
                best3 = -1 if max3 else 99
                for t3 in _follow_order(opts, pw, bp, (w == bidder) != max3):
                    winner = s3 if pw[t3] > bp else w
                    won = 1 if winner == bidder else 0
                    hands[s3] = h3 ^ (1 << t3)
                    v = won + (last(winner) if final else trick(winner, a3 - won, b3 - won))
                    if max3:
                        if v > best3:
                            best3 = v
                            if v > a3:
                                a3 = v
                                if a3 >= b3:
                                    break
                    elif v < best3:
                        best3 = v
                        if v < b3:
                            b3 = v
                            if a3 >= b3:
                                break
                hands[s3] = h3
                v = best3
                if max2:
                    if v > best2:
                        best2 = v
                        if v > a2:
                            a2 = v
                            if a2 >= b2:
                                break
                elif v < best2:
                    best2 = v
                    if v < b2:
                        b2 = v
                        if a2 >= b2:
                            break
            hands[s2] = h2
            v = best2
            if max1:
                if v > best1:
                    best1 = v
                    if v > a1:
                        a1 = v
                        if a1 >= b1:
                            break
            elif v < best1:
                best1 = v
                if v < b1:
                    b1 = v
                    if a1 >= b1:
                        break
        hands[s1] = h1
        v = best1
        if v <= alpha0:
            hi = v
        elif v >= beta0:
            lo = v
        else:
            lo = hi = v
        if not final:
            tt[key] = (lo, hi)
        return v

    return trick


def _repeats(own: int, live: int) -> int:
    """The trumps of ``own`` that add nothing: the next stronger trump still in play (any
    hand's, or in the trick) is also its hand's, so the two win and lose alike."""
    out = 0
    mask = own
    while mask:
        bit = mask & -mask
        mask ^= bit
        stronger = live & (bit - 1)
        if stronger and own >> (stronger.bit_length() - 1) & 1:
            out |= bit
    return out


_BITS: dict[int, tuple[int, ...]] = {}
#: Masks whose bits are kept at most (a hand's subsets recur; a long run's are forgotten).
BITS_KEPT = 1 << 17


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a mask, lowest first (the solver's strongest tiles first), cached."""
    found = _BITS.get(mask)
    if found is None:
        if len(_BITS) >= BITS_KEPT:
            _BITS.clear()
        found = _BITS[mask] = tuple(tiles.bits(mask))
    return found


def _follow_order(options: int, power: tuple[int, ...], best: int, wants: bool) -> tuple[int, ...]:
    """A follower's tiles in the order worth trying: the cheapest winner first when its
    side wants the trick, else the weakest tile first."""
    if options & (options - 1) == 0:
        return (options.bit_length() - 1,)
    order = _bits(options)
    won = [t for t in order if power[t] > best]
    if not won:
        return order[::-1]
    lost = [t for t in order if power[t] <= best]
    lost.reverse()
    if wants:
        won.sort(key=power.__getitem__)
        return (*won, *lost)
    won.reverse()
    return (*lost, *won)


class Solver:
    """Exact play values for one deal under one trump with one bidder, sharing its
    transposition table across every question asked of that deal."""

    __slots__ = ("bidder", "hands", "table", "trick", "tt")

    def __init__(self, hands: Sequence[int], trump: int, bidder: int) -> None:
        """``hands``: each seat's tiles still to play, as tile-id masks."""
        self.table = TABLES[trump]
        self.hands = [self.table.to_inside(mask) for mask in hands]
        self.bidder = bidder
        self.tt: dict[int, tuple[int, int]] = {}
        self.trick = _searcher(self.hands, bidder, self.table, self.tt)

    def value(self, leader: int, played: Sequence[int], alpha: int = -1, beta: int = 8) -> int:
        """The bidder's tricks from the trick in progress on (``played``: its tiles so far,
        from ``leader``; the hands hold the rest). Exact inside (alpha, beta), else a bound."""
        inside = self.table.inside
        return self._finish(leader, [inside[t] for t in played], alpha, beta)

    def after(self, seat: int, tile: int, leader: int, played: Sequence[int]) -> int:
        """The exact value once ``seat`` (the seat to act) plays ``tile`` into the trick."""
        bit = 1 << self.table.inside[tile]
        self.hands[seat] ^= bit
        try:
            return self.value(leader, [*played, tile])
        finally:
            self.hands[seat] ^= bit

    def opening(self, discard: int | None = None, alpha: int = -1, beta: int = 8) -> int:
        """The bidder's tricks in the whole hand from its first lead, ``discard`` set aside
        from its eight first (None: it holds seven already). Exact inside (alpha, beta)."""
        if discard is None:
            return self.trick(self.bidder, alpha, beta)
        bit = 1 << self.table.inside[discard]
        self.hands[self.bidder] ^= bit
        try:
            return self.trick(self.bidder, alpha, beta)
        finally:
            self.hands[self.bidder] ^= bit

    def _finish(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """The trick in progress played out (the slow, general path: only at the root)."""
        if not trick:
            return self.trick(leader, alpha, beta)
        suit = self.table.suit_of[trick[0]]
        pw = self.table.power[suit]
        bidder = self.bidder
        seat = leader
        best_seat, best = leader, pw[trick[0]]
        for t in trick[1:]:
            seat = NEXT[seat]
            if pw[t] > best:
                best_seat, best = seat, pw[t]
        if len(trick) == PLAYERS:
            won = 1 if best_seat == bidder else 0
            if not any(self.hands):
                return won
            return won + self.trick(best_seat, alpha - won, beta - won)
        seat = NEXT[seat]
        hand = self.hands[seat]
        options = hand & self.table.follow[suit] or hand
        maxing = seat == bidder
        value = -1 if maxing else 99
        for t in tiles.bits(options):
            self.hands[seat] = hand ^ (1 << t)
            v = self._finish(leader, [*trick, t], alpha, beta)
            if maxing:
                value = max(value, v)
                alpha = max(alpha, v)
            else:
                value = min(value, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        self.hands[seat] = hand
        return value


def solve(state: State) -> int:
    """The tricks the bidder takes from here (the trick in progress on) with best play,
    every hand in ``state`` known: the bidder maximising, the defenders minimising."""
    if state.phase is not Phase.PLAYING:
        raise ValueError("the solver plays out the tricks: the hand must be in play")
    assert state.trump is not None and state.bidder is not None
    solver = Solver(state.hands, state.trump, state.bidder)
    leader = state.leader if state.trick_tiles else state.to_act
    assert leader is not None
    return solver.value(leader, state.trick_tiles)

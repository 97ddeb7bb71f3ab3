"""Player views: the only form in which a round leaves the engine (STYLE item 6).

A view holds what one seat may know: its own hand, how many cards the others
hold, the public table (auction, call, trump, tricks, captured points,
partners once announced) and that seat's legal actions. A spectator's view
(seat ``None``) holds no hand at all. Nothing in a view depends on another
seat's hidden cards, which the random-play test checks by permuting them.

Views are asked for at every step of every simulated round, so they are
cheap: a view is a named tuple (made in one step), and what derives from the
parts of a round that only grow (its history, finished tricks, captured
points, Kali Tidi's takers) is kept on the state (``State.memo``, an
immutable :class:`Memo`) and extended as the round moves on, never rebuilt.
A view is a snapshot all the same: it holds tuples only, nothing of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from core.moon3 import rules
from core.moon3.actions import BID, PASS, Action
from core.moon3.cards import POINTS
from core.moon3.state import Phase, State
from core.view import TrickTaking, check_seat


class TrickView(NamedTuple):
    """A trick as the table sees it: who played what, in order, and its winner."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int | None
    points: int


class _Fields(NamedTuple):
    seat: int | None
    players: int
    decks: int
    mode: str
    min_bid: int
    max_bid: int
    jokers: bool
    partner_rule: str
    call_count: int
    teams: tuple[int, ...]
    phase: str
    to_act: int | None
    first_bidder: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    removed: tuple[int, ...]
    #: The auction so far: (seat, amount) per bid, amount ``None`` for a pass.
    auction: tuple[tuple[int, int | None], ...]
    passed: tuple[bool, ...]
    high_bid: int | None
    high_bidder: int | None
    bidder: int | None
    bid: int | None
    called: tuple[int, ...] | None
    trump: int | None
    partners: tuple[int, ...]
    bidding_side: tuple[int, ...]
    defending_side: tuple[int, ...]
    trick: TrickView
    tricks: tuple[TrickView, ...]
    tricks_taken: tuple[int, ...]
    points: tuple[int, ...]
    side_points: tuple[int, int]
    points_out: int
    kali_tidi: tuple[int, ...]
    made: bool | None
    legal: Sequence[Action]


class PlayerView(_Fields, TrickTaking[TrickView]):
    """One seat's (or a spectator's) picture of a round."""

    __slots__ = ()


class Memo(NamedTuple):
    """What views have derived from a round so far; each part says how much it has read.

    A state's memo only ever describes that state's own past (a clone starts from its
    original's, which is its past too), so extending it from what it read is exact.
    """

    #: The config's part of every view, from ``players`` to ``teams``.
    table: tuple[object, ...]
    #: History entries read for the auction (-1: all, the auction is over), and the auction.
    read: int
    auction: tuple[tuple[int, int | None], ...]
    #: The finished tricks and the tricks each seat took.
    tricks: tuple[TrickView, ...]
    taken: tuple[int, ...]
    #: Kali Tidi's takers as read from ``state.kali`` (how many), sorted.
    kali_read: int
    kali: tuple[int, ...]
    #: The sides for a (bidder, partners), and their points for the captured points.
    sides_of: tuple[int | None, tuple[int, ...]]
    bidding: tuple[int, ...]
    defending: tuple[int, ...]
    points: tuple[int, ...]
    side_points: tuple[int, int]
    points_out: int


_LABELS = {phase: phase.label for phase in Phase}
_OVER = Phase.ROUND_OVER
_BIDDING = Phase.BIDDING
_AUCTION = (BID, PASS)
_NO_TRICK = TrickView((), (), None, 0)
_new = tuple.__new__


def _fresh_memo(state: State) -> Memo:
    cfg = state.config
    n = cfg.players
    table = (
        n,
        cfg.decks,
        cfg.mode.value,
        cfg.min_bid,
        cfg.max_bid,
        cfg.jokers,
        cfg.partner_rule.value,
        cfg.call_count,
        cfg.teams,
    )
    points = (0,) * n
    return Memo(table, 0, (), (), (0,) * n, 0, (), (None, ()), (), (), points, (0, 0), cfg.max_bid)


def _sides(
    bidder: int | None, partners: tuple[int, ...], players: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The bidding and defending sides as known now (both empty while bidding)."""
    if bidder is None:
        return (), ()
    bidding = tuple(sorted([bidder, *partners]))
    inside = set(bidding)
    return bidding, tuple(s for s in range(players) if s not in inside)


def _extend(state: State, memo: Memo, partners: tuple[int, ...]) -> Memo:
    """``memo`` brought up to ``state``."""
    table, read, auction, tricks, taken, kali_read, kali = memo[:7]
    history = state.history
    if 0 <= read < len(history):
        auction += tuple(
            (a.seat, a.value if isinstance(a.value, int) else None)
            for a in history[read:]
            if a.kind in _AUCTION
        )
        read = len(history) if state.phase is _BIDDING else -1
    done = len(tricks)
    if done != len(state.tricks):
        winners = state.trick_winners
        tricks += tuple(
            TrickView(s, c, w, sum([POINTS[x] for x in c]))
            for (s, c), w in zip(state.tricks[done:], winners[done:], strict=True)
        )
        counts = list(taken)
        for w in winners[done:]:
            counts[w] += 1
        taken = tuple(counts)
    if kali_read != len(state.kali):
        kali_read = len(state.kali)
        kali = tuple(sorted(state.kali))
    sides_of = (state.bidder, partners)
    points = tuple(state.points)
    if sides_of == memo.sides_of:
        bidding, defending = memo.bidding, memo.defending
    else:
        bidding, defending = _sides(state.bidder, partners, len(points))
    if points == memo.points and sides_of == memo.sides_of:
        side_points, points_out = memo.side_points, memo.points_out
    else:
        side_points = (sum([points[s] for s in bidding]), sum([points[s] for s in defending]))
        points_out = state.config.max_bid - sum(points)
    return Memo(
        table,
        read,
        auction,
        tricks,
        taken,
        kali_read,
        kali,
        sides_of,
        bidding,
        defending,
        points,
        side_points,
        points_out,
    )


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    memo = state.memo
    if not isinstance(memo, Memo):
        memo = _fresh_memo(state)
    players = memo.table[0]
    assert isinstance(players, int)
    check_seat(seat, players)
    partners = tuple(state.partners)
    if (
        memo.read >= 0
        or len(memo.tricks) != len(state.tricks)
        or memo.kali_read != len(state.kali)
        or memo.sides_of != (state.bidder, partners)
        or memo.points != tuple(state.points)
    ):
        memo = state.memo = _extend(state, memo, partners)
    elif memo is not state.memo:
        state.memo = memo
    trick_cards = state.trick_cards
    if trick_cards:
        trick = TrickView(
            tuple(state.trick_seats),
            tuple(trick_cards),
            state.best_seat,
            sum([POINTS[c] for c in trick_cards]),
        )
    else:
        trick = _NO_TRICK
    phase = state.phase
    to_act = state.to_act
    view: PlayerView = _new(
        PlayerView,
        (
            seat,
            *memo.table,
            _LABELS[phase],
            to_act,
            state.first_bidder,
            tuple(state.hands[seat]) if seat is not None else (),
            tuple(map(len, state.hands)),
            state.removed,
            memo.auction,
            tuple(state.passed),
            state.high_bid,
            state.high_bidder,
            state.bidder,
            state.bid,
            state.called,
            state.trump,
            partners,
            memo.bidding,
            memo.defending,
            trick,
            memo.tricks,
            memo.taken,
            memo.points,
            memo.side_points,
            memo.points_out,
            memo.kali,
            None if phase is not _OVER else memo.side_points[0] >= state.bid,  # type: ignore[operator]
            rules.legal_actions(state) if seat is not None and seat == to_act else (),
        ),
    )
    return view

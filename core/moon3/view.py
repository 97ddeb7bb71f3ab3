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


Auction = tuple[tuple[int, int | None], ...]
#: A view's fields from ``players`` to ``teams``.
Table = tuple[int, int, str, int, int, bool, str, int, tuple[int, ...]]
#: From ``auction`` to ``trump``.
Setup = tuple[
    Auction,
    tuple[bool, ...],
    int | None,
    int | None,
    int | None,
    int | None,
    tuple[int, ...] | None,
    int | None,
]
#: From ``tricks`` to ``kali_tidi``.
Results = tuple[
    tuple[TrickView, ...], tuple[int, ...], tuple[int, ...], tuple[int, int], int, tuple[int, ...]
]


class Memo(NamedTuple):
    """What views have derived from a round so far, in the blocks a view is made of.

    A state's memo only ever describes that state's own past (a clone starts from its
    original's, which is its past too), so bringing it up to date from what it read is
    exact. Each block holds the fields of a view, in order, that change together.
    """

    #: From ``players`` to ``teams``: the config's, fixed.
    table: Table
    #: From ``auction`` to ``trump``: fixed once the play begins (``settled``).
    setup: Setup
    settled: bool
    #: History entries read for the auction, which has no more entries once bidding ends.
    read: int
    #: ``partners``, ``bidding_side``, ``defending_side`` for this bidder and partner count
    #: (partners are only ever added).
    bidder: int | None
    partnered: int
    sides: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    #: From ``tricks`` to ``kali_tidi``, for this many finished tricks (and these sides).
    done: int
    results: Results


#: Each phase's label, by its number.
_LABELS = tuple(phase.label for phase in sorted(Phase))
_OVER = Phase.ROUND_OVER
_SETTLED = (Phase.PLAYING, Phase.ROUND_OVER)
_AUCTION = (BID, PASS)
_NO_TRICK = TrickView((), (), None, 0)
_new = tuple.__new__


def _extend(state: State, memo: Memo | None) -> Memo:
    """``memo`` (``None``: nothing read yet) brought up to ``state``."""
    if memo is None:
        cfg = state.config
        table: Table = (
            cfg.players,
            cfg.decks,
            cfg.mode.value,
            cfg.min_bid,
            cfg.max_bid,
            cfg.jokers,
            cfg.partner_rule.value,
            cfg.call_count,
            cfg.teams,
        )
        none: Results = ((), (), (), (0, 0), 0, ())
        setup: Setup = ((), (), None, None, None, None, None, None)
        memo = Memo(table, setup, False, 0, None, -1, ((), (), ()), -1, none)
    table, setup, settled, read, bidder, partnered, sides, done, results = memo
    known = sides
    if not settled:
        auction = setup[0]
        history = state.history
        if read < len(history):
            auction += tuple(
                (a.seat, a.value if isinstance(a.value, int) else None)
                for a in history[read:]
                if a.kind in _AUCTION
            )
            read = len(history)
        setup = (
            auction,
            tuple(state.passed),
            state.high_bid,
            state.high_bidder,
            state.bidder,
            state.bid,
            state.called,
            state.trump,
        )
        settled = state.phase in _SETTLED
    if bidder != state.bidder or partnered != len(state.partners):
        bidder, partnered = state.bidder, len(state.partners)
        partners = tuple(state.partners)
        if bidder is None:
            sides = (partners, (), ())
        else:
            bidding = tuple(sorted([bidder, *partners]))
            inside = set(bidding)
            defending = tuple(s for s in range(table[0]) if s not in inside)
            sides = (partners, bidding, defending)
    winners = state.trick_winners
    if done != len(winners) or sides is not known:
        tricks, taken_now, _, _, _, kali = results
        taken = list(taken_now) if done >= 0 else [0] * table[0]
        done = max(done, 0)
        finished = state.tricks
        while done < len(winners):  # one trick more, as a rule
            seats_, cards_ = finished[done]
            winner = winners[done]
            tricks += (
                _new(TrickView, (seats_, cards_, winner, sum(map(POINTS.__getitem__, cards_)))),
            )
            taken[winner] += 1
            done += 1
        points = tuple(state.points)
        if len(kali) != len(state.kali):
            kali = tuple(sorted(state.kali))
        results = (
            tricks,
            tuple(taken),
            points,
            (sum(map(points.__getitem__, sides[1])), sum(map(points.__getitem__, sides[2]))),
            table[4] - sum(points),
            kali,
        )
    memo = _new(Memo, (table, setup, settled, read, bidder, partnered, sides, done, results))
    return memo


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    memo = state.memo
    if (
        memo is None
        or not memo.settled
        or memo.done != len(state.trick_winners)
        or memo.partnered != len(state.partners)
    ):
        memo = state.memo = _extend(state, memo)
    table, setup, _, _, _, _, sides, _, results = memo
    if seat is not None and not 0 <= seat < table[0]:
        check_seat(seat, table[0])
    trick_cards = state.trick_cards
    if trick_cards:
        trick = _new(
            TrickView,
            (
                tuple(state.trick_seats),
                tuple(trick_cards),
                state.best_seat,
                sum(map(POINTS.__getitem__, trick_cards)),
            ),
        )
    else:
        trick = _NO_TRICK
    phase = state.phase  # R26: once it is over, whether the bid was made
    to_act = state.to_act
    view: PlayerView = _new(
        PlayerView,
        (
            seat,
            *table,
            _LABELS[phase],
            to_act,
            state.first_bidder,
            tuple(state.hands[seat]) if seat is not None else (),
            tuple(map(len, state.hands)),
            state.removed,
            *setup,
            *sides,
            trick,
            *results,
            None if phase is not _OVER else results[3][0] >= state.bid,  # type: ignore[operator]
            rules.legal_actions(state) if seat is not None and seat == to_act else (),
        ),
    )
    return view

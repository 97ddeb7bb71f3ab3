"""Player views: the only form in which a round leaves the engine (STYLE item 6).

A view holds what one seat may know: its own hand, how many cards the others
hold, the public table (auction, call, trump, tricks, captured points,
partners once announced) and that seat's legal actions. A spectator's view
(seat ``None``) holds no hand at all. Nothing in a view depends on another
seat's hidden cards, which the random-play test checks by permuting them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.moon3 import cards, rules
from core.moon3.actions import BID, PASS, Action
from core.moon3.state import State
from core.view import TrickTaking, check_seat


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as the table sees it: who played what, in order, and its winner."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int | None
    points: int


@dataclass(frozen=True, slots=True)
class PlayerView(TrickTaking[TrickView]):
    """One seat's (or a spectator's) picture of a round."""

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


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    cfg = state.config
    check_seat(seat, cfg.players)
    auction = tuple(
        (a.seat, a.value if isinstance(a.value, int) else None)
        for a in state.history
        if a.kind in (BID, PASS)
    )
    finished = tuple(
        TrickView(s, c, w, cards.points(c))
        for (s, c), w in zip(state.tricks, state.trick_winners, strict=True)
    )
    current = TrickView(
        tuple(state.trick_seats),
        tuple(state.trick_cards),
        state.best_seat if state.trick_cards else None,
        cards.points(state.trick_cards),
    )
    taken = [0] * cfg.players
    for w in state.trick_winners:
        taken[w] += 1
    sides = rules.side_points(state)
    own_turn = seat is not None and seat == state.to_act
    return PlayerView(
        seat=seat,
        players=cfg.players,
        decks=cfg.decks,
        mode=cfg.mode.value,
        min_bid=cfg.min_bid,
        max_bid=cfg.max_bid,
        jokers=cfg.jokers,
        partner_rule=cfg.partner_rule.value,
        call_count=cfg.call_count,
        teams=cfg.teams,
        phase=state.phase.label,
        to_act=state.to_act,
        first_bidder=state.first_bidder,
        hand=tuple(state.hands[seat]) if seat is not None else (),
        hand_counts=tuple(len(h) for h in state.hands),
        removed=state.removed,
        auction=auction,
        passed=tuple(state.passed),
        high_bid=state.high_bid,
        high_bidder=state.high_bidder,
        bidder=state.bidder,
        bid=state.bid,
        called=state.called,
        trump=state.trump,
        partners=tuple(state.partners),
        bidding_side=tuple(rules.bidding_side(state)),
        defending_side=tuple(rules.defending_side(state)),
        trick=current,
        tricks=finished,
        tricks_taken=tuple(taken),
        points=tuple(state.points),
        side_points=(sides["bidding"], sides["defending"]),
        points_out=cfg.max_bid - sum(state.points),
        kali_tidi=tuple(sorted(state.kali)),
        made=rules.made(state),
        legal=rules.legal_actions(state) if own_turn else (),
    )

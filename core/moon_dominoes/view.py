"""Three-Player Moon player views: the only form in which a hand leaves the engine.

A view holds its seat's own tiles (the bidder's eight while it discards),
how many the others hold, the auction, the trump, the tricks and that seat's
legal actions. The widow stays face down for everyone but the bidder who
takes it, and the discard is seen by the bidder alone (M3). A spectator's
view (seat ``None``) holds no tiles at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.moon_dominoes import rules, tiles
from core.moon_dominoes.actions import Action
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import Phase, State
from core.view import TrickTaking, check_seat


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as the table sees it: who played what, in order, and who holds it."""

    seats: tuple[int, ...]
    tiles: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class PlayerView(TrickTaking[TrickView]):
    """One seat's (or a spectator's) picture of a hand."""

    seat: int | None
    config: Config
    players: int
    first_bidder: int
    phase: str
    to_act: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    #: Each seat's word in the auction: None before its turn, 0 a pass, else the bid.
    bids: tuple[int | None, ...]
    bidder: int | None
    bid: int | None
    trump: int | None
    #: The widow tile, for the bidder who took it; None for everyone else.
    widow: int | None
    #: The discarded tile, for the bidder alone.
    discard: int | None
    trick: TrickView
    tricks: tuple[TrickView, ...]
    taken: tuple[int, ...]
    before: tuple[int, ...]
    legal: Sequence[Action]

    @property
    def widow_taken(self) -> bool:
        """Whether the auction is won and the widow is in the bidder's hand."""
        return self.phase not in ("bidding", "redeal")


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    check_seat(seat, state.config.players)
    bidder_here = seat is not None and seat == state.bidder and state.phase is not Phase.BIDDING
    finished = tuple(
        TrickView(rules.trick_seats(leader, len(t)), t, w)
        for (leader, t), w in zip(state.tricks, state.trick_winners, strict=True)
    )
    current = TrickView(
        rules.trick_seats(state.leader, len(state.trick_tiles)),
        tuple(state.trick_tiles),
        state.best_seat if state.trick_tiles else None,
    )
    own_turn = seat is not None and seat == state.to_act
    return PlayerView(
        seat=seat,
        config=state.config,
        players=state.config.players,
        first_bidder=state.first_bidder,
        phase=state.phase.label,
        to_act=state.to_act,
        hand=tuple(tiles.bits(state.hands[seat])) if seat is not None else (),
        hand_counts=tuple(bin(mask).count("1") for mask in state.hands),
        bids=tuple(state.bids),
        bidder=state.bidder,
        bid=state.bid,
        trump=state.trump,
        widow=state.widow if bidder_here else None,
        discard=state.discard if bidder_here else None,
        trick=current,
        tricks=finished,
        taken=tuple(state.taken),
        before=state.before,
        legal=rules.legal_actions(state) if own_turn else (),
    )

"""Spades player views: the only form in which a hand leaves the engine (STYLE item 6).

A view holds its seat's own cards, how many the others hold, the bids, the
tricks and the public table, and that seat's legal actions. A seat that may
still bid blind nil (S4) does not see its cards until it has bid: it must be
able to bid "before seeing its cards". A spectator's view (seat ``None``)
holds no hand at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.spades import rules
from core.spades.actions import Action
from core.spades.config import Config
from core.spades.state import Phase, State
from core.view import TrickTaking, check_seat


@dataclass(frozen=True, slots=True)
class TrickView:
    """A trick as the table sees it: who played what, in order, and who holds it."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class PlayerView(TrickTaking[TrickView]):
    """One seat's (or a spectator's) picture of a Spades hand."""

    seat: int | None
    #: The table's options: public, like the rules of the game.
    config: Config
    players: int
    partnership: bool
    hand_size: int
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    phase: str
    to_act: int | None
    hand: tuple[int, ...]
    #: True while the seat's own cards stay face down for a possible blind nil.
    hand_hidden: bool
    hand_counts: tuple[int, ...]
    removed: tuple[int, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    trick: TrickView
    tricks: tuple[TrickView, ...]
    taken: tuple[int, ...]
    broken: bool
    before: tuple[tuple[int, int], ...]
    legal: Sequence[Action]


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    config = state.config
    check_seat(seat, config.players)
    hidden = (
        seat is not None
        and state.phase is Phase.BIDDING
        and state.bids[seat] is None
        and rules.blind_nil_allowed(state, seat)
    )
    hand = tuple(rules.hand_of(state, seat)) if seat is not None and not hidden else ()
    players = config.players
    finished = tuple(
        TrickView(rules.trick_seats(leader, len(c), players), c, w)
        for (leader, c), w in zip(state.tricks, state.trick_winners, strict=True)
    )
    current = TrickView(
        rules.trick_seats(state.leader, len(state.trick_cards), players),
        tuple(state.trick_cards),
        state.best_seat if state.trick_cards else None,
    )
    own_turn = seat is not None and seat == state.to_act
    return PlayerView(
        seat=seat,
        config=config,
        players=config.players,
        partnership=config.partnership,
        hand_size=config.hand_size,
        sides=config.sides,
        dealer=state.dealer,
        phase=state.phase.label,
        to_act=state.to_act,
        hand=hand,
        hand_hidden=hidden,
        hand_counts=tuple(bin(mask).count("1") for mask in state.hands),
        removed=config.removed,
        bids=tuple(state.bids),
        blind=tuple(state.blind),
        trick=current,
        tricks=finished,
        taken=tuple(state.taken),
        broken=state.broken,
        before=state.before,
        legal=rules.legal_actions(state) if own_turn else (),
    )

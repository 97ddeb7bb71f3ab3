"""Thirteen player views: the only form in which a hand leaves the engine.

A view holds its seat's own cards, how many every seat holds, the standing
play and who made it, this trick's moves, who has passed, the places so far
and that seat's legal actions. A spectator's view (seat ``None``) holds no
cards at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.thirteen import cards, combos, rules
from core.thirteen.actions import Action
from core.thirteen.combos import Combo
from core.thirteen.config import Config
from core.thirteen.state import State
from core.view import SeatTurn, check_seat


@dataclass(frozen=True, slots=True)
class PlayerView(SeatTurn):
    """One seat's (or a spectator's) picture of a hand."""

    seat: int | None
    config: Config
    players: int
    phase: str
    to_act: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    #: The play to beat and who made it (None on a fresh lead).
    standing: Combo | None
    standing_cards: tuple[int, ...]
    standing_seat: int | None
    #: This trick's moves in order: (seat, cards), an empty tuple for a pass.
    trick: tuple[tuple[int, tuple[int, ...]], ...]
    #: The last finished trick's moves, the same way (empty before the first ends).
    previous: tuple[tuple[int, tuple[int, ...]], ...]
    #: Every card played so far this hand, ascending (what everyone has seen).
    played: tuple[int, ...]
    passed: tuple[int, ...]
    places: tuple[int, ...]
    #: The seat that led first; whether the next play is a game's first, which must hold the
    #: lowest card dealt (T2); and that card, for its holder only (None once played).
    first_leader: int
    opening: bool
    must_play: int | None
    bombs: tuple[int, ...]
    before: tuple[int, ...]
    score: tuple[int, ...] | None
    legal: Sequence[Action]

    @property
    def leading(self) -> bool:
        """Whether the seat to act opens a fresh trick (and so may not pass)."""
        return self.standing is None


def player_view(state: State, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state`` (``None``: a spectator)."""
    players = state.config.players
    check_seat(seat, players)
    own_turn = seat is not None and seat == state.to_act
    opening = rules.first_play(state)
    score = rules.score(state)
    return PlayerView(
        seat=seat,
        config=state.config,
        players=players,
        phase=state.phase.label,
        to_act=state.to_act,
        hand=tuple(cards.bits(state.hands[seat])) if seat is not None else (),
        hand_counts=tuple(m.bit_count() for m in state.hands),
        standing=state.standing,
        standing_cards=state.standing_cards,
        standing_seat=state.standing_seat if state.standing is not None else None,
        trick=tuple(state.trick),
        previous=tuple(state.previous),
        played=tuple(cards.bits(state.played)),
        passed=tuple(s for s in range(players) if state.passed >> s & 1),
        places=tuple(state.places),
        first_leader=state.first_leader,
        opening=opening,
        must_play=state.lowest if opening and seat == state.first_leader else None,
        bombs=tuple(state.bombs),
        before=state.before,
        score=tuple(score) if score is not None else None,
        legal=rules.legal_actions(state) if own_turn else (),
    )


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a selection of cards is, said for the Play button, and the move if it is legal."""

    text: str
    action: Action | None


def judge(view: PlayerView, chosen: Sequence[int]) -> Verdict:
    """The selection ``chosen`` (card ids from the viewer's hand) against the rules, in words:
    "pair of 9s", "run 5–9", "not a combination", "must include 3♠"…

    The move is given only when it is one of the viewer's legal actions now.
    """
    picked = tuple(sorted(set(chosen)))
    if not picked:
        return Verdict("tap cards to choose a play", None)
    combo = combos.classify(picked)
    if combo is None:
        return Verdict("not a combination", None)
    said = combos.describe(combo)
    if view.seat is None or view.phase != "playing":
        return Verdict(said, None)
    for action in view.legal:
        if action.cards == picked:
            return Verdict(said, action)
    if not view.my_turn:
        return Verdict(said, None)
    if view.must_play is not None and view.must_play not in picked:
        return Verdict(f"{said}: must include {cards.label(view.must_play)}", None)
    if view.standing is not None:
        return Verdict(f"{said}: does not beat {combos.describe(view.standing)}", None)
    return Verdict(said, None)

"""Spades behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import seats
from core.games import register
from core.spades import record, rules
from core.spades.actions import Action
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import PlayerView, player_view


class Spades:
    """Partnership and individual Spades, by options (SPEC section 8)."""

    name = "spades"
    title = "Spades"

    def make_config(self, **options: Any) -> Config:
        return Config.make(**options)

    def deal(self, config: Config, first_bidder: int, seed: int) -> State:
        """A hand whose first bidder is ``first_bidder`` (the seat on the dealer's left)."""
        return rules.deal(config, seats.previous_seat(first_bidder, config.players), seed)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return rules.legal_actions(state)

    def apply(self, state: State, action: Action) -> None:
        rules.apply(state, action)

    def apply_unchecked(self, state: State, action: Action) -> None:
        rules.apply_unchecked(state, action)

    def player_view(self, state: State, seat: int | None) -> PlayerView:
        return player_view(state, seat)

    def replay_record(self, data: object) -> dict[str, object]:
        return record.replay_result(data)


GAME = register(Spades())

"""Spades behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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

    # The hot paths are the rules' own functions: no extra call on the way.
    legal_actions: Callable[[State], Sequence[Action]] = staticmethod(rules.legal_actions)
    apply: Callable[[State, Action], None] = staticmethod(rules.apply)
    apply_unchecked: Callable[[State, Action], None] = staticmethod(rules.apply_unchecked)
    player_view: Callable[[State, int | None], PlayerView] = staticmethod(player_view)

    def replay_record(self, data: object) -> dict[str, object]:
        return record.replay_result(data)


GAME = register(Spades())

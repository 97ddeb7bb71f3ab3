"""Moon 3 of Spades behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.games import register
from core.moon3 import record, rules
from core.moon3.actions import Action
from core.moon3.config import Config
from core.moon3.state import State
from core.moon3.view import PlayerView, player_view


class Moon3:
    """The flagship game."""

    name = "moon3"
    title = "Moon 3 of Spades"

    def make_config(self, **options: Any) -> Config:
        return Config.make(**options)

    def deal(self, config: Config, first_bidder: int, seed: int) -> State:
        return rules.deal(config, first_bidder, seed)

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


GAME = register(Moon3())

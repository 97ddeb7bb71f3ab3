"""Thirteen behind the platform's game protocol."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from core.games import register
from core.thirteen import places, record, rules
from core.thirteen import table as thirteen_table
from core.thirteen.actions import MOVES, Action
from core.thirteen.config import Config
from core.thirteen.state import State
from core.thirteen.view import PlayerView, player_view


class Thirteen:
    """The shedding game for 2 to 4: be the first to play out your cards (SPEC section 10)."""

    name = "thirteen"
    title = "Thirteen"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table = thirteen_table

    def make_config(self, **options: Any) -> Config:
        return Config.make(**options)

    def deal(self, config: Config, first_bidder: int, seed: int) -> State:
        """A game's first hand: the lowest card's holder leads (T2), whoever ``first_bidder``
        is."""
        return rules.deal(config, seed)

    legal_actions: Callable[[State], Sequence[Action]] = staticmethod(rules.legal_actions)
    apply: Callable[[State, Action], None] = staticmethod(rules.apply)
    apply_unchecked: Callable[[State, Action], None] = staticmethod(rules.apply_unchecked)
    player_view: Callable[[State, int | None], PlayerView] = staticmethod(player_view)

    def replay_record(self, data: object) -> dict[str, object]:
        return record.replay_result(data)

    def describe(self, state: State) -> dict[str, object]:
        return record.describe(state)

    def dump_record(self, state: State) -> dict[str, Any]:
        return record.dump(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def sample_configs(self) -> Sequence[Config]:
        return [Config(2), Config(3), Config(4)]

    def seats_of(self, config: Config) -> int:
        return config.players

    def cli_options(self, group: Any, command: str) -> None:
        group.add_argument(
            "--hands", type=int, default=None, help="Thirteen: hands in a game (default 5)"
        )

    def cli_simulate(self, args: Any) -> int:
        from core.thirteen import simulate  # the command line's run, loaded when asked

        return simulate.cli(args)

    def cli_tournament(self, args: Any) -> int:
        from core.thirteen import tournament

        return tournament.cli(args)

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.thirteen.bots import players  # loaded when a bot is asked for

        return players.get(level, budget_ms)

    def action_order(self, action: Action) -> tuple[int, int, tuple[int, ...]]:
        return rules.action_order(action)

    def full_set(self, config: Config) -> Counter[int]:
        return places.full_set(config)

    def pieces(self, state: State) -> dict[str, Counter[int]]:
        return places.pieces(state)

    def redeal_unseen(self, state: State, seat: int | None, rng: random.Random) -> State:
        return places.redeal_unseen(state, seat, rng)

    def points_shared(self, state: State) -> tuple[list[int], int]:
        return places.points_shared(state)

    def replay_state(self, data: object) -> State:
        return record.replay(record.load(data))


GAME = register(Thirteen())

"""Three-Player Moon behind the platform's game protocol."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from core.games import register
from core.moon_dominoes import places, record, rules
from core.moon_dominoes import table as moon_table
from core.moon_dominoes.actions import MOVES, Action
from core.moon_dominoes.config import Config
from core.moon_dominoes.state import State
from core.moon_dominoes.view import PlayerView, player_view


class MoonDominoes:
    """The trick-taking dominoes game for three, to 21 (SPEC section 9)."""

    name = "moon_dominoes"
    title = "Three-Player Moon"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table = moon_table

    def make_config(self, **options: Any) -> Config:
        return Config.make(**options)

    def deal(self, config: Config, first_bidder: int, seed: int) -> State:
        return rules.deal(config, first_bidder, seed)

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
        return [Config()]

    def seats_of(self, config: Config) -> int:
        return config.players

    def cli_options(self, group: Any, command: str) -> None:
        """Three-Player Moon has no options of its own: always three players, to 21."""

    def cli_simulate(self, args: Any) -> int:
        from core.moon_dominoes import simulate  # the command line's run, loaded when asked

        return simulate.cli(args)

    def cli_tournament(self, args: Any) -> int:
        from core.moon_dominoes import tournament

        return tournament.cli(args)

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.moon_dominoes.bots import players  # loaded when a bot is asked for

        return players.get(level, budget_ms)

    def action_order(self, action: Action) -> tuple[int, ...]:
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


GAME = register(MoonDominoes())

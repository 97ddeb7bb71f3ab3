"""Spades behind the platform's game protocol."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from core import seats
from core.games import register
from core.spades import places, record, rules
from core.spades import table as spades_table
from core.spades.actions import MOVES, Action
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import PlayerView, player_view


class Spades:
    """Partnership and individual Spades, by options (SPEC section 8)."""

    name = "spades"
    title = "Spades"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table = spades_table

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

    def describe(self, state: State) -> dict[str, object]:
        return record.describe(state)

    def dump_record(self, state: State) -> dict[str, Any]:
        return record.dump(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def sample_configs(self) -> Sequence[Config]:
        individual = [
            Config.make(players, partnership=False, jokers=jokers, nil=nil, blind_nil=blind)
            for players in (3, 4, 5)
            for jokers in (False, True)
            for nil in (False, True)
            for blind in (False, True)
        ]
        partnership = [
            Config.make(4, jokers=jokers, failed_nil=rule, bags=bags, set_penalty=penalty)
            for jokers in (False, True)
            for rule in ("nothing", "bags", "partner")
            for bags in (False, True)
            for penalty in (False, True)
        ]
        return individual + partnership

    def seats_of(self, config: Config) -> int:
        return config.players

    def cli_options(self, group: Any, command: str) -> None:
        group.add_argument(
            "--individual",
            action="store_true",
            help="every player for themselves at 4 (always so at 3 and 5)",
        )

    def cli_simulate(self, args: Any) -> int:
        from core.spades import simulate  # the command line's run, loaded when asked for

        return simulate.cli(args)

    def cli_tournament(self, args: Any) -> int:
        from core.spades import tournament

        return tournament.cli(args)

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.spades.bots import players  # the bots build on the engine: loaded when asked

        return players.get(level, budget_ms)

    def action_order(self, action: Action) -> tuple[int, int, int]:
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


GAME = register(Spades())

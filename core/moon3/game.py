"""Moon 3 of Spades behind the platform's game protocol."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from core.games import register
from core.moon3 import book as moon3_book
from core.moon3 import places, record, rules
from core.moon3 import table as moon3_table
from core.moon3.actions import MOVES, Action
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, MODE_MIN_PLAYERS, Config, Mode, call_counts
from core.moon3.state import State
from core.moon3.view import PlayerView, player_view


class Moon3:
    """The flagship game."""

    name = "moon3"
    title = "Moon 3 of Spades"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, rounds, the match).
    table = moon3_table
    #: The scorebook for games played with real cards (H3).
    book = moon3_book

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

    def describe(self, state: State) -> dict[str, object]:
        return record.result(state)

    def dump_record(self, state: State) -> dict[str, Any]:
        return record.dump(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def sample_configs(self) -> Sequence[Config]:
        return [
            Config.make(players, mode, decks, None, jokers, rule, calls=calls)
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
            for decks in (1, 2)
            for mode in Mode
            if players >= MODE_MIN_PLAYERS[mode]
            for jokers in (False, True)
            # H2: every teammate count a Card-Based table allows.
            for calls in (call_counts(players) if mode is Mode.PARTNERS else (None,))
            # R19: both partner rules where they differ, two decks and Card-Based.
            for rule in (("first", "last") if mode is Mode.PARTNERS and decks == 2 else ("first",))
        ]

    def seats_of(self, config: Config) -> int:
        return config.players

    def cli_options(self, group: Any, command: str) -> None:
        group.add_argument("--decks", type=int, help="1 or 2 (default 1 for 2-4 players, else 2)")
        group.add_argument("--mode", default="teams", choices=["teams", "random", "partners"])
        group.add_argument("--partner-rule", default="first", choices=["first", "last"])
        if command == "simulate":
            group.add_argument("--split", help="Team-wise team sizes, e.g. 1v3 (default: even)")
            group.add_argument("--min-bid", type=int, help="default 125 per deck")

    def cli_simulate(self, args: Any) -> int:
        from core.moon3 import simulate  # the command line's run, loaded when asked for

        return simulate.run(args)

    def cli_tournament(self, args: Any) -> int:
        from core.moon3 import tournament

        return tournament.run(args)

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.moon3 import bots  # the bots build on the engine: loaded when asked for

        return bots.get(level, budget_ms)

    def action_order(self, action: Action) -> tuple[int, object]:
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


GAME = register(Moon3())

"""Moon 3 of Spades behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.games import HistoryImport, Hosting, Scorebook, Simulation, Tournament, register
from core.moon3 import book as moon3_book
from core.moon3 import imports as moon3_imports
from core.moon3 import record, rules
from core.moon3 import simulate as moon3_simulate
from core.moon3 import table as moon3_table
from core.moon3 import tournament as moon3_tournament
from core.moon3.actions import MOVES, Action
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, MODE_MIN_PLAYERS, Config, Mode, call_counts
from core.moon3.match import Match
from core.moon3.state import State
from core.moon3.view import PlayerView, player_view


class Moon3:
    """The flagship game."""

    name = "moon3"
    title = "Moon 3 of Spades"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, rounds, the match).
    table: Hosting[Config, State, Action] = moon3_table
    screens = "ui.moon3"
    store = "core.store.moon3"
    #: R5–R6: the cards removed before a deal when the deck does not divide.
    before_deal = moon3_table.REMOVAL
    #: R14: the bidding timer.
    timed = moon3_table.BIDDING_TIMER
    #: R8: Team-wise players pick their team in the lobby.
    lobby_teams = moon3_table.LOBBY_TEAMS
    #: H3: the scorebook for games played with real cards.
    book: Scorebook = moon3_book
    #: H4: a group's history brought in from a file.
    history: HistoryImport = moon3_imports

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
            Config.make(players, mode, decks, None, jokers, calls=calls)
            for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
            for decks in (1, 2)
            for mode in Mode
            if players >= MODE_MIN_PLAYERS[mode]
            for jokers in (False, True)
            # H2: every teammate count a Card-Based table allows.
            for calls in (call_counts(players) if mode is Mode.PARTNERS else (None,))
        ]

    def seats_of(self, config: Config) -> int:
        return config.players

    #: Its own parts of ``python -m core simulate`` and ``tournament`` (the drivers:
    #: core/simulate.py, core/tournament.py).
    simulation: Simulation[Config, State, Match] = moon3_simulate
    tournament: Tournament[Config, State] = moon3_tournament

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.moon3 import bots  # the bots build on the engine: loaded when asked for

        return bots.get(level, budget_ms)


GAME = register(Moon3())

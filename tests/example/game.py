"""Plain Tricks behind the game contract (``core.games.Game``): the object registered."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.games import Hosting
from tests.example import rules, table
from tests.example.rules import MOVES, NAME, Action, Config, State, View


class PlainTricks:
    """A plain trick-taking game for two to four players (the example of a game)."""

    name = NAME
    title = "Plain Tricks"
    moves = MOVES
    table: Hosting[Config, State, Action] = table
    screens = "tests.example.ui"
    store = "tests.example.store"
    before_deal = None
    timed = None
    lobby_teams = None
    book = None
    history = None
    #: Played in rooms only: no ``simulate`` or ``tournament`` run of its own.
    simulation = None
    tournament = None

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

    def player_view(self, state: State, seat: int | None) -> View:
        return rules.player_view(state, seat)

    def replay_record(self, data: object) -> dict[str, object]:
        return rules.replay_result(data)

    def describe(self, state: State) -> dict[str, object]:
        return rules.describe(state)

    def dump_record(self, state: State) -> dict[str, Any]:
        return rules.dump(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def sample_configs(self) -> Sequence[Config]:
        return [Config(players, hands) for players in (2, 3, 4) for hands in (1, 3)]

    def seats_of(self, config: Config) -> int:
        return config.players

    def bot(self, level: str, budget_ms: float | None = None) -> rules.Bot:
        return rules.Bot(level)


GAME = PlainTricks()

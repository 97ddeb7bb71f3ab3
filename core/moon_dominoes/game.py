"""Three-Player Moon behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.games import Hosting, Simulation, Tournament, register
from core.moon_dominoes import record, rules
from core.moon_dominoes import simulate as moon_dominoes_simulate
from core.moon_dominoes import table as moon_table
from core.moon_dominoes import tournament as moon_dominoes_tournament
from core.moon_dominoes.actions import MOVES, Action
from core.moon_dominoes.config import Config
from core.moon_dominoes.match import Match
from core.moon_dominoes.state import State
from core.moon_dominoes.view import PlayerView, player_view


class MoonDominoes:
    """The trick-taking dominoes game for three, to 21 (SPEC section 9)."""

    name = "moon_dominoes"
    title = "Three-Player Moon"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table: Hosting[Config, State, Action] = moon_table
    screens = "ui.moon_dominoes"
    store = "core.store.moon_dominoes"
    #: No choice before a deal, no timed move, no teams picked in the lobby, no scorebook
    #: and no history to import.
    before_deal = None
    timed = None
    lobby_teams = None
    book = None
    history = None

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

    #: Its own parts of ``python -m core simulate`` and ``tournament`` (the drivers:
    #: core/simulate.py, core/tournament.py).
    simulation: Simulation[Config, State, Match] = moon_dominoes_simulate
    tournament: Tournament[Config, State] = moon_dominoes_tournament

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.moon_dominoes.bots import players  # loaded when a bot is asked for

        return players.get(level, budget_ms)


GAME = register(MoonDominoes())

"""Thirteen behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core.games import Hosting, Simulation, Tournament, register
from core.thirteen import record, rules
from core.thirteen import simulate as thirteen_simulate
from core.thirteen import table as thirteen_table
from core.thirteen import tournament as thirteen_tournament
from core.thirteen.actions import MOVES, Action
from core.thirteen.config import Config
from core.thirteen.match import Match
from core.thirteen.state import State
from core.thirteen.view import PlayerView, player_view


class Thirteen:
    """The shedding game for 2 to 4: be the first to play out your cards (SPEC section 10)."""

    name = "thirteen"
    title = "Thirteen"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table: Hosting[Config, State, Action] = thirteen_table
    screens = "ui.thirteen"
    store = "core.store.thirteen"
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

    #: Its own parts of ``python -m core simulate`` and ``tournament`` (the drivers:
    #: core/simulate.py, core/tournament.py).
    simulation: Simulation[Config, State, Match] = thirteen_simulate
    tournament: Tournament[Config, State] = thirteen_tournament

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.thirteen.bots import players  # loaded when a bot is asked for

        return players.get(level, budget_ms)


GAME = register(Thirteen())

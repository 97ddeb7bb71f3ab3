"""Spades behind the platform's game protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from core import seats
from core.games import Hosting, Simulation, Tournament, register
from core.spades import record, rules
from core.spades import simulate as spades_simulate
from core.spades import table as spades_table
from core.spades import tournament as spades_tournament
from core.spades.actions import MOVES, Action
from core.spades.config import Config
from core.spades.match import Match
from core.spades.state import State
from core.spades.view import PlayerView, player_view


class Spades:
    """Partnership and individual Spades, by options (SPEC section 8)."""

    name = "spades"
    title = "Spades"
    #: The fields of its moves, as its pages send them (the gate checks each move by them).
    moves = MOVES
    #: Its side of hosting a room (settings, seating, hands, the match).
    table: Hosting[Config, State, Action] = spades_table
    screens = "ui.spades"
    store = "core.store.spades"
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

    #: Its own parts of ``python -m core simulate`` and ``tournament`` (the drivers:
    #: core/simulate.py, core/tournament.py).
    simulation: Simulation[Config, State, Match] = spades_simulate
    tournament: Tournament[Config, State] = spades_tournament

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        from core.spades.bots import players  # the bots build on the engine: loaded when asked

        return players.get(level, budget_ms)


GAME = register(Spades())

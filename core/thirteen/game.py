"""Thirteen as the platform registers it: its own functions and modules, declared once."""

from __future__ import annotations

from core.games import Declared, bots_in, register
from core.thirteen import places, record, rules
from core.thirteen import simulate as thirteen_simulate
from core.thirteen import table as thirteen_table
from core.thirteen import tournament as thirteen_tournament
from core.thirteen.actions import MOVES
from core.thirteen.config import Config
from core.thirteen.state import State
from core.thirteen.view import player_view


def _deal(config: Config, first_bidder: int, seed: int) -> State:
    """A game's first hand: the lowest card's holder leads (T2), whoever ``first_bidder`` is."""
    return rules.deal(config, seed)


#: The shedding game for 2 to 4: be the first to play out your cards (SPEC section 10). It
#: has no choice before a deal, no timed move, no teams picked in the lobby, no scorebook and
#: no history to import.
GAME = register(
    Declared(
        name="thirteen",
        title="Thirteen",
        moves=MOVES,
        table=thirteen_table,
        make_config=Config.make,
        sample_configs=lambda: [Config(2), Config(3), Config(4)],
        bots=bots_in("core.thirteen.bots.players"),
        deal=_deal,
        rules=rules,
        places=places,
        player_view=player_view,
        record=record,
        describe=record.describe,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=thirteen_simulate,
        tournament=thirteen_tournament,
    )
)

"""Three-Player Moon as the platform registers it: its own functions and modules, declared
once."""

from __future__ import annotations

from core.games import Declared, bots_in, register
from core.moon_dominoes import places, record, rules
from core.moon_dominoes import simulate as moon_dominoes_simulate
from core.moon_dominoes import table as moon_table
from core.moon_dominoes import tournament as moon_dominoes_tournament
from core.moon_dominoes.actions import MOVES
from core.moon_dominoes.config import Config
from core.moon_dominoes.view import player_view

#: The trick-taking dominoes game for three, to 21 (SPEC section 9). It has no choice
#: before a deal, no timed move, no teams picked in the lobby, no scorebook and no history
#: to import.
GAME = register(
    Declared(
        name="moon_dominoes",
        title="Three-Player Moon",
        moves=MOVES,
        table=moon_table,
        make_config=Config.make,
        sample_configs=lambda: [Config()],
        bots=bots_in("core.moon_dominoes.bots.players"),
        deal=rules.deal,
        rules=rules,
        places=places,
        player_view=player_view,
        record=record,
        describe=record.describe,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=moon_dominoes_simulate,
        tournament=moon_dominoes_tournament,
    )
)

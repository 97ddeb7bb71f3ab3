"""Plain Tricks as the platform registers it: the example game's functions, declared once.

It has no choice before a deal, no timed move, no teams picked in the lobby, no
scorebook, no history to import, and no ``simulate`` or ``tournament`` run: it is
played in rooms only.
"""

from __future__ import annotations

from core.games import Declared
from tests.example import rules, table
from tests.example.rules import MOVES, NAME, Config

GAME = Declared(
    name=NAME,
    title="Plain Tricks",
    moves=MOVES,
    table=table,
    make_config=Config.make,
    sample_configs=lambda: [Config(players, hands) for players in (2, 3, 4) for hands in (1, 3)],
    bots=lambda level, budget_ms: rules.Bot(level),
    deal=rules.deal,
    rules=rules,
    places=rules,
    player_view=rules.player_view,
    record=rules,
    describe=rules.describe,
    replay_state=rules.replay_state,
    screens="tests.example.ui",
    store="tests.example.store",
)

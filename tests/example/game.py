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
    screens="tests.example.ui",
    store="tests.example.store",
    make_config=Config.make,
    deal=rules.deal,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    apply_unchecked=rules.apply_unchecked,
    player_view=rules.player_view,
    replay_record=rules.replay_result,
    describe=rules.describe,
    dump_record=rules.dump,
    sample_configs=lambda: [Config(players, hands) for players in (2, 3, 4) for hands in (1, 3)],
    seats_of=lambda config: config.players,
    bots=lambda level, budget_ms: rules.Bot(level),
    action_order=rules.action_order,
    full_set=rules.full_set,
    pieces=rules.pieces,
    redeal_unseen=rules.redeal_unseen,
    points_shared=rules.points_shared,
    replay_state=rules.replay_state,
)

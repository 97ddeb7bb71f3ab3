"""Three-Player Moon as the platform registers it: its own functions and modules, declared
once."""

from __future__ import annotations

from core.games import Declared, Player, register
from core.moon_dominoes import places, record, rules
from core.moon_dominoes import simulate as moon_dominoes_simulate
from core.moon_dominoes import table as moon_table
from core.moon_dominoes import tournament as moon_dominoes_tournament
from core.moon_dominoes.actions import MOVES, Action
from core.moon_dominoes.config import Config
from core.moon_dominoes.view import PlayerView, player_view


def _bot(level: str, budget_ms: float | None) -> Player[PlayerView, Action]:
    from core.moon_dominoes.bots import players  # loaded when a bot is asked for

    return players.get(level, budget_ms)


#: The trick-taking dominoes game for three, to 21 (SPEC section 9). It has no choice
#: before a deal, no timed move, no teams picked in the lobby, no scorebook and no history
#: to import.
GAME = register(
    Declared(
        name="moon_dominoes",
        title="Three-Player Moon",
        moves=MOVES,
        table=moon_table,
        screens="ui.moon_dominoes",
        store="core.store.moon_dominoes",
        make_config=Config.make,
        deal=rules.deal,
        legal_actions=rules.legal_actions,
        apply=rules.apply,
        apply_unchecked=rules.apply_unchecked,
        player_view=player_view,
        replay_record=record.replay_result,
        describe=record.describe,
        dump_record=record.dump,
        sample_configs=lambda: [Config()],
        seats_of=lambda config: config.players,
        bots=_bot,
        action_order=rules.action_order,
        full_set=places.full_set,
        pieces=places.pieces,
        redeal_unseen=places.redeal_unseen,
        points_shared=places.points_shared,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=moon_dominoes_simulate,
        tournament=moon_dominoes_tournament,
    )
)

"""Thirteen as the platform registers it: its own functions and modules, declared once."""

from __future__ import annotations

from core.games import Declared, Player, register
from core.thirteen import places, record, rules
from core.thirteen import simulate as thirteen_simulate
from core.thirteen import table as thirteen_table
from core.thirteen import tournament as thirteen_tournament
from core.thirteen.actions import MOVES, Action
from core.thirteen.config import Config
from core.thirteen.state import State
from core.thirteen.view import PlayerView, player_view


def _deal(config: Config, first_bidder: int, seed: int) -> State:
    """A game's first hand: the lowest card's holder leads (T2), whoever ``first_bidder`` is."""
    return rules.deal(config, seed)


def _bot(level: str, budget_ms: float | None) -> Player[PlayerView, Action]:
    from core.thirteen.bots import players  # the bots build on the engine: loaded when asked

    return players.get(level, budget_ms)


#: The shedding game for 2 to 4: be the first to play out your cards (SPEC section 10). It
#: has no choice before a deal, no timed move, no teams picked in the lobby, no scorebook and
#: no history to import.
GAME = register(
    Declared(
        name="thirteen",
        title="Thirteen",
        moves=MOVES,
        table=thirteen_table,
        screens="ui.thirteen",
        store="core.store.thirteen",
        make_config=Config.make,
        deal=_deal,
        legal_actions=rules.legal_actions,
        apply=rules.apply,
        apply_unchecked=rules.apply_unchecked,
        player_view=player_view,
        replay_record=record.replay_result,
        describe=record.describe,
        dump_record=record.dump,
        sample_configs=lambda: [Config(2), Config(3), Config(4)],
        seats_of=lambda config: config.players,
        bots=_bot,
        action_order=rules.action_order,
        full_set=places.full_set,
        pieces=places.pieces,
        redeal_unseen=places.redeal_unseen,
        points_shared=places.points_shared,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=thirteen_simulate,
        tournament=thirteen_tournament,
    )
)

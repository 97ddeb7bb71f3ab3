"""Spades as the platform registers it: its own functions and modules, declared once."""

from __future__ import annotations

from core import seats
from core.games import Declared, Player, register
from core.spades import places, record, rules
from core.spades import simulate as spades_simulate
from core.spades import table as spades_table
from core.spades import tournament as spades_tournament
from core.spades.actions import MOVES, Action
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import PlayerView, player_view


def _deal(config: Config, first_bidder: int, seed: int) -> State:
    """A hand whose first bidder is ``first_bidder`` (the seat on the dealer's left)."""
    return rules.deal(config, seats.previous_seat(first_bidder, config.players), seed)


def _samples() -> list[Config]:
    """Every table and option: individual play at 3 to 5, partnership at 4."""
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


def _bot(level: str, budget_ms: float | None) -> Player[PlayerView, Action]:
    from core.spades.bots import players  # the bots build on the engine: loaded when asked

    return players.get(level, budget_ms)


#: Partnership and individual Spades, by options (SPEC section 8). It has no choice before a
#: deal, no timed move, no teams picked in the lobby, no scorebook and no history to import.
GAME = register(
    Declared(
        name="spades",
        title="Spades",
        moves=MOVES,
        table=spades_table,
        screens="ui.spades",
        store="core.store.spades",
        make_config=Config.make,
        deal=_deal,
        legal_actions=rules.legal_actions,
        apply=rules.apply,
        apply_unchecked=rules.apply_unchecked,
        player_view=player_view,
        replay_record=record.replay_result,
        describe=record.describe,
        dump_record=record.dump,
        sample_configs=_samples,
        seats_of=lambda config: config.players,
        bots=_bot,
        action_order=rules.action_order,
        full_set=places.full_set,
        pieces=places.pieces,
        redeal_unseen=places.redeal_unseen,
        points_shared=places.points_shared,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=spades_simulate,
        tournament=spades_tournament,
    )
)

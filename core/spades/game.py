"""Spades as the platform registers it: its own functions and modules, declared once."""

from __future__ import annotations

from core import seats
from core.games import Declared, bots_in, register
from core.spades import places, record, rules
from core.spades import simulate as spades_simulate
from core.spades import table as spades_table
from core.spades import tournament as spades_tournament
from core.spades.actions import MOVES
from core.spades.config import Config
from core.spades.state import State
from core.spades.view import player_view


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


#: Partnership and individual Spades, by options (SPEC section 8). It has no choice before a
#: deal, no timed move, no teams picked in the lobby, no scorebook and no history to import.
GAME = register(
    Declared(
        name="spades",
        title="Spades",
        moves=MOVES,
        table=spades_table,
        make_config=Config.make,
        sample_configs=_samples,
        bots=bots_in("core.spades.bots.players"),
        deal=_deal,
        rules=rules,
        places=places,
        player_view=player_view,
        record=record,
        describe=record.describe,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=spades_simulate,
        tournament=spades_tournament,
    )
)

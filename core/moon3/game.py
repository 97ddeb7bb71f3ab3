"""Moon 3 of Spades as the platform registers it: its own functions and modules, declared
once, with every capability the platform knows."""

from __future__ import annotations

from core.games import Declared, bots_in, register
from core.moon3 import book as moon3_book
from core.moon3 import imports as moon3_imports
from core.moon3 import places, record, rules
from core.moon3 import simulate as moon3_simulate
from core.moon3 import table as moon3_table
from core.moon3 import tournament as moon3_tournament
from core.moon3.actions import MOVES
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, MODE_MIN_PLAYERS, Config, Mode, call_counts
from core.moon3.view import player_view


def _samples() -> list[Config]:
    """Every table size, mode, deck count and joker option, (H2) every teammate count a
    Card-Based table allows and (R19) both partner rules with two decks."""
    return [
        Config.make(players, mode, decks, None, jokers, rule, calls=calls)
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        for decks in (1, 2)
        for mode in Mode
        if players >= MODE_MIN_PLAYERS[mode]
        for jokers in (False, True)
        for calls in (call_counts(players) if mode is Mode.PARTNERS else (None,))
        # R19: both partner rules where they differ, two decks and Card-Based.
        for rule in (("first", "last") if mode is Mode.PARTNERS and decks == 2 else ("first",))
    ]


#: The flagship game.
GAME = register(
    Declared(
        name="moon3",
        title="Moon 3 of Spades",
        moves=MOVES,
        table=moon3_table,
        make_config=Config.make,
        sample_configs=_samples,
        bots=bots_in("core.moon3.bots"),
        deal=rules.deal,
        rules=rules,
        places=places,
        player_view=player_view,
        record=record,
        describe=record.result,
        replay_state=lambda data: record.replay(record.load(data)),
        simulation=moon3_simulate,
        tournament=moon3_tournament,
        # R5–R6: the cards removed before a deal when the deck does not divide.
        before_deal=moon3_table.REMOVAL,
        # R14: the bidding timer.
        timed=moon3_table.BIDDING_TIMER,
        # R8: Team-wise players pick their team in the lobby.
        lobby_teams=moon3_table.LOBBY_TEAMS,
        # H3 and H4: the scorebook for games played with real cards, and a group's history.
        book=moon3_book,
        history=moon3_imports,
    )
)

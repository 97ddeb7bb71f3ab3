"""Spades at a room's table: the game's side of hosting it (SPEC S1, S3, S6, S7, P5).

The room service keeps the lobby, seats, tokens, timers and the store; here
is what a Spades room needs on top: its Create Room settings, seating
(partners sit opposite: the first two to join after the host are the
host's opponents, the next one the host's partner), each hand dealt by the
next dealer, the moves, the scores and bags carried across hands (the
match, :class:`core.spades.match.Match`, kept in ``doc["game"]``), the end
of the game at the target (S7), ending early and the rematch. Spades has no
bidding timer and no cards to remove by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from core import seats
from core.games import (
    Chosen,
    GameFacts,
    Hint,
    Option,
    RoundFacts,
    SettingsError,
    TableRoom,
)
from core.hosting import MatchHost, Moves, hint_budget, seat_in_join_order, seat_results
from core.spades import record, rules
from core.spades.actions import Action, BadAction
from core.spades.config import MAX_PLAYERS, MIN_PLAYERS, Config, ConfigError, Options
from core.spades.match import Match
from core.spades.state import Phase, State


@dataclass(frozen=True, slots=True)
class SpadesSettings(Options):
    """What the host chooses on "Create Room" for Spades (S1), and whether hints are on."""

    game: ClassVar[str] = "spades"

    hints: bool = False

    def config(self) -> Config:
        return Config.make(**self.options())

    def checked(self) -> SpadesSettings:
        """The settings as S1 allows them; :class:`SettingsError` if they make no table."""
        partnership = self.partnership and self.players == 4
        try:
            config = replace(self, partnership=partnership).config()
        except ConfigError as exc:
            raise SettingsError(str(exc)) from None
        return replace(self, partnership=config.partnership, nil=config.nil)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, **self.config().to_json(), "hints": self.hints}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SpadesSettings:
        return cls(**{k: v for k, v in data.items() if k != "game"})


#: The settings a room of this game keeps (the registry's name for them).
Settings = SpadesSettings

#: Create Room for Spades (S1), drawn from this list.
OPTIONS = (
    Option(
        "players", "Players", "choice", 4, ((3, "3 players"), (4, "4 players"), (5, "5 players"))
    ),
    Option(
        "partnership",
        "Partners (4 players: partners sit opposite)",
        "toggle",
        True,
        help="Off: everyone plays for themselves, as always at 3 and 5 players.",
        shown=lambda chosen: chosen["players"] == 4,
    ),
    Option("jokers", "Big and Little Jokers (above the A♠)", "toggle", False),
    Option(
        "nil",
        "Nil bids (+100 / −100)",
        "toggle",
        # S1: on in partnership, off when everyone plays for themselves.
        lambda chosen: chosen["players"] == 4 and bool(chosen.get("partnership")),
    ),
    Option("blind_nil", "Blind nil for a side 100 behind (+200 / −200)", "toggle", False),
    Option(
        "failed_nil",
        "A failed nil's tricks",
        "choice",
        "nothing",
        (
            ("nothing", "count for nobody"),
            ("bags", "count as over-tricks (bags)"),
            ("partner", "help the partner"),
        ),
    ),
    Option("bags", "Bags: every 10 over-tricks cost 100", "toggle", True),
    Option("set_penalty", "A set costs 10 a trick bid", "toggle", True),
    Option("target", "Play to", "choice", 500, ((500, "500 points"), (200, "200 points"))),
    Option("mercy", "Mercy: a side at −200 loses", "toggle", False),
    Option("hints", "Allow hints (the Expert's suggestion)", "toggle", False),
)


def settings_from_form(chosen: Chosen) -> SpadesSettings:
    """The settings the Create Room form holds (its values by option name)."""
    return SpadesSettings(**chosen)


#: Quick game asks nothing more of Spades.
QUICK_OPTIONS: tuple[Option, ...] = ()


def quick_settings(players: int, chosen: Chosen) -> SpadesSettings:
    """A quick game's table: 3 to 5 players (partners at 4), the Expert's hints on."""
    seated = min(max(players, MIN_PLAYERS), MAX_PLAYERS)
    return SpadesSettings(players=seated, nil=seated == 4, hints=True)


def settings_from_json(data: dict[str, Any]) -> SpadesSettings:
    """The settings a room keeps, back from its document."""
    return SpadesSettings.from_json(data)


def settings_for(config: Config) -> SpadesSettings:
    """Room settings that deal hands of ``config`` (to open a room for any table and option)."""
    return SpadesSettings.from_json(config.to_json())


def _seat(room: TableRoom, host_id: int | None) -> Match:
    """Seat the players in join order, the host first (partners opposite); the first match."""
    settings = SpadesSettings.from_json(room.doc["settings"])
    sides = seats.opposite_partnerships(len(room.seats)) if settings.partnership else None
    seat_in_join_order(room, host_id, sides)
    return Match(settings.config())


def _settle(match: Match, state: State) -> dict[str, Any]:
    """Score the hand (S6) into the match, scores and bags carried; the results' account."""
    done = match.settle(state)
    return {
        "bids": list(state.bids),
        "blind": list(state.blind),
        "tricks": list(state.taken),
        "score": list(done.score),
        "bags": list(done.bags),
        "totals": list(done.totals),
    }


#: The game's match in a room: each hand dealt by the next dealer, with the scores and bags
#: before it; the game ends at the target (S7).
HOST: MatchHost[Config, State, Action, Match] = MatchHost(
    moves=Moves(record, rules, Action, lambda state: state.phase is Phase.HAND_OVER),
    load_match=Match.from_json,
    seat=_seat,
    settle=_settle,
    next_match=lambda room, match, host: Match(match.config),
    players=lambda config: config.players,
)
begin = HOST.begin
start_round = HOST.start_round
restore = HOST.restore
parse = HOST.parse
took = HOST.took
finish_round = HOST.finish_round
close = HOST.close
end_early = HOST.end_early
rematch = HOST.rematch
game_config = HOST.game_config


def length_text(game: dict[str, Any]) -> str:
    return f"first to {game['target']} points"


def hint(view: Any, rng: random.Random, deadline: float) -> Hint:
    """The Expert's move for the viewer's turn."""
    from core.spades.bots import players  # the bots, loaded when a hint is asked

    return Hint(players.get("expert", hint_budget(deadline)).choose(view, rng))


#: Spades' own per-seat table (``core/store/spades/tables.py``), and the shape of its rows.
FACTS_TABLE = "spades_seat"
FACTS_TABLES = (FACTS_TABLE,)
FACTS_VERSION = 1


def _mode(config: Config) -> str:
    return "partnership" if config.partnership else "individual"


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """The hand's facts for the store: once it is over, every seat's bid, tricks, nil and its
    side's result."""
    config = state.config
    facts = RoundFacts(_mode(config), config.players, config.jokers)
    done = record.result(state)
    if done is None:
        return facts
    own = []
    for seat in range(config.players):
        side = config.side_of[seat]
        members = config.sides[side]
        contract = sum(state.bids[s] or 0 for s in members)
        tricks = sum(state.taken[s] for s in members if state.bids[s])
        bid = state.bids[seat]
        own.append(
            {
                "seat": seat,
                "name": names[seat],
                "side": side,
                "bid": bid,
                "blind": state.blind[seat],
                "tricks": state.taken[seat],
                "nil_made": (state.taken[seat] == 0) if bid == 0 else None,
                "contract_made": (tricks >= contract) if contract else None,
                "score": done.score[side],
            }
        )
    facts.rows[FACTS_TABLE] = own
    return facts


def game_facts(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> GameFacts:
    """Each seat's result in a finished game: both partners of a winning side win."""
    return seat_results(_mode(config), names, totals, winners, config.side_of)


REFUSED: tuple[type[Exception], ...] = (BadAction, rules.IllegalAction, SettingsError)

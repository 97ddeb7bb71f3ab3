"""Three-Player Moon at a room's table: the game's side of hosting it (SPEC M1–M7, P5).

The room service keeps the lobby, seats, tokens, timers and the store; here
is what a Three-Player Moon room needs on top: its settings (always three
seats; hints on or off), seating in join order with the first bidder drawn
at random (M2), each hand dealt with the opening one seat further on, a
passed-out deal dealt again at once (M2), the moves, the totals carried
across hands (the match, :class:`core.moon_dominoes.match.Match`, kept in
``doc["game"]``), the game's end at 21 (M6, M7), ending early and the
rematch. There is no bidding timer and nothing to remove by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from core.games import (
    Chosen,
    GameFacts,
    Hint,
    Option,
    RoundFacts,
    SettingsError,
    TableRoom,
)
from core.hosting import (
    MatchHost,
    Moves,
    hint_budget,
    seat_in_join_order,
    seat_results,
    settings_json,
)
from core.moon_dominoes import record, rules, tiles
from core.moon_dominoes.actions import Action, BadAction
from core.moon_dominoes.config import PLAYERS, TARGET, Config
from core.moon_dominoes.match import Match
from core.moon_dominoes.state import Phase, State


@dataclass(frozen=True, slots=True)
class MoonDominoesSettings:
    """What the host chooses on "Create Room": the table is always three, to 21."""

    game: ClassVar[str] = "moon_dominoes"

    players: int = PLAYERS
    hints: bool = False

    def config(self) -> Config:
        return Config()

    def checked(self) -> MoonDominoesSettings:
        """The settings as M1 allows them: exactly three players."""
        if self.players != PLAYERS or not isinstance(self.hints, bool):
            raise SettingsError("Three-Player Moon is for exactly 3 players")
        return self

    def to_json(self) -> dict[str, Any]:
        return settings_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoonDominoesSettings:
        return cls(players=int(data.get("players", PLAYERS)), hints=bool(data.get("hints")))


#: The settings a room of this game keeps (the registry's name for them).
Settings = MoonDominoesSettings

#: Create Room for Three-Player Moon: the table is fixed; only hints are a choice.
OPTIONS = (
    Option(
        "players",
        "Players",
        "choice",
        PLAYERS,
        ((PLAYERS, "3 players (always)"),),
        help="Three-Player Moon is played by exactly three: empty seats get bots.",
    ),
    Option("hints", "Allow hints (the Expert's suggestion)", "toggle", False),
)


def settings_from_form(chosen: Chosen) -> MoonDominoesSettings:
    """The settings the Create Room form holds (its values by option name)."""
    return MoonDominoesSettings(**chosen)


#: Quick game asks nothing more.
QUICK_OPTIONS: tuple[Option, ...] = ()


def quick_settings(players: int, chosen: Chosen) -> MoonDominoesSettings:
    """A quick game's table: always three seats, the Expert's hints on."""
    return MoonDominoesSettings(hints=True)


def settings_from_json(data: dict[str, Any]) -> MoonDominoesSettings:
    """The settings a room keeps, back from its document."""
    return MoonDominoesSettings.from_json(data)


def settings_for(config: Config) -> MoonDominoesSettings:
    """Room settings that deal hands of ``config`` (to open a room for any table and option)."""
    return MoonDominoesSettings.from_json(config.to_json())


def opener(room_seed: int, number: int) -> int:
    """M2: the first bidder of game ``number``, drawn at random from the room's seed."""
    return random.Random(f"{room_seed}:first:{number}").randrange(PLAYERS)


def _seat(room: TableRoom, host_id: int | None) -> Match:
    """Seat the players in join order, the host first; the first game's match."""
    seat_in_join_order(room, host_id)
    return Match(Config(), first_bidder=opener(room.doc["seed"], 1))


def _passed_out(room: TableRoom, state: State) -> bool:
    """M2: when all three pass, the next seat opens a fresh deal at once.

    The room counts the deals passed out in a row (``last_round["passed_out"]``, the
    only part of the room a table reads besides its view) for the table to say so.
    """
    if state.phase is Phase.REDEAL:
        match = HOST.match_of(room)
        match.passed_out()
        room.doc["game"]["match"] = match.to_json()
        last = room.doc["last_round"] or {}
        room.doc["last_round"] = {**last, "passed_out": last.get("passed_out", 0) + 1}
        HOST.start_round(room)
        return True
    if state.phase is Phase.DISCARD and room.doc["last_round"]:
        room.doc["last_round"]["passed_out"] = 0
    return False


def _settle(match: Match, state: State) -> dict[str, Any]:
    """Score the hand (M6) into the match; the results screen's account of it."""
    done = match.settle(state)
    return {
        "bidder": state.bidder,
        "bid": state.bid,
        "trump": tiles.trump_name(state.trump),
        "tricks": list(state.taken),
        "made": done.made,
        "score": list(done.score),
        "totals": list(done.totals),
    }


#: The game's match in a room: each deal opened by the next seat, to 21 (M2, M6, M7); a
#: rematch draws its first bidder again.
HOST: MatchHost[Config, State, Action, Match] = MatchHost(
    moves=Moves(record, rules, Action, lambda state: state.phase is Phase.HAND_OVER),
    load_match=Match.from_json,
    seat=_seat,
    settle=_settle,
    next_match=lambda room, match, host: Match(
        Config(), first_bidder=opener(room.doc["seed"], room.doc["game"]["number"] + 1)
    ),
    players=lambda config: PLAYERS,
    interlude=_passed_out,
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
    return f"first to {TARGET} points"


def hint(view: Any, rng: random.Random, deadline: float) -> Hint:
    """The Expert's move for the viewer's turn; while bidding, with the tricks it expects
    under each trump."""
    from core.moon_dominoes.bots import players  # the bots, loaded when a hint is asked

    budget = hint_budget(deadline)
    if view.phase == "bidding":
        return Hint(*players.estimates(view, rng, budget))
    return Hint(players.get("expert", budget).choose(view, rng))


#: Three-Player Moon's own tables (``core/store/moon_dominoes/tables.py``): one row a hand
#: (bidder, bid, trump, result) and one a seat.
FACTS_ROUND, FACTS_SEAT = "moon_dominoes_round", "moon_dominoes_seat"
FACTS_TABLES = (FACTS_ROUND, FACTS_SEAT)
FACTS_VERSION = 1


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """The hand's facts for the store: the bidder, bid, trump (as M3 names it) and result,
    and every seat's tricks and score."""
    facts = RoundFacts("individual", PLAYERS)
    done = record.result(state)
    if done is None or state.bidder is None or state.bid is None or state.trump is None:
        return facts
    bidder = state.bidder
    facts.rows[FACTS_ROUND] = [
        {
            "bidder": bidder,
            "bid": state.bid,
            "trump": tiles.TRUMP_NAMES[state.trump],
            "made": done.made,
        }
    ]
    facts.rows[FACTS_SEAT] = [
        {
            "seat": seat,
            "name": names[seat],
            "bidder": seat == bidder,
            "tricks": state.taken[seat],
            "score": done.score[seat],
        }
        for seat in range(PLAYERS)
    ]
    return facts


def game_facts(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> GameFacts:
    """Each seat's result in a finished game."""
    return seat_results("individual", names, totals, winners, range(PLAYERS))


REFUSED: tuple[type[Exception], ...] = (BadAction, rules.IllegalAction, SettingsError)

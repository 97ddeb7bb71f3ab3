"""Plain Tricks at a room's table: its Create Room settings, seating and match, on the
platform's hosting base (:mod:`core.hosting`); everything else is the platform's."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from core.games import Chosen, GameFacts, Hint, Option, RoundFacts, TableRoom
from core.hosting import MatchHost, Moves
from tests.example import rules
from tests.example.rules import NAME, Action, Config, Match, State


@dataclass(frozen=True, slots=True)
class Settings:
    """What the host chooses on Create Room: the table and the game's length."""

    game: ClassVar[str] = NAME

    players: int = 2
    hands: int = 3
    hints: bool = False

    def config(self) -> Config:
        return Config.make(players=self.players, hands=self.hands)

    def checked(self) -> Settings:
        self.config()  # ValueError names what is wrong; the room refuses it
        return self

    def to_json(self) -> dict[str, Any]:
        return {"game": NAME, "players": self.players, "hands": self.hands, "hints": self.hints}


OPTIONS = (
    Option("players", "Players", "choice", 2, ((2, "2 players"), (3, "3 players"), (4, "4"))),
    Option("hands", "Hands in a game", "number", 3, low=1, high=9),
    Option("hints", "Allow hints", "toggle", False),
)
QUICK_OPTIONS: tuple[Option, ...] = ()


def settings_from_form(chosen: Chosen) -> Settings:
    return Settings(int(chosen["players"]), int(chosen["hands"]), bool(chosen["hints"]))


def quick_settings(players: int, chosen: Chosen) -> Settings:
    return Settings(min(max(players, 2), 4), hints=True)


def settings_from_json(data: dict[str, Any]) -> Settings:
    return Settings(int(data["players"]), int(data["hands"]), bool(data["hints"]))


def settings_for(config: Config) -> Settings:
    return Settings(config.players, config.hands)


def _seat(room: TableRoom, host_id: int | None) -> Match:
    """The host first, then the others as they joined."""
    members = sorted(room.seats, key=lambda s: (s.id != host_id, s.join_order))
    for position, seat in enumerate(members):
        seat.position, seat.team = position, None
    return Match(settings_from_json(room.doc["settings"]).config())


def _settle(match: Match, state: State) -> dict[str, Any]:
    """The hand's tricks per seat into the totals; the results screen's account of it."""
    score = match.settle(state)
    return {"score": score, "totals": list(match.totals)}


HOST: MatchHost[Config, State, Action, Match] = MatchHost(
    moves=Moves(rules.Codec(), rules, Action, lambda state: state.over),
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

FACTS_TABLES: tuple[str, ...] = ()
FACTS_VERSION = 1
REFUSED: tuple[type[Exception], ...] = (rules.IllegalAction, ValueError)


def length_text(game: dict[str, Any]) -> str:
    hands = int(game["length_rounds"])
    return f"{hands} hand{'s' * (hands != 1)}"


def hint(view: rules.View, rng: random.Random, deadline: float) -> Hint:
    return Hint(rules.Bot("expert").choose(view, rng))


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """Plain Tricks keeps nothing of its own for the stats: the shared round row says it."""
    return RoundFacts("individual", state.config.players)


def game_facts(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> GameFacts:
    return GameFacts(
        "individual",
        [
            {"seat": s, "name": names[s], "won": s in winners, "total": totals[s]}
            for s in range(config.players)
        ],
    )

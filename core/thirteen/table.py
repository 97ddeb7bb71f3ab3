"""Thirteen at a room's table: the game's side of hosting it (SPEC T1–T6, P5).

The room service keeps the lobby, seats, tokens, timers and the store; here
is what a Thirteen room needs on top: its settings (2 to 4 seats, hands in a
game, hints), seating in join order, each hand dealt (the first led by the
lowest card's holder, later ones by the last hand's winner), the moves, the
totals carried across hands (the match, :class:`core.thirteen.match.Match`,
kept in ``doc["game"]``), the end after the last hand, ending early and the
rematch. There is no bidding, so no bidding timer and nothing removed by hand.
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
from core.thirteen import record, rules
from core.thirteen.actions import Action, BadAction
from core.thirteen.config import DEFAULT_HANDS, MAX_PLAYERS, MIN_PLAYERS, Config
from core.thirteen.match import Match
from core.thirteen.state import Phase, State

#: The game lengths Create Room offers (T6: five unless the host says otherwise).
LENGTHS = (1, 3, 5, 7, 10)


@dataclass(frozen=True, slots=True)
class ThirteenSettings:
    """What the host chooses on "Create Room": seats, hands in a game, hints."""

    game: ClassVar[str] = "thirteen"

    players: int = 4
    hands: int = DEFAULT_HANDS
    hints: bool = False

    def config(self) -> Config:
        return Config(self.players, self.hands)

    def checked(self) -> ThirteenSettings:
        """The settings as T1 and T6 allow them."""
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SettingsError("Thirteen is for 2 to 4 players")
        if not isinstance(self.hands, int) or self.hands not in LENGTHS:
            raise SettingsError(f"a game is {', '.join(map(str, LENGTHS))} hands")
        if not isinstance(self.hints, bool):
            raise SettingsError("hints are on or off")
        return self

    def to_json(self) -> dict[str, Any]:
        return settings_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ThirteenSettings:
        return cls(
            players=int(data.get("players", 4)),
            hands=int(data.get("hands", DEFAULT_HANDS)),
            hints=bool(data.get("hints")),
        )


#: The settings a room of this game keeps (the registry's name for them).
Settings = ThirteenSettings

_HANDS = Option(
    "hands",
    "Hands in a game",
    "choice",
    DEFAULT_HANDS,
    tuple((n, f"{n} hand" if n == 1 else f"{n} hands") for n in LENGTHS),
    help="Each hand scores 3-2-1-0 with four players (2-1-0 with three, 1-0 with two); "
    "the highest total after the last hand wins.",
)

#: Create Room for Thirteen: seats, length, hints.
OPTIONS = (
    Option(
        "players",
        "Players",
        "choice",
        4,
        ((2, "2 players"), (3, "3 players"), (4, "4 players")),
        help="Thirteen cards each; with 2 or 3 the rest are set aside unseen. "
        "Empty seats get bots.",
    ),
    _HANDS,
    Option("hints", "Allow hints (the Expert's suggestion)", "toggle", False),
)


def settings_from_form(chosen: Chosen) -> ThirteenSettings:
    """The settings the Create Room form holds (its values by option name)."""
    return ThirteenSettings(**chosen)


#: Quick game asks how long a game is.
QUICK_OPTIONS: tuple[Option, ...] = (_HANDS,)


def quick_settings(players: int, chosen: Chosen) -> ThirteenSettings:
    """A quick game's table: 2 to 4 seats, the length chosen, the Expert's hints on."""
    seated = min(max(players, MIN_PLAYERS), MAX_PLAYERS)
    return ThirteenSettings(
        players=seated, hands=int(chosen.get("hands", DEFAULT_HANDS)), hints=True
    )


def settings_from_json(data: dict[str, Any]) -> ThirteenSettings:
    """The settings a room keeps, back from its document."""
    return ThirteenSettings.from_json(data)


def settings_for(config: Config) -> ThirteenSettings:
    """Room settings that deal hands of ``config`` (to open a room for any table and option)."""
    return ThirteenSettings.from_json(config.to_json())


def _seat(room: TableRoom, host_id: int | None) -> Match:
    """Seat the players in join order, the host first; the first game's match."""
    seat_in_join_order(room, host_id)
    return Match(_settings_config(room))


def _settings_config(room: TableRoom) -> Config:
    return settings_from_json(room.doc["settings"]).config()


def _settle(match: Match, state: State) -> dict[str, Any]:
    """Score the hand (T6) into the match; the results screen's account of it."""
    score = match.settle(state)
    return {
        "places": list(state.places),
        "score": score,
        "totals": list(match.totals),
        "bombs": list(state.bombs),
        "left": [m.bit_count() for m in state.hands],
    }


#: The game's match in a room: the lowest card leads the first hand, the last hand's winner
#: the next; a rematch starts over with the lowest card (T2, T6).
HOST: MatchHost[Config, State, Action, Match] = MatchHost(
    moves=Moves(record, rules, Action, lambda state: state.phase is Phase.HAND_OVER),
    load_match=Match.from_json,
    seat=_seat,
    settle=_settle,
    next_match=lambda room, match, host: Match(_settings_config(room)),
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
    hands = int(game.get("length_rounds") or DEFAULT_HANDS)
    return f"{hands} hand" if hands == 1 else f"{hands} hands"


def hint(view: Any, rng: random.Random, deadline: float) -> Hint:
    """The Expert's move for the viewer's turn."""
    from core.thirteen.bots import players  # the bots, loaded when a hint is asked

    return Hint(players.get("expert", hint_budget(deadline)).choose(view, rng))


#: Thirteen's own per-seat table (``core/store/thirteen/tables.py``).
FACTS_TABLE = "thirteen_seat"
FACTS_TABLES = (FACTS_TABLE,)
FACTS_VERSION = 1


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """The hand's facts for the store: every seat's place, points, bombs and cards left, and
    whether it led the hand's first trick (the shared round row has nothing of Thirteen's)."""
    players = state.config.players
    facts = RoundFacts("individual", players)
    score = rules.score(state)
    if score is None:
        return facts
    leader = state.first_leader
    facts.rows[FACTS_TABLE] = [
        {
            "seat": seat,
            "name": names[seat],
            "place": state.places.index(seat) + 1,
            "score": score[seat],
            "bombs": state.bombs[seat],
            "cards_left": state.hands[seat].bit_count(),
            "led_first": seat == leader,
        }
        for seat in range(players)
    ]
    return facts


def game_facts(
    config: Config, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
) -> GameFacts:
    """Each seat's result in a finished game (a shared top total: every tied seat won)."""
    return seat_results("individual", names, totals, winners, range(config.players))


REFUSED: tuple[type[Exception], ...] = (BadAction, rules.IllegalAction, SettingsError)

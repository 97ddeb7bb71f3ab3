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
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar

from core.games import (
    Chosen,
    GameEnd,
    GameFacts,
    Hint,
    Option,
    RoundFacts,
    SettingsError,
    TableRoom,
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
        return {"game": self.game, "players": self.players, "hints": self.hints}

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


def _stamp(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def game_config(room: TableRoom) -> Config:
    return Config()


def _match(room: TableRoom) -> Match:
    return Match.from_json(room.doc["game"]["match"])


def _game_doc(number: int, match: Match) -> dict[str, Any]:
    """The room's record of the game: the fields every room reads, and the match itself."""
    return {
        "number": number,
        "config": {},
        "match": match.to_json(),
        "totals": list(match.totals),
        "rounds": match.hands,
        "target": TARGET,
        "length_rounds": None,
        "over": match.over,
        "winners": [] if match.winner is None else [match.winner],
        "ended_early": match.ended_early,
        "abandoned": False,
    }


def opener(room_seed: int, number: int) -> int:
    """M2: the first bidder of game ``number``, drawn at random from the room's seed."""
    return random.Random(f"{room_seed}:first:{number}").randrange(PLAYERS)


def deal_seed(room_seed: int, deal_number: int) -> int:
    """The shuffle seed of the room's ``deal_number``-th deal (passed-out deals count)."""
    return random.Random(f"{room_seed}:deal:{deal_number}").getrandbits(32)


def begin(room: TableRoom, host_id: int | None) -> None:
    """Seat the players in join order, the host first, and deal the first hand."""
    members = sorted(room.seats, key=lambda s: (s.id != host_id, s.join_order))
    for position, seat in enumerate(members):
        seat.position = position
        seat.team = None
    room.doc["game"] = _game_doc(1, Match(Config(), first_bidder=opener(room.doc["seed"], 1)))
    start_round(room)


def start_round(room: TableRoom) -> None:
    """The next deal, opened by the match's first bidder, with the totals before it."""
    match = _match(room)
    room.doc["round_number"] += 1
    state = match.deal(deal_seed(room.doc["seed"], room.doc["round_number"]))
    game = room.doc["game"]
    meta = {
        "room": room.code,
        "round": game["rounds"] + 1,
        "game": game["number"],
        "names": [room.by_position(p).name for p in range(PLAYERS)],
        "auto": [],
        "abandoned": False,
        "started": _stamp(room.now),
    }
    room.doc["round"] = record.dump(state, meta)
    room.set_state(state)
    room.doc["requests"] = {}
    room.doc["since"] = room.now
    room.changed = True
    room.status = "playing"


def restore(data: dict[str, Any]) -> State:
    """The hand of a stored record (its actions were checked when taken)."""
    rec = record.load(data)
    state = record.start(rec)
    for raw in rec.actions:
        rules.apply_unchecked(state, Action.from_json(raw))
    return state


def parse(data: object) -> Action:
    return Action.from_json(data)


def took(room: TableRoom, move: Action, auto: bool = False) -> bool:
    """Apply a move (checked) and record it; True once the hand is over.

    M2: when all three pass, the next seat opens a fresh deal at once; the
    room counts the deals passed out in a row (``last_round["passed_out"]``,
    the only part of the room a table reads besides its view) for the table
    to say so.
    """
    state = room.state()
    rules.apply(state, move)
    room.doc["round"]["actions"].append(move.to_json())
    room.doc["since"] = room.now
    room.changed = True
    if state.phase is Phase.REDEAL:
        match = _match(room)
        match.passed_out()
        room.doc["game"]["match"] = match.to_json()
        last = room.doc["last_round"] or {}
        room.doc["last_round"] = {**last, "passed_out": last.get("passed_out", 0) + 1}
        start_round(room)
        return False
    if state.phase is Phase.DISCARD and room.doc["last_round"]:
        room.doc["last_round"]["passed_out"] = 0
    return state.phase is Phase.HAND_OVER


def finish_round(room: TableRoom) -> GameEnd | None:
    """Score the hand (M6), carry the totals, end the game at 21 (M6, M7)."""
    state = room.state()
    match = _match(room)
    done = match.settle(state)
    room.doc["game"] = _game_doc(room.doc["game"]["number"], match)
    room.doc["last_round"] = {
        "round": match.hands,
        "bidder": state.bidder,
        "bid": state.bid,
        "trump": tiles.trump_name(state.trump),
        "tricks": list(state.taken),
        "made": done.made,
        "score": list(done.score),
        "totals": list(done.totals),
    }
    room.doc["since"] = room.now
    if match.over:
        return close(room, GameEnd(room.doc["game"]["winners"]))
    room.status = "results"
    return None


def close(room: TableRoom, end: GameEnd) -> GameEnd:
    room.doc["game"].update(
        over=True, winners=end.winners, ended_early=end.ended_early, abandoned=end.abandoned
    )
    room.status = "abandoned" if end.abandoned else "over"
    return end


def end_early(room: TableRoom) -> GameEnd:
    """The host ends the game between hands: the leader wins (a tie: nobody)."""
    match = _match(room)
    match.end_early()
    room.doc["game"] = _game_doc(room.doc["game"]["number"], match)
    return close(room, GameEnd(room.doc["game"]["winners"], ended_early=True))


def rematch(room: TableRoom, host_position: int) -> None:
    """A new game with the same seats; its first bidder drawn again."""
    number = room.doc["game"]["number"] + 1
    room.doc["game"] = _game_doc(
        number, Match(Config(), first_bidder=opener(room.doc["seed"], number))
    )
    room.doc["last_round"] = None
    start_round(room)


def length_text(game: dict[str, Any]) -> str:
    return f"first to {TARGET} points"


def hint(view: Any, rng: random.Random, deadline: float) -> Hint:
    """The Expert's move for the viewer's turn; while bidding, with the tricks it expects
    under each trump."""
    from core.moon_dominoes.bots import players  # the bots, loaded when a hint is asked

    budget = max(1.0, (deadline - time.perf_counter()) * 1000)
    if view.phase == "bidding":
        return Hint(*players.estimates(view, rng, budget))
    return Hint(players.get("expert", budget).choose(view, rng))


#: Three-Player Moon's own per-seat table (``core/store/moon_dominoes/tables.py``).
FACTS_TABLE = "moon_dominoes_seat"
FACTS_TABLES = (FACTS_TABLE,)
FACTS_VERSION = 1
#: The trump in the shared round row's one-letter column: the number, D (doubles), N (none).
TRUMP_LETTERS = ("0", "1", "2", "3", "4", "5", "6", "D", "N")


def round_facts(state: State, names: Sequence[str]) -> RoundFacts:
    """The hand's facts for the store: the bidder, bid, trump and result on the round row,
    and every seat's tricks and score."""
    facts = RoundFacts("individual", PLAYERS)
    done = record.result(state)
    if done is None or state.bidder is None or state.bid is None or state.trump is None:
        return facts
    bidder = state.bidder
    facts.columns.update(
        bidder=bidder,
        bidder_name=names[bidder],
        bid=state.bid,
        trump=TRUMP_LETTERS[state.trump],
        made=done.made,
        bidding_points=state.taken[bidder],
        defending_points=sum(state.taken) - state.taken[bidder],
    )
    facts.rows[FACTS_TABLE] = [
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
    return GameFacts(
        "individual",
        [
            {"seat": seat, "name": names[seat], "won": seat in winners, "total": totals[seat]}
            for seat in range(PLAYERS)
        ],
    )


REFUSED: tuple[type[Exception], ...] = (BadAction, rules.IllegalAction, SettingsError)

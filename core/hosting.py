"""The hosting base: a match played in a room, written once for every game (SPEC P8).

A game's side of hosting (:class:`core.games.Hosting`, its ``table.py``)
is mostly the same work in every game: deal the next round from the room's
seed and keep it as its hand record, rebuild it from that record, parse and
apply a move (marking the ones a timer made), score a finished round into
the match, end the game (at its end, early, or abandoned) and start a
rematch. :class:`MatchHost` does all of it for a game whose match across
rounds is a value with the shape of :class:`MatchLike`; the game passes in
only what is its own: how players are seated and its first match, how a
finished round is scored and summed up for the results, the next game's
match, and (Three-Player Moon) what a move that ends a deal without a round
does. The building blocks (:func:`deal_seed`, :func:`open_round`,
:func:`close`, :class:`Moves`) serve a game that hosts its rounds its own way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any, Generic, Protocol, TypeVar

from core.games import ABANDONED, OVER, PLAYING, RESULTS, GameEnd, GameFacts, Played, TableRoom

C = TypeVar("C")
S = TypeVar("S")
C_co = TypeVar("C_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)


class Record(Protocol[S]):
    """A game's hand-record codec (``core/<game>/record.py``)."""

    def load(self, data: object) -> Any:
        """A parsed record (its ``actions`` still as JSON); the game's refusal if malformed."""
        ...

    def start(self, record: Any) -> S:
        """The round as the record deals it, before any action."""
        ...

    def dump(self, state: S, meta: dict[str, Any]) -> dict[str, Any]:
        """The round's hand record with ``meta``."""
        ...


class Configured(Protocol):
    """A game's config: it round-trips through JSON."""

    def to_json(self) -> dict[str, object]: ...


class MatchLike(Played[S_co], Protocol[C_co, S_co]):
    """A game's match across rounds, as the hosting base reads it: one the simulate driver
    plays (:class:`core.games.Played`), with its config, how it ended and its length, and a
    value that round-trips through JSON so a room keeps it."""

    @property
    def config(self) -> C_co: ...

    @property
    def ended_early(self) -> bool: ...

    @property
    def target(self) -> int | None:
        """The score that ends the game, if it ends at one."""
        ...

    @property
    def length_rounds(self) -> int | None:
        """The rounds the game lasts, if it lasts a number of rounds."""
        ...

    def end_early(self) -> None:
        """The host ends the game between rounds."""
        ...

    def to_json(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=MatchLike[Any, Any])


def _stamp(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def seed_of(room_seed: int, deal_number: int) -> int:
    """The shuffle seed of a room's ``deal_number``-th deal (from 1)."""
    return random.Random(f"{room_seed}:deal:{deal_number}").getrandbits(32)


def deal_seed(room: TableRoom) -> int:
    """The shuffle seed of the room's next deal (every deal counts, a passed-out one too)."""
    room.doc["round_number"] += 1
    return seed_of(room.doc["seed"], room.doc["round_number"])


def open_round(
    room: TableRoom,
    state: Any,
    players: int,
    dump: Callable[[Any, dict[str, Any]], dict[str, Any]],
) -> None:
    """Keep ``state`` as the round in play, as its hand record with the room's meta."""
    game = room.doc["game"]
    meta = {
        "room": room.code,
        "round": game["rounds"] + 1,
        "game": game["number"],
        "names": [room.by_position(p).name for p in range(players)],
        "auto": [],
        "abandoned": False,
        "started": _stamp(room.now),
    }
    room.doc["round"] = dump(state, meta)
    room.set_state(state)
    room.doc["requests"] = {}
    room.doc["since"] = room.now
    room.changed = True
    room.status = PLAYING


def close(room: TableRoom, end: GameEnd) -> GameEnd:
    """Mark the game over (or abandoned)."""
    room.doc["game"].update(
        over=True, winners=end.winners, ended_early=end.ended_early, abandoned=end.abandoned
    )
    room.status = ABANDONED if end.abandoned else OVER
    return end


class Applies(Protocol[S_contra, A_contra]):
    """A game's rules module: a move applied checked, or (rebuilding a record) unchecked."""

    def apply(self, state: S_contra, action: A_contra) -> None: ...

    def apply_unchecked(self, state: S_contra, action: A_contra) -> None: ...


class JsonAction(Protocol):
    """A game's action: it comes from and goes to its hand-record form."""

    @classmethod
    def from_json(cls, data: object) -> Any: ...

    def to_json(self) -> dict[str, object]: ...


J = TypeVar("J", bound=JsonAction)


@dataclass(frozen=True)
class Moves(Generic[S, J]):
    """A game's moves at a room's table: parsed, applied (checked) and recorded, and a round
    rebuilt from its record. ``finished`` says whether a round is over."""

    record: Record[S]
    rules: Applies[S, J]
    action: type[J]
    finished: Callable[[S], bool]

    def restore(self, data: dict[str, Any]) -> S:
        """The round of a stored hand record (its actions were checked when taken)."""
        rec = self.record.load(data)
        state = self.record.start(rec)
        for raw in rec.actions:
            self.rules.apply_unchecked(state, self.action.from_json(raw))
        return state

    def parse(self, data: object) -> J:
        """A move as a page sent it (its seat set by the room)."""
        move: J = self.action.from_json(data)
        return move

    def took(self, room: TableRoom, move: J, auto: bool = False) -> bool:
        """Apply a move (checked) and record it, marked when a timer made it; whether the
        round is over."""
        state = room.state()
        self.rules.apply(state, move)
        rnd = room.doc["round"]
        if auto:
            rnd["meta"]["auto"].append(len(rnd["actions"]))
        rnd["actions"].append(move.to_json())
        room.doc["since"] = room.now
        room.changed = True
        return self.finished(state)


@dataclass(frozen=True)
class MatchHost(Generic[C, S, J, M]):
    """Hosting a match in a room, for a game whose match has the shape of :class:`MatchLike`.

    The game passes in its moves, how to read its match from the room, and what is its
    own: ``seat`` places the players at Begin Game (positions, teams) and returns the
    first game's match; ``settle`` scores a finished round into the match and returns
    what the results screen says of it; ``next_match`` is the rematch's match (given the
    host's position); ``interlude``, where a move can end a deal without a round (a
    passed-out deal), handles it and says so.
    """

    moves: Moves[S, J]
    load_match: Callable[[dict[str, Any]], M]
    seat: Callable[[TableRoom, int | None], M]
    settle: Callable[[M, S], dict[str, Any]]
    next_match: Callable[[TableRoom, M, int], M]
    players: Callable[[C], int]
    interlude: Callable[[TableRoom, S], bool] | None = None

    def match_of(self, room: TableRoom) -> M:
        """The match in the room."""
        return self.load_match(room.doc["game"]["match"])

    def keep(self, room: TableRoom, match: M, number: int) -> None:
        """Keep ``match`` as the room's game ``number``: the fields every room reads, and
        the match itself."""
        config: Configured = match.config
        room.doc["game"] = {
            "number": number,
            "config": config.to_json(),
            "match": match.to_json(),
            "totals": list(match.totals),
            "rounds": match.hands,
            "target": match.target,
            "length_rounds": match.length_rounds,
            "over": match.over,
            "winners": list(match.winners),
            "ended_early": match.ended_early,
            "abandoned": False,
        }

    def begin(self, room: TableRoom, host_id: int | None) -> None:
        """Seat every player, open the first game and deal its first round."""
        self.keep(room, self.seat(room, host_id), 1)
        self.start_round(room)

    def start_round(self, room: TableRoom) -> None:
        """Deal the match's next round."""
        match = self.match_of(room)
        state = match.deal(deal_seed(room))
        open_round(room, state, self.players(match.config), self.moves.record.dump)

    def restore(self, data: dict[str, Any]) -> S:
        return self.moves.restore(data)

    def parse(self, data: object) -> J:
        return self.moves.parse(data)

    def took(self, room: TableRoom, move: J, auto: bool = False) -> bool:
        over = self.moves.took(room, move, auto)
        if not over and self.interlude is not None and self.interlude(room, room.state()):
            return False
        return over

    def finish_round(self, room: TableRoom) -> GameEnd | None:
        """Score the round into the match; close the game if it ends with it."""
        state = room.state()
        match = self.match_of(room)
        summary = self.settle(match, state)
        self.keep(room, match, room.doc["game"]["number"])
        room.doc["last_round"] = {"round": match.hands, **summary}
        room.doc["since"] = room.now
        if match.over:
            return close(room, GameEnd(list(match.winners)))
        room.status = RESULTS
        return None

    def close(self, room: TableRoom, end: GameEnd) -> GameEnd:
        return close(room, end)

    def end_early(self, room: TableRoom) -> GameEnd:
        """The host ends the game between rounds: the match says who leads."""
        match = self.match_of(room)
        match.end_early()
        self.keep(room, match, room.doc["game"]["number"])
        return close(room, GameEnd(list(match.winners), ended_early=True))

    def rematch(self, room: TableRoom, host_position: int) -> None:
        """A new game with the same seats, then its first round."""
        match = self.next_match(room, self.match_of(room), host_position)
        self.keep(room, match, room.doc["game"]["number"] + 1)
        room.doc["last_round"] = None
        self.start_round(room)

    def game_config(self, room: TableRoom) -> C:
        config: C = self.match_of(room).config
        return config


# ---------------------------------------------------------------- around the match
# What every game's table does alike beside playing the match: seating its players, keeping
# its Create Room settings, saying how a finished game went for each seat, and giving the
# Expert time for a hint; each game passes in its own part (its teams, its mode, its units).


def seat_in_join_order(
    room: TableRoom, host_id: int | None, teams: Sequence[int] | None = None
) -> None:
    """Seat the players in join order, the host first; each takes the team of its position
    where the game has teams (``teams``, position by position), none otherwise."""
    members = sorted(room.seats, key=lambda s: (s.id != host_id, s.join_order))
    for position, seat in enumerate(members):
        seat.position = position
        seat.team = teams[position] if teams is not None else None


def settings_json(settings: Any) -> dict[str, Any]:
    """Create Room settings as a room keeps them: the game's name, then every field."""
    return {"game": settings.game, **{f.name: getattr(settings, f.name) for f in fields(settings)}}


def seat_results(
    mode: str,
    names: Sequence[str],
    totals: Sequence[int],
    winners: Sequence[int],
    units: Sequence[int],
) -> GameFacts:
    """Each seat's result in a finished game, for the stats: a seat wins with its unit (its
    team or side, or the seat itself; ``units`` holds each seat's) and has that unit's total."""
    return GameFacts(
        mode,
        [
            {"seat": seat, "name": names[seat], "won": unit in winners, "total": totals[unit]}
            for seat, unit in enumerate(units)
        ],
    )


def hint_budget(deadline: float) -> float:
    """The milliseconds the Expert may think for a hint due at ``deadline`` (at least one)."""
    return max(1.0, (deadline - time.perf_counter()) * 1000)

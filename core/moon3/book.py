"""The scorebook (H3): Moon 3 of Spades played with real cards, its rounds kept by hand.

A scorebook is a room with no deal. The host names the players (clockwise
from themselves), the mode, the decks and the game length; each round is
entered as the bidder, the bid, the partners (Card-Based; in the team modes
the side is the bidder's team) and made or failed, or the points taken
(:mod:`core.moon3.scorebook`). The match is worked out again from the
entries after every change: totals by R27, the end by R28, or ended early by
the host. Only the last entry may be corrected or deleted, until the next
one is entered; a correction of the round that ended the game re-decides it.

The room document keeps ``kind: "scorebook"``, the match in ``doc["game"]``
and the entries in ``doc["entries"]``; this module works on the room it is
handed (:class:`core.games.TableRoom`) and leaves storing to the room service.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any, ClassVar

from core import names, seats
from core.games import (
    KEEPING_SCORE,
    OVER,
    GameFacts,
    KeptGame,
    RoundFacts,
    SettingsError,
    TableRoom,
)
from core.moon3 import facts, scorebook
from core.moon3.config import (
    MAX_PLAYERS,
    MODE_LABELS,
    MODE_MIN_PLAYERS,
    Config,
    ConfigError,
    Mode,
)
from core.moon3.scorebook import Entry, EntryError
from core.moon3.scorebook import stored_key as stored_key
from core.moon3.scoring import GameLength, chosen_length, game_outcome, new_match, unit_of

KIND = "scorebook"
#: The shape of the key a kept game is stored under (:func:`core.moon3.scorebook.game_key`):
#: 2 since a key holds the game's time and rounds, not its players. A game stored under an
#: older one gets its key anew from its stored rounds when the store opens.
KEY_VERSION = 2


@dataclass(frozen=True, slots=True)
class BookSettings:
    """What the host chooses on "Keep score"."""

    game: ClassVar[str] = "moon3"
    kind: ClassVar[str] = KIND
    #: A scorebook deals no cards: there is no move to suggest.
    hints: ClassVar[bool] = False

    mode: str = Mode.PARTNERS.value
    #: The other players' names, clockwise from the host (who sits at position 0).
    others: tuple[str, ...] = ()
    #: Team-wise: the positions on team B (0 is the host); everyone else is on team A.
    team_b: tuple[int, ...] = ()
    decks: int | None = None
    min_bid: int | None = None
    target: int | None = None
    rounds: int | None = None
    #: Players who took their seat from the invite link may enter rounds too.
    anyone: bool = False

    @property
    def players(self) -> int:
        return 1 + len(self.others)

    def checked(self) -> BookSettings:
        """The settings cleaned, with defaults; :class:`SettingsError` if the rules refuse."""
        try:
            mode = Mode(self.mode)
        except ValueError:
            raise SettingsError("choose Card-Based, Team-wise or Random") from None
        others: list[str] = []
        for raw in self.others:
            try:
                others.append(names.checked(raw, others))
            except names.BadName as exc:
                raise SettingsError(str(exc)) from None
        players = 1 + len(others)
        low = MODE_MIN_PLAYERS[mode]
        if not low <= players <= MAX_PLAYERS:
            raise SettingsError(
                f"a {MODE_LABELS[mode]} scorebook takes {low} to {MAX_PLAYERS} players, "
                f"not {players}"
            )
        team_b: tuple[int, ...] = ()
        if mode is Mode.TEAMS:
            team_b = tuple(sorted(set(self.team_b)))
            if any(not 0 <= p < players for p in team_b) or not 0 < len(team_b) < players:
                raise SettingsError("put at least one player on each team")
        if self.target is not None and self.rounds is not None:
            raise SettingsError("play to a target score or for a number of rounds, not both")
        if self.target is not None and not 5 <= self.target <= 100_000:
            raise SettingsError("the target score runs from 5 to 100,000")
        if self.rounds is not None and not 1 <= self.rounds <= 100:
            raise SettingsError("a game lasts 1 to 100 rounds")
        probe = replace(self, mode=mode.value, others=tuple(others), team_b=team_b)
        config = probe.config(probe.labels(random.Random(0)))
        return replace(probe, decks=config.decks, min_bid=config.min_bid)

    def labels(self, rng: random.Random) -> list[int] | None:
        """Each position's team: Team-wise as chosen, Random drawn (R9), none in Card-Based."""
        if self.mode == Mode.TEAMS.value:
            return [1 if p in self.team_b else 0 for p in range(self.players)]
        if self.mode == Mode.RANDOM.value:
            return [team for _, team in seats.draw_teams(range(self.players), rng)]
        return None

    def config(self, labels: Sequence[int] | None) -> Config:
        try:
            return Config.make(
                self.players, self.mode, self.decks, self.min_bid, teams=labels, calls=None
            )
        except ConfigError as exc:
            raise SettingsError(str(exc)) from None

    def length(self, config: Config) -> GameLength:
        """R28: the chosen length, or the mode's default."""
        return chosen_length(config, self.target, self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "others": list(self.others),
            "team_b": list(self.team_b),
            "decks": self.decks,
            "min_bid": self.min_bid,
            "target": self.target,
            "rounds": self.rounds,
            "anyone": self.anyone,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BookSettings:
        return cls(**{**data, "others": tuple(data["others"]), "team_b": tuple(data["team_b"])})


def settings_from_json(data: dict[str, Any]) -> BookSettings:
    """The "Keep score" settings a book keeps, back from its document."""
    return BookSettings.from_json(data)


def settings_of(room: TableRoom) -> BookSettings:
    return settings_from_json(room.doc["settings"])


def config_of(room: TableRoom) -> Config:
    data = room.doc["game"]["config"]
    labels = None
    if data.get("teams"):
        labels = [0] * data["players"]
        for seat in data["teams"][1]:
            labels[seat] = 1
    return Config.make(data["players"], data["mode"], data["decks"], data["min_bid"], teams=labels)


def open_book(room: TableRoom, number: int = 1) -> None:
    """Start a game: seats are in place (with their teams); the first round awaits entry."""
    settings = settings_of(room)
    labels = [room.by_position(p).team or 0 for p in range(settings.players)]
    config = settings.config(labels if settings.mode != Mode.PARTNERS.value else None)
    length = settings.length(config)
    started = datetime.fromtimestamp(room.now, UTC).replace(microsecond=0)
    room.doc["game"] = {
        **new_match(config, length, number),
        "day": started.date().isoformat(),
        "started": started.isoformat(),
    }
    room.doc["entries"] = []
    room.doc["since"] = room.now
    room.status = KEEPING_SCORE


def seating(settings: BookSettings, seed: int) -> list[int | None]:
    """Each position's team at the start of a scorebook (Random draws them once, R9)."""
    labels = settings.labels(random.Random(f"{seed}:seating"))
    return list(labels) if labels is not None else [None] * settings.players


def entries_of(room: TableRoom) -> list[Entry]:
    config = config_of(room)
    return [scorebook.entry_from_json(config, e) for e in room.doc["entries"]]


def settle(room: TableRoom) -> None:
    """Work the match out again from the entries: totals (R27), the end (R28)."""
    game = room.doc["game"]
    config = config_of(room)
    entries = entries_of(room)
    game["totals"] = scorebook.totals(config, entries)
    game["rounds"] = len(entries)
    length = GameLength(target=game["target"], rounds=game["length_rounds"])
    early = bool(game["ended_early"]) and bool(entries)
    outcome = game_outcome(game["totals"], len(entries), length, ended_early=early)
    game.update(over=outcome.over, winners=list(outcome.winners), ended_early=early)
    room.doc["since"] = room.now
    room.status = OVER if outcome.over else KEEPING_SCORE


def _checked(room: TableRoom, data: object) -> Entry:
    try:
        return scorebook.entry_from_json(config_of(room), data)
    except EntryError as exc:
        raise SettingsError(str(exc)) from None


def add(room: TableRoom, data: object) -> Entry:
    """Enter the next round; :class:`SettingsError` if it is refused or the game is over."""
    if room.status != KEEPING_SCORE:
        raise SettingsError("this game is over: start a new one to enter more rounds")
    entry = _checked(room, data)
    room.doc["entries"].append(entry.to_json())
    settle(room)
    return entry


def replace_last(room: TableRoom, data: object) -> Entry:
    """Correct the last round entered."""
    if not room.doc["entries"]:
        raise SettingsError("there is no round to correct yet")
    entry = _checked(room, data)
    room.doc["entries"][-1] = entry.to_json()
    settle(room)
    return entry


def remove_last(room: TableRoom) -> None:
    """Delete the last round entered (the game reopens if it had ended with it)."""
    if not room.doc["entries"]:
        raise SettingsError("there is no round to delete")
    room.doc["entries"].pop()
    if not room.doc["entries"]:
        room.doc["game"]["ended_early"] = False
    settle(room)


def end_early(room: TableRoom) -> None:
    """R28: the host ends the game; the leaders win, marked ended early."""
    if room.status != KEEPING_SCORE:
        raise SettingsError("this game is already over")
    if not room.doc["entries"]:
        raise SettingsError("enter a round before ending the game")
    room.doc["game"]["ended_early"] = True
    settle(room)


def rematch(room: TableRoom) -> None:
    """A new game with the same players and teams."""
    if room.status != OVER:
        raise SettingsError("a new game follows a finished one")
    open_book(room, room.doc["game"]["number"] + 1)


def names_of(room: TableRoom) -> list[str]:
    return [room.by_position(p).name for p in range(config_of(room).players)]


def round_facts(room: TableRoom, number: int) -> tuple[RoundFacts, dict[str, Any]]:
    """Round ``number`` (from 1) as stored: its facts and the document kept as its record."""
    config = config_of(room)
    entry = entries_of(room)[number - 1]
    players = names_of(room)
    doc = {
        "game": "moon3",
        "source": facts.SCOREBOOK,
        "config": config.to_json(),
        "names": players,
        "entry": entry.to_json(),
        "meta": {"room": room.code, "game": room.doc["game"]["number"], "round": number},
    }
    return facts.round_facts(scorebook.outcome(config, entry, facts.SCOREBOOK), players), doc


def _dated(game: dict[str, Any]) -> str:
    """When the game began, as its export writes it: a game begun before scorebooks kept the
    time has its day only (its evening, :data:`core.moon3.scorebook.EVENING`)."""
    return str(game.get("started") or game["day"])


def _when(game: dict[str, Any]) -> datetime:
    dated = _dated(game)
    if len(dated) == 10:
        return datetime.combine(date.fromisoformat(dated), scorebook.EVENING)
    return datetime.fromisoformat(dated)


def kept_game(room: TableRoom) -> KeptGame:
    """The game as stored once it is over: its rounds, its result and the key of what it holds
    (the room stores the rounds as they are entered, and the game's own rows then)."""
    config = config_of(room)
    game = room.doc["game"]
    players = names_of(room)
    now = datetime.fromtimestamp(room.now, UTC)
    rounds = [
        (*round_facts(room, number), now) for number in range(1, len(room.doc["entries"]) + 1)
    ]
    totals = list(game["totals"])
    winners = list(game["winners"])
    seats_rows = [
        {
            "seat": seat,
            "name": players[seat],
            "won": unit_of(config, seat) in winners,
            "total": totals[unit_of(config, seat)],
        }
        for seat in range(config.players)
    ]
    return KeptGame(
        key=scorebook.game_key(_when(game), players, entries_of(room)),
        source=facts.SCOREBOOK,
        names=players,
        rounds=rounds,
        facts=GameFacts(config.mode.value, seats_rows),
        totals=totals,
        winners=winners,
        finished=now,
        ended_early=bool(game["ended_early"]),
    )


@dataclass(frozen=True, slots=True)
class BookRound:
    """A round as the score table shows it."""

    number: int
    bidder: int
    bid: int
    partners: tuple[int, ...]
    made: bool
    taken: int | None
    #: What each unit (team, or player in Card-Based) scored, and its total after the round.
    score: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BookView:
    """What anyone at a scorebook sees: the players, every round, the totals and the end."""

    mode: str
    names: tuple[str, ...]
    #: Each position's team (Team-wise and Random); empty in Card-Based.
    teams: tuple[int, ...]
    decks: int
    min_bid: int
    max_bid: int
    #: What each total belongs to: the two teams, or each player.
    units: tuple[str, ...]
    rounds: tuple[BookRound, ...]
    totals: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    ended_early: bool
    length: str
    game_number: int
    day: str
    #: When the game began as the export writes it (:func:`_dated`).
    dated: str

    @property
    def partners_chosen(self) -> bool:
        """Whether each round names its partners (Card-Based) rather than a fixed team."""
        return self.mode == Mode.PARTNERS.value

    def bidding_team(self, bidder: int) -> tuple[int, ...]:
        """Team-wise and Random: the bidder's whole team, the side of every bid they make."""
        return tuple(sorted([bidder, *seats.teammates(bidder, self.teams)]))


def unit_names(config: Config, players: Sequence[str]) -> tuple[str, ...]:
    """The teams by their players ("A: Asha, Chen"), or each player in Card-Based."""
    if config.mode is Mode.PARTNERS:
        return tuple(players)
    return tuple(
        f"{'AB'[t]}: " + ", ".join(players[s] for s in team)
        for t, team in enumerate(config.team_seats())
    )


def view(room: TableRoom) -> BookView:
    config = config_of(room)
    game = room.doc["game"]
    players = names_of(room)
    running = [0] * len(game["totals"])
    rounds = []
    for number, entry in enumerate(entries_of(room), start=1):
        gained = scorebook.score(config, entry)
        running = [t + g for t, g in zip(running, gained, strict=True)]
        rounds.append(
            BookRound(
                number,
                entry.bidder,
                entry.bid,
                entry.partners,
                entry.made,
                entry.taken,
                tuple(gained),
                tuple(running),
            )
        )
    length = GameLength(target=game["target"], rounds=game["length_rounds"])
    return BookView(
        mode=config.mode.value,
        names=tuple(players),
        teams=config.teams,
        decks=config.decks,
        min_bid=config.min_bid,
        max_bid=config.max_bid,
        units=unit_names(config, players),
        rounds=tuple(rounds),
        totals=tuple(game["totals"]),
        over=bool(game["over"]),
        winners=tuple(game["winners"]),
        ended_early=bool(game["ended_early"]),
        length=length.describe(),
        game_number=int(game["number"]),
        day=str(game["day"]),
        dated=_dated(game),
    )


def export(book: BookView) -> dict[str, Any]:
    """The game so far as an import document (H4): it imports elsewhere unchanged."""
    config = Config.make(
        len(book.names), book.mode, book.decks, book.min_bid, teams=book.teams or None
    )
    entries = [Entry(r.bidder, r.bid, r.partners, r.made, r.taken) for r in book.rounds]
    return {"games": [scorebook.export_game(book.dated, config, book.names, entries)]}


def export_rows(book: BookView) -> tuple[list[str], list[list[object]]]:
    """The game so far as CSV rows: the import columns (H4) with the players, the points
    taken where counted, and every total after each round."""
    header = ["date", "game", "leader", "teammates", "bid", "made", "taken", "players"]
    header += [f"total {unit}" for unit in book.units]
    players = scorebook.join_names(book.names)
    rows: list[list[object]] = [
        [
            book.dated,
            book.game_number,
            book.names[r.bidder],
            scorebook.join_names([book.names[p] for p in r.partners]),
            r.bid,
            "yes" if r.made else "no",
            "" if r.taken is None else r.taken,
            players,
            *r.totals,
        ]
        for r in book.rounds
    ]
    return header, rows

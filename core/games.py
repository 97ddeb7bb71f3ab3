"""The game protocol and registry (STYLE item 8).

Each game lives in its own folder beside ``core/moon3/`` and registers one
object that satisfies :class:`Game`. The room service, the command line and
the hand-record tools reach a game only through this registry, so adding
Spades or Thirteen is a new folder, not a fork.
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, ClassVar, Generic, Protocol, TypeVar

#: A game's own types: its config, round state, action and player view.
C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)

#: What a Create Room form holds so far: each shown option's chosen value, by name.
Chosen = Mapping[str, Any]

#: A room's status, as a game hosting it sets it. ``choosing``: the next deal waits on a
#: choice one seat makes (:class:`BeforeDeal`); ``scoring``: a scorebook awaits its next round
#: (:class:`Scorebook`).
LOBBY, CHOOSING, PLAYING, RESULTS, OVER, ABANDONED, KEEPING_SCORE = (
    "lobby",
    "choosing",
    "playing",
    "results",
    "over",
    "abandoned",
    "scoring",
)


@dataclass(frozen=True, slots=True)
class Option:
    """One choice on Create Room, as a game declares it; the form is drawn from these.

    ``kind`` is ``"toggle"`` (on/off), ``"choice"`` (one of ``choices``:
    (value, label) pairs), ``"number"`` (a typed whole number) or
    ``"slider"`` (a whole number on a slider), from ``low`` to ``high`` by
    ``step``. An option may depend on the ones before it: ``default``,
    ``choices`` and ``high`` may be functions of what is chosen so far, ``shown`` says
    whether it is asked at all, ``note`` is a line under it. The game checks
    what comes back (its settings' ``checked``), so a form never holds a rule.
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] | Callable[[Chosen], tuple[tuple[Any, str], ...]] = ()
    help: str = ""
    low: int = 0
    high: int | Callable[[Chosen], int] = 0
    step: int = 1
    shown: Callable[[Chosen], bool] | None = None
    note: Callable[[Chosen], str] | None = None

    def default_for(self, chosen: Chosen) -> Any:
        """The default, given what is chosen so far."""
        return self.default(chosen) if callable(self.default) else self.default

    def choices_for(self, chosen: Chosen) -> tuple[tuple[Any, str], ...]:
        """The (value, label) choices, given what is chosen so far."""
        return self.choices(chosen) if callable(self.choices) else self.choices

    def high_for(self, chosen: Chosen) -> int:
        """The largest value, given what is chosen so far."""
        return self.high(chosen) if callable(self.high) else self.high

    def asked(self, chosen: Chosen) -> bool:
        """Whether the form asks this, given what is chosen so far."""
        return self.shown is None or self.shown(chosen)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game that just ended: its winners (teams, sides or seats, as the game counts) and how."""

    winners: list[int]
    ended_early: bool = False
    abandoned: bool = False


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What a round leaves for the stats, as plain data the store writes.

    The shared round row takes the mode, table size and jokers; ``rows``
    holds the game's own rows by table name (one per round, one per seat,
    one per event…), written with the round's id. An abandoned or unfinished
    round keeps no rows.
    """

    mode: str
    players: int
    jokers: bool = False
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: The shape of the game's rows; stored rounds of an older one get theirs again.
    version: int = 1
    #: How the round was kept: ``table`` (dealt here), ``scorebook`` or ``import`` (no cards).
    source: str = "table"


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What a finished game leaves for the stats: its mode and each seat's result.

    ``seats`` holds one ``{"seat", "name", "won", "total"}`` per seat: every
    member of a winning side won, with the side's final total.
    """

    mode: str
    seats: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class KeptGame:
    """A whole game kept without cards (entered in a scorebook, or imported): what the store
    writes for it, each round's facts with the document kept as its record and its time."""

    #: What identifies the game's content (its date, players and rounds): stored once only.
    key: str
    #: ``scorebook`` or ``import``.
    source: str
    names: list[str]
    rounds: list[tuple[RoundFacts, dict[str, Any], datetime]]
    facts: GameFacts
    totals: list[int]
    winners: list[int]
    finished: datetime
    ended_early: bool = False


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a move as a page sends it (SPEC P8): the JSON kinds it may hold.

    A value fits when it is one of the kinds given: ``text``, a string of at
    most that many characters; ``number``, a whole number from ``number[0]``
    to ``number[1]``; ``flag``, true or false; ``texts``, a list of at most
    ``texts[0]`` strings of at most ``texts[1]`` characters each. What the
    value means (which card, whether the bid is legal) is the game's to check.
    """

    text: int = 0
    number: tuple[int, int] | None = None
    flag: bool = False
    texts: tuple[int, int] | None = None
    #: The move may leave this field out.
    optional: bool = False


#: A game's moves as its pages send them: each move's ``type`` with the fields it carries
#: besides it. The gate refuses any other type, any other field, or a field of another kind.
Moves = Mapping[str, Mapping[str, Field]]


class Recorded(Protocol):
    """An action with its hand-record form (every game's actions have one)."""

    def to_json(self) -> dict[str, object]: ...


def sent_form(action: Recorded) -> dict[str, object]:
    """A move as a page sends it: the action's hand-record form without the seat, which the
    player's token decides."""
    data = action.to_json()
    data.pop("seat", None)
    return data


class SettingsError(ValueError):
    """A room's settings, or a choice before a round, that the game's rules refuse."""


class SeatLike(Protocol):
    """A seat of a room as a game may read (and, seating, set) it."""

    id: int | None
    join_order: int
    name: str
    position: int | None
    team: int | None


class TableRoom(Protocol):
    """What a game may touch of a room while hosting it (the room service supplies it).

    ``doc`` is the room's JSON document: the game keeps its match in
    ``doc["game"]`` and the round in play, as its hand record, in
    ``doc["round"]``; ``since`` is when the table last moved.
    """

    doc: dict[str, Any]
    now: float
    changed: bool

    @property
    def code(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatLike]: ...

    @property
    def status(self) -> str: ...

    @status.setter
    def status(self, value: str) -> None: ...

    def state(self) -> Any:
        """The round in play, rebuilt from its record (cached)."""
        ...

    def set_state(self, state: Any) -> None:
        """Keep ``state`` as the round in play (``None``: no round)."""
        ...

    def by_position(self, position: int) -> SeatLike:
        """The seat at a table position."""
        ...

    def host(self) -> SeatLike | None:
        """The host's seat, if any."""
        ...

    def ask(self, choice: Choice) -> None:
        """Wait for ``choice`` before the next deal (:class:`BeforeDeal`)."""
        ...


class RoomSettings(Protocol):
    """What every game's Create Room settings offer the platform (the rest is the game's)."""

    #: The game they are for (its name in the registry).
    game: ClassVar[str]

    @property
    def players(self) -> int:
        """How many seats the table has."""
        ...

    @property
    def hints(self) -> bool:
        """Whether players may ask the Expert for a suggestion."""
        ...

    def checked(self) -> Any:
        """The settings filled in and checked; :class:`SettingsError` if the rules refuse."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The settings as the room's document keeps them."""
        ...


@dataclass(frozen=True, slots=True)
class Hint:
    """The Expert's advice for a turn: the action and, where the game has them, its estimates
    (Moon 3 of Spades while bidding: the points the side may expect under each trump)."""

    action: Any
    estimates: tuple[int, ...] | None = None


class Hosting(Protocol[C, S, A]):
    """A game's side of hosting a match in a room (``core/<game>/table.py``).

    The room service keeps the lobby, seats, tokens, timers, abandonment and the
    store; it asks the game for everything else through these hooks. Most of
    them a game takes from the shared hosting base (:mod:`core.hosting`).
    """

    @property
    def OPTIONS(self) -> tuple[Option, ...]:
        """The Create Room form, drawn from these."""
        ...

    @property
    def QUICK_OPTIONS(self) -> tuple[Option, ...]:
        """Quick game's own questions for this game."""
        ...

    @property
    def FACTS_TABLES(self) -> tuple[str, ...]:
        """The game's own stats tables (``core/store/<game>/tables.py``)."""
        ...

    @property
    def FACTS_VERSION(self) -> int:
        """The shape of its rows there (older rows are derived again)."""
        ...

    @property
    def REFUSED(self) -> tuple[type[Exception], ...]:
        """What a move refused by the rules raises, for the room to refuse it."""
        ...

    def settings_from_form(self, chosen: Chosen) -> RoomSettings:
        """The settings a Create Room form holds (its values by option name)."""
        ...

    def quick_settings(self, players: int, chosen: Chosen) -> RoomSettings:
        """A quick game's table for ``players`` (the host the only human)."""
        ...

    def settings_from_json(self, data: dict[str, Any]) -> RoomSettings:
        """The settings a room keeps, back from its document."""
        ...

    def settings_for(self, config: C) -> RoomSettings:
        """Room settings that deal rounds of ``config`` (to open a room for any config)."""
        ...

    def begin(self, room: TableRoom, host_id: int | None) -> None:
        """Seat every player (positions, teams) and open the game's first round."""
        ...

    def start_round(self, room: TableRoom) -> None:
        """Open the next round (or the choice before it, where the game has one)."""
        ...

    def restore(self, data: dict[str, Any]) -> S:
        """The round of a stored hand record (its actions were checked when taken)."""
        ...

    def parse(self, data: object) -> A:
        """A move as a page sent it, with its seat set by the room; raises a ``REFUSED``."""
        ...

    def took(self, room: TableRoom, move: A, auto: bool = False) -> bool:
        """Apply a move (checked) and record it; whether the round is over."""
        ...

    def finish_round(self, room: TableRoom) -> GameEnd | None:
        """Score the finished round into the match; the game's end, if it ends with it."""
        ...

    def close(self, room: TableRoom, end: GameEnd) -> GameEnd:
        """Mark the game over (or abandoned)."""
        ...

    def end_early(self, room: TableRoom) -> GameEnd:
        """The host ends the game between rounds: the leaders win."""
        ...

    def rematch(self, room: TableRoom, host_position: int) -> None:
        """A new game with the same seats (and teams)."""
        ...

    def game_config(self, room: TableRoom) -> C:
        """The config of the game in the room."""
        ...

    def length_text(self, game: dict[str, Any]) -> str:
        """The game's length in words ("first to 250 points", "5 hands")."""
        ...

    def hint(self, view: Any, rng: random.Random, deadline: float) -> Hint:
        """The Expert's advice for the viewer's own turn, worked out by ``deadline``."""
        ...

    def round_facts(self, state: S, names: Sequence[str]) -> RoundFacts:
        """What a finished (or abandoned) round leaves for the stats."""
        ...

    def game_facts(
        self, config: C, names: Sequence[str], totals: Sequence[int], winners: Sequence[int]
    ) -> GameFacts:
        """What a finished game leaves for the stats: each seat's result."""
        ...


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice one seat makes before a deal: who chooses, and the pieces preselected."""

    chooser: int
    default: tuple[str, ...]


class BeforeDeal(Protocol):
    """An optional capability: a choice before each deal (Moon 3 of Spades: the cards removed
    when the deck does not divide, R5–R6). The room waits on the chooser (a bot or a
    stand-in takes the preselection), then the game deals."""

    @property
    def earlier(self) -> str:
        """The name rooms saved by an earlier release gave this choice (their status and the
        key of their document), read as today's."""
        ...

    def needed(self, room: TableRoom) -> Choice | None:
        """The choice the next deal waits for, if any."""
        ...

    def options(self, room: TableRoom) -> tuple[int, ...]:
        """Every piece the chooser may pick (with copies)."""
        ...

    def default(self, room: TableRoom) -> tuple[int, ...]:
        """The pieces preselected."""
        ...

    def choose(self, room: TableRoom, picked: Sequence[str]) -> None:
        """Take the chooser's pieces (:class:`SettingsError` if the rules refuse) and deal."""
        ...


class TimedMove(Protocol):
    """An optional capability: a move the table makes for a human who lets a timer run out
    (Moon 3 of Spades' bidding timer, R14)."""

    def seconds(self, room: TableRoom) -> float | None:
        """How long the seat to act has now, or ``None`` while no timer runs."""
        ...

    def timeout_action(self, room: TableRoom) -> Any:
        """The move made when the time is up (marked automatic in the record)."""
        ...


class LobbyTeams(Protocol):
    """An optional capability: players pick their team in the lobby (Moon 3 of Spades'
    Team-wise mode, R8)."""

    def chosen(self, settings: Any) -> bool:
        """Whether players pick teams in a room with these settings."""
        ...

    def team_for(self, settings: Any, taken: list[int | None], wanted: int | None) -> int | None:
        """The team a newcomer (or a player switching) takes, given the teams of the others;
        :class:`SettingsError` if that team is full."""
        ...


class Scorebook(Protocol):
    """An optional capability: a room with no deal whose rounds are entered by hand (H3)."""

    @property
    def KEY_VERSION(self) -> int:
        """The shape of the key a kept game is stored under (older ones are worked out anew)."""
        ...

    def settings_from_json(self, data: dict[str, Any]) -> RoomSettings:
        """The "Keep score" settings a book keeps, back from its document."""
        ...

    def seating(self, settings: Any, seed: int) -> list[int | None]:
        """Each named player's team (``None`` where teams are not kept), seat by seat."""
        ...

    def open_book(self, room: TableRoom, number: int = 1) -> None:
        """Start the book's game ``number``."""
        ...

    def add(self, room: TableRoom, data: object) -> Any:
        """Enter a round; :class:`SettingsError` if it breaks a rule."""
        ...

    def replace_last(self, room: TableRoom, data: object) -> Any:
        """Correct the last round entered."""
        ...

    def remove_last(self, room: TableRoom) -> None:
        """Delete the last round entered."""
        ...

    def end_early(self, room: TableRoom) -> None:
        """End the game after the last round entered."""
        ...

    def rematch(self, room: TableRoom) -> None:
        """A new game at the same table."""
        ...

    def names_of(self, room: TableRoom) -> list[str]:
        """The players' names, seat by seat."""
        ...

    def round_facts(self, room: TableRoom, number: int) -> tuple[RoundFacts, dict[str, Any]]:
        """What round ``number`` leaves for the stats, and the document it is kept as."""
        ...

    def kept_game(self, room: TableRoom) -> KeptGame:
        """The finished game as the store keeps it."""
        ...

    def stored_key(self, rounds: Sequence[tuple[dict[str, Any], datetime]]) -> str | None:
        """A stored game's key worked out again from its stored rounds."""
        ...

    def view(self, room: TableRoom) -> Any:
        """What every visitor of the book sees (rounds entered, totals)."""
        ...

    def export(self, book: Any) -> dict[str, Any]:
        """The game as a JSON history (the import format)."""
        ...

    def export_rows(self, book: Any) -> tuple[list[str], list[list[object]]]:
        """The game as CSV rows (the import format)."""
        ...


class HistoryImport(Protocol):
    """An optional capability: a group's history read from a file (H4)."""

    def read_history(
        self, data: bytes, filename: str = "", zone: str = "UTC", undated: date | None = None
    ) -> Any:
        """Every line of a file read and checked, with its games and its problems."""
        ...


# The drivers, ``python -m core simulate`` and ``tournament`` (core/simulate.py,
# core/tournament.py), are written once: they deal, let bots play from player views, keep
# rounds and games, pool processes and sum up. A game declares only its own part of each.

S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class Played(Protocol[S_co]):
    """A game's match across rounds as the simulate driver plays it: it deals the next round,
    and knows its totals, the rounds scored so far and how it ended."""

    @property
    def totals(self) -> list[int]: ...

    @property
    def hands(self) -> int:
        """Rounds scored so far."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def winners(self) -> list[int]: ...

    def deal(self, seed: int) -> S_co:
        """The next round, dealt from ``seed``."""
        ...


M = TypeVar("M", bound=Played[Any])
M_contra = TypeVar("M_contra", bound=Played[Any], contravariant=True)


@dataclass(frozen=True, slots=True)
class Ran:
    """What every simulate run counts, for the game's summary of it."""

    bot: str
    seed: int
    #: Rounds scored, deals played (a deal passed out is no round) and whole games finished.
    rounds: int
    deals: int
    games: int
    seconds: float

    @property
    def per_second(self) -> float | None:
        """Deals played a second."""
        return round(self.deals / self.seconds, 1) if self.seconds else None


class Tally(Protocol[S_contra, M_contra]):
    """What one simulate run of a game counts, and how its summary reads."""

    def settle(self, match: M_contra, state: S_contra) -> bool:
        """Score a finished deal into the match and count it; ``False`` when the deal ended
        with no round to score (a deal passed out, which the match has moved past)."""
        ...

    def summary(self, ran: Ran) -> dict[str, Any]:
        """The run's figures, as ``--json`` prints them."""
        ...

    def report(self, summary: dict[str, Any]) -> list[str]:
        """The summary in lines of text."""
        ...


class Simulation(Protocol[C, S_contra, M]):
    """A game's own part of ``python -m core simulate`` (``core/<game>/simulate.py``)."""

    @property
    def UNIT(self) -> str:
        """What the game calls a round ("round", "hand"): its records are named after it."""
        ...

    @property
    def DEMO(self) -> tuple[tuple[tuple[str, ...], int], ...]:
        """The tables ``python -m core demo`` seeds: each one's options and games."""
        ...

    def options(self, group: argparse._ActionsContainer) -> None:
        """The game's own options (no other game's command line has them)."""
        ...

    def config(self, args: argparse.Namespace, rng: random.Random) -> C:
        """The config the options ask for; :class:`SettingsError` if the rules refuse it."""
        ...

    def match(self, config: C, rng: random.Random) -> M:
        """A new game's match."""
        ...

    def tally(self, config: C) -> Tally[S_contra, M]:
        """A run's counts, all nought."""
        ...


#: A seating of a duplicate deal: ``owner[seat]`` is 0 for level A's seats, 1 for level B's.
Seating = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealSet:
    """One deal played under every seating of a duplicate tournament, as the game scores it:
    each level's figure (its score a round, a seat or a side, as the game measures it) and
    what else the game counts for each level."""

    figures: tuple[float, float]
    counts: tuple[dict[str, int], dict[str, int]]

    @property
    def diff(self) -> float:
        """Level A's figure less level B's."""
        return self.figures[0] - self.figures[1]


class Tournament(Protocol[C, S_contra]):
    """A game's own part of ``python -m core tournament`` (``core/<game>/tournament.py``)."""

    @property
    def UNIT(self) -> str:
        """What a deal played under every seating is called ("deal pair", "deal set")."""
        ...

    @property
    def DIGITS(self) -> int:
        """The decimals of a level's figure and of the difference."""
        ...

    def options(self, group: argparse._ActionsContainer) -> None:
        """The game's own options (no other game's command line has them)."""
        ...

    def config(self, args: argparse.Namespace) -> C:
        """The config the options ask for; :class:`SettingsError` if the rules refuse it."""
        ...

    def opener(self, config: C, index: int) -> int:
        """The first bidder of deal number ``index`` (the opening goes round the table)."""
        ...

    def seatings(self, config: C) -> Sequence[Seating]:
        """The seatings each deal is played under, each level in every seat equally."""
        ...

    def scored(self, config: C, plays: Sequence[tuple[Seating, S_contra]]) -> DealSet:
        """A deal's plays, one finished round a seating, scored for the two levels."""
        ...

    def head(self, config: C) -> dict[str, Any]:
        """The table played at, as the summary's first fields."""
        ...

    def describe(self, config: C) -> str:
        """The table played at, in words."""
        ...

    def level_summary(self, mean: float, counts: dict[str, int]) -> dict[str, Any]:
        """A level's figures: ``mean`` of its figure over the deals, and its counts summed (a
        count no deal made reads 0)."""
        ...

    def level_line(self, level: dict[str, Any]) -> str:
        """A level's figures in words (after its name)."""
        ...


class Game(Protocol[C, S, A, V]):
    """What every game offers the platform (SPEC P2, P8), over its own config, state, action
    and player view types. A capability a game lacks is ``None``."""

    @property
    def name(self) -> str:
        """Its name in the registry (also its folders' name)."""
        ...

    @property
    def title(self) -> str:
        """Its name for players."""
        ...

    @property
    def moves(self) -> Moves:
        """The fields of every move a page may send (the gate checks each move by them)."""
        ...

    @property
    def table(self) -> Hosting[C, S, A]:
        """Its side of hosting a match in a room."""
        ...

    @property
    def screens(self) -> str:
        """The package of its screens (``ui/<game>``), for the pages (``ui.games``)."""
        ...

    @property
    def store(self) -> str:
        """The package of its own store modules (``core/store/<game>``): ``tables``, its own
        tables, created when the store opens (where it has any), and ``stats``, its figures
        (``core.stats`` reads them)."""
        ...

    # Optional capabilities: each is ``None`` in a game that lacks it.

    @property
    def before_deal(self) -> BeforeDeal | None:
        """A choice one seat makes before each deal."""
        ...

    @property
    def timed(self) -> TimedMove | None:
        """A move the table makes for a human who lets a timer run out."""
        ...

    @property
    def lobby_teams(self) -> LobbyTeams | None:
        """Teams the players pick in the lobby."""
        ...

    @property
    def book(self) -> Scorebook | None:
        """A scorebook for games played with real cards."""
        ...

    @property
    def history(self) -> HistoryImport | None:
        """A group's history read from a file."""
        ...

    def make_config(self, **options: Any) -> C:
        """A validated config from options; unknown options are an error."""
        ...

    def deal(self, config: C, first_bidder: int, seed: int) -> S:
        """A fresh round dealt from ``seed``."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """The legal actions of the seat to act (empty once the round is over)."""
        ...

    def apply(self, state: S, action: A) -> None:
        """Check and apply one action, raising the game's refusal on an illegal one."""
        ...

    def apply_unchecked(self, state: S, action: A) -> None:
        """Apply a legal action without checking it (bots and simulation)."""
        ...

    def player_view(self, state: S, seat: int | None) -> V:
        """What one seat, or a spectator (``None``), may see."""
        ...

    def replay_record(self, data: object) -> dict[str, object]:
        """Replay a parsed hand record and describe where it ends."""
        ...

    def describe(self, state: S) -> dict[str, object]:
        """Where a round stands, as ``replay`` prints it for the game's records."""
        ...

    def dump_record(self, state: S) -> dict[str, Any]:
        """The round's hand record (with ``"game"``), as dealt and played so far."""
        ...

    def clone(self, state: S) -> S:
        """An independent copy of a round (bots and tests advance copies)."""
        ...

    def to_act(self, state: S) -> int | None:
        """The seat to act, or ``None`` once the round is over."""
        ...

    def sample_configs(self) -> Sequence[C]:
        """Configs covering every table size and option, for the tests that run every game."""
        ...

    def seats_of(self, config: C) -> int:
        """How many players a config seats."""
        ...

    def bot(self, level: str, budget_ms: float | None = None) -> Player[V, A]:
        """The game's bot of a level (random, rules, expert), deciding from player views."""
        ...

    @property
    def simulation(self) -> Simulation[C, S, Any] | None:
        """Its own part of ``python -m core simulate``; ``None``: played in rooms only."""
        ...

    @property
    def tournament(self) -> Tournament[C, S] | None:
        """Its own part of ``python -m core tournament``; ``None``: played in rooms only."""
        ...

    # What the tests that run every game ask of it (STYLE item 9).

    def action_order(self, action: A) -> Any:
        """The key that sorts one phase's legal actions into the order the game's section of
        the SPEC gives them: ``legal_actions`` lists them by ascending key."""
        ...

    def full_set(self, config: C) -> Counter[Any]:
        """Every piece a round of ``config`` is played with, each as often as the set holds
        it (those removed or set aside before the deal included)."""
        ...

    def pieces(self, state: S) -> dict[str, Counter[Any]]:
        """Where every piece of the round lies now, by place (each seat's hand, the tricks,
        the removed, the widow…); together they are always ``full_set`` of the config."""
        ...

    def redeal_unseen(self, state: S, seat: int | None, rng: random.Random) -> S:
        """A copy of ``state`` with the pieces ``seat`` (``None``: a spectator) may not see
        dealt again at random among the places that hold them, each keeping its count: the
        same table as that seat knows it, so its view must not change."""
        ...

    def points_shared(self, state: S) -> tuple[list[int], int]:
        """What each seat took of what a round always shares out (card points, tricks,
        places), and the total those add up to once the round is over."""
        ...

    def replay_state(self, data: object) -> S:
        """The round a parsed hand record reaches, as a state (``replay_record`` describes it)."""
        ...


class Player(Protocol[V_contra, A_co]):
    """A bot: it decides from a player view alone (SPEC P5)."""

    @property
    def level(self) -> str:
        """Its level: random, rules or expert."""
        ...

    def choose(self, view: V_contra, rng: random.Random) -> A_co:
        """One legal action for the view's seat."""
        ...


class RoundState(Protocol):
    """What the contract reads of every game's round state itself: whose turn it is, and an
    independent copy (bots and tests advance copies)."""

    @property
    def to_act(self) -> int | None: ...

    def clone(self) -> Any: ...


class SeatedConfig(Protocol):
    """What the contract reads of every game's config itself: how many players it seats."""

    @property
    def players(self) -> int: ...


R = TypeVar("R", bound=RoundState)
R_contra = TypeVar("R_contra", bound=RoundState, contravariant=True)
K = TypeVar("K", bound=SeatedConfig)
K_contra = TypeVar("K_contra", bound=SeatedConfig, contravariant=True)

# A game's own modules, as :class:`Declared` reads them: each member is :class:`Game`'s of
# the same name.


class RoundRules(Protocol[R_contra, A]):
    """A game's rules (``core/<game>/rules.py``): its legal actions, in order, and its moves."""

    def legal_actions(self, state: R_contra, /) -> Sequence[A]: ...

    def apply(self, state: R_contra, action: A, /) -> None: ...

    def apply_unchecked(self, state: R_contra, action: A, /) -> None: ...

    def action_order(self, action: A, /) -> Any: ...


class RoundRecord(Protocol[R_contra]):
    """A game's hand records (``core/<game>/record.py``): one replayed, and a round dumped."""

    def replay_result(self, data: object, /) -> dict[str, object]: ...

    def dump(self, state: R_contra, /) -> dict[str, Any]: ...


class RoundPlaces(Protocol[K_contra, R]):
    """Where a game's pieces lie (``core/<game>/places.py``), for the tests of every game."""

    def full_set(self, config: K_contra, /) -> Counter[Any]: ...

    def pieces(self, state: R, /) -> dict[str, Counter[Any]]: ...

    def redeal_unseen(self, state: R, seat: int | None, rng: random.Random, /) -> R: ...

    def points_shared(self, state: R, /) -> tuple[list[int], int]: ...


@dataclass(frozen=True)
class Declared(Generic[K, R, A, V]):
    """The one adapter every game registers (SPEC P8): the game declared from its own
    functions and modules, instead of a class of methods that only hand each call on.

    Each field is the member of :class:`Game` of the same name, but for three of the game's
    modules: ``rules``, ``places`` and ``record`` (its ``replay_result`` and ``dump`` are
    ``replay_record`` and ``dump_record``), whose functions become those members when the
    game is declared; they stay plain fields, as bots and simulation call them in their
    inner loops. ``bots`` makes the game's bot of a level (:func:`bots_in`); the seats of a
    config are its players. What the game lacks is ``None``.
    """

    name: str
    title: str
    moves: Moves
    table: Hosting[K, R, A]
    make_config: Callable[..., K]
    sample_configs: Callable[[], Sequence[K]]
    bots: Callable[[str, float | None], Player[V, A]]
    deal: Callable[[K, int, int], R]
    rules: RoundRules[R, A]
    places: RoundPlaces[K, R]
    player_view: Callable[[R, int | None], V]
    record: RoundRecord[R]
    describe: Callable[[R], dict[str, object]]
    replay_state: Callable[[object], R]
    simulation: Simulation[K, R, Any] | None = None
    tournament: Tournament[K, R] | None = None
    before_deal: BeforeDeal | None = None
    timed: TimedMove | None = None
    lobby_teams: LobbyTeams | None = None
    book: Scorebook | None = None
    history: HistoryImport | None = None
    #: The packages of its screens and of its own store modules: by default its folders,
    #: ``ui/<name>`` and ``core/store/<name>``.
    screens: str = ""
    store: str = ""
    legal_actions: Callable[[R], Sequence[A]] = field(init=False)
    apply: Callable[[R, A], None] = field(init=False)
    apply_unchecked: Callable[[R, A], None] = field(init=False)
    action_order: Callable[[A], Any] = field(init=False)
    replay_record: Callable[[object], dict[str, object]] = field(init=False)
    dump_record: Callable[[R], dict[str, Any]] = field(init=False)
    full_set: Callable[[K], Counter[Any]] = field(init=False)
    pieces: Callable[[R], dict[str, Counter[Any]]] = field(init=False)
    redeal_unseen: Callable[[R, int | None, random.Random], R] = field(init=False)
    points_shared: Callable[[R], tuple[list[int], int]] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "screens", self.screens or f"ui.{self.name}")
        object.__setattr__(self, "store", self.store or f"core.store.{self.name}")
        rules, record, places = self.rules, self.record, self.places
        for name, member in (
            ("legal_actions", rules.legal_actions),
            ("apply", rules.apply),
            ("apply_unchecked", rules.apply_unchecked),
            ("action_order", rules.action_order),
            ("replay_record", record.replay_result),
            ("dump_record", record.dump),
            ("full_set", places.full_set),
            ("pieces", places.pieces),
            ("redeal_unseen", places.redeal_unseen),
            ("points_shared", places.points_shared),
        ):
            object.__setattr__(self, name, member)

    def clone(self, state: R) -> R:
        copied: R = state.clone()
        return copied

    def to_act(self, state: R) -> int | None:
        return state.to_act

    def seats_of(self, config: K) -> int:
        return config.players

    def bot(self, level: str, budget_ms: float | None = None) -> Player[V, A]:
        return self.bots(level, budget_ms)


def bots_in(module: str) -> Callable[[str, float | None], Player[Any, Any]]:
    """A game's bot factory: ``get(level, budget_ms)`` of ``module``, imported when a bot is
    first asked for (the bots build on the engine, which loads without them)."""

    def bot(level: str, budget_ms: float | None) -> Player[Any, Any]:
        made: Player[Any, Any] = importlib.import_module(module).get(level, budget_ms)
        return made

    return bot


#: Any registered game, as shared code holds it (each game's own types are its business).
AnyGame = Game[Any, Any, Any, Any]

REGISTRY: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game to the registry under its name."""
    REGISTRY[game.name] = game
    return game


def names() -> list[str]:
    """Every registered game's name."""
    _load_builtin()
    return sorted(REGISTRY)


def get(name: str) -> AnyGame:
    """The registered game called ``name``."""
    found = REGISTRY.get(name)
    if found is not None:  # asked on every call of a room: the common case costs a lookup
        return found
    _load_builtin()
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(REGISTRY))}") from None


def having(part: Callable[[AnyGame], object]) -> list[str]:
    """Every registered game's name that declares ``part`` (its simulation, its tournament…)."""
    return [name for name in names() if part(get(name)) is not None]


def game_option(parser: argparse.ArgumentParser, playable: Sequence[str]) -> None:
    """The ``--game`` option of a command that plays any of ``playable`` (the flagship unless
    told); each game's own options follow it."""
    parser.add_argument(
        "--game",
        default=FLAGSHIP,
        choices=playable,
        help=f"the game to play (default {FLAGSHIP}); "
        "--game GAME --help lists that game's own options",
    )


def book_of(name: str) -> Scorebook:
    """A game's scorebook; KeyError if it keeps none."""
    book = get(name).book
    if book is None:
        raise KeyError(f"{get(name).title} has no scorebook")
    return book


#: Modules that register the built-in games when imported.
BUILTIN = ("core.moon3.game", "core.spades.game", "core.moon_dominoes.game", "core.thirteen.game")
#: The flagship: the game a command plays unless told, first in every list, and the game of
#: every room, round and record from before games were named (SPEC P7).
FLAGSHIP = "moon3"


def _load_builtin() -> None:
    for module in BUILTIN:
        importlib.import_module(module)

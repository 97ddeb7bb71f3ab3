"""The game protocol and registry (STYLE item 8).

Each game lives in its own folder beside ``core/moon3/`` and registers one
object that satisfies :class:`Game`. The room service, the command line and
the hand-record tools reach a game only through this registry, so adding
Spades or Thirteen is a new folder, not a fork.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

#: What a Create Room form holds so far: each shown option's chosen value, by name.
Chosen = Mapping[str, Any]


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

    ``columns`` fills the game's own columns of the shared round row;
    ``rows`` holds the game's own rows by table name (one per seat, one per
    event…), written with the round's id. An abandoned or unfinished round
    keeps its columns and no rows.
    """

    mode: str
    players: int
    jokers: bool = False
    columns: dict[str, Any] = field(default_factory=dict)
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

    code: str
    doc: dict[str, Any]
    now: float
    changed: bool
    seats: list[Any]

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

    def by_position(self, position: int) -> Any:
        """The seat at a table position."""
        ...

    def host(self) -> Any:
        """The host's seat, if any."""
        ...


class Game(Protocol):
    """What every game offers the platform. States and actions are the game's own types."""

    name: str
    title: str
    #: The fields of every move a page may send (the gate checks each move against these).
    moves: Moves

    def make_config(self, **options: Any) -> Any:
        """A validated config from options; unknown options are an error."""
        ...

    def deal(self, config: Any, first_bidder: int, seed: int) -> Any:
        """A fresh round dealt from ``seed``."""
        ...

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """The legal actions of the seat to act (empty once the round is over)."""
        ...

    def apply(self, state: Any, action: Any) -> None:
        """Check and apply one action, raising the game's refusal on an illegal one."""
        ...

    def apply_unchecked(self, state: Any, action: Any) -> None:
        """Apply a legal action without checking it (bots and simulation)."""
        ...

    def player_view(self, state: Any, seat: int | None) -> Any:
        """What one seat, or a spectator (``None``), may see."""
        ...

    def replay_record(self, data: object) -> dict[str, object]:
        """Replay a parsed hand record and describe where it ends."""
        ...

    def describe(self, state: Any) -> dict[str, object]:
        """Where a round stands, as ``replay`` prints it for the game's records."""
        ...

    def dump_record(self, state: Any) -> dict[str, Any]:
        """The round's hand record (with ``"game"``), as dealt and played so far."""
        ...

    def clone(self, state: Any) -> Any:
        """An independent copy of a round (bots and tests advance copies)."""
        ...

    def to_act(self, state: Any) -> int | None:
        """The seat to act, or ``None`` once the round is over."""
        ...

    def sample_configs(self) -> Sequence[Any]:
        """Configs covering every table size and option, for the tests that run every game."""
        ...

    def seats_of(self, config: Any) -> int:
        """How many players a config seats."""
        ...

    def bot(self, level: str, budget_ms: float | None = None) -> Any:
        """The game's bot of a level (random, rules, expert), deciding from player views."""
        ...

    def cli_options(self, group: Any, command: str) -> None:
        """The game's own options of ``simulate`` or ``tournament``, added to ``group``."""
        ...

    def cli_simulate(self, args: Any) -> int:
        """``python -m core simulate --game <name>``: the game's own run of the shared options."""
        ...

    def cli_tournament(self, args: Any) -> int:
        """``python -m core tournament --game <name>``: the game's duplicate matches."""
        ...

    def action_order(self, action: Any) -> Any:
        """The key that sorts one phase's legal actions into the order the game's section of
        the SPEC gives them: ``legal_actions`` lists them by ascending key."""
        ...

    def full_set(self, config: Any) -> Counter[Any]:
        """Every piece a round of ``config`` is played with, each as often as the set holds
        it (those removed or set aside before the deal included)."""
        ...

    def pieces(self, state: Any) -> dict[str, Counter[Any]]:
        """Where every piece of the round lies now, by place (each seat's hand, the tricks,
        the removed, the widow…); together they are always ``full_set`` of the config."""
        ...

    def redeal_unseen(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """A copy of ``state`` with the pieces ``seat`` (``None``: a spectator) may not see
        dealt again at random among the places that hold them, each keeping its count: the
        same table as that seat knows it, so its view must not change."""
        ...

    def points_shared(self, state: Any) -> tuple[list[int], int]:
        """What each seat took of what a round always shares out (card points, tricks,
        places), and the total those add up to once the round is over."""
        ...

    def replay_state(self, data: object) -> Any:
        """The round a parsed hand record reaches, as a state (``replay_record`` describes it)."""
        ...


REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry under its name."""
    REGISTRY[game.name] = game
    return game


def table_of(name: str) -> Any:
    """A game's side of hosting a room (``core/<game>/table.py``); KeyError if it has none."""
    table = getattr(get(name), "table", None)
    if table is None:
        raise KeyError(f"{name} cannot be played in a room yet")
    return table


def book_of(name: str) -> Any:
    """A game's scorebook for games played with real cards (``core/<game>/book.py``); KeyError
    if it keeps none."""
    book = getattr(get(name), "book", None)
    if book is None:
        raise KeyError(f"{name} has no scorebook")
    return book


def names() -> list[str]:
    """Every registered game's name."""
    _load_builtin()
    return sorted(REGISTRY)


def get(name: str) -> Game:
    """The registered game called ``name``."""
    _load_builtin()
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(REGISTRY))}") from None


#: Modules that register the built-in games when imported.
BUILTIN = ("core.moon3.game", "core.spades.game", "core.moon_dominoes.game", "core.thirteen.game")
#: The flagship: the game a command plays unless told, first in every list, and the game of
#: every room, round and record from before games were named (SPEC P7).
FLAGSHIP = "moon3"


def _load_builtin() -> None:
    for module in BUILTIN:
        importlib.import_module(module)

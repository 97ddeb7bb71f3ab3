"""The screens' side of the contract: what a game's UI offers the shared pages (SPEC P8).

Pages never name a game: they ask :func:`screens_of` for the :class:`Screens`
the room's (or the selector's) game declares, in the package its registration
names (:attr:`core.games.Game.screens`, ``ui/<game>``, whose ``SCREENS`` holds
them). What only some games have — teams picked in the lobby, a smaller felt
while a decision needs the room, a scorebook, a recap, the home page's
introduction — is ``None`` in the others, and the pages ask before they call.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import streamlit as st

from core import games
from core.rooms import RoomView
from core.stats import Stats
from ui.felt import Now, Place
from ui.turn import Turn


class Felt(Protocol):
    """What the felt says at a game's table (``ui/<game>/table.py``)."""

    def places(self, view: RoomView) -> list[Place]:
        """Every seat around the table, from the viewer's own place."""
        ...

    def corners(self, view: RoomView) -> tuple[str, str, str, str]:
        """The four corners' HTML: scores, the contract, and what else the game shows."""
        ...

    def centre_html(self, view: RoomView) -> str:
        """The middle of the felt (the trick, the play to beat)."""
        ...

    def now(self, view: RoomView, at: float | None = None) -> Now:
        """What the table is waiting for."""
        ...

    def narration(self, view: RoomView) -> str:
        """One line on what just happened."""
        ...


class Controls(Protocol):
    """A game's controls and words at the table (``ui/<game>/play.py``)."""

    @property
    def CSS(self) -> str:
        """The styles of its controls, put once at the top of the room page."""
        ...

    @property
    def ROUND(self) -> str:
        """What the game calls a round ("round", "hand")."""
        ...

    def summary(self, settings: Any) -> str:
        """The room's settings in one line, for the lobby."""
        ...

    def play(self, view: RoomView, turn: Turn) -> None:
        """Everything under the felt while a round is played (or a choice before it)."""
        ...

    def results(self, view: RoomView) -> None:
        """The finished round's result."""
        ...

    def units(self, view: RoomView) -> list[str]:
        """Who scores, in the order of the totals (teams, sides or players)."""
        ...


class LobbyTeams(Protocol):
    """The lobby's words for a game whose players pick teams (:class:`core.games.LobbyTeams`)."""

    def join_teams(self, view: RoomView) -> list[tuple[int, str]]:
        """The teams a newcomer may join, labelled."""
        ...

    def team_switch(self, view: RoomView) -> tuple[int, str] | None:
        """The team a seated player may move to, labelled, if any."""
        ...


class Page(Protocol):
    """A page a game draws on its own (its Rules)."""

    def draw(self) -> None: ...


class FiguresPage(Protocol):
    """A page of figures read through the stats service (its Stats, its Recap)."""

    def draw(self, stats: Stats) -> None: ...


class BookPage(Protocol):
    """The screens of a game's scorebook (:class:`core.games.Scorebook`)."""

    def create_form(self) -> None:
        """ "Keep score": the form that opens a book."""
        ...

    def draw(self, view: RoomView, rooms: Any, token: str | None) -> None:
        """The book as its room shows it."""
        ...


@dataclass(frozen=True)
class Showcase:
    """How the home page names a game (SPEC A8): a line on it and a few of its pieces."""

    line: str
    #: A few of its pieces drawn with the game's own faces, as trusted HTML.
    pieces: Callable[[], str]


class Intro(Protocol):
    """The home page's introduction to the flagship."""

    def hero(self) -> None: ...

    def more(self) -> None: ...


@dataclass(frozen=True)
class Screens:
    """Everything a game's UI offers the pages; what a game lacks is ``None``."""

    felt: Felt
    controls: Controls
    rules: Page
    stats: FiguresPage
    showcase: Showcase
    lobby_teams: LobbyTeams | None = None
    #: Whether the felt draws smaller (a decision that needs the room: removing cards).
    compact: Callable[[RoomView], bool] | None = None
    book: BookPage | None = None
    recap: FiguresPage | None = None
    intro: Intro | None = None


def screens_of(game: str) -> Screens:
    """The screens a registered game declares (KeyError for an unknown game)."""
    module = importlib.import_module(games.get(game).screens)
    declared: Screens = module.SCREENS
    return declared


def ordered() -> list[str]:
    """Every game's name, the flagship first (preselected in every game choice)."""
    return sorted(games.names(), key=lambda name: name != games.FLAGSHIP)


def player_counts(game: str) -> list[int]:
    """How many players the game seats, each table size it declares (its sample tables)."""
    declared = games.get(game)
    return sorted({declared.seats_of(config) for config in declared.sample_configs()})


def players_words(counts: Sequence[int]) -> str:
    """Table sizes as players say them: "3 players", "2 to 4 players", "4 or 6 players"."""
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players"


def choice(among: Sequence[str] | None = None, key: str | None = None) -> str:
    """The game a page is about, picked by title in one row: ``among`` those games, or every
    game, the flagship first."""
    picked: str = st.radio(
        "Game",
        list(among) if among is not None else ordered(),
        format_func=lambda g: games.get(g).title,
        horizontal=True,
        key=key,
    )
    return picked

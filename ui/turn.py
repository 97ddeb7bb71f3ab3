"""The seat a room page acts for, handed to a game's controls; taps and hints every game shares.

The room page builds a :class:`Turn` from the URL's seat token and the table
version it drew; a game's UI (``ui/<game>/table.py``) makes its buttons with
``turn.move(...)`` and ``turn.tap``, so a click on a table that moved on
reaches the service with the old version and is refused as stale, and the
refusal is shown in the redrawn page: under the hand when a piece of it was
tapped (where the player's finger is, on a phone too), else under the
controls, or above everything away from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from core.games import Recorded, sent_form
from core.rooms import RoomError, RoomView
from ui import escape


@dataclass(frozen=True)
class Turn:
    """The page's seat: the service gate, the seat's token (``None`` to watch) and the version."""

    rooms: Any
    token: str | None
    version: int

    def move(self, data: dict[str, object]) -> Callable[[], Any]:
        """A service call that makes ``data`` the seat's move on the table as it was drawn."""
        return partial(self.rooms.act, self.token, data, self.version)

    def send(self, action: Recorded) -> Callable[[], Any]:
        """A service call that makes one of the view's legal actions the seat's move, in the
        form the gate checks against the game's declared moves (:func:`core.games.sent_form`)."""
        return self.move(sent_form(action))

    @staticmethod
    def tap(call: Callable[[], Any]) -> None:
        """Button callback: run a service call; a refusal becomes the page's flash message."""
        try:
            call()
        except RoomError as exc:
            st.session_state["flash"] = str(exc)


def show_flash() -> None:
    """The last refusal, once, as a sentence, where the page calls for it."""
    message = st.session_state.pop("flash", None)
    if message:
        st.warning(escape.markdown(message[:1].upper() + message[1:]), icon=":material/block:")


def _ask(turn: Turn, describe: Callable[[Any], str]) -> None:
    try:
        hint = turn.rooms.suggest(turn.token)
    except RoomError as exc:
        st.session_state["flash"] = str(exc)
        return
    st.session_state["hint"] = (turn.version, describe(hint))


def hint_button(view: RoomView, turn: Turn, describe: Callable[[Any], str]) -> None:
    """The Suggest button, when the host allows hints and this turn has no hint yet.

    ``describe`` turns the service's suggestion into the game's words.
    """
    kept = st.session_state.get("hint")
    if turn.token and view.settings.hints and not (kept and kept[0] == view.version):
        st.button("Suggest", icon=":material/lightbulb:", on_click=_ask, args=(turn, describe))


def under_the_felt(
    hand: Callable[[RoomView, Turn], None],
    controls: Callable[[RoomView, Turn], None],
    describe: Callable[[Any], str],
) -> Callable[[RoomView, Turn], None]:
    """A game's ``play`` (:class:`ui.games.Controls`): everything under the felt while a hand
    runs, in every game's order: the hand, the decision at hand, and on the player's turn
    the Suggest button and its hint (``describe`` words it)."""

    def play(view: RoomView, turn: Turn) -> None:
        hand(view, turn)
        controls(view, turn)
        table = view.table
        if table is not None and table.my_turn:
            hint_button(view, turn, describe)
        hint_text(view)

    return play


def hint_text(view: RoomView) -> None:
    """This turn's hint, once asked for."""
    kept = st.session_state.get("hint")
    if view.settings.hints and kept and kept[0] == view.version:
        st.info(kept[1], icon=":material/lightbulb:")  # the game's own words, no user text

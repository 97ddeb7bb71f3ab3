"""The player's hand as a row of card buttons, shared by every card game.

The cards overlap in a CSS grid so that a phone holds 13 to a row (two rows
for 14 to 20) and a laptop 20; each card is a Streamlit button whose face
the card CSS of :mod:`ui.look` draws from its key. Only on the player's turn
to play are the legal cards live; the others are dimmed then, and the whole
hand is the same faces, not dimmed, the rest of the time.

A dimmed card still taps: it sends its move through the gate like any other,
the rules refuse it, and the refusal says why ("You must follow hearts"). Its
widget key starts ``dim-`` where a live card's starts ``play-`` (``dim-H-p0-KH-3``
against ``play-H-p0-KH-3``), so the CSS draws it dimmed and tests and scripts tell
the two apart without reading a ``disabled`` attribute.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from core.rooms import RoomView
from ui.turn import Turn, show_flash

#: A phone's hand holds at most this many cards to a row; a laptop's, this many.
PHONE_ROW, WIDE_ROW = 13, 20


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the hand: its face label, its widget key, and what a tap does (if legal)."""

    label: str
    key: str
    on_tap: Callable[[], Any] | None


def draw(hand: Sequence[Card], live: bool, tap: Callable[[Callable[[], Any]], None]) -> None:
    """The hand; ``tap`` runs a card's action (the page's refusal handling around it), and a
    refusal shows just under the cards."""
    if not hand:
        return
    count = len(hand)
    phone = math.ceil(count / math.ceil(count / PHONE_ROW))
    wide = math.ceil(count / math.ceil(count / WIDE_ROW))
    key = f"m3-cards-{phone}-{wide}"
    st.markdown(
        "<style>"
        f".st-key-{key} {{ grid-template-columns: repeat({wide - 1}, minmax(0, "
        f"calc(var(--m3-cw) + 0.3rem))) var(--m3-cw); }}"
        f"@media (max-width: 640px) {{ .st-key-{key} {{ grid-template-columns: "
        f"repeat({phone - 1}, minmax(0, calc(var(--m3-cw) + 0.2rem))) var(--m3-cw); }} }}"
        "</style>",
        unsafe_allow_html=True,
    )
    with (
        st.container(key="m3-hand-live" if live else "m3-hand-wait"),
        st.container(horizontal=True, key=key, gap=None),
    ):
        for card in hand:
            st.button(
                card.label,
                key=card.key,
                disabled=card.on_tap is None,
                on_click=tap if card.on_tap is not None else None,
                args=(card.on_tap,) if card.on_tap is not None else None,
            )
    show_flash()


def playable(
    label: Callable[[int], str],
    key: Callable[[str, int, int], str],
    card_of: Callable[[Any], int],
    name: Callable[[int], str],
) -> Callable[[RoomView, Turn], None]:
    """A trick-taking game's hand (its ``hand`` under the felt): the seat's cards, from its
    room view and the page's seat.

    On the seat's turn to play, each card a legal action plays (``card_of`` says which
    card an action plays) taps to send that action as the page sends every move
    (:meth:`ui.turn.Turn.send`); every other card is dimmed and taps to send its play
    all the same (``name`` is the card's name in the move), for the rules to refuse with
    their reason. ``label`` and ``key`` draw each card's face, ``key`` from the widget's
    prefix, the card and its place in the hand.
    """

    def card(turn: Turn, legal: dict[int, Any], playing: bool, c: int, index: int) -> Card:
        """One card: live if legal; on the player's turn to play, dimmed if not, yet still
        sending its play; plain and off the rest of the time."""
        if c in legal:
            return Card(label(c), key("play", c, index), turn.send(legal[c]))
        if playing:
            return Card(
                label(c), key("dim", c, index), turn.move({"type": "play", "card": name(c)})
            )
        return Card(label(c), key("play", c, index), None)

    def hand(view: RoomView, turn: Turn) -> None:
        table = view.table
        if table is None or view.me is None or turn.token is None or not table.hand:
            return
        playing = table.my_turn and table.phase == "playing"
        legal = {card_of(a): a for a in table.legal} if playing else {}
        shown = [card(turn, legal, playing, c, index) for index, c in enumerate(table.hand)]
        draw(shown, playing, turn.tap)

    return hand

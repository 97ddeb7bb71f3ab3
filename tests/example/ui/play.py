"""Plain Tricks' controls: the hand (a legal card taps to play) and the hand's result."""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.pieces import cards as pieces
from core.rooms import RoomView
from ui import escape, look
from ui import hand as hand_row

CSS = ""
ROUND = "hand"


def summary(settings: Any) -> str:
    return f"Plain Tricks · {settings.players} players · {settings.hands} hands"


#: The hand: on the seat's turn, a legal card taps to play and the rest say why not.
play = hand_row.playable(
    look.piece_label, look.piece_key, lambda action: int(action.card), pieces.NAME.__getitem__
)


def results(view: RoomView) -> None:
    last = view.last_round
    if last is None:
        return
    took = ", ".join(
        f"{escape.markdown(n)} {t}" for n, t in zip(view.names, last["score"], strict=True)
    )
    st.markdown(f"**Tricks this hand**: {took}")


def units(view: RoomView) -> list[str]:
    return list(view.names)

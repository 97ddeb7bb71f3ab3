"""What the felt says at a Plain Tricks table, from one player's room view."""

from __future__ import annotations

from core.rooms import RoomView
from tests.example.rules import View
from ui import escape, felt, look
from ui.felt import Now, name_of


def places(view: RoomView) -> list[felt.Place]:
    """Every seat: its cards left and tricks, the card it put on this trick."""
    table: View | None = view.table

    def about(seat: int) -> felt.Place:
        if table is None:
            return felt.Place("")
        line = f"{table.hand_counts[seat]} cards · {table.taken[seat]} tricks"
        return felt.Place("", line=line, turn=table.to_act == seat)

    in_front = dict(table.trick) if table is not None else {}
    return felt.seated(
        view, about, {s: look.piece_face(c, small=True) for s, c in in_front.items()}
    )


def corners(view: RoomView) -> tuple[str, str, str, str]:
    scores = " · ".join(
        f"{escape.html(n)} {t}" for n, t in zip(view.names, view.totals, strict=False)
    )
    return scores, escape.html(view.length), "", ""


def centre_html(view: RoomView) -> str:
    return ""


def now(view: RoomView, at: float | None = None) -> Now:
    table: View | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    return felt.waiting_on(view, table.to_act, "play a card", at, mine=table.my_turn, others="play")


def narration(view: RoomView) -> str:
    table: View | None = view.table
    if table is None or not table.trick_winners:
        return ""
    return f"{name_of(view, table.trick_winners[-1])} took the last trick"

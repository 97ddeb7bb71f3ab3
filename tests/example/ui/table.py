"""What the felt says at a Plain Tricks table, from one player's room view."""

from __future__ import annotations

from core.rooms import RoomView
from tests.example.rules import View
from ui import escape, felt, look
from ui.felt import Now


def _name(view: RoomView, seat: int | None) -> str:
    return view.names[seat] if seat is not None and 0 <= seat < len(view.names) else "someone"


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
    if table.my_turn:
        return Now("<b>Your turn:</b> play a card", True, None)
    return Now(f"Waiting for <b>{escape.html(_name(view, table.to_act))}</b> to play", False, None)


def narration(view: RoomView) -> str:
    table: View | None = view.table
    if table is None or not table.trick_winners:
        return ""
    return f"{_name(view, table.trick_winners[-1])} took the last trick"

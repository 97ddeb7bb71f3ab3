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
    me = view.me.position if view.me is not None else None
    in_front = dict(table.trick) if table is not None else {}
    return [
        felt.Place(
            name=name,
            line=(
                f"{table.hand_counts[seat]} cards · {table.taken[seat]} tricks"
                if table is not None
                else ""
            ),
            turn=table is not None and table.to_act == seat,
            me=seat == me,
            played=look.piece_face(in_front[seat], small=True) if seat in in_front else "",
        )
        for seat, name in enumerate(view.names)
    ]


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

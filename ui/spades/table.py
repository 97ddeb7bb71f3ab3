"""What the felt and the controls say about a Spades hand, built from one player's room view.

Seats show their partnership (A: seats 0 and 2, B: 1 and 3) or nothing in
individual play, cards left, their bid and the tricks taken; the corners the
game's scores and bags, whether spades are broken, the dealer, and the bids
against the tricks. The narration says what just happened; the controls are
the bid as big buttons (Nil where it is played, blind nil while a side trails
by 100), and the hand; results give each side's bid, tricks, score and bags.
"""

from __future__ import annotations

import time

from core import seats
from core.pieces import cards
from core.rooms import RoomView
from core.spades.view import PlayerView, TrickView
from ui import escape, felt, look
from ui.felt import Now


def name_of(view: RoomView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.names):
        return "someone"
    return view.names[seat]


def side_label(table: PlayerView, side: int) -> str:
    if table.partnership:
        return "AB"[side]
    return ""


def bid_text(bid: int | None, blind: bool) -> str:
    if bid is None:
        return ""
    if bid == 0:
        return "blind nil" if blind else "nil"
    return f"bid {bid}"


def _played(table: PlayerView) -> tuple[TrickView | None, bool]:
    if table.trick.cards:
        return table.trick, False
    if table.phase == "hand_over" and table.last_trick is not None:
        return table.last_trick, True
    return None, False


def places(view: RoomView) -> list[felt.Place]:
    table: PlayerView | None = view.table
    me = view.me.position if view.me is not None else None
    bots = {s.position for s in view.seats if s.is_bot or s.stand_in}
    shown = []
    trick, _ = _played(table) if table is not None else (None, False)
    in_front = dict(zip(trick.seats, trick.cards, strict=True)) if trick else {}
    for seat, name in enumerate(view.names):
        tag = kind = line = note = ""
        turn = False
        if table is not None:
            side = table.config.side_of[seat]
            tag = side_label(table, side)
            kind = "ab"[side] if table.partnership else ""
            bid = bid_text(table.bids[seat], table.blind[seat])
            line = f"{table.hand_counts[seat]}\u00a0cards · {table.taken[seat]}\u00a0tr"
            if bid:
                line += f" · {bid}"
            note = bid if table.phase == "bidding" else ""
            turn = table.to_act == seat
        card = in_front.get(seat)
        shown.append(
            felt.Place(
                name=name,
                tag=tag,
                tag_kind=kind,
                line=line,
                note=note,
                turn=turn,
                me=seat == me,
                played=look.piece_face(card, small=True) if card is not None else "",
                winning=trick is not None and trick.winner == seat,
                bot=seat in bots,
            )
        )
    return shown


def corners(view: RoomView) -> tuple[str, str, str, str]:
    table: PlayerView | None = view.table
    if table is None:
        return "", "", "", ""
    totals = list(view.totals) if view.totals else [0] * len(table.sides)
    if table.partnership:
        score = f"A <b>{totals[0]}</b> · B <b>{totals[1]}</b><br>to {view.target}"
    else:  # one side a player: the leader only, each seat shows its own bid and tricks
        leader = max(range(len(totals)), key=lambda s: totals[s])
        score = f"Leader {escape.html(name_of(view, leader))} <b>{totals[leader]}</b>"
        score += f"<br>to {view.target}"
    broken = "Spades <b>broken</b>" if table.broken else "Spades not broken"
    dealer = f"Dealer {escape.html(name_of(view, table.dealer))}"
    contracts = []
    for side, members in enumerate(table.sides):
        bid = sum(table.bids[s] or 0 for s in members)
        took = sum(table.taken[s] for s in members)
        label = side_label(table, side) or escape.html(name_of(view, members[0]))
        contracts.append(f"{label} <b>{took}</b>/{bid}")
    bids = " · ".join(contracts) if table.phase != "bidding" and table.partnership else ""
    return score, broken, dealer, bids


def centre_html(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None or table.phase == "bidding":
        return ""
    _, won = _played(table)
    number = len(table.tricks) if won else len(table.tricks) + 1
    return f"Trick {number}"


def narration(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None:
        return ""
    if table.phase == "bidding":
        assert table.to_act is not None
        last = seats.previous_seat(table.to_act, table.players)
        if table.bids[last] is None:
            return f"{name_of(view, table.to_act)} bids first."
        return f"{name_of(view, last)} {bid_text(table.bids[last], table.blind[last])}."
    trick, _ = (table.trick, False) if table.trick.cards else (table.last_trick, True)
    if trick is None or not trick.cards:
        return "Every bid is in: the player left of the dealer leads."
    seat, card = trick.seats[-1], trick.cards[-1]
    said = f"{name_of(view, seat)} played the {cards.label(card)}"
    if not table.trick.cards and trick.winner is not None:
        said += f" — {name_of(view, trick.winner)} takes the trick"
    return said + "."


def now(view: RoomView, at: float | None = None) -> Now:
    at = time.time() if at is None else at
    table: PlayerView | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    what = "bid" if table.phase == "bidding" else "play a card"
    mine = table.my_turn
    text = (
        f"<b>Your turn:</b> {what}"
        if mine
        else f"Waiting for <b>{escape.html(name_of(view, table.to_act))}</b> to {what}"
    )
    if view.waiting_since is not None and at - view.waiting_since >= 10:
        text += f" · waiting {int(at - view.waiting_since)}&nbsp;s"
    return Now(text, mine, None)

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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from core import seats
from core.pieces import cards
from core.rooms import RoomView
from core.spades.view import PlayerView, TrickView
from ui import escape, felt, look
from ui import hand as hand_row


def _name(view: RoomView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.names):
        return "someone"
    return view.names[seat]


def _side_label(table: PlayerView, side: int) -> str:
    if table.partnership:
        return "AB"[side]
    return ""


def _bid_text(bid: int | None, blind: bool) -> str:
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
            tag = _side_label(table, side)
            kind = "ab"[side] if table.partnership else ""
            bid = _bid_text(table.bids[seat], table.blind[seat])
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
        score = f"Leader {escape.html(_name(view, leader))} <b>{totals[leader]}</b>"
        score += f"<br>to {view.target}"
    broken = "Spades <b>broken</b>" if table.broken else "Spades not broken"
    dealer = f"Dealer {escape.html(_name(view, table.dealer))}"
    contracts = []
    for side, members in enumerate(table.sides):
        bid = sum(table.bids[s] or 0 for s in members)
        took = sum(table.taken[s] for s in members)
        label = _side_label(table, side) or escape.html(_name(view, members[0]))
        contracts.append(f"{label} <b>{took}</b>/{bid}")
    bids = " · ".join(contracts) if table.phase != "bidding" and table.partnership else ""
    return score, broken, dealer, bids


def deadline(view: RoomView) -> tuple[float, float] | None:
    """Spades has no bidding timer: no draining ring."""
    return None


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
            return f"{_name(view, table.to_act)} bids first."
        return f"{_name(view, last)} {_bid_text(table.bids[last], table.blind[last])}."
    trick, _ = (table.trick, False) if table.trick.cards else (table.last_trick, True)
    if trick is None or not trick.cards:
        return "Every bid is in: the player left of the dealer leads."
    seat, card = trick.seats[-1], trick.cards[-1]
    said = f"{_name(view, seat)} played the {cards.label(card)}"
    if not table.trick.cards and trick.winner is not None:
        said += f" — {_name(view, trick.winner)} takes the trick"
    return said + "."


@dataclass(frozen=True, slots=True)
class Now:
    text: str
    mine: bool
    seconds_left: int | None


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
        else f"Waiting for <b>{escape.html(_name(view, table.to_act))}</b> to {what}"
    )
    if view.waiting_since is not None and at - view.waiting_since >= 10:
        text += f" · waiting {int(at - view.waiting_since)}&nbsp;s"
    return Now(text, mine, None)


CSS = """
<style>
.st-key-m3-spades-bids { display: grid !important; gap: 0.3rem;
  grid-template-columns: repeat(7, minmax(0, 1fr)); }
.st-key-m3-spades-bids > div { width: auto !important; min-width: 0; }
.st-key-m3-spades-bids button { width: 100%; min-height: 2.6rem; font-weight: 700; }
@media (max-width: 640px) { .st-key-m3-spades-bids { grid-template-columns: repeat(5, 1fr); } }
</style>
"""


def controls(view: RoomView, act: Callable[[dict[str, object]], Any], tap: Any) -> None:
    """The bid buttons on the player's turn to bid (blind nil first where it is allowed)."""
    table: PlayerView | None = view.table
    if table is None or not table.my_turn or table.phase != "bidding":
        return
    st.markdown(CSS, unsafe_allow_html=True)
    if table.hand_hidden:
        st.markdown(
            "**Your cards are face down**: your side trails by 100 or more, so you may bid "
            "**blind nil** (±200) before looking. Any other bid turns them up."
        )
    with st.container(key="m3-spades-bids", horizontal=True):
        for action in table.legal:
            label = (
                "Blind nil" if action.blind else ("Nil" if action.value == 0 else str(action.value))
            )
            move = {
                "type": "bid",
                "amount": action.value,
                **({"blind": True} if action.blind else {}),
            }
            st.button(
                label,
                key=f"bid-{'blind' if action.blind else action.value}",
                type="primary" if action.blind else "secondary",
                on_click=tap,
                args=(lambda move=move: act(move),),
            )


def hand(view: RoomView, act: Callable[[dict[str, object]], Any], tap: Any) -> None:
    table: PlayerView | None = view.table
    if table is None or view.me is None or not table.hand:
        return
    playing = table.my_turn and table.phase == "playing"
    legal = {a.value for a in table.legal} if playing else set()
    shown = [
        hand_row.Card(
            look.piece_label(c),
            look.piece_key("play", c, index),
            (lambda c=c: act({"type": "play", "card": cards.NAME[c]})) if c in legal else None,
        )
        for index, c in enumerate(table.hand)
    ]
    hand_row.draw(shown, playing, tap)


def results(view: RoomView) -> None:
    """The hand's result per side: bid, tricks, score and bags, then the running totals."""
    last = view.last_round
    table: PlayerView | None = view.table
    if last is None or table is None:
        return
    rows = []
    for side, members in enumerate(table.sides):
        label = _side_label(table, side) or _name(view, members[0])
        who = " and ".join(_name(view, s) for s in members)
        bid = " + ".join(_bid_text(last["bids"][s], last["blind"][s]) or "–" for s in members)
        took = sum(last["tricks"][s] for s in members)
        rows.append(
            f"<p><b>{escape.html(label)}</b> ({escape.html(who)}): {escape.html(bid)}, took "
            f"{took} → <b>{last['score'][side]:+d}</b> · bags {last['bags'][side]} · total "
            f"<b>{last['totals'][side]}</b></p>"
        )
    score = last["score"]
    best = max(range(len(score)), key=lambda s: score[s])
    title = f"Hand {last['round']}"
    if score.count(score[best]) == 1:
        title += f": the best hand to {_side_label(table, best) or _name(view, best)}"
    st.markdown(
        f'<div class="m3-result"><h3>{escape.html(title)}</h3>{"".join(rows)}</div>',
        unsafe_allow_html=True,
    )

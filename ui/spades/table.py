"""What the felt and the controls say about a Spades hand, built from one player's room view.

Seats show their partnership (A: seats 0 and 2, B: 1 and 3) or nothing in
individual play, cards left, their bid and the tricks taken; the corners the
game's scores and bags, whether spades are broken, the dealer, and the bids
against the tricks. The narration says what just happened; the controls are
the bid as big buttons (Nil where it is played, blind nil while a side trails
by 100), and the hand; results give each side's bid, tricks, score and bags.
"""

from __future__ import annotations

from functools import partial

from core import seats
from core.pieces import cards
from core.rooms import RoomView
from core.spades.view import PlayerView, TrickView
from ui import escape, felt, look
from ui.felt import Now, name_of


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


def _played(view: RoomView, table: PlayerView) -> felt.Laid[TrickView]:
    """The trick laid out in front of the seats (:func:`ui.felt.laid`)."""
    return felt.laid(view, table.trick, table.last_trick, lambda shown: shown.cards)


def places(view: RoomView) -> list[felt.Place]:
    """Every seat: its side, cards left, tricks taken and bid, and the card it put on the
    trick."""
    table: PlayerView | None = view.table
    if table is None:
        return felt.seated(view)

    def about(seat: int) -> felt.Place:
        side = table.config.side_of[seat]
        bid = bid_text(table.bids[seat], table.blind[seat])
        line = f"{table.hand_counts[seat]}\u00a0cards · {table.taken[seat]}\u00a0tr"
        return felt.Place(
            "",
            side_label(table, side),
            "ab"[side] if table.partnership else "",
            line + (f" · {bid}" if bid else ""),
            bid if table.phase == "bidding" else "",
            table.to_act == seat,
        )

    return felt.seated_at_trick(
        view,
        about,
        _played(view, table),
        lambda shown: shown.cards,
        partial(look.piece_face, small=True),
    )


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
        # A nil bidder's tricks are not the contract's: they are shown apart.
        took = sum(table.taken[s] for s in members if table.bids[s])
        nil = sum(table.taken[s] for s in members if table.bids[s] == 0)
        label = side_label(table, side) or escape.html(name_of(view, members[0]))
        apart = f" +{nil} nil" if nil else ""
        contracts.append(f"{label} <b>{took}</b>/{bid}{apart}")
    bids = " · ".join(contracts) if table.phase != "bidding" and table.partnership else ""
    return score, broken, dealer, bids


def centre_html(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None or table.phase == "bidding":
        return ""
    play = _played(view, table)
    done = len(table.tricks)
    return felt.swap(f"Trick {done}", f"Trick {felt.trick_number(done, play.won)}", play.hold)


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
    said = felt.played_line(
        view, table.trick, table.last_trick, lambda shown: shown.cards, _the_card
    )
    if said is None:
        return "Every bid is in: the player left of the dealer leads."
    return said + "."


def _the_card(card: int) -> str:
    """A card as a sentence says it: "the 10♠"."""
    return f"the {cards.label(card)}"


def now(view: RoomView, at: float | None = None) -> Now:
    table: PlayerView | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    what = "bid" if table.phase == "bidding" else "play a card"
    return felt.waiting_on(view, table.to_act, what, at, mine=table.my_turn)

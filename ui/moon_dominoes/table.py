"""What the felt says about a Three-Player Moon hand, built from one player's room view.

Seats show their tiles left, tricks taken and their word in the auction
(the bidder carries a "bid 5" tag); the corners the running scores to 21,
the bid and the trump; the middle the widow face down while the auction
runs, then the trick number. The narration says what just happened, a
passed-out deal included (M2: the tiles are dealt again).
"""

from __future__ import annotations

import time

from core import seats
from core.moon_dominoes import tiles
from core.moon_dominoes.config import TARGET
from core.moon_dominoes.view import PlayerView, TrickView
from core.rooms import RoomView
from ui import escape, felt
from ui.felt import Now
from ui.moon_dominoes import tiles as faces


def name_of(view: RoomView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.names):
        return "someone"
    return view.names[seat]


def bid_word(amount: int | None) -> str:
    """A seat's word in the auction: nothing yet, pass, or its bid."""
    if amount is None:
        return ""
    return "pass" if amount == 0 else f"bid {amount}"


def trump_text(trump: int | None) -> str:
    """The trump as players say it."""
    if trump is None:
        return ""
    if trump == tiles.DOUBLES:
        return "doubles"
    if trump == tiles.NO_TRUMP:
        return "no trump"
    return f"{trump}s" if trump else "blanks"


def tile_html(tile: int, trump: int | None, small: bool = True) -> str:
    """A tile as the table shows it (played in front of a seat, or in a result)."""
    size = "md-tile md-small" if small else "md-tile"
    return f'<span class="{size}">{faces.svg(tiles.NAME[tile], trump_arg(trump))}</span>'


def back_html() -> str:
    return f'<span class="md-tile md-small">{faces.back_svg()}</span>'


def trump_arg(trump: int | None) -> int | str | None:
    """The trump as the tile faces take it: 0–6, "doubles", "none" or None."""
    name = tiles.trump_name(trump)
    return int(name) if isinstance(name, int) else name


def _played(table: PlayerView) -> tuple[TrickView | None, bool]:
    if table.trick.tiles:
        return table.trick, False
    if table.phase == "hand_over" and table.last_trick is not None:
        return table.last_trick, True
    return None, False


def places(view: RoomView) -> list[felt.Place]:
    table: PlayerView | None = view.table
    me = view.me.position if view.me is not None else None
    bots = {s.position for s in view.seats if s.is_bot or s.stand_in}
    trick, _ = _played(table) if table is not None else (None, False)
    in_front = dict(zip(trick.seats, trick.tiles, strict=True)) if trick else {}
    shown = []
    for seat, name in enumerate(view.names):
        tag = kind = line = note = ""
        turn = False
        if table is not None:
            if table.bidder == seat and table.phase != "bidding":
                tag, kind = f"bid {table.bid}", "bid"
            line = f"{table.hand_counts[seat]}\u00a0tiles · {table.taken[seat]}\u00a0tr"
            note = bid_word(table.bids[seat]) if table.phase == "bidding" else ""
            turn = table.to_act == seat
        tile = in_front.get(seat)
        shown.append(
            felt.Place(
                name=name,
                tag=tag,
                tag_kind=kind,
                line=line,
                note=note,
                turn=turn,
                me=seat == me,
                played=tile_html(tile, table.trump) if tile is not None and table else "",
                winning=trick is not None and trick.winner == seat,
                bot=seat in bots,
            )
        )
    return shown


def corners(view: RoomView) -> tuple[str, str, str, str]:
    table: PlayerView | None = view.table
    if table is None:
        return "", "", "", ""
    totals = list(view.totals) if view.totals else [0, 0, 0]
    score = "<br>".join(
        f"{escape.html(name_of(view, s)[:10])} <b>{totals[s]}</b>" for s in range(len(totals))
    )
    score += f" · to {TARGET}"
    if table.bidder is not None and table.phase != "bidding":
        bid = f"{escape.html(name_of(view, table.bidder))} bid <b>{table.bid}</b>"
        if table.bid == 21:
            bid += " (all 7)"
        took = f"took <b>{table.taken[table.bidder]}</b> of 7"
    else:
        high = f" · high bid {table.bid}" if table.bid else ""
        bid, took = f"Auction{high}", f"{escape.html(name_of(view, table.first_bidder))} opened"
    trump = (
        f"Trump <b>{trump_text(table.trump)}</b>"
        if table.trump is not None
        else ("Trump not named yet" if table.phase != "bidding" else "")
    )
    return score, bid, trump, took


def centre_html(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None:
        return ""
    if table.phase == "bidding":
        return f'<div class="md-widow">{back_html()}<div>widow</div></div>'
    if table.phase in ("discard", "trump"):
        return "Widow taken"
    _, won = _played(table)
    number = len(table.tricks) if won else len(table.tricks) + 1
    return f"Trick {number} of 7"


def narration(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None:
        return ""
    passed = (view.last_round or {}).get("passed_out", 0)
    if table.phase == "bidding":
        assert table.to_act is not None
        last = seats.previous_seat(table.to_act, table.players)
        if table.bids[last] is None:
            opener = f"{name_of(view, table.to_act)} bids first."
            if passed:
                again = "twice" if passed == 2 else ("" if passed == 1 else f"{passed} times")
                said = f"Everyone passed{' ' + again if again else ''}: the tiles were dealt again."
                return f"{said} {opener}"
            return opener
        return f"{name_of(view, last)}: {bid_word(table.bids[last])}."
    if table.phase == "discard":
        return (
            f"{name_of(view, table.bidder)} won the auction with {table.bid} and takes the widow."
        )
    if table.phase == "trump":
        return f"{name_of(view, table.bidder)} discarded a tile face down."
    trick, _ = (table.trick, False) if table.trick.tiles else (table.last_trick, True)
    if trick is None or not trick.tiles:
        return (
            f"Trump is {trump_text(table.trump)}: "
            f"{name_of(view, table.bidder)} leads the first trick."
        )
    seat, tile = trick.seats[-1], trick.tiles[-1]
    said = f"{name_of(view, seat)} played {tiles.NAME[tile]}"
    if not table.trick.tiles and trick.winner is not None:
        said += f" — {name_of(view, trick.winner)} takes the trick"
    return said + "."


WHAT = {
    "bidding": "bid or pass",
    "discard": "discard a tile",
    "trump": "name trump",
    "playing": "play a tile",
}


def now(view: RoomView, at: float | None = None) -> Now:
    at = time.time() if at is None else at
    table: PlayerView | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    what = WHAT.get(table.phase, "play")
    mine = table.my_turn
    text = (
        f"<b>Your turn:</b> {what}"
        if mine
        else f"Waiting for <b>{escape.html(name_of(view, table.to_act))}</b> to {what}"
    )
    if view.waiting_since is not None and at - view.waiting_since >= 10:
        text += f" · waiting {int(at - view.waiting_since)}&nbsp;s"
    return Now(text, mine, None)

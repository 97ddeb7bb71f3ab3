"""What the felt says about a Three-Player Moon hand, built from one player's room view.

Seats show their tiles left, tricks taken and their word in the auction
(the bidder carries a "bid 5" tag); the corners the running scores to 21,
the bid and the trump; the middle the widow face down while the auction
runs, then the trick number. The narration says what just happened, a
passed-out deal included (M2: the tiles are dealt again).
"""

from __future__ import annotations

from core import seats
from core.moon_dominoes import tiles
from core.moon_dominoes.config import TARGET
from core.moon_dominoes.view import PlayerView, TrickView
from core.rooms import RoomView
from ui import escape, felt
from ui.felt import Now, name_of
from ui.moon_dominoes import tiles as faces


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


def _played(view: RoomView, table: PlayerView) -> felt.Laid[TrickView]:
    """The trick laid out in front of the seats (:func:`ui.felt.laid`)."""
    return felt.laid(view, table.trick, table.last_trick, lambda shown: shown.tiles)


def places(view: RoomView) -> list[felt.Place]:
    """Every seat: tiles left and tricks taken, the bidder's tag, its word while bidding, and
    the tile it put on the trick."""
    table: PlayerView | None = view.table
    if table is None:
        return felt.seated(view)

    def about(seat: int) -> felt.Place:
        bidder = table.bidder == seat and table.phase != "bidding"
        return felt.Place(
            "",
            f"bid {table.bid}" if bidder else "",
            "bid" if bidder else "",
            f"{table.hand_counts[seat]}\u00a0tiles · {table.taken[seat]}\u00a0tr",
            bid_word(table.bids[seat]) if table.phase == "bidding" else "",
            table.to_act == seat,
        )

    return felt.seated_at_trick(
        view,
        about,
        _played(view, table),
        lambda shown: shown.tiles,
        lambda tile: tile_html(tile, table.trump),
    )


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
    play = _played(view, table)
    done = len(table.tricks)
    return felt.swap(
        f"Trick {done} of 7", f"Trick {felt.trick_number(done, play.won)} of 7", play.hold
    )


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
    line = felt.played_line(
        view, table.trick, table.last_trick, lambda shown: shown.tiles, tiles.NAME.__getitem__
    )
    if line is None:
        return (
            f"Trump is {trump_text(table.trump)}: "
            f"{name_of(view, table.bidder)} leads the first trick."
        )
    return line + "."


WHAT = {
    "bidding": "bid or pass",
    "discard": "discard a tile",
    "trump": "name trump",
    "playing": "play a tile",
}


def now(view: RoomView, at: float | None = None) -> Now:
    table: PlayerView | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    return felt.waiting_on(
        view, table.to_act, WHAT.get(table.phase, "play"), at, mine=table.my_turn
    )

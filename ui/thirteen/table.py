"""What the felt says about a Thirteen hand, built from one player's room view.

Seats show their cards left, "passed" while out of the trick and their
place once out; the corners the running totals, the hand of the game, who
is out so far and the trick. The middle holds the play to beat, face up,
with who played it and what it is; on a fresh lead, the play that took the
last trick (outlined) and who leads, which stays over the next lead for the
rest of its two seconds (A3); each seat keeps its last play of that trick
for "Last trick". The
narration says what just happened: a play, a pass, a player going out, a
trick won when everyone passed.
"""

from __future__ import annotations

from dataclasses import replace

from core.pieces import cards as pieces
from core.rooms import RoomView
from core.thirteen import cards, combos
from core.thirteen.view import PlayerView
from ui import escape, felt, look
from ui.felt import Now, name_of

PLACE_WORDS = ("1st", "2nd", "3rd", "4th")


def face(card: int, small: bool = True) -> str:
    """A card as the table shows it, the shared card face."""
    return look.piece_face(pieces.parse(cards.NAME[card]), small=small)


def play_html(played: tuple[int, ...]) -> str:
    """A play's cards face up, overlapped so a long run stays narrow."""
    return '<span class="th-play">' + "".join(face(c) for c in played) + "</span>"


def what(played: tuple[int, ...]) -> str:
    combo = combos.classify(played)
    return combos.describe(combo) if combo is not None else " ".join(map(cards.label, played))


def places(view: RoomView) -> list[felt.Place]:
    """Every seat: cards left, "passed" while out of the trick, and its place once out."""
    table: PlayerView | None = view.table
    if table is None:
        return felt.seated(view)

    def about(seat: int) -> felt.Place:
        left = table.hand_counts[seat]
        tag = kind = ""
        if seat in table.places:
            tag, kind = PLACE_WORDS[table.places.index(seat)], "bid"
            line = "out" if left == 0 else f"{left}\u00a0left"
        else:
            line = f"{left}\u00a0card{'s' * (left != 1)}"
        note = "passed" if seat in table.passed else ""
        return felt.Place("", tag, kind, line, note, table.to_act == seat)

    winner = _taker(table)
    before = {seat: play_html(played) for seat, played in table.previous if played}
    return [
        replace(place, last=before.get(seat, ""), last_won=seat == winner)
        for seat, place in enumerate(felt.seated(view, about))
    ]


def _taker(table: PlayerView) -> int | None:
    """Who took the last finished trick: the last to play to it before everyone passed."""
    return next((seat for seat, played in reversed(table.previous) if played), None)


def corners(view: RoomView) -> tuple[str, str, str, str]:
    table: PlayerView | None = view.table
    if table is None:
        return "", "", "", ""
    totals = list(view.totals) if view.totals else [0] * table.players
    score = "<br>".join(
        f"{escape.html(name_of(view, s)[:10])} <b>{totals[s]}</b>" for s in range(len(totals))
    )
    length = table.config.hands
    number = min(view.rounds_played + (0 if table.phase == "hand_over" else 1), length)
    hand = f"Hand <b>{number}</b> of {length}"
    out = " · ".join(
        f"{PLACE_WORDS[i]} {escape.html(name_of(view, s)[:10])}" for i, s in enumerate(table.places)
    )
    bombs = sum(table.bombs)
    if table.phase == "hand_over":
        trick = ""
    else:
        trick = "Fresh lead" if table.leading else "Beat it or pass"
    if bombs:
        trick += f" · {bombs} bomb{'s' * (bombs != 1)}"
    return score, hand, out, trick


def centre_html(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None:
        return ""
    taken = _taken(view, table, "")
    if table.standing is not None and table.standing_seat is not None:
        who = escape.html(name_of(view, table.standing_seat))
        standing = (
            f'<div class="th-standing">{play_html(table.standing_cards)}'
            f"<div><b>{who}</b> · {escape.html(combos.describe(table.standing))}</div></div>"
        )
        hold = felt.held_for(view, [seat for seat, _ in table.trick])
        return felt.swap(taken, standing, hold) if taken else standing
    if table.to_act is None:
        return "Hand over"
    leader = escape.html(name_of(view, table.to_act))
    if table.opening:
        return f"<b>{leader}</b> leads with the lowest card"
    if taken and not table.trick:
        leads = "and leads" if _taker(table) == table.to_act else f"· <b>{leader}</b> leads"
        return _taken(view, table, leads)
    return f"<b>{leader}</b> leads"


def _taken(view: RoomView, table: PlayerView, then: str) -> str:
    """The play that took the last finished trick, outlined, and who made it, ``then`` what
    (trusted HTML)."""
    seat = _taker(table)
    if seat is None:
        return ""
    played = next(p for s, p in reversed(table.previous) if p)
    who = escape.html(name_of(view, seat))
    return (
        f'<div class="th-standing m3-win">{play_html(played)}'
        f"<div><b>{who}</b> takes the trick {then}</div></div>"
    )


def _out(view: RoomView, table: PlayerView, seat: int) -> str:
    if seat in table.places and table.hand_counts[seat] == 0:
        return f" {name_of(view, seat)} is out, {PLACE_WORDS[table.places.index(seat)]}!"
    return ""


def narration(view: RoomView) -> str:
    table: PlayerView | None = view.table
    if table is None:
        return ""
    if table.trick:
        seat, played = table.trick[-1]
        if not played:
            return f"{name_of(view, seat)} passed."
        return f"{name_of(view, seat)} played {what(played)}.{_out(view, table, seat)}"
    if table.previous:
        last = [(s, p) for s, p in table.previous if p][-1]
        said = f"Everyone passed on {name_of(view, last[0])}'s {what(last[1])}"
        if table.to_act is not None and table.to_act != last[0]:
            return f"{said}: {name_of(view, table.to_act)} leads."
        return f"{said}: {name_of(view, last[0])} leads again."
    if table.to_act is None:
        return ""
    leader = name_of(view, table.to_act)
    if table.must_play is not None:
        return f"You hold {cards.label(table.must_play)}, the lowest card: you lead with it."
    if table.opening:
        return f"{leader} holds the lowest card and leads with it."
    return f"{leader} won the last hand and leads."


def now(view: RoomView, at: float | None = None) -> Now:
    table: PlayerView | None = view.table
    if table is None or table.to_act is None:
        return Now("", False, None)
    doing = "lead any combination" if table.leading else "beat it or pass"
    if table.must_play is not None:
        doing = f"lead with {cards.label(table.must_play)}"
    return felt.waiting_on(
        view, table.to_act, escape.html(doing), at, mine=table.my_turn, others="play"
    )

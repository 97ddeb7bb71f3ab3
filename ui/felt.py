"""The felt: players seated around an oval table, as each player sees it from their own place.

Shared by every game: a game's UI module turns its player view into
:class:`Place` values (a name, a tag, a line of counts, a note, the card in
front of the seat) and this module lays them out. The viewer sits at the
bottom and the others follow clockwise (to the viewer's left first), so the
next player to act is always the one on your left. Seats sit on an ellipse,
their played cards between them and the centre, the running score and the
round's facts in the two top corners. Up to twelve seats fit: past seven the
seats shrink. The player to act has a glowing ring around their initial;
with a deadline the ring drains as the seconds run out, in CSS alone, so
the felt need not be redrawn every second.

What every trick game says alike is worded here too, from its view: a seat's
name, the trick laid out, which trick it is, the last piece played, and the
"now" banner. A finished trick stays in front of the seats, its winner
outlined, until the next is led, and over the next one's first pieces for
the rest of :data:`HOLD` seconds after it ended (A3): the room view says when
the latest moves were made, so each page draws the finished trick with a CSS
animation that yields to the new pieces at the right time, and need not be
redrawn for it. The viewer who has played to the next trick sees it at once.
Each seat also carries its piece of the last finished trick, which the page
shows on demand ("Last trick").

A seat's chip keeps its role tag whole and shortens the name instead (A4):
the full name is in a tooltip, and shows in a bubble when the chip is tapped.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar

from core import seats
from core.rooms import RoomView
from ui import escape

#: A game's own trick, as its view holds it (``K``: one that says who played and who won).
T = TypeVar("T")
K = TypeVar("K", bound="Trick")

#: The ellipse the seats sit on, and the one the played cards sit on (% of the felt).
SEAT_RX, SEAT_RY = 41.0, 37.0
CARD_RX, CARD_RY = 13.0, 21.0
#: Seconds a finished trick stays in front of the seats once it is over (A3).
HOLD = 2.0


@dataclass(frozen=True, slots=True)
class Now:
    """The "now" banner under the felt: whose turn, for what, and the clock."""

    #: The line, names escaped.
    text: str
    #: Whether it is the viewer's turn.
    mine: bool
    #: The seconds left where a timer runs.
    seconds_left: int | None


@dataclass(frozen=True, slots=True)
class Place:
    """One seat as the felt shows it. Text fields are plain text; ``played`` is trusted HTML."""

    name: str
    tag: str = ""
    #: CSS flavour of the tag: "a", "b", "bid", "partner".
    tag_kind: str = ""
    line: str = ""
    note: str = ""
    turn: bool = False
    me: bool = False
    played: str = ""
    winning: bool = False
    bot: bool = False
    #: The seat's piece of the last finished trick (trusted HTML), and whether it won it.
    last: str = ""
    last_won: bool = False
    #: Seconds the last finished trick still shows in front of the seat, over ``played``.
    hold: float = 0.0


class Trick(Protocol):
    """A trick as a game's view holds it: the seats that played, in order, and who holds it."""

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def winner(self) -> int | None: ...


def name_of(view: RoomView, seat: int | None) -> str:
    """A seat's player as the table names them (plain text); "someone" for no seat."""
    if seat is None or not 0 <= seat < len(view.names):
        return "someone"
    return view.names[seat]


def seated(
    view: RoomView,
    about: Callable[[int], Place] | None = None,
    played: Mapping[int, str] | None = None,
    winner: int | None = None,
) -> list[Place]:
    """Every seat of the table in seat order, as the felt draws them: what the game says of
    each (``about``: its tag, line, note and turn; nothing before there is a table) with
    what every game shows alike: the name, the viewer's own seat, the bots, the piece in
    front of a seat (``played``, trusted HTML) and the trick's ``winner``."""
    me = view.me.position if view.me is not None else None
    bots = {s.position for s in view.seats if s.is_bot or s.stand_in}
    shown = played or {}
    return [
        replace(
            about(seat) if about is not None else Place(""),
            name=name,
            me=seat == me,
            bot=seat in bots,
            played=shown.get(seat, ""),
            winning=winner is not None and seat == winner,
        )
        for seat, name in enumerate(view.names)
    ]


@dataclass(frozen=True, slots=True)
class Laid(Generic[T]):
    """The play in front of the seats: ``trick``, finished (``won``) or under way, and the
    ``last`` finished trick, which still shows over it for ``hold`` seconds (A3)."""

    trick: T | None
    won: bool
    last: T | None
    hold: float


def trick_shown(trick: T, pieces: Sequence[int], last: T | None) -> tuple[T | None, bool]:
    """The trick to lay out in front of the seats, and whether it is already won: the one under
    way once a piece of it (``pieces``) is down, else the ``last`` one, finished (A3: it stays
    until the next is led), else none."""
    if pieces:
        return trick, False
    if last is not None:
        return last, True
    return None, False


def held_for(view: RoomView, seats_played: Sequence[int]) -> float:
    """How much longer the finished trick stays over the next, whose first pieces the seats
    ``seats_played`` put down: the rest of its :data:`HOLD` seconds, from when it ended (the
    move before those pieces); none for a viewer who has played to the next trick."""
    me = view.me.position if view.me is not None else None
    if not seats_played or me in seats_played or len(view.moved_at) <= len(seats_played):
        return 0.0
    ended = view.moved_at[-1 - len(seats_played)]
    return max(0.0, round(ended + HOLD - view.now, 2))


def laid(view: RoomView, trick: K, last: K | None, pieces: Callable[[K], Sequence[int]]) -> Laid[K]:
    """What the felt lays out of a trick game's play (:class:`Laid`): the trick under way or
    the finished one, and for how long the finished one still stays over the next."""
    shown, won = trick_shown(trick, pieces(trick), last)
    hold = held_for(view, trick.seats) if last is not None and not won else 0.0
    return Laid(shown, won, last, hold)


def swap(before: str, after: str, hold: float) -> str:
    """``after`` (trusted HTML), shown in place of ``before`` once ``hold`` seconds pass: the
    centre's words about a finished trick stay as long as the trick does."""
    if hold <= 0 or before == after:
        return after
    return (
        f'<span class="m3-swap" style="--m3-hold:{hold:.2f}s">'
        f'<span class="m3-held">{before}</span><span class="m3-next">{after}</span></span>'
    )


def trick_number(done: int, won: bool) -> int:
    """The number of the trick on the felt, ``done`` tricks being complete: the last of
    them while it is shown won, else the one under way."""
    return done if won else done + 1


def played_line(
    view: RoomView,
    trick: K,
    last: K | None,
    pieces: Callable[[K], Sequence[int]],
    label: Callable[[int], str],
) -> str | None:
    """The last piece put down in words (plain text): "<name> played <label>" on the trick
    under way, else on the ``last`` trick, which it completed: who takes that trick then.
    ``None`` before any."""
    shown = trick if pieces(trick) else last
    if shown is None or not pieces(shown):
        return None
    said = f"{name_of(view, shown.seats[-1])} played {label(pieces(shown)[-1])}"
    if shown is last and shown.winner is not None:
        said += f" — {name_of(view, shown.winner)} takes the trick"
    return said


def seated_at_trick(
    view: RoomView,
    about: Callable[[int], Place],
    play: Laid[K],
    pieces: Callable[[K], Sequence[int]],
    face: Callable[[int], str],
) -> list[Place]:
    """Every seat (:func:`seated`) with the ``play`` laid out: each piece of its trick in front
    of the seat that played it, as ``face`` draws it (trusted HTML), its winner marked once
    won; and each seat's piece of the last finished trick, held over the next one while
    ``play`` says so."""

    def faces(trick: K | None) -> dict[int, str]:
        if trick is None:
            return {}
        return {seat: face(piece) for seat, piece in zip(trick.seats, pieces(trick), strict=True)}

    trick, last = play.trick, play.last
    shown = seated(view, about, faces(trick), trick.winner if trick is not None else None)
    before = faces(last)
    winner = last.winner if last is not None else None
    return [
        replace(
            place,
            last=before.get(seat, ""),
            last_won=winner is not None and seat == winner,
            hold=play.hold if seat in before else 0.0,
        )
        for seat, place in enumerate(shown)
    ]


def waiting_on(
    view: RoomView,
    seat: int,
    doing: str,
    at: float | None = None,
    *,
    mine: bool,
    others: str | None = None,
    timed: str = "",
) -> Now:
    """The "now" banner while ``seat`` is to act: "Your turn: ``doing``" to its player, and to
    everyone else "Waiting for <name> to ``others``" (``doing`` unless given; both trusted
    HTML). Where a timer runs, the seconds left before the table makes the move it describes
    (``timed``); else, after ten seconds, how long the table has waited."""
    at = time.time() if at is None else at
    text = (
        f"<b>Your turn:</b> {doing}"
        if mine
        else f"Waiting for <b>{escape.html(name_of(view, seat))}</b> to {others or doing}"
    )
    left = None
    if timed and view.deadline is not None:
        left = max(0, int(view.deadline - at))
        # The page counts the seconds down itself (screens/room.py), from the time left
        # when it was drawn: no rerun a second, and no trust in the phone's clock.
        text += (
            f' · {timed} in <b class="m3-clock" data-ends="{view.deadline:.0f}" '
            f'data-left="{max(0.0, view.deadline - at):.1f}">{left}&nbsp;s</b>'
        )
    elif view.waiting_since is not None and at - view.waiting_since >= 10:
        waited = at - view.waiting_since
        text += (
            f' · waiting <b class="m3-clock" data-ends="w{view.waiting_since:.0f}" '
            f'data-waited="{waited:.1f}">{int(waited)}&nbsp;s</b>'
        )
    return Now(text, mine, left)


def position(k: int, players: int, rx: float, ry: float) -> tuple[float, float]:
    """Where the ``k``-th seat clockwise from the bottom sits, in % of the felt.

    The oval sits a little low, leaving the top corners to the score and the bid.
    """
    angle = math.pi / 2 + 2 * math.pi * k / players
    return 50 + rx * math.cos(angle), 53 + ry * math.sin(angle)


def _ring(deadline: tuple[float, float] | None) -> str:
    """The turn ring, draining over the time left when there is a deadline."""
    if deadline is None:
        return '<svg class="m3-timer" viewBox="0 0 36 36"><circle cx="18" cy="18" r="16"/></svg>'
    ends, total = deadline
    left = max(0.0, ends - time.time())
    return (
        '<svg class="m3-timer m3-timed" viewBox="0 0 36 36" '
        f'style="--m3-total:{total:.1f}s;--m3-gone:-{max(0.0, total - left):.1f}s">'
        '<circle cx="18" cy="18" r="16"/></svg>'
    )


def _place_html(
    place: Place, seat: int, k: int, players: int, deadline: tuple[float, float] | None
) -> str:
    x, y = position(k, players, SEAT_RX, SEAT_RY)
    classes = "m3-spot" + (" m3-turn" if place.turn else "") + (" m3-me" if place.me else "")
    initial = escape.html(place.name[:1].upper() or "?")
    tag = (
        f'<span class="m3-tag m3-tag-{place.tag_kind}">{escape.html(place.tag)}</span>'
        if place.tag
        else ""
    )
    note = (
        f'<span class="m3-note {_note_side(x, y)}">{escape.html(place.note)}</span>'
        if place.note
        else ""
    )
    ring = _ring(deadline) if place.turn else ""
    # Centred on its place, but never past the felt's edge (seats have a set width).
    left = (
        f"clamp(0.2rem, calc({x:.1f}% - var(--m3-chip) / 2), calc(100% - var(--m3-chip) - 0.2rem))"
    )
    # The name gives way to the tag (A4); tapping the chip (it takes focus) shows it whole.
    name = escape.attribute(place.name)
    return (
        f'<div class="{classes}" data-seat="{seat}" data-name="{name}" tabindex="0" '
        f'style="left:{left};top:{y:.1f}%">'
        f'<div class="m3-avatar{" m3-bot" if place.bot else ""}">{ring}<span>{initial}</span></div>'
        f'<div class="m3-who"><span class="m3-name"><b title="{name}">{escape.html(place.name)}'
        f'</b>{tag}</span><span class="m3-line">{escape.html(place.line)}</span></div>{note}</div>'
    )


def _note_side(x: float, y: float) -> str:
    """Where a seat's bubble goes: towards the middle of the table, except for the seat at the
    very top, whose played piece lies straight below it: there beside the chip."""
    if y < 30 and abs(x - 50) < 2:
        return "m3-right"
    return "m3-below" if y < 50 else "m3-above"


def _put(piece: str, seat: int, at: str, won: bool, timing: str = "") -> str:
    """A piece in front of a seat; ``timing`` ("m3-held", "m3-next") for one that yields to,
    or waits for, the end of a finished trick's stay."""
    classes = "m3-put" + (" m3-win" if won else "") + (f" {timing}" if timing else "")
    return f'<div class="{classes}" data-seat="{seat}" style="{at}">{piece}</div>'


def felt_html(
    places: Sequence[Place],
    viewer: int | None,
    *,
    corners: tuple[str, str, str, str] = ("", "", "", ""),
    centre: str = "",
    deadline: tuple[float, float] | None = None,
    version: int | None = None,
    compact: bool = False,
    reactions: Mapping[int, str] | None = None,
) -> str:
    """The whole felt. ``corners`` (top left, top right, bottom left, bottom right: the
    running score, the round's facts) and ``centre`` are trusted HTML (escape user text).

    ``deadline`` is (epoch seconds when the turn ends, its full length) for the ring.
    ``version`` lets a watcher (or a benchmark) tell which move the felt shows.
    ``reactions`` (seat -> trusted HTML, :mod:`ui.reactions`) are drawn over their seats,
    in a layer of their own.
    """
    players = len(places)
    spots = []
    cards = []
    for seat, place in enumerate(places):
        k = seats.around(seat, viewer, players)
        spots.append(_place_html(place, seat, k, players, deadline))
        x, y = position(k, players, CARD_RX, CARD_RY)
        at = f"left:{x:.1f}%;top:{y:.1f}%"
        held = place.hold > 0 and bool(place.last)
        if held:
            at += f";--m3-hold:{place.hold:.2f}s"
            cards.append(_put(place.last, seat, at, place.last_won, "m3-held"))
        if place.played:
            cards.append(_put(place.played, seat, at, place.winning, "m3-next" if held else ""))
    said = [_reaction_html(html, seat, viewer, players) for seat, html in (reactions or {}).items()]
    size = "m3-few" if players <= 4 else ("m3-some" if players <= 7 else "m3-many")
    if players == 3:  # the middle is free below the side seats' pieces, not between them
        size += " m3-three"
    data = f' data-version="{version}"' if version is not None else ""
    return (
        f'<div class="m3-felt {size}{" m3-compact" if compact else ""}"{data}>'
        + "".join(
            f'<div class="m3-corner-{where}">{text}</div>'
            for where, text in zip(("tl", "tr", "bl", "br"), corners, strict=True)
            if text
        )
        + f'<div class="m3-oval"></div>{"".join(cards)}'
        f'<div class="m3-centre">{centre}</div>{"".join(spots)}{"".join(said)}</div>'
    )


def _reaction_html(html: str, seat: int, viewer: int | None, players: int) -> str:
    """A seat's reaction, placed as its seat is (its width, kept on the felt)."""
    x, y = position(seats.around(seat, viewer, players), players, SEAT_RX, SEAT_RY)
    left = (
        f"clamp(0.2rem, calc({x:.1f}% - var(--m3-chip) / 2), calc(100% - var(--m3-chip) - 0.2rem))"
    )
    return (
        f'<div class="m3-react-at" data-seat="{seat}" style="left:{left};top:{y:.1f}%">{html}</div>'
    )


def last_trick_html(places: Sequence[Place], viewer: int | None) -> str:
    """The last finished trick on demand ("Last trick", A3): each seat that played to it,
    from the viewer round the table, with its piece and the winner's outlined; "" before
    any trick is finished."""
    players = len(places)
    rows = [
        (seats.around(seat, viewer, players), seat, place)
        for seat, place in enumerate(places)
        if place.last
    ]
    return "".join(
        f'<div class="m3-last{" m3-win" if place.last_won else ""}" data-seat="{seat}">'
        f'<span class="m3-last-piece">{place.last}</span><span>{escape.html(place.name)}'
        f"{' · <b>took it</b>' if place.last_won else ''}</span></div>"
        for _, seat, place in sorted(rows)
    )


CSS = """
<style>
.st-key-m3-table [data-testid="stMarkdownContainer"] { margin-bottom: 0; }
.st-key-m3-table { scroll-margin-top: 3.6rem; }
.m3-felt { position: relative; height: 20rem; margin: 0; overflow: hidden;
  background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 58%, #165634 100%);
  border-radius: 18px 18px 0 0; color: #fdfbf3; box-shadow: inset 0 0 26px rgba(0,0,0,0.4);
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.m3-felt.m3-compact { height: 15rem; }
.m3-oval { position: absolute; left: 9%; right: 9%; top: 13%; bottom: 13%;
  border-radius: 50%; border: 2px solid rgba(255,255,255,0.10);
  box-shadow: inset 0 0 30px rgba(0,0,0,0.18); }
.m3-felt [class^="m3-corner-"] { position: absolute; z-index: 3; font-size: 0.74rem;
  line-height: 1.3; max-width: 30%; }
.m3-corner-tl { left: 0.6rem; top: 0.4rem; }
.m3-corner-tr { right: 0.6rem; top: 0.4rem; text-align: right; }
.m3-corner-bl { left: 0.6rem; bottom: 0.4rem; }
.m3-corner-br { right: 0.6rem; bottom: 0.4rem; text-align: right; }
.m3-felt [class^="m3-corner-"] b { color: #f3d77a; }
.m3-centre { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
  z-index: 1; font-size: 0.72rem; text-align: center; color: rgba(253,251,243,0.8);
  max-width: 34%; pointer-events: none; }
.m3-felt.m3-three .m3-centre { top: 58.5%; }
.m3-felt { --m3-chip: 11rem; }
.m3-felt.m3-some { --m3-chip: 10rem; }
.m3-felt.m3-many { --m3-chip: 8.5rem; }
.m3-spot { position: absolute; z-index: 2; transform: translateY(-50%); box-sizing: border-box;
  display: flex; align-items: center; gap: 0.3rem; width: var(--m3-chip);
  background: rgba(0,0,0,0.30); border-radius: 1.3rem; padding: 0.18rem 0.5rem 0.18rem 0.2rem;
  font-size: 0.74rem; line-height: 1.2; border: 1.5px solid transparent; }
.m3-spot.m3-me { background: rgba(255,255,255,0.17); }
.m3-spot.m3-turn { border-color: #f3d77a; box-shadow: 0 0 12px rgba(243,215,122,0.75); }
.m3-avatar { position: relative; flex: none; width: 1.9rem; height: 1.9rem; border-radius: 50%;
  background: #fdfbf3; color: #1f6f43; display: flex; align-items: center;
  justify-content: center; font-weight: 800; font-size: 0.9rem; }
.m3-avatar.m3-bot { background: #cfe3d6; }
.m3-timer { position: absolute; inset: -0.28rem; width: calc(100% + 0.56rem);
  height: calc(100% + 0.56rem); transform: rotate(-90deg); }
.m3-timer circle { fill: none; stroke: #f3d77a; stroke-width: 3.2; stroke-linecap: round;
  stroke-dasharray: 100.6; stroke-dashoffset: 0; }
.m3-timer.m3-timed circle { animation: m3-drain var(--m3-total) linear var(--m3-gone) forwards; }
@keyframes m3-drain { to { stroke-dashoffset: 100.6; stroke: #e5533d; } }
.m3-who { display: flex; flex-direction: column; min-width: 0; }
/* The name shrinks and is cut; the tag beside it never is (A4). */
.m3-name { display: flex; flex-wrap: wrap; align-items: baseline; min-width: 0;
  max-width: 100%; white-space: nowrap; }
.m3-name b { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.m3-spot:focus { outline: 2px solid #f3d77a; outline-offset: 1px; }
.m3-spot:focus::after { content: attr(data-name); position: absolute; left: 50%; top: 50%;
  transform: translate(-50%, -50%); z-index: 6; width: max-content; max-width: 14rem;
  text-align: center;
  background: #1d2521; color: #fdfbf3; border-radius: 0.5rem; padding: 0.1rem 0.45rem;
  font-size: 0.72rem; font-weight: 700; box-shadow: 0 1px 4px rgba(0,0,0,0.45); }
.m3-line { opacity: 0.88; font-size: 0.68rem; line-height: 1.15; }
.m3-note { position: absolute; left: 50%; transform: translateX(-50%); white-space: nowrap;
  background: #fdfbf3; color: #1d2521; border-radius: 0.6rem; padding: 0.05rem 0.45rem;
  font-size: 0.66rem; font-weight: 700; box-shadow: 0 1px 3px rgba(0,0,0,0.35); }
.m3-note.m3-above { bottom: calc(100% + 0.15rem); }
.m3-note.m3-below { top: calc(100% + 0.15rem); }
.m3-note.m3-right, .m3-note.m3-left { top: 50%; transform: translateY(-50%); z-index: 3; }
.m3-note.m3-right { left: calc(100% + 0.2rem); }
.m3-note.m3-left { left: auto; right: calc(100% + 0.2rem); }
.m3-felt .m3-tag { display: inline-block; flex: none; border-radius: 5px; padding: 0 0.28rem;
  font-size: 0.62rem; font-weight: 700; background: #f3d77a; color: #3a2c00;
  margin-left: 0.25rem; vertical-align: 0.05rem; }
.m3-felt .m3-tag-b { background: #9ec5ff; color: #0b2a55; }
.m3-felt .m3-tag-bid { background: #fff; color: #1f6f43; }
.m3-put { position: absolute; transform: translate(-50%, -50%); z-index: 1; }
.m3-put .m3-card { width: var(--m3-small-w); height: var(--m3-small-h); }
/* The winner of a trick, a card or a tile alike (A3). */
.m3-win .m3-card, .m3-win .md-tile { outline: 3px solid #f3d77a;
  outline-offset: 1px; border-radius: 0.3rem; }
/* A finished trick's stay (A3): it yields to the next one's pieces after --m3-hold. */
.m3-felt .m3-held { animation: m3-yield 0.15s linear var(--m3-hold) forwards; }
.m3-felt .m3-next { animation: m3-arrive 0.15s linear var(--m3-hold) both; }
@keyframes m3-yield { to { opacity: 0; visibility: hidden; } }
@keyframes m3-arrive { from { opacity: 0; visibility: hidden; }
  to { opacity: 1; visibility: visible; } }
.m3-swap { display: inline-grid; }
/* "Last trick": its button sits over the felt's top edge; the trick opens under it. */
.st-key-m3-table { position: relative; }
.st-key-m3-last-trick { position: absolute; top: 0.15rem; left: 50%;
  transform: translateX(-50%); z-index: 4; width: auto !important; }
.st-key-m3-last-trick button { min-height: 0; height: 1.3rem; padding: 0 0.5rem;
  line-height: 1; background: rgba(0,0,0,0.35); color: #fdfbf3;
  border-color: rgba(253,251,243,0.35); }
.st-key-m3-last-trick button p { font-size: 0.7rem; }
.m3-last { display: flex; align-items: center; gap: 0.5rem; padding: 0.15rem 0;
  font-size: 0.85rem; }
.m3-last .m3-card, .m3-last .md-tile { width: var(--m3-small-w); height: var(--m3-small-h); }
.m3-last .md-tile { width: var(--md-small-w); height: var(--md-small-h); }
.m3-swap > span { grid-area: 1 / 1; }
.m3-felt.m3-many .m3-spot { font-size: 0.66rem; padding-right: 0.35rem; }
.m3-felt.m3-many .m3-avatar { width: 1.5rem; height: 1.5rem; font-size: 0.75rem; }
.m3-felt.m3-many .m3-line { font-size: 0.6rem; }
.m3-felt.m3-many .m3-put .m3-card { width: 2rem; height: 2.8rem; }
@media (max-width: 640px) {
  .m3-felt { height: 20rem; --m3-chip: 7rem; }
  .m3-felt.m3-compact { height: 13.5rem; }
  .m3-felt.m3-some { --m3-chip: 6.6rem; }
  .m3-felt.m3-many { --m3-chip: 5.4rem; }
  .m3-spot { font-size: 0.68rem; padding-right: 0.4rem; }
  .m3-avatar { width: 1.6rem; height: 1.6rem; font-size: 0.8rem; }
  .m3-line { font-size: 0.62rem; }
  .m3-felt [class^="m3-corner-"] { font-size: 0.64rem; max-width: 31%; }
  /* Eight to twelve seats on a phone (H1): each seat a small tile, avatar over name. */
  .m3-felt.m3-many { --m3-chip: 4.4rem; height: 22rem; }
  .m3-felt.m3-many .m3-spot { flex-direction: column; gap: 0.05rem; text-align: center;
    padding: 0.14rem 0.12rem 0.18rem; border-radius: 0.7rem; }
  .m3-felt.m3-many .m3-who { align-items: center; max-width: 100%; }
  .m3-felt.m3-many .m3-name { font-size: 0.62rem; flex-direction: column; align-items: center; }
  .m3-felt.m3-many .m3-name b { max-width: 100%; }
  .m3-felt.m3-many .m3-tag { font-size: 0.55rem; padding: 0 0.2rem; margin-left: 0;
    line-height: 1.15; }
  .m3-felt.m3-many .m3-line { font-size: 0.56rem; line-height: 1.1; }
  .m3-felt.m3-many .m3-avatar { width: 1.3rem; height: 1.3rem; font-size: 0.68rem; }
  .m3-felt.m3-many .m3-put .m3-card { width: 1.8rem; height: 2.5rem; }
  /* While cards are picked (a call), the small felt keeps avatars and names only. */
  .m3-felt.m3-many.m3-compact { height: 13.5rem; }
  .m3-felt.m3-many.m3-compact .m3-line { display: none; }
}
/* The "now" banner under the felt (drawn each second by the page's poll). */
.m3-now { background: #174f31; color: #fdfbf3; border-radius: 0 0 18px 18px;
  padding: 0.4rem 0.8rem 0.45rem; font-size: 0.86rem; line-height: 1.3; min-height: 2.6rem;
  box-sizing: border-box; }
.m3-now b { color: #f3d77a; }
.m3-now.m3-yours { background: #f3d77a; color: #2b2100; }
.m3-now.m3-yours b { color: #2b2100; }
/* One line each, cut if need be: the banner never changes height as the seconds tick. */
.m3-now .m3-said { display: block; font-size: 0.74rem; opacity: 0.9; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
.m3-now .m3-said.m3-first { font-size: 0.86rem; opacity: 1; }
</style>
"""

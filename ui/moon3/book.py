"""Moon 3 of Spades' scorebook screens (H3): open one, enter rounds in a few taps, follow it.

``create_form`` is the "Keep score" page's form. ``draw`` is the room page of a
scorebook: the standings, the round entry (bidder, bid, partners, made or
failed — or the points taken), the last round's correction, every round so
far, the exports, and for anyone who opened the invite link the live table
and a tap to take their own seat. The rules are the game's
(``core/moon3/book.py``); this module lays them out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any, cast

import streamlit as st

from core.moon3 import book as kept
from core.moon3.book import BookRound, BookSettings, BookView
from core.moon3.config import MAX_PLAYERS, MODE_LABELS, Config, Mode, default_decks
from core.moon3.scoring import default_length
from core.rooms import RoomError, RoomView
from ui import charts, escape, look, numbers, session
from ui.share import own_seat_link
from ui.turn import Turn

CSS = """
<style>
.m3-book-total { display: grid; gap: 0.3rem;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); }
.m3-standing { display: grid; grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: "who sum" "gain sum"; align-items: center; column-gap: 0.5rem;
  padding: 0.3rem 0.65rem; border-radius: 10px; background: #f7f5ef;
  border-left: 5px solid transparent; }
.m3-standing.m3-lead { background: #e3f6e9; border-left-color: #1f6f43; }
.m3-standing .m3-who { grid-area: who; font-weight: 600; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.m3-standing .m3-gain { grid-area: gain; color: #44504a; font-size: 0.78rem; }
.m3-standing .m3-sum { grid-area: sum; font: 700 1.2rem/1 system-ui, sans-serif; }
.m3-book-scroll { overflow: auto; max-width: 100%; max-height: 24rem; }
.m3-book-scroll .m3-table { font-size: 0.88rem; white-space: nowrap; }
.st-key-m3-entry { border: 1px solid #cfc7b2; border-radius: 14px; padding: 0.6rem 0.8rem;
  background: #fffdf7; }
.st-key-m3-entry [data-testid="stNumberInput"] { max-width: 12rem; }
</style>
"""


# ---------------------------------------------------------------- opening a scorebook

OPEN = "Open the scorebook"


def _names(text: str) -> list[str]:
    """The other players as typed: one a line, or separated by commas."""
    return [part.strip() for line in text.splitlines() for part in line.split(",") if part.strip()]


def create_form() -> None:
    """The host's form: the players, the mode (and teams), decks, minimum bid and game length."""
    name = st.text_input("Your name", max_chars=24, key="book-host")
    typed = st.text_area(
        "The other players, clockwise from you",
        placeholder="One name a line, e.g.\nBen\nChen\nDev",
        key="book-others",
        height=140,
    )
    others = _names(typed)
    players = 1 + len(others)
    mode = (
        st.segmented_control(
            "Mode",
            [m.value for m in (Mode.PARTNERS, Mode.TEAMS, Mode.RANDOM)],
            default=Mode.PARTNERS.value,
            format_func=lambda m: MODE_LABELS[Mode(m)],
            key="book-mode",
        )
        or Mode.PARTNERS.value
    )
    team_b: tuple[int, ...] = ()
    everyone = [name.strip() or "You", *others]
    if mode == Mode.TEAMS.value:
        picked = st.pills(
            "Team B (everyone else is team A)",
            list(range(len(everyone))),
            selection_mode="multi",
            format_func=lambda p: escape.markdown(everyone[p]),
            key="book-team-b",
        )
        team_b = tuple(sorted(picked))
    elif mode == Mode.RANDOM.value:
        st.caption("The app draws two teams when the scorebook opens.")
    st.caption(f"{players} player{'s' * (players != 1)} (2 to {MAX_PLAYERS}).")
    decks = st.segmented_control(
        "Card sets",
        [1, 2],
        default=default_decks(min(max(players, 2), MAX_PLAYERS)),
        format_func=lambda d: f"{d} Deck{'s' * (d > 1)}",
        key=f"book-decks-{players >= 5}",
    ) or default_decks(min(max(players, 2), MAX_PLAYERS))
    left, right = st.columns(2)
    with left:
        min_bid = numbers.field(
            "Minimum bid",
            5,
            250 * decks,
            key=f"book-min-{decks}",
            value=125 * decks,
            step=5,
            button=OPEN,
        )
    length = right.selectbox(
        "Game length",
        ["default", "target", "rounds"],
        format_func=lambda k: {
            "default": _default_length(mode, players, decks),
            "target": "First to a score",
            "rounds": "A number of rounds",
        }[k],
        key="book-length",
    )
    target = rounds = None
    if length == "target":
        target = numbers.field(
            "First to", 5, 100_000, key="book-target", value=250 * decks, step=5, button=OPEN
        )
    elif length == "rounds":
        rounds = numbers.field(
            "Rounds", 1, 100, key="book-rounds", value=max(players, 1), button=OPEN
        )
    boxes = [n for n in (min_bid, target, rounds) if n is not None]
    anyone = st.toggle(
        "Seated players may enter rounds",
        help="Players who open the invite link and tap their name can then enter rounds too.",
        key="book-anyone",
    )
    fits = all(n.fits for n in boxes)
    if st.button(OPEN, type="primary", disabled=not fits) and fits:
        settings = BookSettings(
            mode=mode,
            others=tuple(others),
            team_b=team_b,
            decks=decks,
            min_bid=min_bid.value,
            target=None if target is None else target.value,
            rounds=None if rounds is None else rounds.value,
            anyone=anyone,
        )
        try:
            code, token = session.rooms().create_book(name, settings, session.home_group())
        except RoomError as exc:
            st.error(escape.markdown(exc))
        else:
            session.go_to_seat(code, token)


def _default_length(mode: str, players: int, decks: int) -> str:
    """R28's default for the table being set up, in words."""
    if not 2 <= players <= MAX_PLAYERS or (mode != Mode.TEAMS.value and players < 3):
        return "The mode's default (R28)"
    config = Config.make(players, mode, decks)
    return f"Default: {default_length(config).describe()}"


# ---------------------------------------------------------------- the scorebook


def draw(view: RoomView, rooms: Any, token: str | None) -> None:
    """A scorebook room for whoever opened it: the host, a seated player, or a watcher."""
    st.markdown(CSS, unsafe_allow_html=True)
    book: BookView | None = view.book
    st.subheader(f"Scorebook · room {escape.markdown(view.code)}")
    if book is None:
        st.info("The scorebook is being set up; it opens in a moment.")
        follow(view, rooms)
        return
    mode = MODE_LABELS[Mode(book.mode)]
    st.caption(
        f"{mode} · {len(book.names)} players · {book.decks} deck{'s' * (book.decks > 1)} · "
        f"{escape.markdown(book.length)} · game {book.game_number}, {book.day}"
    )
    claimed_says(view)
    own_seat_link(view, token)
    over(view, book, rooms, token)
    writing = bool(view.can_score and token)
    # Side by side on a laptop; on a phone the columns stack: the scores, then the entry.
    left, right = st.columns([1, 1.15], gap="large") if writing else (st.container(),) * 2
    with left:
        standings(book)
    with right:
        if writing and token and not book.over:
            entry_form(view, book, rooms, token)
        if writing and token and book.rounds:
            last_round_tools(view, book, rooms, token)
    rounds_table(book)
    if view.me is None:
        claim(view, rooms)
    host_tools(view, book, rooms, token)
    exports(view, book)
    invite(view)
    follow(view, rooms)


def _tap(call: Callable[[], Any], done: str = "") -> None:
    Turn.tap(call)
    if done and "flash" not in st.session_state:
        st.session_state["book-done"] = done


def over(view: RoomView, book: BookView, rooms: Any, token: str | None) -> None:
    """The result once the game is over, and the host's "New game"."""
    said = st.session_state.pop("book-done", None)
    if said:
        st.toast(escape.markdown(said), icon=":material/check_circle:")
    if not book.over:
        return
    winners = " and ".join(escape.markdown(book.units[w]) for w in book.winners)
    early = " (ended early)" if book.ended_early else ""
    verb = "wins" if len(book.winners) == 1 else "win"
    played = len(book.rounds)
    st.success(f"Game over after {played} round{'s' * (played != 1)}: {winners} {verb}{early}!")
    if view.is_host and token:
        st.button(
            "New game",
            type="primary",
            on_click=_tap,
            args=(partial(rooms.rematch, token), "A new game: same players"),
        )


def standings(book: BookView) -> None:
    """Every total, highest first, with what the last round changed."""
    last = book.rounds[-1].score if book.rounds else (0,) * len(book.units)
    best = max(book.totals) if book.totals else 0
    order = sorted(range(len(book.units)), key=lambda u: (-book.totals[u], u))
    rows = []
    for unit in order:
        lead = " m3-lead" if book.rounds and book.totals[unit] == best else ""
        gain = f"{last[unit]:+d}" if book.rounds else "&nbsp;"
        rows.append(
            f'<div class="m3-standing{lead}"><span class="m3-who" '
            f'title="{escape.html(book.units[unit])}">{escape.html(book.units[unit])}</span>'
            f'<span class="m3-gain">{gain}</span>'
            f'<span class="m3-sum">{book.totals[unit]}</span></div>'
        )
    count = len(book.rounds)
    st.markdown(
        f"**Scores** after {count} round{'s' * (count != 1)}"
        + (" (under each name, the last round)" if count else ": enter the first round below")
    )
    st.markdown(f'<div class="m3-book-total">{"".join(rows)}</div>', unsafe_allow_html=True)


def _state_key(view: RoomView, book: BookView, part: str) -> str:
    return f"book-{view.code}-{book.game_number}-{len(book.rounds)}-{part}"


def entry_form(view: RoomView, book: BookView, rooms: Any, token: str) -> None:
    """The next round in a few taps: bidder, bid, partners, made or failed."""
    number = len(book.rounds) + 1
    with st.container(key="m3-entry"):
        st.markdown(f"**Round {number}**")
        entered = _entry_fields(view, book, "new", book.min_bid, "Enter round")
        _send_button(
            "Enter round",
            partial(rooms.enter_round, token),
            entered,
            view.version,
            f"Round {number} entered",
            _state_key(view, book, "enter"),
            primary=True,
        )


def _send(
    call: Callable[[dict[str, object], int], Any],
    entered: Callable[[], dict[str, object] | None],
    version: int,
    done: str,
) -> None:
    """Button callback: send the entry as the form shows it when pressed (a number typed just
    before the click included), or nothing while it is incomplete or out of range."""
    entry = entered()
    if entry is not None:
        _tap(partial(call, entry, version), done)


def _send_button(
    label: str,
    call: Callable[[dict[str, object], int], Any],
    entered: Callable[[], dict[str, object] | None],
    version: int,
    done: str,
    key: str,
    primary: bool = False,
) -> None:
    """The button that sends an entry (:func:`_send`), live only while the entry is complete;
    a ``primary`` one stands out and spans its row."""
    st.button(
        label,
        type="primary" if primary else "secondary",
        disabled=entered() is None,
        on_click=_send,
        args=(call, entered, version, done),
        key=key,
        width="stretch" if primary else "content",
    )


def _entry_fields(
    view: RoomView, book: BookView, part: str, bid: int, button: str
) -> Callable[[], dict[str, object] | None]:
    """The entry's widgets, the bid starting at ``bid``, sent by ``button``; returns what reads
    the entry as they show it (``None`` while it is incomplete or a number is out of range),
    for the drawing and for the button's callback."""
    key = partial(_state_key, view, book)
    players = range(len(book.names))
    bidder = st.pills(
        "Bidder",
        list(players),
        format_func=lambda p: escape.markdown(book.names[p]),
        key=key(f"{part}-bidder"),
    )
    amount = numbers.field(
        "Bid", book.min_bid, book.max_bid, key=key(f"{part}-bid"), value=bid, step=5, button=button
    )
    if book.partners_chosen:
        st.pills(
            "Partners (called as teammates)",
            [p for p in players if p != bidder],
            selection_mode="multi",
            format_func=lambda p: escape.markdown(book.names[p]),
            key=key(f"{part}-partners"),
        )
    elif bidder is not None:
        team = [book.names[p] for p in book.bidding_team(bidder)]
        st.caption("Bidding side: " + escape.markdown(", ".join(team)))
    result = st.segmented_control(
        "Result",
        ["made", "failed"],
        format_func=lambda r: "Made" if r == "made" else "Failed",
        key=key(f"{part}-result"),
    )
    with st.expander("Counted the points? Enter them instead"):
        taken = numbers.field(
            "Points the bidding side took",
            0,
            book.max_bid,
            key=key(f"{part}-taken"),
            value=None,
            step=5,
            button=button,
            say=False,
            help="The result follows from them (R26): made when they reach the bid.",
        )
    taken.say_range()  # under the expander: seen even once it is folded
    if bidder is None or (result is None and taken.value is None):
        st.caption("Tap the bidder and the result (or enter the points taken).")

    def entered() -> dict[str, object] | None:
        state = st.session_state
        chosen, outcome = state.get(key(f"{part}-bidder")), state.get(key(f"{part}-result"))
        if chosen is None or amount.value is None or not (amount.fits and taken.fits):
            return None
        if outcome is None and taken.value is None:
            return None
        sided = list(state.get(key(f"{part}-partners")) or []) if book.partners_chosen else []
        entry: dict[str, object] = {"bidder": int(chosen), "bid": amount.value, "partners": sided}
        if taken.value is not None:
            entry["taken"] = taken.value
        else:
            entry["made"] = outcome == "made"
        return entry

    return entered


def _describe(book: BookView, entry: BookRound) -> str:
    names = book.names
    side = ", ".join(names[p] for p in entry.partners) or "nobody"
    result = "made" if entry.made else "failed"
    taken = f" ({entry.taken} taken)" if entry.taken is not None else ""
    return f"{names[entry.bidder]} bid {entry.bid} with {side}: {result}{taken}"


def last_round_tools(view: RoomView, book: BookView, rooms: Any, token: str) -> None:
    """Correct or delete the last round, until the next one is entered."""
    last = book.rounds[-1]
    with st.expander(
        f"Round {last.number}: " + escape.markdown(_describe(book, last)) + " — correct it?"
    ):
        # The form starts from the round as entered.
        known = {
            "fix-bidder": last.bidder,
            "fix-partners": list(last.partners) if book.partners_chosen else [],
            "fix-result": None if last.taken is not None else ("made" if last.made else "failed"),
            "fix-taken": last.taken,
        }
        for part, value in known.items():
            st.session_state.setdefault(_state_key(view, book, part), value)
        fixing = _entry_fields(view, book, "fix", last.bid, "Save correction")
        left, right = st.columns(2)
        with left:
            _send_button(
                "Save correction",
                partial(rooms.correct_round, token),
                fixing,
                view.version,
                f"Round {last.number} corrected",
                _state_key(view, book, "fix"),
            )
        right.button(
            "Delete this round",
            on_click=_tap,
            args=(partial(rooms.delete_round, token, view.version), f"Round {last.number} deleted"),
            key=_state_key(view, book, "delete"),
        )


def rounds_table(book: BookView) -> None:
    """Every round so far, newest first, and every total after each round on request."""
    if not book.rounds:
        return
    names = book.names
    rows = [
        [
            r.number,
            names[r.bidder],
            r.bid,
            ", ".join(names[p] for p in r.partners) or "–",
            ("made" if r.made else "failed") + (f" ({r.taken})" if r.taken is not None else ""),
        ]
        for r in reversed(book.rounds)
    ]
    with_label = "Partners" if book.partners_chosen else "Team"
    st.markdown("**Rounds**")
    st.markdown(
        '<div class="m3-book-scroll">'
        + look.table_html(["#", "Bidder", "Bid", with_label, "Result"], rows)
        + "</div>",
        unsafe_allow_html=True,
    )
    with st.expander("Every total after each round"):
        sheet = [[r.number, *r.totals] for r in book.rounds]
        st.markdown(
            '<div class="m3-book-scroll">' + look.table_html(["#", *book.units], sheet) + "</div>",
            unsafe_allow_html=True,
        )


#: The name of the seat a visitor just claimed, said once they are in it.
_CLAIMED_NAME = "book-claimed"


def claim(view: RoomView, rooms: Any) -> None:
    """A visitor from the invite link: the live table, and a tap to take their own seat."""
    free = [s for s in view.seats if not s.linked]
    if not free:
        st.caption("You are watching this scorebook; it updates as rounds are entered.")
        return
    st.markdown(
        "**Playing at this table?** Tap your name to take your seat and follow on this phone."
    )
    with st.container(horizontal=True):
        for seat in free:
            st.button(
                escape.markdown(seat.name),
                key=f"claim-{seat.seat_id}",
                on_click=_claim,
                args=(rooms, view.code, seat.seat_id, seat.name),
            )


def _claim(rooms: Any, code: str, seat_id: int, name: str) -> None:
    try:
        st.session_state["claimed"] = (code, rooms.claim_seat(code, seat_id))
    except RoomError as exc:
        st.session_state["flash"] = str(exc)
    else:
        st.session_state[_CLAIMED_NAME] = name


def claimed_says(view: RoomView) -> None:
    """Once in the seat just claimed: whose it is now, on this phone."""
    name = st.session_state.pop(_CLAIMED_NAME, None) if view.me is not None else None
    if name:
        shown = escape.markdown(name)
        st.success(
            f"You took {shown}'s seat: this phone follows the scorebook as {shown}.",
            icon=":material/check_circle:",
        )


def host_tools(view: RoomView, book: BookView, rooms: Any, token: str | None) -> None:
    claimed = st.session_state.pop("claimed", None)
    if claimed:
        session.go_to_seat(*claimed)
    if not (view.is_host and token):
        return
    with st.expander("Host controls"):
        anyone = bool(cast(BookSettings, view.settings).anyone)
        st.toggle(
            "Seated players may enter rounds",
            value=anyone,
            key=f"book-anyone-{view.code}-{anyone}",
            on_change=_tap,
            args=(partial(rooms.allow_scoring, token, not anyone),),
        )
        if not book.over and book.rounds:
            st.button(
                "End game now",
                on_click=_tap,
                args=(partial(rooms.end_game, token), "Game ended"),
                help="The leaders win, marked ended early (R28).",
            )


def exports(view: RoomView, book: BookView) -> None:
    """The game so far as JSON (the import format) and as CSV."""
    if not book.rounds:
        return
    stem = f"moon3-scorebook-{view.code}-game{book.game_number}"
    document = kept.export(book)
    header, rows = kept.export_rows(book)
    with st.container(horizontal=True):
        st.download_button(
            "Export JSON",
            json.dumps(document, indent=2, ensure_ascii=False),
            file_name=f"{stem}.json",
            mime="application/json",
            icon=":material/download:",
        )
        st.download_button(
            "Export CSV",
            charts.csv_text(header, rows),
            file_name=f"{stem}.csv",
            mime="text/csv",
            icon=":material/download:",
        )


def invite(view: RoomView) -> None:
    link = session.invite_link(view.code)
    with st.expander("Let the table follow the scores"):
        st.markdown("Anyone with this link sees the scores live on their phone.")
        st.code(link, language=None, wrap_lines=True)
        st.image(session.qr_png(link), caption="Scan to follow", width=150)


@st.fragment(run_every=1.0)
def follow(view: RoomView, rooms: Any) -> None:
    """Each second: redraw the page when a round was entered anywhere."""
    try:
        current = rooms.version(view.code)
    except RoomError:
        return
    if current != view.version:
        st.rerun(scope="app")

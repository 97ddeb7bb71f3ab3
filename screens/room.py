"""The room: lobby, card removal, bidding, teammate call, trump, play and results.

Who you are comes from the URL only (``?room=CODE&seat=TOKEN``), so a reload
or a reopened link puts you back in your seat. Without a seat token the page
offers to join (a free lobby seat) or shows the public table. A one-second
fragment polls the room's version and redraws the page when anything changed.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from core import bots, cards
from core.boundary import shown
from core.moon3.actions import Action
from core.moon3.config import MODE_LABELS, Mode
from core.rooms import RoomError, RoomView
from ui import escape, look, session

svc = session.rooms()
params = st.query_params
code = str(params.get("room", "")).strip().upper()
token = params.get("seat")

BUTTON_CSS = """
<style>
.st-key-m3-title { display: none; }
.stVerticalBlock > :has(.st-key-m3-live), .st-key-m3-live { order: -1; }
[data-testid="stMainBlockContainer"] { padding-top: 3.6rem; }
div[class*="st-key-play-"] button, div[class*="st-key-trump-"] button {
  width: 4.2rem; height: 5.9rem; border-radius: 0.5rem; background: #fff;
  border: 1px solid #d7d2c4; box-shadow: 0 3px 8px rgba(0,0,0,0.3); padding: 0; }
div[class*="st-key-play-"] button *, div[class*="st-key-trump-"] button * {
  font: 700 1.3rem Georgia, serif; }
div[class*="st-key-play-"] button:hover { transform: translateY(-4px); border-color: #1f6f43; }
div[class*="st-key-play-"] button:disabled { opacity: 0.45; box-shadow: none; }
div[class*="st-key-trump-"] button { width: 5rem; height: 4rem; font-size: 1.6rem; }
div[class*="st-key-play-"] button { position: relative; overflow: visible; }
div[class*="st-key-play-"] button::after { position: absolute; top: -0.4rem; right: -0.4rem;
  min-width: 1.4rem; height: 1.4rem; border-radius: 0.7rem; color: #fff;
  font: 700 0.7rem/1.4rem system-ui, sans-serif; border: 2px solid #fff; }
@media (max-width: 640px) {
  div[class*="st-key-play-"] button { width: 3.5rem; height: 4.9rem; font-size: 1.05rem; }
}
</style>
"""
BADGE_CSS = "".join(
    f'div[class*="st-key-play-"][class*="-p{points}-"] button::after '
    f'{{ content: "{points}"; background: {"#b8860b" if points == 30 else "#1f6f43"}; }}'
    for points in sorted({p for p in cards.POINTS if p})
)
SUIT_CSS = (
    "".join(
        f'div[class*="st-key-play-{s}-"] button *, '
        f'div[class*="st-key-trump-{s}"] button * {{ color: {colour}; }}'
        for s, colour in zip(cards.SUITS, cards.SUIT_COLOURS, strict=True)
    )
    + f'div[class*="st-key-play-J-"] button * {{ color: {cards.JOKER_COLOUR}; }}'
)


def attempt(call: Callable[[], Any]) -> None:
    """Button callback: run a service call bound to the table as the button showed it.

    Streamlit runs callbacks before the page redraws, so a click on a table that
    has moved on since it was drawn reaches the service with the old version and
    is refused as stale; the refusal is shown above the redrawn table.
    """
    try:
        call()
    except RoomError as exc:
        st.session_state["flash"] = str(exc)


def move(action: Action) -> dict[str, object]:
    data = action.to_json()
    data.pop("seat")
    return data


def show_flash() -> None:
    message = st.session_state.pop("flash", None)
    if message:
        st.warning(escape.markdown(message))


def name_of(view: RoomView, seat: int | None) -> str:
    if seat is None or seat >= len(view.names):
        return "someone"
    return view.names[seat]


# ---------------------------------------------------------------- lobby


def lobby(view: RoomView) -> None:
    settings = view.settings
    link = session.invite_link(view.code)
    st.subheader(f"Room {escape.markdown(view.code)}")
    mode = MODE_LABELS[Mode(settings.mode)]
    sizes = f" ({settings.team_sizes[0]} v {settings.team_sizes[1]})" if settings.team_sizes else ""
    st.caption(
        f"{mode}{sizes} · {settings.players} players · "
        f"{settings.decks} deck{'s' if settings.decks != 1 else ''}"
        + (" · Trump Cards" if settings.jokers else "")
        + f" · minimum bid {settings.min_bid}"
    )
    if view.me is None:  # a visitor from the invite link: the seat first, then the rest
        join_form(view)
    left, right = st.columns([3, 1])
    with left:
        st.markdown("**Invite your friends** with this link (tap the icon to copy it):")
        st.code(link, language=None)
        st.caption("The link only opens the room; each player gets their own seat when joining.")
    with right:
        st.image(session.qr_png(link), caption="Scan to join", width=150)
    st.markdown(f"**Seats** ({len(view.seats)} of {settings.players} taken)")
    for info in view.seats:
        team = f" · team {'AB'[info.team]}" if info.team is not None else ""
        who = "bot" if info.is_bot else ("host" if info.is_host else "player")
        you = " (you)" if view.me and info.seat_id == view.me.seat_id else ""
        # A horizontal row keeps the name and its button together on a phone.
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"{escape.markdown(info.name)}{you} · {who}{team}", width="stretch")
            if view.is_host and token and not info.is_host:
                remove = partial(svc.remove_seat, token, info.seat_id)
                st.button("Remove", key=f"remove-{info.seat_id}", on_click=attempt, args=(remove,))
    for _ in range(settings.players - len(view.seats)):
        st.markdown("<i>empty seat</i>", unsafe_allow_html=True)
    if view.me is None:
        return
    assert token is not None
    if settings.mode == Mode.TEAMS and view.me.team is not None:
        other = 1 - view.me.team
        switch = partial(svc.choose_team, token, other)
        st.button(f"Switch to team {'AB'[other]}", on_click=attempt, args=(switch,))
    if view.is_host:
        full = len(view.seats) >= settings.players
        with st.container(horizontal=True, vertical_alignment="bottom"):
            level = st.selectbox(
                "Bot level",
                list(bots.LABELS),
                index=1,
                format_func=bots.LABELS.__getitem__,
                disabled=full,
                width=220,
            )
            add = partial(svc.add_bot, token, level)
            st.button("Add a bot", disabled=full, on_click=attempt, args=(add,))
            begin = partial(svc.begin, token)
            st.button(
                "Begin Game", type="primary", disabled=not full, on_click=attempt, args=(begin,)
            )
        if not full:
            st.caption("Begin Game unlocks once every seat is taken.")
    else:
        st.info("Waiting for the host to begin the game.")
    if st.button("Leave the room"):
        svc.leave(token)
        st.query_params.clear()
        st.switch_page("screens/home.py")


def join_form(view: RoomView) -> None:
    settings = view.settings
    if len(view.seats) >= settings.players:
        st.info("This room is full. You can watch the table once the game begins.")
        return
    with st.form("join"):
        name = st.text_input("Your name", max_chars=24)
        team = None
        if settings.mode == Mode.TEAMS and settings.team_sizes:
            counts = [sum(1 for s in view.seats if s.team == t) for t in (0, 1)]
            free = [t for t in (0, 1) if counts[t] < settings.team_sizes[t]]
            team = st.radio(
                "Team",
                free,
                format_func=lambda t: f"Team {'AB'[t]} ({counts[t]}/{settings.team_sizes[t]})",  # type: ignore[index]
                horizontal=True,
            )
        if st.form_submit_button("Join", type="primary"):
            try:
                new_token = svc.join(view.code, name, team)
            except RoomError as exc:
                st.error(escape.markdown(exc))
            else:
                session.go_to_seat(view.code, new_token)


# ---------------------------------------------------------------- removal


def removal(view: RoomView) -> None:
    chooser = name_of(view, view.removal_chooser)
    mine = view.me is not None and view.me.position == view.removal_chooser
    if not mine:
        st.info(
            f"Waiting for {escape.markdown(chooser)} to remove {view.removal_count} card(s) "
            "before the deal."
        )
        return
    assert token is not None
    st.subheader("Select Cards to Remove")
    st.write(
        f"The deck does not divide evenly: remove {view.removal_count} card(s) worth no "
        "points. The lowest are preselected; one click confirms."
    )
    # With two decks each card has two copies, and both may go: one option per copy.
    copies = Counter(view.removal_options)
    options = [f"{cards.NAME[c]}#{k}" for c in sorted(copies) for k in range(1, copies[c] + 1)]
    seen: Counter[int] = Counter()
    default = []
    for c in view.removal_default:
        seen[c] += 1
        default.append(f"{cards.NAME[c]}#{seen[c]}")

    def copy_label(option: str) -> str:
        name, copy = option.split("#")
        label = cards.label(cards.parse(name))
        return label if copy == "1" else f"{label} (second copy)"

    chosen = st.multiselect(
        "Cards to remove",
        options=options,
        default=default,
        format_func=copy_label,
        max_selections=view.removal_count,
    )
    picked = [option.split("#")[0] for option in chosen]
    confirm = partial(svc.confirm_removal, token, picked, view.version)
    st.button("Confirm Selection", type="primary", on_click=attempt, args=(confirm,))


# ---------------------------------------------------------------- the table


def now_line(view: RoomView) -> None:
    table = view.table
    assert table is not None
    waiting = name_of(view, table.to_act)
    mine = table.my_turn
    elapsed = int(time.time() - view.waiting_since) if view.waiting_since else 0
    what = {
        "bidding": "bid or pass",
        "calling": "call teammate cards",
        "trump": "choose trump",
        "playing": "play a card",
    }.get(table.phase, "")
    text = f"Your turn: {what}." if mine else f"Waiting for {escape.html(waiting)} to {what}."
    if view.bid_deadline is not None:
        left = max(0, int(view.bid_deadline - time.time()))
        text += f" Passes automatically in {left} s."
    elif elapsed >= 10:
        text += f" Waiting for {elapsed} s."
    css = "m3-now m3-yours" if mine else "m3-now"
    st.markdown(f'<div class="{css}">{text}</div>', unsafe_allow_html=True)
    title = "● Your turn · Moon 3 of Spades" if mine else "Moon 3 of Spades"
    with st.container(key="m3-title"):  # hidden by CSS: it only retitles the tab
        st.iframe(f"<script>window.parent.document.title = {title!r};</script>", height=1)


def felt(view: RoomView) -> None:
    table = view.table
    assert table is not None
    names = view.names
    html = look.seats_html(table, names) + look.facts_html(table, names)
    html += look.trick_html(table.trick, names)
    # data-version lets a watcher (or a benchmark) tell which move the page shows.
    felt_div = f'<div class="m3-felt" data-version="{view.version}">{html}</div>'
    st.markdown(felt_div, unsafe_allow_html=True)


def history(view: RoomView) -> None:
    """The last trick and the bids, on request, below the player's hand."""
    table = view.table
    assert table is not None
    names = view.names
    if table.last_trick is not None:
        with st.expander("Last trick"):
            last = look.trick_html(table.last_trick, names, final=True)
            st.markdown(f'<div class="m3-felt">{last}</div>', unsafe_allow_html=True)
    if table.auction:
        with st.expander("Bids this round"):
            st.markdown(
                " → ".join(
                    f"{escape.markdown(names[s])} {'pass' if a is None else a}"
                    for s, a in table.auction
                )
            )


def describe(action: Action) -> str:
    """An action in words, for a hint."""
    if action.kind == "bid":
        return f"bid {action.value}"
    if action.kind == "pass":
        return "pass"
    if action.kind == "call":
        return "call " + " ".join(cards.label(c) for c in action.value)  # type: ignore[union-attr]
    if action.kind == "trump":
        suit: int = action.value  # type: ignore[assignment]
        return f"choose {cards.SUIT_SYMBOLS[suit]} {cards.SUIT_NAMES[suit]} as trump"
    return f"play {cards.label(action.value)}"  # type: ignore[arg-type]


def ask_hint(version: int) -> None:
    """Button callback: the Expert's suggestion for this turn, kept with the version it is for."""
    assert token is not None
    try:
        hint = svc.suggest(token)
    except RoomError as exc:
        st.session_state["flash"] = str(exc)
        return
    text = f"Suggestion: {describe(hint.action)}."
    if hint.estimates is not None:
        guesses = " · ".join(
            f"{symbol} {points}"
            for symbol, points in zip(cards.SUIT_SYMBOLS, hint.estimates, strict=True)
        )
        text += f" As bidder your side could expect about: {guesses} points."
    st.session_state["hint"] = (version, text)


def hint_box(view: RoomView) -> None:
    """The Suggest button (when the host allows hints) and the latest suggestion."""
    if not view.settings.hints:
        return
    kept = st.session_state.get("hint")
    if kept and kept[0] == view.version:
        st.info(kept[1], icon=":material/lightbulb:")
    else:
        st.button("Suggest", icon=":material/lightbulb:", on_click=ask_hint, args=(view.version,))


def controls(view: RoomView) -> None:
    table = view.table
    assert table is not None
    if view.me is None or token is None:
        return
    if not table.my_turn:
        if table.hand:
            st.markdown("**Your hand**")
            st.markdown(look.card_row(table.hand), unsafe_allow_html=True)
        return
    hint_box(view)
    if table.phase == "bidding":
        amounts = [a.value for a in table.legal if a.kind == "bid"]
        st.markdown("**Your hand**")
        st.markdown(look.card_row(table.hand), unsafe_allow_html=True)
        with st.container(horizontal=True, vertical_alignment="center"):
            amount = st.selectbox(
                "Your bid", amounts, label_visibility="collapsed", width=110, disabled=not amounts
            )
            bid = partial(svc.act, token, {"type": "bid", "amount": amount}, view.version)
            st.button("Bid", type="primary", on_click=attempt, args=(bid,), disabled=not amounts)
            fold = partial(svc.act, token, {"type": "pass"}, view.version)
            st.button("Pass", on_click=attempt, args=(fold,))
    elif table.phase == "calling":
        st.subheader("Select Teammate Card")
        st.markdown(look.card_row(table.hand), unsafe_allow_html=True)
        callable_ids = list(getattr(table.legal, "callable", ()))
        picked = st.multiselect(
            f"Call {table.call_count} card(s); whoever holds them joins your side",
            [cards.NAME[c] for c in callable_ids],
            format_func=lambda n: cards.label(cards.parse(n)),
            max_selections=table.call_count,
        )
        call = partial(svc.act, token, {"type": "call", "cards": picked}, view.version)
        ready = len(picked) == table.call_count
        st.button("Call", type="primary", disabled=not ready, on_click=attempt, args=(call,))
    elif table.phase == "trump":
        st.subheader("Select Trump")
        st.markdown(look.card_row(table.hand), unsafe_allow_html=True)
        with st.container(horizontal=True):
            for suit, symbol in zip(cards.SUITS, cards.SUIT_SYMBOLS, strict=True):
                choose = partial(svc.act, token, {"type": "trump", "suit": suit}, view.version)
                st.button(symbol, key=f"trump-{suit}", on_click=attempt, args=(choose,))
    elif table.phase == "playing":
        st.markdown("**Your turn: tap a card to play it**")
        legal = {a.value for a in table.legal}
        with st.container(horizontal=True, gap="small"):
            for position, c in enumerate(table.hand):
                label = cards.label(c)
                suit = "J" if c == cards.JOKER else cards.SUITS[cards.SUIT[c]]
                key = f"play-{suit}-p{cards.POINTS[c]}-{cards.NAME[c]}-{position}"
                card = {"type": "play", "card": cards.NAME[c]}
                play = partial(svc.act, token, card, view.version)
                st.button(label, key=key, disabled=c not in legal, on_click=attempt, args=(play,))


def host_tools(view: RoomView) -> None:
    if not view.is_host or token is None or view.table is None:
        return
    with st.expander("Host controls"):
        others = [s for s in view.seats if not s.is_host and not s.is_bot and not s.stand_in]
        if others:
            target = st.selectbox(
                "Hand a seat to a bot", others, format_func=lambda s: s.name, key="handover"
            )
            hand_over = partial(svc.hand_to_bot, token, target.position or 0)
            st.button("Hand to bot", on_click=attempt, args=(hand_over,))
        if view.status in ("results", "removal"):
            st.button("End Game", on_click=attempt, args=(partial(svc.end_game, token),))


# ---------------------------------------------------------------- results


def results(view: RoomView) -> None:
    last = view.last_round
    names = view.names
    if last is not None:
        st.subheader(f"Round {last['round']}: {'made' if last['made'] else 'failed'}")
        bidder = names[last["bidder"]]
        trump = last["trump"]
        suit = cards.SUITS.index(trump) if trump else None
        line = f"{escape.markdown(bidder)} bid **{last['bid']}**"
        if suit is not None:
            line += f" with {cards.SUIT_SYMBOLS[suit]} trump"
        if last["called"]:
            line += " and called " + " ".join(cards.label(cards.parse(c)) for c in last["called"])
        st.markdown(line)
        side = ", ".join(names[s] for s in last["bidding_side"])
        st.markdown(
            f"Bidding side ({escape.markdown(side)}): **{last['side_points'][0]}** points · "
            f"defenders **{last['side_points'][1]}**"
        )
        if last["kali_tidi"]:
            caught = ", ".join(
                f"{names[k['seat']]} (trick {k['trick']})" for k in last["kali_tidi"]
            )
            st.markdown(f"Kali Tidi (3♠) captured by {escape.markdown(caught)}")
        taken = list(enumerate(last["points"]))
        rows = [(names[s], p) for s, p in taken]
        st.markdown(look.table_html(("Player", "Points taken"), rows), unsafe_allow_html=True)
    units = list(names) if view.settings.mode == Mode.PARTNERS else ["Team A", "Team B"]
    st.markdown(f"**Scores** after {view.rounds_played} round(s), {view.length}")
    totals = list(zip(units, view.totals, strict=False))
    st.markdown(look.table_html(("", "Total"), totals), unsafe_allow_html=True)
    if view.status == "over":
        winners = " and ".join(escape.markdown(units[w]) for w in view.winners)
        early = " (ended early)" if view.ended_early else ""
        st.success(f"Game over: {winners} win{'s' if len(view.winners) == 1 else ''}{early}!")
        if view.is_host and token:
            again = partial(svc.rematch, token)
            st.button("Rematch", type="primary", on_click=attempt, args=(again,))
        return
    if token and view.can_start_next:
        deal = partial(svc.next_round, token, view.version)
        st.button("Next Round", type="primary", on_click=attempt, args=(deal,))
    else:
        st.caption("The host starts the next round (after a minute, anyone may).")


# ---------------------------------------------------------------- page


@st.fragment(run_every=1.0)
def follow(view: RoomView) -> None:
    """Each second: redraw the page if the table moved, else tick the "now" line.

    A fragment's rerun runs only this function, outside app.py's guard: it has its own.
    """
    try:
        current = svc.version(view.code)
    except RoomError:
        return
    if current != view.version:
        st.rerun(scope="app")
    if view.status == "playing":
        with st.container(key="m3-live"):  # drawn last, shown first (see BUTTON_CSS)
            try:
                now_line(view)
            except Exception:
                session.show_failure("the now line")


def load() -> RoomView | None:
    if token:
        if st.session_state.get("reclaimed") != token:
            with contextlib.suppress(RoomError):
                svc.reclaim(token)
            st.session_state["reclaimed"] = token
        try:
            return svc.view(token)
        except RoomError:
            st.error("This seat link is not valid any more (the player left or was removed).")
    if not code:
        st.title("Join a room")
        typed = st.text_input("Room code", max_chars=8).strip().upper()
        if typed:
            st.query_params["room"] = typed
            st.rerun()
        return None
    try:
        return svc.watch(code)
    except RoomError:
        st.error(
            f"There is no room {escape.markdown(shown(code, 12))}. "
            "Check the code, or create a new room."
        )
        st.page_link("screens/create.py", label="Create Room")
        return None


st.markdown(look.CSS + BUTTON_CSS + f"<style>{SUIT_CSS}{BADGE_CSS}</style>", unsafe_allow_html=True)
room_view = load()
if room_view is None:
    st.stop()
assert room_view is not None
show_flash()
status = room_view.status
if status == "lobby":
    lobby(room_view)
elif status == "removal":
    removal(room_view)
    host_tools(room_view)
elif status == "playing":
    felt(room_view)
    controls(room_view)
    history(room_view)
    host_tools(room_view)
elif status in ("results", "over"):
    results(room_view)
    if room_view.table is not None:
        felt(room_view)
        history(room_view)
    host_tools(room_view)
else:
    st.error("This room has closed: the table waited too long on one player.")
    st.page_link("screens/create.py", label="Create Room")
if room_view.me is None and status != "lobby":
    st.caption("You are watching this table.")

# The poll comes last, so that a redraw it starts never cuts the page's own drawing short.
follow(room_view)

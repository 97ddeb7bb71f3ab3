"""The room: lobby, card removal, bidding, teammate call, trump, play and results.

Who you are comes from the URL only (``?room=CODE&seat=TOKEN``), so a reload
or a reopened link puts you back in your seat. Without a seat token the page
offers to join (a free lobby seat) or shows the public table.

At the table one phone screen holds the decision at hand: the felt with the
players around it (you at the bottom), the "now" banner under it, your hand
as overlapping card faces, and the controls for this turn. Every choice is a
tap: a card to play, a suit, cards to call or remove. A one-second fragment
polls the room's version, redraws the page when anything changed, ticks the
"now" banner and keeps the tab title saying "Your turn" while it is.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from core import bots, games
from core.boundary import shown
from core.moon3 import cards
from core.moon3.actions import Action
from core.moon3.config import MODE_LABELS, Mode
from core.rooms import RoomError, RoomView
from ui import escape, felt, look, session
from ui import hand as hand_row
from ui.moon3 import table as moon3
from ui.spades import table as spades

#: Each game's table words and controls (``ui/<game>/``): the page hands the table to them.
GAMES: dict[str, Any] = {"moon3": moon3, "spades": spades}

svc = session.rooms()
params = st.query_params
code = str(params.get("room", "")).strip().upper()
token = params.get("seat")

PAGE_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.4rem; padding-bottom: 2rem; }
.st-key-m3-page [data-testid="stVerticalBlock"], .st-key-m3-page { gap: 0.55rem; }
.st-key-m3-table { gap: 0 !important; }
.st-key-m3-title { display: none; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding: 3.2rem 0.55rem 1.5rem; }
}
/* The hand: card buttons overlapping in a grid, as many to a row as the width allows. */
div[class*="st-key-m3-cards-"] { display: grid !important; justify-content: center;
  row-gap: 0.45rem; column-gap: 0; padding: 0.55rem 0 0.1rem; }
div[class*="st-key-m3-cards-"] > div { width: auto !important; min-width: 0; overflow: visible; }
.st-key-m3-hand-title p { margin: 0; font-size: 0.85rem; color: #44504a; }
/* Trump: four labelled suit buttons in one row. */
.st-key-m3-trumps { display: grid !important; grid-template-columns: repeat(4, 1fr); gap: 0.4rem; }
.st-key-m3-trumps > div { width: auto !important; min-width: 0; }
div[class*="st-key-trump-"] button { width: 100%; height: 3.6rem; background: #fffdf7;
  border: 1px solid #cfc7b2; box-shadow: 0 2px 5px rgba(0,0,0,0.2); }
div[class*="st-key-trump-"] button p { font: 700 1.05rem/1.15 Georgia, serif; white-space: pre-line;
  color: var(--m3-suit); }
@media (max-width: 640px) { div[class*="st-key-trump-"] button p { font-size: 0.86rem; } }
.st-key-trump-S { --m3-suit: #111; } .st-key-trump-H { --m3-suit: #c8102e; }
.st-key-trump-C { --m3-suit: #1b7a2f; } .st-key-trump-D { --m3-suit: #8a6d00; }
/* Picking cards (call, removal): one row a suit, every rank a tap. */
div[class*="st-key-m3-suit-"] { display: grid !important; gap: 0.22rem;
  grid-template-columns: 1.3rem repeat(var(--m3-ranks, 13), minmax(0, 1fr)); align-items: center; }
div[class*="st-key-m3-suit-"] > div { width: auto !important; min-width: 0; }
div[class*="st-key-m3-suit-"] p { margin: 0; }
.st-key-m3-picks { gap: 0.25rem !important; max-width: 44rem; }
.m3-suit-head { font: 700 1.15rem/1 Georgia, serif; text-align: center; }
/* Bidding: amount, Bid, Pass (and Suggest) in one row. */
.st-key-m3-bid { align-items: flex-end; flex-wrap: nowrap !important; }
.st-key-m3-bid [data-testid="stNumberInput"] { min-width: 7.5rem; }
/* Results. */
.m3-result { border-radius: 14px; padding: 0.65rem 0.9rem; background: #e3f6e9;
  border-left: 6px solid #1f6f43; }
.m3-result.m3-failed { background: #fdecea; border-left-color: #c8102e; }
.m3-result h3 { font-size: 1.08rem; margin: 0 0 0.2rem; padding: 0; line-height: 1.3; }
.m3-result p { margin: 0.1rem 0 0; font-size: 0.9rem; }
/* Lobby. */
.m3-seatlist { display: flex; flex-direction: column; gap: 0.3rem; }
.m3-share { display: flex; align-items: center; gap: 0.6rem; flex-wrap: wrap; }
.m3-share button { font: 600 1rem system-ui, sans-serif; padding: 0.55rem 1.1rem;
  border-radius: 0.5rem; border: none; background: #1f6f43; color: #fff; cursor: pointer; }
.m3-share .m3-copied { color: #1f6f43; font-weight: 700; }
</style>
"""

SHARE_JS = """
<div class="m3-share">
<button type="button" id="m3-share" data-url="{url}">Share invite link</button>
<span class="m3-copied" id="m3-copied" role="status"></span></div>
<script>
(() => {{
  const button = document.getElementById("m3-share");
  const said = document.getElementById("m3-copied");
  if (!button || button.dataset.ready) return;
  button.dataset.ready = "1";
  const url = button.dataset.url;
  const confirm = (text) => {{
    said.textContent = text;
    clearTimeout(said.m3timer);
    said.m3timer = setTimeout(() => {{ said.textContent = ""; }}, 2500);
  }};
  const fallback = () => {{
    const box = document.createElement("textarea");
    box.value = url; box.setAttribute("readonly", ""); box.style.position = "fixed";
    box.style.opacity = "0"; document.body.appendChild(box); box.select();
    let done = false;
    try {{ done = document.execCommand("copy"); }} catch (e) {{ done = false; }}
    box.remove();
    confirm(done ? "Copied" : "Copy the link below");
  }};
  button.addEventListener("click", async () => {{
    if (navigator.share) {{
      try {{
        await navigator.share({{ title: "Moon 3 of Spades", text: "Join my table", url }});
        return;
      }}
      catch (e) {{ if (e && e.name === "AbortError") return; }}
    }}
    if (navigator.clipboard && window.isSecureContext) {{
      try {{ await navigator.clipboard.writeText(url); confirm("Copied"); return; }}
      catch (e) {{ /* fall back below */ }}
    }}
    fallback();
  }});
}})();
</script>
"""

#: Installed once a page: keeps the tab title as the "now" banner says ("Your turn..."),
#: even when Streamlit resets it on a rerun, and brings the felt into view when the game
#: begins and when a turn of the player's starts. The banner carries the data, so each
#: second's poll redraws one element only.
TITLE_JS = """
<script>
(() => {
  if (window.m3Watch) return;
  window.m3Watch = true;
  const apply = () => {
    const all = document.querySelectorAll(".m3-now[data-title]");
    const now = all[all.length - 1];
    if (!now) return;
    if (document.title !== now.dataset.title) document.title = now.dataset.title;
    const table = document.querySelector(".st-key-m3-table");
    const mine = now.dataset.mine === "true";
    const fresh = window.m3Seen !== now.dataset.room;
    const turn = mine && window.m3Scrolled !== now.dataset.mark;
    if (table && now.dataset.live === "true" && (fresh || turn)) {
      window.m3Seen = now.dataset.room;
      if (mine) window.m3Scrolled = now.dataset.mark;
      table.scrollIntoView({ block: "start" });
    }
  };
  new MutationObserver(apply).observe(document.documentElement,
    { subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["data-title", "data-mark"] });
  apply();
})();
</script>
"""


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
    seat_list(view)
    if view.me is not None:
        assert token is not None
        lobby_controls(view, token)
    share(view, link)
    if view.me is not None and st.button("Leave the room"):
        svc.leave(token)
        st.query_params.clear()
        st.switch_page("screens/home.py")


def seat_list(view: RoomView) -> None:
    settings = view.settings
    st.markdown(f"**Seats** ({len(view.seats)} of {settings.players} taken)")
    for info in view.seats:
        team = f" · team {'AB'[info.team]}" if info.team is not None else ""
        who = "bot" if info.is_bot else ("host" if info.is_host else "player")
        you = " **(you)**" if view.me and info.seat_id == view.me.seat_id else ""
        # A horizontal row keeps the name and its button together on a phone.
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"{escape.markdown(info.name)}{you} · {who}{team}", width="stretch")
            if view.is_host and token and not info.is_host:
                remove = partial(svc.remove_seat, token, info.seat_id)
                st.button("Remove", key=f"remove-{info.seat_id}", on_click=attempt, args=(remove,))
    for _ in range(settings.players - len(view.seats)):
        st.markdown("<i>empty seat</i>", unsafe_allow_html=True)


def lobby_controls(view: RoomView, token: str) -> None:
    settings = view.settings
    assert view.me is not None
    if settings.mode == Mode.TEAMS and view.me.team is not None and settings.team_sizes:
        other = 1 - view.me.team
        taken = sum(1 for s in view.seats if s.team == other)
        if taken < settings.team_sizes[other]:  # only a team with a free place is offered
            switch = partial(svc.choose_team, token, other)
            st.button(f"Switch to team {'AB'[other]}", on_click=attempt, args=(switch,))
    if not view.is_host:
        st.info("Waiting for the host to begin the game.")
        return
    full = len(view.seats) >= settings.players
    begin = partial(svc.begin, token)
    st.button(
        "Begin Game",
        type="primary",
        disabled=not full,
        on_click=attempt,
        args=(begin,),
        width="stretch",
    )
    if full:
        return
    st.caption("Begin Game unlocks once every seat is taken: invite friends or add bots.")
    with st.container(horizontal=True, vertical_alignment="bottom"):
        level = st.selectbox(
            "Bot level", list(bots.LABELS), index=1, format_func=bots.LABELS.__getitem__, width=200
        )
        add = partial(svc.add_bot, token, level)
        st.button("Add a bot", on_click=attempt, args=(add,))


def share(view: RoomView, link: str) -> None:
    st.markdown("**Invite your friends**: share the link, or let them scan the code.")
    st.html(SHARE_JS.format(url=escape.html(link)), unsafe_allow_javascript=True)
    st.code(link, language=None, wrap_lines=True)
    st.image(session.qr_png(link), caption="Scan to join", width=150)
    st.caption("The link only opens the room; each player gets their own seat when joining.")


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


# ---------------------------------------------------------------- the table


def table(view: RoomView, compact: bool = False) -> None:
    """The felt and, under it, the live "now" banner (redrawn each second)."""
    words = GAMES[view.game]
    html = felt.felt_html(
        words.places(view),
        view.me.position if view.me is not None else None,
        corners=words.corners(view),
        centre=words.centre_html(view),
        deadline=words.deadline(view),
        version=view.version,
        compact=compact,
    )
    with st.container(key="m3-table"):
        st.markdown(html, unsafe_allow_html=True)
        follow(view)


def banner(view: RoomView) -> None:
    """The "now" line and what just happened, with the tab title it implies (in data-*)."""
    words = GAMES[view.game]
    now = words.now(view)
    said = words.narration(view)
    live = view.status in ("playing", "removal")
    title = games.get(view.game).title
    if now.mine:
        seconds = f" · {now.seconds_left} s" if now.seconds_left is not None else ""
        title = f"Your turn{seconds} · {title}"
    data = (
        f'data-title="{escape.html(title)}" data-mine="{str(now.mine).lower()}" '
        f'data-live="{str(live).lower()}" data-room="{escape.html(view.code)}" '
        f'data-mark="{escape.html(view.code)}:{view.version}"'
    )
    css = "m3-now m3-yours" if now.mine else "m3-now"
    if live and now.text:
        said_html = f'<span class="m3-said">{escape.html(said)}</span>' if said else ""
        body = f'<span class="m3-said m3-first">{now.text}</span>{said_html}'
    elif said:
        body = escape.html(said)
    else:
        return
    st.markdown(f'<div class="{css}" {data}>{body}</div>', unsafe_allow_html=True)


@st.fragment(run_every=1.0)
def follow(view: RoomView) -> None:
    """Each second: redraw the page if the table moved, else tick the "now" banner.

    A fragment's rerun runs only this function, outside app.py's guard: it has its own.
    """
    try:
        current = svc.version(view.code)
    except RoomError:
        return
    if current != view.version:
        st.rerun(scope="app")
    try:
        banner(view)
    except Exception:
        session.show_failure("the now line")


def hand(view: RoomView) -> None:
    """The player's cards, always the same faces; on their turn to play, legal ones tap to play."""
    table_view = view.table
    if table_view is None or view.me is None or token is None or not table_view.hand:
        return
    playing = table_view.my_turn and table_view.phase == "playing"
    legal = {a.value for a in table_view.legal} if playing else set()
    shown = [
        hand_row.Card(
            look.button_label(c),
            look.card_key("play", c, index),
            partial(svc.act, token, {"type": "play", "card": cards.NAME[c]}, view.version)
            if c in legal
            else None,
        )
        for index, c in enumerate(table_view.hand)
    ]
    hand_row.draw(shown, playing, attempt)


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


def hint_button(view: RoomView) -> None:
    """The Suggest button, when the host allows hints and there is no hint for this turn yet."""
    kept = st.session_state.get("hint")
    if view.settings.hints and not (kept and kept[0] == view.version):
        st.button("Suggest", icon=":material/lightbulb:", on_click=ask_hint, args=(view.version,))


def hint_text(view: RoomView) -> None:
    kept = st.session_state.get("hint")
    if view.settings.hints and kept and kept[0] == view.version:
        st.info(kept[1], icon=":material/lightbulb:")


def controls(view: RoomView) -> None:
    """The decision at hand for this player: bid, call, trump; playing is tapping a card."""
    table_view = view.table
    if table_view is None or view.me is None or token is None or not table_view.my_turn:
        return
    if table_view.phase == "bidding":
        amounts = [int(str(a.value)) for a in table_view.legal if a.kind == "bid"]
        with st.container(horizontal=True, key="m3-bid", gap="small"):
            if amounts:
                amount_key = f"bid-{view.version}"
                st.number_input(
                    "Your bid",
                    min_value=amounts[0],
                    max_value=amounts[-1],
                    value=amounts[0],
                    step=5,
                    key=amount_key,
                    width=130,
                    label_visibility="collapsed",
                )

                def bid() -> None:
                    # The amount as it is when Bid is pressed (a typed one included).
                    amount = int(st.session_state[amount_key])
                    svc.act(token, {"type": "bid", "amount": amount}, view.version)

                st.button("Bid", type="primary", on_click=attempt, args=(bid,))
            fold = partial(svc.act, token, {"type": "pass"}, view.version)
            st.button("Pass", on_click=attempt, args=(fold,))
            hint_button(view)
    elif table_view.phase == "calling":
        callable_ids = list(getattr(table_view.legal, "callable", ()))
        count = table_view.call_count
        picker(
            "call",
            f"Select Teammate Card: call {count}; whoever holds one joins your side",
            [(c, 1) for c in callable_ids],
            count,
            [],
            "Call",
            lambda picked: svc.act(
                token, {"type": "call", "cards": [cards.NAME[c] for c, _ in picked]}, view.version
            ),
            view.version,
        )
        hint_button(view)
    elif table_view.phase == "trump":
        st.markdown("**Select Trump** · any trump beats every card of the other suits")
        with st.container(key="m3-trumps", horizontal=True):
            for suit, symbol in zip(cards.SUITS, cards.SUIT_SYMBOLS, strict=True):
                name = cards.SUIT_NAMES[cards.SUITS.index(suit)].title()
                choose = partial(svc.act, token, {"type": "trump", "suit": suit}, view.version)
                st.button(
                    f"{symbol}\n{name}", key=f"trump-{suit}", on_click=attempt, args=(choose,)
                )
        hint_button(view)
    elif table_view.phase == "playing":
        hint_button(view)
    hint_text(view)


def _toggle(key: str, option: tuple[int, int], count: int) -> None:
    picked: list[tuple[int, int]] = st.session_state.setdefault(key, [])
    if option in picked:
        picked.remove(option)
    elif len(picked) < count:
        picked.append(option)


@st.fragment
def picker(
    kind: str,
    prompt: str,
    options: list[tuple[int, int]],
    count: int,
    default: list[tuple[int, int]],
    label: str,
    submit: Callable[[list[tuple[int, int]]], Any],
    version: int,
) -> None:
    """Cards to pick by tapping, one row a suit; ``label`` submits exactly ``count`` of them.

    An option is (card, copy): with two decks each copy of a card is its own tap.
    A tap reruns only this fragment; the submit reruns the page.
    """
    key = f"picked-{kind}-{version}"
    if key not in st.session_state:
        st.session_state[key] = list(default)
    picked: list[tuple[int, int]] = st.session_state[key]
    title, _, more = prompt.partition(": ")
    first, _, why = more.partition(", ")
    st.markdown(f"**{escape.markdown(title)}** · {escape.markdown(first)}")
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for option in options:
        suit = len(cards.SUITS) if option[0] == cards.JOKER else cards.SUIT[option[0]]
        by_suit.setdefault(suit, []).append(option)
    widest = max((len(row) for row in by_suit.values()), default=13)
    st.markdown(
        f"<style>.st-key-m3-picks {{ --m3-ranks: {max(widest, 7)}; }}</style>",
        unsafe_allow_html=True,
    )
    with st.container(key="m3-picks"):
        for suit, row in sorted(by_suit.items()):
            symbol = look.KEY_SUIT[suit]
            with st.container(horizontal=True, key=f"m3-suit-{symbol}", gap=None):
                head = "★" if suit == len(cards.SUITS) else cards.SUIT_SYMBOLS[suit]
                colour = (
                    cards.JOKER_COLOUR if suit == len(cards.SUITS) else cards.SUIT_COLOURS[suit]
                )
                st.markdown(
                    f'<div class="m3-suit-head" style="color:{colour}">{head}</div>',
                    unsafe_allow_html=True,
                )
                for c, copy in row:
                    on = (c, copy) in picked
                    rank = look.button_label(c).split(" ")[0]
                    st.button(
                        rank,
                        key=f"{look.card_key('pick', c, copy)}-{'on' if on else 'off'}",
                        on_click=_toggle,
                        args=(key, (c, copy), count),
                        disabled=not on and len(picked) >= count,
                    )
    names = " ".join(cards.label(c) for c, _ in picked) or "none yet"
    with st.container(horizontal=True, vertical_alignment="center"):
        ready = len(picked) == count
        if st.button(label, type="primary", disabled=not ready, key=f"submit-{kind}"):
            try:
                submit(list(picked))
            except RoomError as exc:
                st.session_state["flash"] = str(exc)
            st.rerun()
        st.caption(f"Picked {len(picked)} of {count}: {names}. {why.capitalize()}.")


def last_trick_and_bids(view: RoomView) -> None:
    """The last finished trick and the bids of the round, on request."""
    table_view = view.table
    assert table_view is not None
    names = view.names
    if table_view.last_trick is not None and table_view.phase != "round_over":
        with st.expander("Last trick"):
            trick = table_view.last_trick
            parts = "".join(
                f'<div class="m3-played{" m3-win" if trick.winner == s else ""}">'
                f"{look.card_face(c, small=True)}<span>{escape.html(names[s])}</span></div>"
                for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            st.markdown(f'<div class="m3-trick">{parts}</div>', unsafe_allow_html=True)
    if table_view.auction:
        with st.expander("Bids this round"):
            st.markdown(
                " → ".join(
                    f"{escape.markdown(names[s])} {'pass' if a is None else a}"
                    for s, a in table_view.auction
                )
            )


def host_tools(view: RoomView) -> None:
    if not view.is_host or token is None or view.status not in ("playing", "results", "removal"):
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


# ---------------------------------------------------------------- removal


def removal(view: RoomView) -> None:
    table(view, compact=True)
    mine = view.me is not None and view.me.position == view.removal_chooser
    if not mine or token is None:
        return
    # With two decks each card has two copies, and both may go: one option per copy.
    copies = Counter(view.removal_options)
    options = [(c, k) for c in sorted(copies) for k in range(1, copies[c] + 1)]
    seen: Counter[int] = Counter()
    default = []
    for c in view.removal_default:
        seen[c] += 1
        default.append((c, seen[c]))
    count = view.removal_count
    picker(
        "removal",
        f"Select Cards to Remove: {count} worth no points, so the deck divides evenly",
        options,
        count,
        default,
        "Confirm Selection",
        lambda picked: svc.confirm_removal(token, [cards.NAME[c] for c, _ in picked], view.version),
        view.version,
    )


# ---------------------------------------------------------------- results


def units_of(view: RoomView) -> list[str]:
    """Who scores: the teams, or the players (Card-Based, individual Spades)."""
    if view.game == "spades":
        table = view.table
        if table is not None and table.partnership:
            return ["Side A", "Side B"]
        return list(view.names)
    return list(view.names) if view.settings.mode == Mode.PARTNERS else ["Team A", "Team B"]


def results(view: RoomView) -> None:
    said = moon3.headline(view) if view.game == "moon3" else None
    if view.game == "spades":
        spades.results(view)
    if said is not None:
        kali = f"<p>Kali Tidi (3♠): {escape.html(said.kali)}</p>" if said.kali else ""
        st.markdown(
            f'<div class="m3-result{"" if said.made else " m3-failed"}">'
            f"<h3>{escape.html(said.title)}</h3><p>{escape.html(said.detail)}</p>{kali}</div>",
            unsafe_allow_html=True,
        )
    if view.status == "over":
        units = units_of(view)
        winners = " and ".join(escape.markdown(units[w]) for w in view.winners)
        early = " (ended early)" if view.ended_early else ""
        st.success(f"Game over: {winners} win{'s' if len(view.winners) == 1 else ''}{early}!")
        if view.is_host and token:
            again = partial(svc.rematch, token)
            st.button("Rematch", type="primary", on_click=attempt, args=(again,))
    elif token and view.can_start_next:
        deal = partial(svc.next_round, token, view.version)
        st.button("Next Round", type="primary", on_click=attempt, args=(deal,), width="stretch")
    else:
        st.caption("The host starts the next round (after a minute, anyone may).")
    if view.table is not None:
        table(view)
    scores(view)


def scores(view: RoomView) -> None:
    units = units_of(view)
    last = view.last_round
    gained = list(last["score"]) if last else [0] * len(units)
    rows = sorted(zip(units, gained, view.totals, strict=False), key=lambda row: -row[2])
    st.markdown(
        f"**Scores** after {view.rounds_played} round{'s' * (view.rounds_played != 1)}, "
        f"{escape.markdown(view.length)}"
    )
    st.markdown(
        look.table_html(("", "This round", "Total"), [(u, f"{g:+d}", t) for u, g, t in rows]),
        unsafe_allow_html=True,
    )


# ---------------------------------------------------------------- page


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


st.markdown(look.CSS + felt.CSS + PAGE_CSS, unsafe_allow_html=True)
with st.container(key="m3-title"):  # hidden: it only runs the title keeper once a page
    st.html(TITLE_JS, unsafe_allow_javascript=True)
room_view = load()
if room_view is None:
    st.stop()
assert room_view is not None
show_flash()
status = room_view.status
with st.container(key="m3-page"):
    if status == "lobby":
        lobby(room_view)
    elif status == "removal":
        removal(room_view)
        host_tools(room_view)
    elif status == "playing" and room_view.game == "spades":
        table(room_view)
        if token is not None:
            spades_move = partial(svc.act, token)

            def spades_act(move: dict[str, object], version: int = room_view.version) -> Any:
                return spades_move(move, version)

            spades.hand(room_view, spades_act, attempt)
            spades.controls(room_view, spades_act, attempt)
        host_tools(room_view)
    elif status == "playing":
        table(room_view, compact=room_view.table is not None and room_view.table.phase == "calling")
        hand(room_view)
        controls(room_view)
        last_trick_and_bids(room_view)
        host_tools(room_view)
    elif status in ("results", "over"):
        results(room_view)
        host_tools(room_view)
    else:
        st.error("This room has closed: the table waited too long on one player.")
        st.page_link("screens/create.py", label="Create Room")
    if room_view.me is None and status != "lobby":
        st.caption("You are watching this table.")
if status == "lobby":
    follow(room_view)

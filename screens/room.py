"""The room: the lobby, the table of whatever game the room plays, and the results.

Who you are comes from the URL only (``?room=CODE&seat=TOKEN``), so a reload
or a reopened link puts you back in your seat. Without a seat token the page
offers to join (a free lobby seat) or shows the public table.

At the table one phone screen holds the decision at hand: the felt with the
players around it (you at the bottom), the "now" banner under it, your hand
as overlapping card faces, and the controls for this turn. The page draws
the felt from the game's words (``ui/<game>/table.py``) and hands the hand,
the controls and the results to the game (``ui/<game>/play.py``); it names no
game itself. A small fragment, rerun the moment the room moves (:mod:`ui.push`;
else a one-second poll), redraws the page when anything changed, ticks the
"now" banner and keeps the tab title saying "Your turn" while it is.
"""

from __future__ import annotations

import contextlib
import time
from functools import partial

import streamlit as st

from core import bots, games
from core.boundary import shown
from core.rooms import CHOOSING, KEEPING_SCORE, LOBBY, OVER, PLAYING, RESULTS, RoomError, RoomView
from ui import access, escape, felt, look, push, reactions, session
from ui.games import ordered, screens_of
from ui.share import button as share_button
from ui.share import own_seat_link
from ui.turn import Turn, show_flash

svc = session.rooms()
params = st.query_params
code = str(params.get("room", "")).strip().upper()
token = params.get("seat")

PAGE_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.4rem; padding-bottom: 2rem; }
.st-key-m3-page [data-testid="stVerticalBlock"], .st-key-m3-page { gap: 0.55rem; }
.st-key-m3-table { gap: 0 !important; }
:has(> .st-key-m3-title) { display: none; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding: 3.2rem 0.55rem 1.5rem; }
}
/* The hand: card buttons overlapping in a grid, as many to a row as the width allows. */
div[class*="st-key-m3-cards-"] { display: grid !important; justify-content: center;
  row-gap: 0.45rem; column-gap: 0; padding: 0.55rem 0 0.1rem; }
div[class*="st-key-m3-cards-"] > div { width: auto !important; min-width: 0; overflow: visible; }
.st-key-m3-hand-title p { margin: 0; font-size: 0.85rem; color: #44504a; }
/* Results. */
.m3-result { border-radius: 14px; padding: 0.65rem 0.9rem; background: #e3f6e9;
  border-left: 6px solid #1f6f43; margin-bottom: 1rem; }
.m3-result.m3-failed { background: #fdecea; border-left-color: #c8102e; }
.m3-result h3 { font-size: 1.08rem; margin: 0 0 0.2rem; padding: 0; line-height: 1.3; }
.m3-result p { margin: 0.1rem 0 0; font-size: 0.9rem; }
/* Lobby. */
.m3-seatlist { display: flex; flex-direction: column; gap: 0.3rem; }
</style>
"""

#: Installed once a page: keeps the tab title as the "now" banner says ("Your turn..."),
#: even when Streamlit resets it on a rerun, counts a timer's seconds down in the banner and
#: the title (from the seconds left when the banner was drawn, so no rerun a second and no
#: trust in the device's clock), and brings the felt into view when the game begins and when
#: a turn of the player's starts.
TITLE_JS = """
<script>
(() => {
  if (window.m3Watch) return;
  window.m3Watch = true;
  const ends = new Map();
  const tick = (now) => {
    const at = performance.now() / 1000;
    let left = null;
    for (const clock of document.querySelectorAll(".m3-clock[data-ends]")) {
      const key = clock.dataset.ends;
      const up = clock.dataset.waited !== undefined;  // waiting on a player: counts up
      const given = parseFloat((up ? clock.dataset.waited : clock.dataset.left) || "0");
      if (!ends.has(key)) ends.set(key, up ? at - given : at + given);
      const seconds = Math.max(0, Math.floor(up ? at - ends.get(key) : ends.get(key) - at));
      if (!up) left = seconds;
      const text = seconds + "\\u00a0s";
      if (clock.textContent !== text) clock.textContent = text;
    }
    if (!now) return;
    const title = now.dataset.tick && left !== null
      ? now.dataset.tick.replace("{}", left) : now.dataset.title;
    if (document.title !== title) document.title = title;
  };
  const latest = () => {
    const all = document.querySelectorAll(".m3-now[data-title]");
    return all[all.length - 1];
  };
  setInterval(() => tick(latest()), 250);
  const apply = () => {
    const now = latest();
    if (!now) return;
    tick(now);
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


# ---------------------------------------------------------------- lobby


def lobby(view: RoomView) -> None:
    settings = view.settings
    link = session.invite_link(view.code)
    session.warn_if_history_at_risk()
    st.subheader(f"Room {escape.markdown(view.code)}")
    st.caption(escape.markdown(screens_of(view.game).controls.summary(settings)))
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
                st.button("Remove", key=f"remove-{info.seat_id}", on_click=Turn.tap, args=(remove,))
    for _ in range(settings.players - len(view.seats)):
        st.markdown("<i>empty seat</i>", unsafe_allow_html=True)


def lobby_controls(view: RoomView, token: str) -> None:
    settings = view.settings
    assert view.me is not None
    teams = screens_of(view.game).lobby_teams
    switch_to = teams.team_switch(view) if teams is not None else None  # a team with room
    if switch_to is not None:
        switch = partial(svc.choose_team, token, switch_to[0])
        st.button(escape.markdown(switch_to[1]), on_click=Turn.tap, args=(switch,))
    if not view.is_host:
        st.info("Waiting for the host to begin the game.")
        return
    full = len(view.seats) >= settings.players
    begin = partial(svc.begin, token)
    st.button(
        "Begin Game",
        type="primary",
        disabled=not full,
        on_click=Turn.tap,
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
        st.button("Add a bot", on_click=Turn.tap, args=(add,))


def share(view: RoomView, link: str) -> None:
    st.markdown("**Invite your friends**: share the link, or let them scan the code.")
    share_button("m3-share", "Share invite link", link, "Join my table")
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
        lobby_teams = screens_of(view.game).lobby_teams
        teams = dict(lobby_teams.join_teams(view)) if lobby_teams is not None else {}
        if teams:
            team = st.radio("Team", list(teams), format_func=teams.__getitem__, horizontal=True)
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
    words = screens_of(view.game).felt
    places = words.places(view)
    viewer = view.me.position if view.me is not None else None
    html = felt.felt_html(
        places,
        viewer,
        corners=words.corners(view),
        centre=words.centre_html(view),
        deadline=(view.deadline, view.timer) if view.deadline and view.timer else None,
        version=view.version,
        compact=compact,
        reactions=reactions.bubbles(view),
    )
    with st.container(key="m3-table"):
        st.markdown(html, unsafe_allow_html=True)
        last = felt.last_trick_html(places, viewer)
        if last:  # A3: the previous trick on demand
            with st.popover("Last trick", key="m3-last-trick"):
                st.markdown(last, unsafe_allow_html=True)
        follow(view)


def banner(view: RoomView) -> None:
    """The "now" line and what just happened, with the tab title it implies (in data-*)."""
    words = screens_of(view.game).felt
    now = words.now(view)
    said = words.narration(view)
    live = view.status in (PLAYING, CHOOSING)
    title = games.get(view.game).title
    tick = ""
    if now.mine:
        if now.seconds_left is not None:  # the page counts on from here (TITLE_JS)
            tick = f'data-tick="{escape.attribute(f"Your turn · {{}} s · {title}")}" '
        seconds = f" · {now.seconds_left} s" if now.seconds_left is not None else ""
        title = f"Your turn{seconds} · {title}"
    data = (
        f'{tick}data-title="{escape.attribute(title)}" data-mine="{str(now.mine).lower()}" '
        f'data-live="{str(live).lower()}" data-room="{escape.attribute(view.code)}" '
        f'data-mark="{escape.attribute(view.code)}:{view.version}"'
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


#: Session keys: the page's run (counted), the run the fragment last ran in, and the pulse of
#: the last run of the page drawn to its end.
_RUN, _FOLLOWED, _DRAWN = "m3-run", "m3-followed", "m3-drawn"


@st.fragment(run_every=push.poll_seconds())
def follow(view: RoomView) -> None:
    """Redraw the page if the table moved, else the "now" banner.

    It runs when the room moves (pushed: :mod:`ui.push`), when the room is next due to move
    of itself (a bot's move, a timer), and at the poll, the safety net. A fragment's rerun runs
    only this function, outside app.py's guard: it has its own.
    """
    inline = st.session_state.get(_FOLLOWED) != st.session_state.get(_RUN)
    st.session_state[_FOLLOWED] = st.session_state.get(_RUN)
    try:
        push.watch(view.code)
        current, due_at = svc.beat(view.code)
    except RoomError:
        return
    # A run of the page cut short after this fragment (a newer run asked for meanwhile) left
    # the rest of the page older than this view: redraw it all.
    drawn = inline or st.session_state.get(_DRAWN) == view.pulse
    if current != view.pulse or not drawn:
        st.rerun(scope="app")
    try:
        banner(view)
        push.wake(view.code, due_at, thinking=_late(due_at))
    except Exception:
        session.show_failure("the now line")


def _late(due_at: float | None) -> bool:
    """Whether something in the room was due already (a bot still thinking)."""
    return due_at is not None and due_at <= time.time()


def host_tools(view: RoomView) -> None:
    if not view.is_host or token is None or view.status not in (PLAYING, RESULTS, CHOOSING):
        return
    with st.expander("Host controls"):
        others = [s for s in view.seats if not s.is_host and not s.is_bot and not s.stand_in]
        if others:
            target = st.selectbox(
                "Hand a seat to a bot", others, format_func=lambda s: s.name, key="handover"
            )
            hand_over = partial(svc.hand_to_bot, token, target.position or 0)
            st.button("Hand to bot", on_click=Turn.tap, args=(hand_over,))
        if view.status in (RESULTS, CHOOSING):
            st.button("End Game", on_click=Turn.tap, args=(partial(svc.end_game, token),))


# ---------------------------------------------------------------- results


def results(view: RoomView) -> None:
    """The round's result as the game tells it, the game's end or the next deal, and the scores."""
    play = screens_of(view.game).controls
    play.results(view)
    if view.status == OVER:
        units = play.units(view)
        winners = " and ".join(escape.markdown(units[w]) for w in view.winners)
        early = " (ended early)" if view.ended_early else ""
        st.success(f"Game over: {winners} win{'s' if len(view.winners) == 1 else ''}{early}!")
        if view.is_host and token:
            again = partial(svc.rematch, token)
            st.button("Rematch", type="primary", on_click=Turn.tap, args=(again,))
    elif token and view.can_start_next:
        deal = partial(svc.next_round, token, view.version)
        word = play.ROUND.title()
        st.button(f"Next {word}", type="primary", on_click=Turn.tap, args=(deal,), width="stretch")
    else:
        st.caption(f"The host deals the next {play.ROUND} (after a minute, anyone may).")
    if view.table is not None:
        table(view)
    scores(view)


def _played(view: RoomView, word: str) -> str:
    """The rounds played, against the game's length: "1 hand of 5", "2 rounds · first to 250"."""
    played = view.rounds_played
    said = f"{played} {word}{'s' * (played != 1)}"
    if view.length_rounds is not None and view.target is None:
        return f"{said} of {view.length_rounds}"
    return f"{said} · {escape.markdown(view.length)}"


def scores(view: RoomView) -> None:
    play = screens_of(view.game).controls
    units = play.units(view)
    last = view.last_round
    gained = list(last["score"]) if last else [0] * len(units)
    rows = sorted(zip(units, gained, view.totals, strict=False), key=lambda row: -row[2])
    st.markdown(f"**Scores** after {_played(view, play.ROUND)}")
    st.markdown(
        look.table_html(
            ("", f"This {play.ROUND}", "Total"), [(u, f"{g:+d}", t) for u, g, t in rows]
        ),
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


# Every game's control styles at the top, where they take no room in the table's flow.
GAME_CSS = "".join(screens_of(game).controls.CSS for game in ordered())
st.markdown(look.CSS + felt.CSS + PAGE_CSS + GAME_CSS, unsafe_allow_html=True)
with st.container(key="m3-title"):  # hidden: it only runs the title keeper once a page
    st.html(TITLE_JS, unsafe_allow_javascript=True)
access.install()  # pieces in words, the status line, the keyboard, Table settings (A5, A7)
st.session_state[_RUN] = st.session_state.get(_RUN, 0) + 1
room_view = load()
if room_view is None:
    st.stop()
assert room_view is not None
status = room_view.status
if status not in (PLAYING, CHOOSING) or room_view.book is not None:
    show_flash()
if room_view.book is not None or status == KEEPING_SCORE:  # a scorebook: rounds entered, not dealt
    book = screens_of(room_view.game).book
    if book is None:  # a scorebook of a game that keeps none cannot be opened
        st.error("This game keeps no scorebook.")
        st.stop()
    book.draw(room_view, svc, token)
    st.stop()
with st.container(key="m3-page"):
    if status == LOBBY:
        lobby(room_view)
    elif status in (PLAYING, CHOOSING):
        game_screens = screens_of(room_view.game)
        compact = game_screens.compact
        table(room_view, compact=compact is not None and compact(room_view))
        game_screens.controls.play(room_view, Turn(svc, token, room_view.version))
        show_flash()  # a refusal no hand showed: under the controls that were tapped
        host_tools(room_view)
    elif status in (RESULTS, OVER):
        results(room_view)
        host_tools(room_view)
    else:
        st.error("This room has closed: the table waited too long on one player.")
        st.page_link("screens/create.py", label="Create Room")
    reactions.offer(room_view, svc, token)
    if room_view.me is None and status != LOBBY:
        st.caption("You are watching this table.")
    own_seat_link(room_view, token)
if status == LOBBY:
    follow(room_view)
st.session_state[_DRAWN] = room_view.pulse

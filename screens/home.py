"""Home: the flagship in a paragraph, the doors (create, join), every game with a line and a
picture of its pieces, Quick game, then more of the flagship.

What the flagship is, how its round goes and what its cards are worth are its
own screens (``ui/<game>/intro.py``); every game's line and pieces are its
``Showcase``; Create Room and Quick game follow the game picked, its table
sizes and its own options.
"""

from __future__ import annotations

import streamlit as st

from core import bots, games
from core.rooms import RoomError
from ui import escape, groups, look, options, session
from ui.games import choice, ordered, player_counts, players_words, screens_of

QUICK_OPEN = "quick-open"
QUICK_GAME = "quick-game"
_QUICK_SCROLL = "quick-scroll"

SHOWCASE_CSS = """
<style>
.m3-showcase { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center;
  background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 12px; padding: 0.5rem 0.6rem; min-height: 5rem; }
.st-key-quick-open { scroll-margin-top: 4rem; }  /* clear of the menu bar */
</style>
"""
#: Brings the Quick game form into view once a game's "Quick game" opened it.
SCROLL_JS = """
<script>
setTimeout(() => document.querySelector(".st-key-quick-open")?.scrollIntoView(
  { block: "start", behavior: "smooth" }), 150);
</script>
"""


def quick_for(game: str) -> None:
    """A game's "Quick game": the Quick game form opens on that game."""
    st.session_state[QUICK_GAME] = game
    st.session_state[QUICK_OPEN] = True
    st.session_state[_QUICK_SCROLL] = True


def game_card(game: str) -> None:
    """One game: its title and table sizes, its pieces, its line, its two doors and its rules."""
    shown = screens_of(game).showcase
    title = games.get(game).title
    with st.container(border=True, key=f"home-game-{game}"):
        st.markdown(f"**{escape.markdown(title)}** · {players_words(player_counts(game))}")
        st.markdown(f'<div class="m3-showcase">{shown.pieces()}</div>', unsafe_allow_html=True)
        st.caption(escape.markdown(shown.line))
        with st.container(horizontal=True, vertical_alignment="center"):
            if st.button("Create Room", key=f"home-create-{game}", help=f"A room of {title}"):
                st.switch_page("screens/create.py", query_params=session.with_group({"game": game}))
            st.button(
                "Quick game",
                key=f"home-quick-{game}",
                help=f"You and bots at {title}",
                on_click=quick_for,
                args=(game,),
            )
            st.page_link(
                "screens/rules.py",
                label="Rules",
                icon=":material/menu_book:",
                query_params={"game": game},
            )


def quick_players(game: str) -> int:
    """How many play the quick game, you included: one of the game's own table sizes."""
    counts = player_counts(game)
    if len(counts) == 1:
        st.caption(f"{counts[0]} players: you and {counts[0] - 1} bots")
        return counts[0]
    picked: int = st.select_slider(
        "Players, you included",
        counts,
        value=4 if 4 in counts else counts[0],
        key=f"quick-players-{game}",
    )
    return picked


def quick_game() -> None:
    """Quick game: the game picked, then its own form (a name, its table sizes, its options)."""
    with st.expander(
        "**Quick game**: you and bots, dealt at once",
        icon=":material/smart_toy:",
        key=QUICK_OPEN,
        on_change="rerun",
    ):
        game = choice(key=QUICK_GAME)
        table = games.get(game).table
        with st.form("quick"):
            name = st.text_input("Your name", max_chars=24, key="quick-name")
            form = options.draw(table.QUICK_OPTIONS, f"quick-{game}", "Start Quick Game")
            players = quick_players(game)
            level = st.selectbox(
                "Bot level", list(bots.LABELS), index=1, format_func=bots.LABELS.__getitem__
            )
            start = st.form_submit_button("Start Quick Game", type="primary")
    if st.session_state.pop(_QUICK_SCROLL, False):
        st.html(SCROLL_JS, unsafe_allow_javascript=True)
    if not (start and form.fits):  # else a number's box says its range
        return
    try:
        code, token = session.rooms().quick_game(
            name, table.quick_settings(players, form.chosen), level, session.home_group()
        )
    except RoomError as exc:
        st.error(escape.markdown(exc))
    else:
        session.go_to_seat(code, token)


st.markdown(look.CSS + SHOWCASE_CSS, unsafe_allow_html=True)
session.warn_if_history_at_risk()
held = session.group()
if held is not None:
    st.page_link(
        groups.GROUP_SCREEN,
        label=f"Playing in {escape.markdown(held.name)}: the group's page",
        icon=":material/groups:",
    )
intro = screens_of(games.FLAGSHIP).intro
if intro is not None:
    intro.hero()

start_column, join_column = st.columns(2)
with start_column:
    st.markdown("**Host a game**")
    with st.container(horizontal=True):
        if st.button("Create Room", type="primary"):
            st.switch_page("screens/create.py")
        if st.button("Keep score", help="Playing with real cards? Keep the score here."):
            st.switch_page("screens/keep.py")
with join_column:
    st.markdown("**Join friends**")
    typed = st.text_input("Room code", max_chars=8, placeholder="e.g. K7QX2M")
    if st.button("Join") and typed.strip():
        st.switch_page("screens/room.py", query_params={"room": typed.strip().upper()})

st.subheader("The games")
every_game = ordered()
for first in range(0, len(every_game), 2):  # rows of two, in order on a phone too
    for column, name in zip(st.columns(2), every_game[first : first + 2], strict=False):
        with column:
            game_card(name)

quick_game()

if held is None:
    with st.expander(
        "**Start a group**: your friends' own link, games and stats", icon=":material/groups:"
    ):
        st.caption(
            "One link for your circle of friends: what you play from it counts for the group, "
            "and only people holding it see the group's names and stats."
        )
        groups.start_form("home-group")

if intro is not None:
    intro.more()

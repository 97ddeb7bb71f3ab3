"""Thirteen's controls at the table: the hand to pick a play from, Play and Pass, results.

The room page draws the felt and hands the rest to :func:`play`: the
player's cards sorted low to high; a tap lifts a card into the selection (or
drops it back), and one Play button says what the selection is ("pair of
9s", "run 5–9", "not a combination") and is live only when the selection is
a legal play now. A selection that is not one is sent all the same when
tapped, for the rules to say why not: that button is dimmed and its key is
``dim-th-play`` where the live one's is ``th-play``. Pass sits beside it
unless the player leads. What is legal, and how a selection is named, is the
engine's (:func:`core.thirteen.view.judge`); the page only keeps which cards
are picked.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from core.pieces import cards as pieces
from core.rooms import RoomError, RoomView
from core.thirteen import cards
from core.thirteen.view import PlayerView, judge
from ui import escape, look
from ui import hand as hand_row
from ui.felt import name_of
from ui.thirteen.table import PLACE_WORDS, what
from ui.turn import Turn, under_the_felt

#: What a round is called at this game's table.
ROUND = "hand"
#: The selection's session key: (room code, the picked cards' names).
PICK = "th-pick"

_CSS = """
<style>
.th-play { display: inline-flex; align-items: center; }
.th-play .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.55); }
.th-standing { display: flex; flex-direction: column; align-items: center; gap: 0.2rem;
  font-size: 0.8rem; }
div[class*="st-key-play-"][class*="-picked"] button [data-testid="stMarkdownContainer"] {
  transform: translateY(-0.7rem) !important; border-color: #b8860b !important;
  box-shadow: 0 0 0 3px #f3d77a, 0 6px 12px rgba(0,0,0,0.35) !important; }
.st-key-th-actions { gap: 0.4rem; }
.st-key-th-actions button { min-height: 2.8rem; font-weight: 700; }
.st-key-th-play, .st-key-dim-th-play { flex: 1 1 12rem; }
.st-key-dim-th-play button { opacity: 0.6; }
.th-result p { margin: 0.15rem 0; }
</style>
"""
#: The controls' style, drawn once at the top of the room page: one HTML block for Markdown, so
#: no blank line may break it.
CSS = "\n".join(line for line in _CSS.splitlines() if line.strip())


def picked(view: RoomView) -> list[int]:
    """The cards this browser has picked, kept to those still in the hand."""
    table: PlayerView | None = view.table
    kept = st.session_state.get(PICK)
    if table is None or not isinstance(kept, tuple) or kept[0] != view.code:
        return []
    held = set(table.hand)
    return sorted(c for c in (cards.INDEX.get(n, -1) for n in kept[1]) if c in held)


def _set(code: str, chosen: list[int]) -> None:
    st.session_state[PICK] = (code, tuple(cards.NAME[c] for c in chosen))


def _toggle(code: str, chosen: list[int], card: int) -> None:
    _set(code, [c for c in chosen if c != card] if card in chosen else [*chosen, card])


def hand(view: RoomView, turn: Turn) -> None:
    """The player's cards, low to high; while the hand runs, a tap picks or drops a card."""
    table: PlayerView | None = view.table
    if table is None or view.me is None or turn.token is None or not table.hand:
        return
    chosen = picked(view)
    live = table.phase == "playing"
    shown = []
    for index, card in enumerate(table.hand):
        piece = pieces.parse(cards.NAME[card])
        key = look.piece_key("play", piece, index) + ("-picked" if card in chosen else "")
        tap = partial(_toggle, view.code, chosen, card) if live else None
        shown.append(hand_row.Card(look.piece_label(piece), key, tap))
    hand_row.draw(shown, live, _run)


def _run(call: Callable[[], Any]) -> None:
    call()


def _send(code: str, call: Callable[[], Any]) -> None:
    """Play or pass; the selection is cleared once the move is taken."""
    try:
        call()
    except RoomError as exc:
        st.session_state["flash"] = str(exc)
    else:
        st.session_state.pop(PICK, None)


def controls(view: RoomView, turn: Turn) -> None:
    """Play (saying what the selection is) and Pass, with Clear while cards are picked."""
    table: PlayerView | None = view.table
    if table is None or view.me is None or turn.token is None or table.phase != "playing":
        return
    chosen = picked(view)
    verdict = judge(table, chosen)
    with st.container(horizontal=True, key="th-actions"):
        if verdict.action is not None:
            st.button(
                f"Play {verdict.text}",
                key="th-play",
                type="primary",
                on_click=_send,
                args=(view.code, turn.move({"type": "play", "cards": cards.names(chosen)})),
            )
        elif chosen:  # dimmed, but a tap sends the play for the rules to say why not
            st.button(
                verdict.text.capitalize(),
                key="dim-th-play",
                on_click=_send,
                args=(view.code, turn.move({"type": "play", "cards": cards.names(chosen)})),
            )
        else:
            st.button(verdict.text.capitalize(), key="th-play", type="primary", disabled=True)
        if table.my_turn and not table.leading:
            st.button(
                "Pass",
                key="th-pass",
                on_click=_send,
                args=(view.code, turn.move({"type": "pass"})),
            )
        if chosen:
            st.button("Clear", key="th-clear", on_click=_set, args=(view.code, []))
    if not table.my_turn and chosen:
        st.caption("You can pick your next play now; Play wakes up on your turn.")


def results(view: RoomView) -> None:
    """The hand's places, points and totals, how many cards the last player was left with, and
    what each place scores (T6)."""
    last = view.last_round
    if last is None or "places" not in last:
        return
    placed = last["places"]
    title = f"Hand {last['round']}: {name_of(view, placed[0])} went out first"
    rows = []
    for index, seat in enumerate(placed):
        left = last["left"][seat]
        held = f" · left holding {left} card{'s' * (left != 1)}" if left else ""
        bombs = last["bombs"][seat]
        bomb = f" · {bombs} bomb{'s' * (bombs != 1)}" if bombs else ""
        rows.append(
            f"<p><b>{PLACE_WORDS[index]}</b> {escape.html(name_of(view, seat))} → "
            f"<b>{last['score'][seat]:+d}</b> (total {last['totals'][seat]}){bomb}{held}</p>"
        )
    worth = ", ".join(str(last["score"][seat]) for seat in placed)
    rows.append(f"<p>Places score {worth} points, first to last.</p>")
    st.markdown(look.result_html(title, "".join(rows), "th-result"), unsafe_allow_html=True)


def describe_hint(hint: Any) -> str:
    """The Expert's suggestion in words."""
    action = hint.action
    if action.kind == "pass":
        return "Suggestion: pass."
    shown = " ".join(cards.label(c) for c in action.cards)
    return f"Suggestion: play {what(action.cards)} ({shown})."


#: Everything under the felt while a hand runs.
play = under_the_felt(hand, controls, describe_hint)


def summary(settings: Any) -> str:
    """The room's settings in one line, under the lobby's title."""
    hints = " · hints on" if settings.hints else ""
    hands = f"{settings.hands} hand{'s' * (settings.hands != 1)}"
    return f"Thirteen · {settings.players} players, {hands}, first out scores most{hints}"


def units(view: RoomView) -> list[str]:
    """Who scores: each player."""
    return list(view.names)

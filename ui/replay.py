"""A stored hand replayed step by step, the same way on every game's Stats page.

A picker of the stored hands, Previous and Next, a slider from the deal (0) to
the end, and the hand record to download. The game's own part
(:class:`Replay`) loads a record and draws each step with the game's own
faces, cards or tiles, whose styles the replay loads itself so that they show
wherever a replay appears (A9); the record comes from the stats service.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st

from core.figures import HandLine
from core.records import ActionError, RecordError
from core.stats import Stats
from ui import escape

#: A line of the picker: a stored hand with what the game's label says of it.
L = TypeVar("L", bound=HandLine)


@dataclass(frozen=True)
class Steps:
    """What one step of a game's replay is: the slider's label, the button to the next step,
    and the slider's help."""

    label: str
    forward: str
    help: str


#: A hand replayed a trick at a time.
TRICKS = Steps("Trick", "Next trick", "0 is the deal; each step plays one trick.")


def moves(each: str) -> Steps:
    """A hand replayed a move at a time; ``each`` says what a move may be."""
    return Steps("Move", "Next", f"0 is the deal; each step is {each}.")


@dataclass(frozen=True)
class Hand:
    """A stored hand, loaded and replayed whole, ready to be shown after any step."""

    #: How many steps follow the deal, and how many seats there are.
    steps: int
    seats: int
    #: Draw the hand after that many steps, with the players' names.
    draw: Callable[[int, list[str]], None]
    #: What to show above the controls, if anything (an auction, say).
    head: Callable[[list[str]], None] | None = None


@dataclass(frozen=True)
class Replay:
    """A game's part of the replay: whose rounds, how its steps are called, how a record loads."""

    #: The game's name in the registry: whose stored rounds these are.
    game: str
    #: The start of a downloaded record's name: ``<file>-<room>-game<n>-<hand><m>.json``.
    file: str
    steps: Steps
    #: A parsed record, loaded and replayed whole: raises the record's own errors (or a
    #: ``ValueError``) if it does not replay.
    load: Callable[[Any], Hand]
    #: The styles of the game's faces (a ``<style>`` block), loaded with every replay.
    style: str
    #: What the game calls a hand: in its messages and in a downloaded record's name.
    hand: str = "hand"


def _moved(key: str, delta: int, last: int) -> None:
    st.session_state[key] = min(max(st.session_state.get(key, 0) + delta, 0), last)


def _names(data: Any, stored: Sequence[str], seats: int) -> list[str]:
    """The players' names: the record's own when it has one a seat, else the names stored with
    the round, else "Seat 1", "Seat 2", …"""
    meta = data.get("meta") if isinstance(data, dict) else None
    kept = meta.get("names") if isinstance(meta, dict) else None
    for names in (kept, stored):
        if isinstance(names, list | tuple) and len(names) == seats:
            return [str(n) for n in names]
    return [f"Seat {s + 1}" for s in range(seats)]


def replay(
    stats: Stats,
    part: Replay,
    lines: Sequence[L],
    describe: Callable[[L], str],
    key: str,
    label: str = "Hand",
    help: str | None = None,
) -> None:
    """Pick one of ``lines`` (labelled by ``describe``) and step through it, every hand face
    up: nothing is secret in a stored hand."""
    line = st.selectbox(label, lines, format_func=describe, key=key, help=help)
    if line is None:
        return
    text = stats.hand_record(part.game, line.id)
    if text is None:
        st.warning(f"That {part.hand} is no longer stored.")
        return
    try:
        data = json.loads(text)
        hand = part.load(data)
    except (ValueError, RecordError, ActionError) as exc:
        st.error(f"This {part.hand}'s record does not replay: {escape.markdown(exc)}")
        return
    names = _names(data, line.names, hand.seats)
    st.markdown(part.style, unsafe_allow_html=True)
    if hand.head is not None:
        hand.head(names)
    at = f"{part.game}-step-{line.id}"
    last = hand.steps
    st.session_state.setdefault(at, 0)
    with st.container(horizontal=True, vertical_alignment="center", key=f"{part.game}-replay-nav"):
        st.button(
            "Previous",
            icon=":material/chevron_left:",
            on_click=_moved,
            args=(at, -1, last),
            disabled=st.session_state[at] <= 0,
            key=f"{at}-back",
        )
        st.button(
            part.steps.forward,
            icon=":material/chevron_right:",
            on_click=_moved,
            args=(at, 1, last),
            disabled=st.session_state[at] >= last,
            key=f"{at}-next",
        )
        st.download_button(
            "Hand record (JSON)",
            json.dumps(data, indent=2),
            file_name=f"{part.file}-{line.room_code}-game{line.game_number}-"
            f"{part.hand}{line.round_number}.json",
            mime="application/json",
            icon=":material/download:",
            key=f"{at}-json",
        )
    step = st.slider(part.steps.label, 0, last, key=at, help=part.steps.help) if last else 0
    hand.draw(step, names)

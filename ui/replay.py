"""A stored hand replayed step by step, the same way on every game's Stats page.

A picker of the stored hands, Previous and Next, a slider from the deal (0) to
the end, and the hand record to download. The game's own part
(:class:`Replay`) loads a record and draws each step with the game's own
faces, cards or tiles (A9); the record comes from the stats service.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from core.figures import HandLine
from core.records import ActionError, RecordError
from core.stats import Stats
from ui import escape

#: A game's hand, loaded and replayed (its own type).
H = TypeVar("H")
#: A line of the picker: a stored hand with what the game's label says of it.
L = TypeVar("L", bound=HandLine)


@dataclass(frozen=True)
class Replay(Generic[H]):
    """A game's part of the replay: how its records load, and how a step looks."""

    #: The game's name in the registry: whose stored rounds these are.
    game: str
    #: The start of a downloaded record's name: ``<file>-<room>-game<n>-<hand><m>.json``.
    file: str
    #: What one step is (the slider's label), and what the button to the next one says.
    step: str
    forward: str
    #: The slider's help: what 0 and each step show.
    help: str
    #: A parsed record, checked and replayed whole: raises the record's own errors (or a
    #: ``ValueError``) if it does not replay.
    load: Callable[[Any], H]
    #: How many steps the hand has, and how many seats.
    steps: Callable[[H], int]
    seats: Callable[[H], int]
    #: Draw the hand after that many steps, with the players' names.
    draw: Callable[[H, int, list[str]], None]
    #: What to show above the controls, if anything (an auction, say).
    head: Callable[[H, list[str]], None] | None = None
    #: What the game calls a hand: in its messages and in a downloaded record's name.
    hand: str = "hand"


def _moved(key: str, delta: int, last: int) -> None:
    st.session_state[key] = min(max(st.session_state.get(key, 0) + delta, 0), last)


def names_of(data: Any, stored: Sequence[str], seats: int) -> list[str]:
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
    part: Replay[H],
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
    names = names_of(data, line.names, part.seats(hand))
    if part.head is not None:
        part.head(hand, names)
    at = f"{part.game}-step-{line.id}"
    last = part.steps(hand)
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
            part.forward,
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
    step = st.slider(part.step, 0, last, key=at, help=part.help) if last else 0
    part.draw(hand, step, names)

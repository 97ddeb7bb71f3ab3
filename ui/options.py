"""Create Room's form drawn from a game's option list (:class:`core.games.Option`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from core.games import Option


def draw(options: Sequence[Option], prefix: str) -> dict[str, Any]:
    """One widget per option, in order; returns the chosen value of each by name."""
    chosen: dict[str, Any] = {}
    for option in options:
        key = f"{prefix}-{option.name}"
        if option.kind == "toggle":
            chosen[option.name] = st.toggle(
                option.label, value=bool(option.default), key=key, help=option.help or None
            )
        else:
            values = [value for value, _ in option.choices]
            labels = dict(option.choices)
            chosen[option.name] = st.radio(
                option.label,
                values,
                index=values.index(option.default),
                format_func=labels.__getitem__,
                horizontal=True,
                key=key,
                help=option.help or None,
            )
    return chosen

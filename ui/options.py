"""Create Room's form drawn from a game's option list (:class:`core.games.Option`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from core.games import Option


def draw(options: Sequence[Option], prefix: str) -> dict[str, Any]:
    """One widget per option the form asks, in order; returns the chosen value of each by name.

    An option whose default or range follows an earlier choice gets a fresh
    widget when that changes (its key names them), so it shows the new default
    rather than a value that no longer fits.
    """
    chosen: dict[str, Any] = {}
    for option in options:
        if not option.asked(chosen):
            continue
        default = option.default_for(chosen)
        key = f"{prefix}-{option.name}"
        if callable(option.default) or callable(option.high) or callable(option.choices):
            choices = "/".join(str(value) for value, _ in option.choices_for(chosen))
            key += f"-{default}-{option.high_for(chosen)}-{choices}"
        chosen[option.name] = _widget(option, default, key, chosen)
        if option.note is not None:
            st.caption(option.note(chosen))
    return chosen


def _widget(option: Option, default: Any, key: str, chosen: dict[str, Any]) -> Any:
    helped = option.help or None
    if option.kind == "toggle":
        return st.toggle(option.label, value=bool(default), key=key, help=helped)
    if option.kind in ("number", "slider"):
        high = option.high_for(chosen)
        if option.kind == "slider":
            return st.slider(
                option.label, option.low, high, default, step=option.step, key=key, help=helped
            )
        return int(
            st.number_input(
                option.label,
                min_value=option.low,
                max_value=high,
                value=default,
                step=option.step,
                key=key,
                help=helped,
            )
        )
    values = [value for value, _ in option.choices_for(chosen)]
    labels = dict(option.choices_for(chosen))
    return st.radio(
        option.label,
        values,
        index=values.index(default),
        format_func=labels.__getitem__,
        horizontal=True,
        key=key,
        help=helped,
    )

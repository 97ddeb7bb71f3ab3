"""Create Room's form drawn from a game's option list (:class:`core.games.Option`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from core.games import Option
from ui import numbers


@dataclass(frozen=True)
class Form:
    """What the form shows: each option's value by name, and whether every typed number fits.

    A typed number out of range is said under its box; ``chosen`` then holds
    the option's default for it, so that the options after it still draw,
    and ``fits`` is false: the form must not be sent.
    """

    chosen: dict[str, Any]
    fits: bool


def draw(options: Sequence[Option], prefix: str, button: str) -> Form:
    """One widget per option the form asks, in order; ``button`` sends the form.

    An option whose default or range follows an earlier choice gets a fresh
    widget when that changes (its key names them), so it shows the new default
    rather than a value that no longer fits.
    """
    chosen: dict[str, Any] = {}
    fits = True
    for option in options:
        if not option.asked(chosen):
            continue
        default = option.default_for(chosen)
        key = f"{prefix}-{option.name}"
        if callable(option.default) or callable(option.high) or callable(option.choices):
            choices = "/".join(str(value) for value, _ in option.choices_for(chosen))
            key += f"-{default}-{option.high_for(chosen)}-{choices}"
        value = _widget(option, default, key, chosen, button)
        if value is None:  # a number out of range: its box says so
            fits, value = False, default
        chosen[option.name] = value
        if option.note is not None and fits:  # a note would count with the default instead
            st.caption(option.note(chosen))
    return Form(chosen, fits)


def _widget(option: Option, default: Any, key: str, chosen: dict[str, Any], button: str) -> Any:
    """The option's widget; its value, or ``None`` for a typed number out of range."""
    helped = option.help or None
    if option.kind == "toggle":
        return st.toggle(option.label, value=bool(default), key=key, help=helped)
    if option.kind in ("number", "slider"):
        high = option.high_for(chosen)
        if option.kind == "slider":
            return st.slider(
                option.label, option.low, high, default, step=option.step, key=key, help=helped
            )
        number = numbers.field(
            option.label,
            option.low,
            high,
            key=key,
            value=default,
            step=option.step,
            button=button,
            help=helped,
        )
        return number.value if number.fits else None
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

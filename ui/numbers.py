"""Typed whole numbers that are what they show (SPEC A2): every number box a page draws.

Streamlit's ``st.number_input`` with a minimum and maximum keeps its last
accepted value while the box shows a newer one typed out of range (red,
"Press Enter to apply"), and a button pressed then sends the old value. So
these boxes have no bounds in the browser: whatever is typed is committed, on
Enter or when the box loses focus — which a click on a button does first, so
the button's callback already sees it. The range is checked here instead: a
number out of range (or a box left empty that needs one) is said under the
box, the button that would send it is drawn disabled, and the callback checks
again before sending, since a click can carry a number typed just before it.
The +/− steps still work; a step out of range is said like a typed number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st


@dataclass(frozen=True)
class Number:
    """A drawn number box: its session key and range; it reads what the box holds now."""

    key: str
    low: int
    high: int
    optional: bool = False

    @property
    def value(self) -> int | None:
        """The number in the box as committed (``None`` when it is empty)."""
        held = st.session_state.get(self.key)
        return None if held is None else int(held)

    @property
    def fits(self) -> bool:
        """Whether the box may be sent: a number in range, or empty where that is allowed."""
        value = self.value
        return self.optional if value is None else self.low <= value <= self.high

    def range_text(self) -> str:
        """What the box takes, in words; empty while it fits."""
        if self.fits:
            return ""
        needed = f"type a number from {self.low:,} to {self.high:,}"
        if self.value is None:
            return needed[0].upper() + needed[1:] + "."
        return f"{self.value} is out of range: {needed}."

    def say_range(self) -> None:
        """Under the box (or its row), when it does not fit: the range, in red and in words."""
        if not self.fits:
            st.caption(f":red[{self.range_text()}]")


def field(
    label: str,
    low: int,
    high: int,
    *,
    key: str,
    value: int | None,
    step: int = 1,
    optional: bool = False,
    say: bool = True,
    **shown: Any,
) -> Number:
    """Draw a whole-number box from ``low`` to ``high`` starting at ``value``; return it.

    ``optional`` boxes may be left empty (their value is then ``None``); others
    need a number. The range is said right under the box unless ``say`` is
    false, for a box in a row whose caller says it under the row
    (:meth:`Number.say_range`). ``shown`` goes to ``st.number_input`` (width,
    help, label visibility).
    """
    # The start goes in the session, not in ``value=``: a form that starts from
    # a stored round sets it there first, and an empty box must be allowed to
    # show as empty rather than jump back to a number it does not send.
    st.session_state.setdefault(key, value)
    st.number_input(label, value=None, step=step, key=key, **shown)
    number = Number(key, low, high, optional)
    if say:
        number.say_range()
    return number

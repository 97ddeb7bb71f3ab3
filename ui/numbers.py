"""Typed whole numbers that are what they show (SPEC A2): every number box a page draws.

Streamlit's ``st.number_input`` with a minimum and maximum keeps its last
accepted value while the box shows a newer one typed out of range (red,
"Press Enter to apply"), and a button pressed then sends the old value. So
these boxes have no bounds in the browser: whatever is typed is committed, on
Enter or when the box loses focus — which a click on a button does first, so
the button's callback already sees it. The range is checked here instead: a
number out of range is said under the box, the button that would send it is
drawn disabled, and the callback checks again before sending, since a click
can carry a number typed just before it. The +/− steps still work; a step out
of range is said like a typed number. Streamlit's box cannot commit a number
beyond ±9,007,199,254,740,991 either (it turns red and keeps the last one), so
a script installed once a page (:func:`install`) writes any number typed
beyond ±999,999,999,999,999 as that number, which the box does commit and the
server then refuses as out of range: the box never shows one number and holds
another. Streamlit's "Press Enter to apply" hint sits inside the box, where in
a narrow box it covers the + step; here it hangs just under the box's right
edge instead, so it never covers a step or the number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st


@dataclass(frozen=True)
class Number:
    """A drawn number box: its session key, its range, the button that sends it (if any)."""

    key: str
    low: int
    high: int
    optional: bool = False
    button: str = ""

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
        """What the box takes, and what waits for it, in words; empty while it fits."""
        if self.fits:
            return ""
        needed = f"a number from {self.low:,} to {self.high:,}"
        value = self.value
        said = f"Type {needed}." if value is None else f"{value} is out of range: type {needed}."
        return f"{said} {self.button} stays off until then." if self.button else said

    def say_range(self) -> None:
        """Under the box (or its row), when it does not fit: the range, as an alert."""
        if not self.fits:
            st.error(self.range_text(), icon=":material/error:")


#: The largest number a box shows: Streamlit's box commits any number up to ±2⁵³ − 1.
LARGEST = 999_999_999_999_999
#: Installed once a page: a number typed beyond :data:`LARGEST` (or written as ``1e99``) is
#: shown as ±:data:`LARGEST`, through the box's own input event, so that it is committed;
#: and the "Press Enter to apply" hint hangs under its box, clear of the steps.
LIMIT_JS = f"""
<style>:has(> .st-key-m3-numbers) {{ display: none; }}
[data-testid="stNumberInput"] [data-testid="InputInstructions"] {{
  top: 100%; bottom: auto; right: 0; left: auto; padding: 0.1rem 0 0; line-height: 1;
  pointer-events: none; }}</style>
<script>
(() => {{
  if (window.m3Numbers) return;
  window.m3Numbers = true;
  const largest = {LARGEST};
  const write = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  document.addEventListener("input", (event) => {{
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "number" || box.value === "") return;
    const typed = Number(box.value);
    if (Number.isFinite(typed) && Math.abs(typed) <= largest) return;
    write.call(box, String(typed < 0 ? -largest : largest));
    box.dispatchEvent(new Event("input", {{ bubbles: true }}));
  }}, true);
}})();
</script>
"""


def install() -> None:
    """Keep every number box of the page committable (:data:`LIMIT_JS`); drawn hidden."""
    with st.container(key="m3-numbers"):
        st.html(LIMIT_JS, unsafe_allow_javascript=True)


def field(
    label: str,
    low: int,
    high: int,
    *,
    key: str,
    value: int | None,
    step: int = 1,
    button: str = "",
    say: bool = True,
    **shown: Any,
) -> Number:
    """Draw a whole-number box from ``low`` to ``high`` starting at ``value``; return it.

    With ``value`` ``None`` the box starts empty and may stay so (its value is
    then ``None``), as ``st.number_input`` has it; otherwise emptying it brings
    the start back. ``button`` names the button that sends it, for the message.
    The range is said right under the box unless ``say`` is false, for a box in
    a row whose caller says it under the row (:meth:`Number.say_range`).
    ``shown`` goes to ``st.number_input`` (width, help, label visibility).
    """
    st.number_input(label, value=value, step=step, key=key, **shown)
    number = Number(key, low, high, optional=value is None, button=button)
    if say:
        number.say_range()
    return number

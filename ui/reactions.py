"""Reactions, not chat (SPEC A6): the "React" button of a seated player, and the bubbles.

A seated player at the table opens "React" and taps one of the fixed reactions
(:data:`core.rooms.reactions.REACTIONS`); only its id goes to the service, which checks it.
Every screen of the room draws the reactions on show by their seats on the felt
(:func:`bubbles`), each fading out over what is left of its four seconds in CSS alone
(a negative animation delay), so nothing is redrawn to take it away.

"Mute reactions" is the browser's own: a box kept in its ``localStorage`` that hides every
bubble on its screens, from the next page on too, and sends nothing anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from core.rooms import RoomView
from core.rooms.reactions import AT_THE_TABLE, REACTIONS, SHOWN_FOR
from ui import escape
from ui.turn import Turn

#: The key under which a browser keeps "Mute reactions", and the class it then puts on the page.
MUTED_KEY = "m3-mute-reactions"
#: The "React" popover's key: its open state, which a sent reaction closes.
POPOVER = "m3-react"

CSS = f"""
<style>
.m3-react-at {{ position: absolute; z-index: 6; width: var(--m3-chip); display: flex;
  justify-content: center; pointer-events: none; transform: translateY(-50%); }}
.m3-react {{ background: #fffdf4; color: #1d2521; border-radius: 0.9rem; padding: 0.12rem 0.6rem;
  font-size: 0.8rem; font-weight: 700; line-height: 1.3; text-align: center;
  box-shadow: 0 2px 8px rgba(0,0,0,0.45); border: 2px solid #f3d77a;
  animation: {SHOWN_FOR:.0f}s linear forwards; }}
.m3-react.m3-emoji {{ font-size: 1.35rem; padding: 0 0.4rem; line-height: 1.35; }}
.m3-felt.m3-many .m3-react {{ font-size: 0.68rem; padding: 0.05rem 0.4rem; }}
.m3-felt.m3-many .m3-react.m3-emoji {{ font-size: 1.1rem; }}
html.m3-muted .m3-react-at {{ display: none; }}
:has(> .st-key-m3-react-setup) {{ display: none; }}
.st-key-m3-react-emoji, .st-key-m3-react-words {{ gap: 0.35rem; flex-wrap: wrap; }}
.st-key-m3-react-emoji button {{ font-size: 1.3rem; padding: 0 0.45rem; min-height: 2.4rem; }}
.st-key-m3-react-words button {{ padding: 0.2rem 0.6rem; min-height: 2.2rem; }}
.m3-mute {{ display: flex; align-items: center; gap: 0.45rem; font: 0.92rem system-ui,
  sans-serif; cursor: pointer; margin-top: 0.3rem; }}
.m3-mute input {{ width: 1.1rem; height: 1.1rem; accent-color: #1f6f43; }}
</style>
"""

#: Installed once a page: the browser's own "Mute reactions", kept in ``localStorage``; every
#: box drawn (the popover draws its content anew) shows it.
MUTE_JS = f"""
<script>
(() => {{
  if (window.m3Mute) return;
  window.m3Mute = true;
  const key = "{MUTED_KEY}";
  const muted = () => {{ try {{ return localStorage.getItem(key) === "1"; }}
                         catch (e) {{ return false; }} }};
  const show = () => {{
    const on = muted();
    document.documentElement.classList.toggle("m3-muted", on);
    document.querySelectorAll("input[data-m3-mute]").forEach((box) => {{
      if (box.checked !== on) box.checked = on;
    }});
  }};
  document.addEventListener("change", (event) => {{
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.matches("[data-m3-mute]")) return;
    try {{ localStorage.setItem(key, box.checked ? "1" : "0"); }} catch (e) {{}}
    show();
  }});
  new MutationObserver(show).observe(document.body, {{ subtree: true, childList: true }});
  show();
}})();
</script>
"""
MUTE_BOX = '<label class="m3-mute"><input type="checkbox" data-m3-mute> Mute reactions</label>'

#: The reactions that are one emoji (drawn larger), and those that are words.
EMOJI = tuple(said for said, text in REACTIONS.items() if len(text) == 1)
WORDS = tuple(said for said in REACTIONS if said not in EMOJI)


#: A bubble's fade, named anew for each reaction and each age it is drawn at: a redraw may
#: keep the element of an earlier bubble (whose fade is over) or of this one drawn younger
#: (whose fade runs from then), and only a new name starts the fade anew, from this age.
FADE = """@keyframes {name} {{ 0% {{ opacity: 0; transform: scale(0.6); }}
  5% {{ opacity: 1; transform: scale(1); }} 85% {{ opacity: 1; }}
  100% {{ opacity: 0; visibility: hidden; }} }}"""


def bubbles(view: RoomView) -> dict[int, str]:
    """The reactions on show, seat -> the bubble (trusted HTML) for :func:`ui.felt.felt_html`,
    each already as far into its fade as it is old."""
    drawn = {}
    for shown in view.reactions:
        age = min(max(0.0, view.now - shown.at), SHOWN_FOR)
        emoji = " m3-emoji" if shown.said in EMOJI else ""
        name = f"m3-react-{shown.seat}-{shown.number}-{age * 100:.0f}"
        drawn[shown.seat] = (
            f"<style>{FADE.format(name=name)}</style>"
            f'<span class="m3-react{emoji}" style="animation-name:{name};'
            f'animation-delay:-{age:.2f}s">{escape.html(shown.text)}</span>'
        )
    return drawn


def offer(view: RoomView, rooms: Any, token: str | None) -> None:
    """The bubbles' look and the browser's mute for every screen of the room; for a seated
    player at the table, the "React" button with the reactions and "Mute reactions"."""
    with st.container(key="m3-react-setup"):
        st.markdown(CSS, unsafe_allow_html=True)
        st.html(MUTE_JS, unsafe_allow_javascript=True)
    if token is None or view.me is None or view.status not in AT_THE_TABLE:
        return
    with st.popover("React", icon="😀", key=POPOVER, on_change="rerun") as box:
        if not box.open:  # drawn only while open: nothing to send otherwise
            return
        for key, group in (("m3-react-emoji", EMOJI), ("m3-react-words", WORDS)):
            with st.container(key=key, horizontal=True):
                for said in group:
                    st.button(
                        REACTIONS[said],
                        key=f"react-{said}",
                        on_click=_send,
                        args=(partial(rooms.react, token, said),),
                    )
        st.html(MUTE_BOX)


def _send(call: Callable[[], Any]) -> None:
    """A reaction's button: send it (a refusal is the page's flash) and close the popover, so
    the table and the player's controls are in view again."""
    Turn.tap(call)
    st.session_state[POPOVER] = False

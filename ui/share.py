"""A "share this link" button: the phone's share sheet where there is one, else the clipboard,
with "Copied" said beside it. The lobby's invite link and the Recap's link use it."""

from __future__ import annotations

import re

import streamlit as st

from core.rooms import RoomView
from ui import escape, session

CSS = """
<style>
.m3-share { display: flex; align-items: center; gap: 0.6rem; flex-wrap: wrap; }
/* Streamlit's own primary button: its font, size, weight and shape. */
.m3-share button { font-family: inherit; font-size: 0.875rem; font-weight: 400;
  line-height: 1.6; min-height: 2.5rem; padding: 0.25rem 0.75rem; border-radius: 0.5rem;
  border: 1px solid #1f6f43; background: #1f6f43; color: #fff; cursor: pointer; }
.m3-share button:hover { background: #185a36; }
.m3-share .m3-copied { color: #1f6f43; font-family: inherit; font-weight: 600; }
</style>
"""

_KEY = re.compile(r"[a-z0-9-]+")
_BUTTON = """
<div class="m3-share">
<button type="button" id="{key}" data-url="{url}" data-text="{text}">{label}</button>
<span class="m3-copied" id="{key}-said" role="status"></span></div>
<script>
(() => {{
  const button = document.getElementById("{key}");
  const said = document.getElementById("{key}-said");
  if (!button || button.dataset.ready) return;
  button.dataset.ready = "1";
  const confirm = (words) => {{
    said.textContent = words;
    clearTimeout(said.m3timer);
    said.m3timer = setTimeout(() => {{ said.textContent = ""; }}, 2500);
  }};
  const fallback = (url) => {{
    const box = document.createElement("textarea");
    box.value = url; box.setAttribute("readonly", ""); box.style.position = "fixed";
    box.style.opacity = "0"; document.body.appendChild(box); box.select();
    let done = false;
    try {{ done = document.execCommand("copy"); }} catch (e) {{ done = false; }}
    box.remove();
    confirm(done ? "Copied" : "Copy the link below");
  }};
  button.addEventListener("click", async () => {{
    const url = button.dataset.url;
    if (navigator.share) {{
      try {{
        await navigator.share({{ title: "Moon 3 of Spades", text: button.dataset.text, url }});
        return;
      }}
      catch (e) {{ if (e && e.name === "AbortError") return; }}
    }}
    if (navigator.clipboard && window.isSecureContext) {{
      try {{ await navigator.clipboard.writeText(url); confirm("Copied"); return; }}
      catch (e) {{ /* fall back below */ }}
    }}
    fallback(url);
  }});
}})();
</script>
"""


def button(key: str, label: str, url: str, text: str) -> None:
    """Draw the button (``key``, the code's own name for it, ids it on the page; ``text`` goes
    with a shared link)."""
    if not _KEY.fullmatch(key):
        raise ValueError(f"a share button's key is letters, digits and dashes: {key!r}")
    st.markdown(CSS, unsafe_allow_html=True)
    st.html(
        _BUTTON.format(
            key=key, label=escape.html(label), url=escape.attribute(url),
            text=escape.attribute(text),
        ),
        unsafe_allow_javascript=True,
    )  # fmt: skip


def own_seat_link(view: RoomView, token: str | None) -> None:
    """A seated player's own link back to their seat, to see and copy (SPEC A8): at the table,
    in the lobby and in a scorebook."""
    if view.me is None or not token:
        return
    link = session.seat_link(view.code, token)
    with st.expander("Your seat link", icon=":material/key:"):
        st.caption(
            "Open this on another device to take your seat. Keep it to yourself: "
            "whoever opens it plays as you."
        )
        button("m3-seat-link", "Copy your seat link", link, "My seat")
        st.code(link, language=None, wrap_lines=True)

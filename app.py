"""Entry point: shared page setup and routing between the screens, nothing else.

Streamlit runs this file on every rerun; ``st.navigation`` picks the page from
the URL and this file runs it, so every screen gets the same title, layout and
menu (along the top, whichever URL a player opens first).

A page that fails unexpectedly shows a friendly message with a short
reference; the traceback goes to the server log only (and Streamlit's own
error details are off in ``.streamlit/config.toml``).
"""

from __future__ import annotations

import streamlit as st

from ui import numbers, session

st.set_page_config(page_title="Moon 3 of Spades", page_icon="♠️", layout="wide")

#: On a phone (or a narrow window) the menu is a drawer over the page: it closes once a page
#: is picked (SPEC A8); on a phone toasts show at the bottom, where they cover neither the
#: scores nor the felt.
PHONE = """
<style>
:has(> .st-key-m3-app) { display: none; }
@media (max-width: 640px) {
  [data-testid="stToastContainer"] { top: auto !important; bottom: 0.6rem !important; }
}
</style>
<script>
(() => {
  if (window.m3Menu) return;
  window.m3Menu = true;
  document.addEventListener("click", (event) => {
    // The menu is in the sidebar only where the top bar has no room for it: a drawer.
    if (!event.target.closest('[data-testid="stSidebarNavLink"]')) return;
    setTimeout(() => {
      const sidebar = document.querySelector('[data-testid="stSidebar"]');
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (sidebar && sidebar.dataset.collapsed === "false" && close) close.click();
    }, 50);
  }, true);
})();
</script>
"""

PAGES = [
    st.Page("screens/home.py", title="Home", icon=":material/playing_cards:", default=True),
    st.Page("screens/create.py", title="Create Room", icon=":material/add_circle:"),
    st.Page("screens/keep.py", title="Keep score", icon=":material/edit_note:", url_path="keep"),
    st.Page("screens/room.py", title="Room", icon=":material/table_restaurant:", url_path="room"),
    st.Page("screens/rules.py", title="Rules", icon=":material/menu_book:"),
    st.Page("screens/stats.py", title="Stats", icon=":material/bar_chart:"),
    st.Page("screens/recap.py", title="Recap", icon=":material/auto_stories:", url_path="recap"),
    st.Page("screens/group.py", title="Group", icon=":material/groups:", url_path="group"),
    st.Page(
        "screens/keep_history.py",
        title="Keep your history",
        url_path="keep-history",
        visibility="hidden",
    ),
]
# The menu runs along the top, so the table gets the whole width of a laptop.
page = st.navigation(PAGES, position="top")
numbers.install()
with st.container(key="m3-app"):  # hidden: it only holds the phone's styles and script
    st.html(PHONE, unsafe_allow_javascript=True)
try:
    session.keep_group()
    if page.url_path == session.ROOM_PAGE:
        session.back_to_room()
    page.run()
except Exception:  # Streamlit's own reruns and stops are not Exceptions: they pass through
    session.show_failure(f"page {page.url_path or 'home'}")

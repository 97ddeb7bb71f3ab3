"""A group's history saved to one file and brought back, on the Stats and group pages
(SPEC G3): "Download everything" and "Bring back a saved file".

Both go through the stats service of the group the browser sees, so a file holds that
group's games only, and what it brings back goes into that group.
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from core.rooms import RoomError
from core.stats import Stats
from ui import escape

#: The largest file a page takes (a year of a busy group's games is a few MB).
MOST_UPLOAD = 25 << 20
_RESTORED = "saved-restored"


def _file_name() -> str:
    return f"moon3-history-{datetime.now(UTC):%Y-%m-%d}.moon3.gz"


def download(stats: Stats, key: str) -> None:
    """"Download everything": the group's every game, round, scorebook and hand record in one
    file, written when asked for (a big history takes a moment)."""
    st.download_button(
        "Download everything",
        data=stats.backup,
        file_name=_file_name(),
        mime="application/gzip",
        key=key,
        icon=":material/download:",
        help="One file with every game, round, scorebook and hand record of these stats.",
        on_click="ignore",
    )


def bring_back(stats: Stats, key: str) -> None:
    """"Bring back a saved file": a file from "Download everything" (or ``python -m core
    backup``) added to these stats, nothing twice."""
    said = st.session_state.pop(_RESTORED, None)
    if said:
        st.success(escape.markdown(said), icon=":material/restore:")
        st.toast(escape.markdown(said), icon=":material/restore:")
    with st.expander("Bring back a saved file", icon=":material/upload:"):
        st.caption(
            "A file from Download everything: what these stats lack is added, nothing twice."
        )
        upload = st.file_uploader("Saved file", type=["gz"], key=key)
        if upload is None or not st.button("Bring it back", key=f"{key}-go"):
            return
        if upload.size > MOST_UPLOAD:
            st.error(f"The file is larger than {MOST_UPLOAD >> 20} MB; nothing was added.")
            return
        try:
            restored = stats.restore(upload.getvalue())
        except (ValueError, RoomError) as exc:
            st.error(f"Nothing was added: {escape.markdown(exc)}.")
            return
        st.session_state[_RESTORED] = _told(restored.added, restored.present)
        st.rerun()


def _told(added: dict[str, int], present: dict[str, int]) -> str:
    kinds = ("games", "rounds", "scorebooks", "rooms")
    new = ", ".join(f"{added[k]} {k}" for k in kinds if added.get(k))
    had = sum(present.get(k, 0) for k in kinds)
    first = f"Brought back {new}." if new else "Nothing new in this file."
    if not had:
        return first
    if had == 1:
        return first + " 1 already here was left as it is."
    return first + f" {had} already here were left as they are."

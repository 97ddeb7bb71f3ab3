"""Bringing a group's history into the store from Moon 3 of Spades' Stats page (H4): upload a
JSON or CSV file, see every game and every bad line, and store it (or its clean lines only).

The file is read and checked once per file, time zone, date for the undated
games and state of the store; a game already stored is skipped, so importing
the same file twice adds nothing. Checking and storing go through the stats
service (:mod:`core.stats`), as the command line's ``import`` does.
"""

from __future__ import annotations

import zoneinfo
from datetime import date

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from core.moon3.config import MODE_LABELS
from core.moon3.game import GAME as DECLARED
from core.moon3.imports import FIRST_DAY, LAST_DAY, MAX_BYTES, History
from core.stats import Stats
from ui import escape, figures

GAME = DECLARED.name
#: At most this many problems of an imported file listed on the page; the CSV has them all.
PROBLEMS_SHOWN = 100
#: The largest history file the page takes, in MB (the reader refuses larger ones too).
MAX_UPLOAD_MB = MAX_BYTES // 1_000_000
#: The time zones an import may count days in (the tz database's names).
ZONES = sorted(zoneinfo.available_timezones())


def _browser_zone() -> str:
    """The browser's time zone when it tells one of the tz database, else UTC."""
    told = st.context.timezone
    return told if told in ZONES else "UTC"


def _checked(
    stats: Stats,
    upload: UploadedFile,
    mark: tuple[int, int, int],
    zone: str,
    undated: date | None,
) -> History:
    """The uploaded file read and checked, once per file, time zone, date for the undated
    games and state of the store."""
    key = (upload.file_id, mark, zone, undated)
    kept = st.session_state.get("imp-checked")
    if kept is None or kept[0] != key:
        checked = stats.check_import(GAME, upload.getvalue(), upload.name, zone, undated)
        kept = (key, checked)
        st.session_state["imp-checked"] = kept
    found: History = kept[1]
    return found


def _import(stats: Stats, found: History, clean_only: bool, file_id: str) -> None:
    """Store the checked file (a button's callback: it runs before the page draws its figures,
    so they include what was just stored)."""
    added = stats.store_import(GAME, found, clean_only)
    st.session_state["imp-said"] = (
        file_id,
        f"Imported {figures.counted(added.games, 'game')} "
        f"({figures.counted(added.rounds, 'round')}); "
        f"{added.skipped} already stored.",
    )


def _preview(found: History) -> None:
    rows: list[list[object]] = []
    for game in found.games:
        sound = game.config is not None and not game.broken and bool(game.entries)
        rows.append(
            [
                game.line,
                game.day,
                MODE_LABELS[game.config.mode] if game.config is not None else "–",
                ", ".join(game.names),
                len(game.entries),
                ", ".join(f"{n} {t}" for n, t in zip(game.names, game.totals(), strict=True))
                if sound
                else "–",
                game.status,
                game.note,
            ]
        )
    figures.table(
        [
            "Line",
            f"Day in {found.zone}",
            "Mode",
            "Players",
            "Rounds",
            "R27 totals",
            "Status",
            "Note",
        ],
        rows,
        "moon3-import-preview.csv",
        shown=figures.SHOWN,
    )


def _problems(found: History) -> None:
    count = len(found.problems)
    st.error(
        f"{count} bad line{'s' * (count != 1)}: nothing is imported while a line is bad. Fix "
        "the file and upload it again, or import its clean lines only.",
        icon=":material/error:",
    )
    st.markdown("\n".join(f"- {escape.markdown(p)}" for p in found.problems[:PROBLEMS_SHOWN]))
    if count > PROBLEMS_SHOWN:
        st.caption(f"And {count - PROBLEMS_SHOWN:,} more: the CSV lists them all.")
    figures.download(
        "Download the problems (CSV)",
        ["Line", "Problem"],
        [[p.line, p.message] for p in found.problems],
        "moon3-import-problems.csv",
    )


def import_history(stats: Stats, mark: tuple[int, int, int]) -> None:
    """H4 from the page: upload a JSON or CSV history, see every game and every bad line, and
    store it (or its clean lines only)."""
    with st.expander("Import a history", icon=":material/upload_file:"):
        st.caption(
            "A group's games played with real cards, as JSON or CSV (the README shows both "
            "formats). Every line is checked first, and a game already stored is skipped, so "
            "importing the same file twice adds nothing."
        )
        upload = st.file_uploader(
            "History file (JSON or CSV)",
            type=["json", "csv"],
            max_upload_size=MAX_UPLOAD_MB,
            key="imp-file",
        )
        if upload is None:
            st.session_state.pop("imp-said", None)
            return
        zone = st.selectbox(
            "Time zone the games were played in",
            ZONES,
            index=ZONES.index(_browser_zone()),
            key="imp-zone",
            help="Each game counts on its day there (in the stats and the Recap), and a game "
            "dated without a time is an evening there. Preset to this browser's time zone.",
        )
        # The day chosen for the undated games belongs to this file: another starts without.
        asked = f"imp-undated-{upload.file_id}"
        undated = st.session_state.get(asked)
        found = _checked(stats, upload, mark, zone, undated)
        if found.undated:
            st.date_input(
                f"{found.undated} game{'s have' if found.undated != 1 else ' has'} no date: "
                "the day they were played",
                value=None,
                min_value=FIRST_DAY,
                max_value=LAST_DAY,
                key=asked,
                help="Each is kept as an evening of that day. Without a day they are not imported.",
            )
        said = st.session_state.get("imp-said")
        if said is not None and said[0] == upload.file_id:
            st.success(said[1], icon=":material/check_circle:")
        if not found.games and not found.problems:
            st.info("This file holds no games.")
            return
        if found.games:
            _preview(found)
        if found.problems:
            _problems(found)
        fresh = found.keepable(clean_only=False)
        clean_part = found.keepable(clean_only=True)
        if found.clean and not fresh:
            st.info("Every game in this file is already stored: importing it again adds nothing.")
        with st.container(horizontal=True):
            st.button(
                "Import",
                type="primary",
                disabled=not (found.clean and fresh),
                on_click=_import,
                args=(stats, found, False, upload.file_id),
                key="imp-all",
                icon=":material/upload:",
            )
            if found.problems and clean_part:
                st.button(
                    "Import the clean lines only",
                    on_click=_import,
                    args=(stats, found, True, upload.file_id),
                    key="imp-clean",
                )

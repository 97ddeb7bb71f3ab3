"""Figures as every game's Stats page shows them: the headline figures at a glance, tables
(leaderboards among them), shares and counts.

Each table sits in a box of its own that scrolls on a phone while the page
never scrolls sideways (A9; the box's style is ``look.CSS``), and comes with
the CSV of all its rows, in which no cell runs as a formula
(:func:`ui.charts.csv_text`). Names are escaped by ``look.table_html``. A
count agrees in number with its word ("1 round", "2 rounds": A10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath

import plotly.graph_objects as go
import streamlit as st

from ui import charts, look

#: At most this many rows of a long table on the page; its CSV has them all.
SHOWN = 50


def counted(count: int, word: str) -> str:
    """``count`` and ``word``, plural unless one: "1 round", "1,200 rounds"."""
    return f"{count:,} {word}{'s' * (count != 1)}"


def pct(part: int, whole: int) -> str:
    """A share as a whole percentage; a dash when there is nothing to share."""
    return f"{part / whole:.0%}" if whole else "–"


def box(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A table in its own scrolling box, as HTML."""
    return look.table_html(header, rows, "m3-scroll")


def download(
    label: str, header: Sequence[str], rows: Sequence[Sequence[object]], file_name: str
) -> None:
    """A button that downloads the table as CSV (its key comes from the file's name)."""
    st.download_button(
        label,
        charts.csv_text(header, rows),
        file_name=file_name,
        mime="text/csv",
        key=f"csv-{PurePath(file_name).stem}",
        icon=":material/download:",
    )


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    file_name: str,
    label: str = "Download CSV",
    shown: int | None = None,
) -> None:
    """A table on the page (its first ``shown`` rows, or all) and the CSV of all of it."""
    st.markdown(box(header, rows[:shown]), unsafe_allow_html=True)
    if shown is not None and len(rows) > shown:
        st.caption(f"The first {shown} of {len(rows)} rows; the CSV has them all.")
    download(label, header, rows, file_name)


@dataclass(frozen=True)
class Metric:
    """One figure at a glance: what it is, its value, and what it counts (shown on demand)."""

    label: str
    value: str
    help: str | None = None


def headline(key: str, metrics: Sequence[Metric]) -> None:
    """The figures people come for, side by side in boxes that wrap on a phone."""
    with st.container(horizontal=True, key=key):
        for metric in metrics:
            st.metric(metric.label, metric.value, help=metric.help, border=True)


def share(label: str, part: int, whole: int, noun: str, then: str = "") -> Metric:
    """A share at a glance, as a percentage, with the counts behind it in agreement ("12 of 40
    bids", "1 of 1 bid"); ``then`` follows the noun ("bids of 150 or more")."""
    return Metric(label, pct(part, whole), f"{part:,} of {counted(whole, noun)}{then}")


def chart(fig: go.Figure, key: str) -> None:
    """A chart on the page, without Plotly's toolbar (``charts.CONFIG``)."""
    st.plotly_chart(fig, config=charts.CONFIG, key=key)


def charted(title: str, caption: str, fig: go.Figure, key: str) -> None:
    """A chart as every Stats page shows one: its heading, what it counts, then the chart."""
    st.subheader(title)
    st.caption(caption)
    chart(fig, key)

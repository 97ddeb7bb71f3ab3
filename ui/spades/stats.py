"""The Stats page's Spades figures: bid accuracy, nils, contracts, bags and a leaderboard.

Every figure comes from :mod:`core.store.spades_stats` (SQL); this module lays
them out the way the Moon 3 of Spades figures are: metrics at a glance, a
chart with its table, and a CSV of each table.
"""

from __future__ import annotations

import streamlit as st

from core.store import Store, spades_stats
from ui import charts, escape, look


def _pct(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "–"


def draw(store: Store) -> None:
    figures = spades_stats.overview(store)
    if figures.hands == 0:
        st.info(
            "No Spades hand has been played to the end yet. Start one from Create Room or a "
            "Quick game: every finished hand is kept and counted here.",
            icon=":material/bar_chart:",
        )
        return
    with st.container(horizontal=True, key="m3-spades-headline"):
        st.metric("Hands played", f"{figures.hands:,}", border=True)
        st.metric(
            "Bids taken exactly",
            _pct(figures.exact, figures.bids),
            help=f"{figures.exact:,} of {figures.bids:,} bids of 1 or more",
            border=True,
        )
        st.metric(
            "Contracts made",
            _pct(figures.contracts_made, figures.contracts),
            help=f"{figures.contracts_made:,} of {figures.contracts:,} sides' contracts",
            border=True,
        )
        st.metric(
            "Nils made",
            _pct(figures.nils_made + figures.blind_nils_made, figures.nils + figures.blind_nils),
            help=f"nil {figures.nils_made} of {figures.nils}, "
            f"blind nil {figures.blind_nils_made} of {figures.blind_nils}",
            border=True,
        )
        st.metric(
            "Bags a side and hand",
            f"{figures.bags / figures.side_hands:.2f}" if figures.side_hands else "–",
            border=True,
        )
    st.subheader("Bid accuracy")
    st.caption("Each bid of 1 or more against the tricks its bidder took.")
    labels = ["Exactly the bid", "More (bags)", "Fewer"]
    counts = [figures.exact, figures.over, figures.under]
    st.plotly_chart(
        charts.count_rows(labels, counts, charts.GREEN), config=charts.CONFIG, key="sp-accuracy"
    )
    st.subheader("Leaderboard")
    header = ["Player", "Hands", "Exact", "Over", "Under", "Nils made", "Contracts made", "Score"]
    rows: list[list[object]] = [
        [
            p.name,
            p.hands,
            p.exact,
            p.over,
            p.under,
            f"{p.nils_made} of {p.nils}",
            _pct(p.contracts_made, p.contracts),
            p.score,
        ]
        for p in figures.leaderboard
    ]
    st.markdown(
        f'<div class="m3-scroll">{look.table_html(header, rows)}</div>', unsafe_allow_html=True
    )
    st.download_button(
        "Download CSV",
        charts.csv_text(header, rows),
        file_name="spades-leaderboard.csv",
        mime="text/csv",
        key="csv-spades-leaderboard",
        icon=":material/download:",
    )
    st.caption(escape.markdown("The score is the side's score for each hand the player sat in."))

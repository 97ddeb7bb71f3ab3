"""The Stats page's Spades figures: bid accuracy, nils, contracts, bags and a leaderboard.

Every figure comes from :mod:`core.store.spades.stats` (SQL); this module lays
them out the way the Moon 3 of Spades figures are: metrics at a glance, a
chart with its table, and a CSV of each table.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from core.records import ActionError, RecordError
from core.spades import record, rules
from core.spades.actions import Action
from core.spades.state import State
from core.store import Store
from core.store.spades import stats as spades_stats
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
    history(store)


def _steps(data: dict[str, Any]) -> tuple[State, list[tuple[list[int], tuple[int, ...], int, int]]]:
    """The hand replayed: for each trick, every hand before it, its cards, leader and winner."""
    rec = record.load(data)
    state = record.start(rec)
    steps = []
    for raw in rec.actions:
        before = [rules.hand_of(state, s) for s in range(state.config.players)]
        tricks = len(state.tricks)
        rules.apply(state, Action.from_json(raw))
        if len(state.tricks) > tricks:
            leader, played = state.tricks[-1]
            hands = [list(h) for h in before]
            for seat, c in zip(
                rules.trick_seats(leader, len(played), state.players), played, strict=True
            ):
                if c not in hands[seat]:  # the trick's earlier cards were already gone
                    hands[seat].append(c)
            steps.append(
                ([sum(1 << c for c in h) for h in hands], played, leader, state.trick_winners[-1])
            )
    return state, steps


def history(store: Store) -> None:
    """The latest hands and a replay of any of them, trick by trick, every hand face up."""
    lines = spades_stats.hands(store)
    st.subheader("History")
    if not lines:
        return
    line = st.selectbox(
        "Hand",
        lines,
        format_func=lambda h: (
            f"{h.finished_at:%d %b %H:%M} · room {h.room_code} "
            f"game {h.game_number} hand {h.round_number} · {', '.join(h.names)}"
        ),
        key="sp-hand",
    )
    if line is None:
        return
    try:
        state, steps = _steps(json.loads(line.record))
    except (ValueError, RecordError, ActionError) as exc:
        st.error(f"This hand's record does not replay: {escape.markdown(exc)}")
        return
    at = st.slider("Trick", 1, len(steps), key=f"sp-trick-{line.id}") if steps else 0
    if not steps:
        return
    masks, played, leader, winner = steps[at - 1]
    names = line.names
    trick = "".join(
        f'<div class="m3-played{" m3-win" if seat == winner else ""}">'
        f"{look.piece_face(c, small=True)}<span>{escape.html(names[seat])}</span></div>"
        for seat, c in zip(
            rules.trick_seats(leader, len(played), state.players), played, strict=True
        )
    )
    tiles = "".join(
        f'<div class="m3-hand"><b>{escape.html(names[seat])}</b> · bid '
        f"{escape.html(str(state.bids[seat]))}"
        f'<div class="m3-row">'
        f"{''.join(look.piece_face(c, small=True) for c in rules.cards_of(mask))}</div></div>"
        for seat, mask in enumerate(masks)
    )
    st.markdown(
        f'{look.REPLAY_CSS}<div class="m3-replay"><div class="m3-trick">{trick}</div>'
        f'<div class="m3-caption">Trick {at}: {escape.html(names[winner])} takes it</div>'
        f'<div class="m3-hands">{tiles}</div></div>',
        unsafe_allow_html=True,
    )
    st.download_button(
        "Hand record (JSON)",
        json.dumps(json.loads(line.record), indent=2),
        file_name=f"spades-{line.room_code}-game{line.game_number}-hand{line.round_number}.json",
        mime="application/json",
        key=f"sp-json-{line.id}",
        icon=":material/download:",
    )

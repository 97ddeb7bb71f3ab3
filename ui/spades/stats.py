"""The Stats page's Spades figures: bid accuracy, nils, contracts, bags, a leaderboard, and a
replay of any stored hand.

Every figure comes from the stats service (:mod:`core.stats`, aggregated in
SQL) as the values of :mod:`core.spades.figures`; this module lays them out the
way the other games' are: metrics at a glance, a chart with its table, and a
CSV of each table. The replay steps through a hand trick by trick with every
hand face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from core.figures import HandLine
from core.spades import record, rules
from core.spades.actions import Action
from core.spades.game import GAME as DECLARED
from core.spades.state import State
from core.stats import Stats
from ui import charts, escape, figures, look, replay
from ui.figures import Metric, pct

GAME = DECLARED.name


def draw(stats: Stats) -> None:
    """Spades' figures: bids, contracts, nils, bags, the leaderboard, replays."""
    found = stats.overview(GAME)
    if found.hands == 0:
        st.info(
            "No Spades hand has been played to the end yet. Start one from Create Room or a "
            "Quick game: every finished hand is kept and counted here.",
            icon=":material/bar_chart:",
        )
        return
    st.markdown(look.CSS, unsafe_allow_html=True)
    figures.headline(
        "m3-spades-headline",
        [
            Metric("Hands played", f"{found.hands:,}"),
            figures.share("Bids taken exactly", found.exact, found.bids, "bid", " of 1 or more"),
            figures.share(
                "Contracts made",
                found.contracts_made,
                found.contracts,
                "contract",
                " (a side's, each hand)",
            ),
            Metric(
                "Nils made",
                pct(found.nils_made + found.blind_nils_made, found.nils + found.blind_nils),
                f"nil {found.nils_made} of {found.nils}, "
                f"blind nil {found.blind_nils_made} of {found.blind_nils}",
            ),
            Metric(
                "Bags a side and hand",
                f"{found.bags / found.side_hands:.2f}" if found.side_hands else "–",
            ),
        ],
    )
    labels = ["Exactly the bid", "More (bags)", "Fewer"]
    counts = [found.exact, found.over, found.under]
    figures.charted(
        "Bid accuracy",
        "Each bid of 1 or more against the tricks its bidder took.",
        charts.count_rows(labels, counts, charts.GREEN),
        "sp-accuracy",
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
            pct(p.contracts_made, p.contracts),
            p.score,
        ]
        for p in found.leaderboard
    ]
    figures.table(header, rows, "spades-leaderboard.csv")
    st.caption(escape.markdown("The score is the side's score for each hand the player sat in."))
    st.subheader("Replay a hand")
    replay.replay(stats, REPLAY, stats.hands(GAME), _hand_label, key="sp-hand")


# ---------------------------------------------------------------- the replay


@dataclass(frozen=True)
class Trick:
    """One trick of a replayed hand: every hand before it (as card masks), its cards in the
    order played, its leader and its winner."""

    hands: list[int]
    played: tuple[int, ...]
    leader: int
    winner: int


def _replayed(data: Any) -> replay.Hand:
    """A stored hand replayed, to show trick by trick."""
    rec = record.load(data)
    state = record.start(rec)
    players = state.config.players
    dealt = [sum(1 << c for c in rules.hand_of(state, s)) for s in range(players)]
    tricks = []
    for raw in rec.actions:
        before = [rules.hand_of(state, s) for s in range(players)]
        done = len(state.tricks)
        rules.apply(state, Action.from_json(raw))
        if len(state.tricks) > done:
            leader, played = state.tricks[-1]
            hands = [list(h) for h in before]
            for seat, c in zip(
                rules.trick_seats(leader, len(played), state.players), played, strict=True
            ):
                if c not in hands[seat]:  # the trick's earlier cards were already gone
                    hands[seat].append(c)
            masks = [sum(1 << c for c in h) for h in hands]
            tricks.append(Trick(masks, played, leader, state.trick_winners[-1]))
    return replay.Hand(
        len(tricks), players, lambda at, names: _trick(state, dealt, tricks, at, names)
    )


def _hands_html(state: State, masks: list[int], names: list[str]) -> str:
    return "".join(
        f'<div class="m3-hand"><b>{escape.html(names[seat])}</b> · bid '
        f"{escape.html(str(state.bids[seat]))}"
        f'<div class="m3-row">'
        f"{''.join(look.piece_face(c, small=True) for c in rules.cards_of(mask))}</div></div>"
        for seat, mask in enumerate(masks)
    )


def _trick(state: State, dealt: list[int], tricks: list[Trick], at: int, names: list[str]) -> None:
    """The deal (0), or trick ``at`` on the table with every hand before it, face up."""
    if at == 0:
        caption = f"The deal: every hand face up. {figures.counted(len(tricks), 'trick')} follow."
        st.markdown(
            f'<div class="m3-replay"><div class="m3-caption">{caption}</div>'
            f'<div class="m3-hands">{_hands_html(state, dealt, names)}</div></div>',
            unsafe_allow_html=True,
        )
        return
    trick = tricks[at - 1]
    seats = rules.trick_seats(trick.leader, len(trick.played), state.players)
    cards = "".join(
        f'<div class="m3-played{" m3-win" if seat == trick.winner else ""}">'
        f"{look.piece_face(c, small=True)}<span>{escape.html(names[seat])}</span></div>"
        for seat, c in zip(seats, trick.played, strict=True)
    )
    st.markdown(
        f'<div class="m3-replay"><div class="m3-trick">{cards}</div>'
        f'<div class="m3-caption">Trick {at}: {escape.html(names[trick.winner])} takes it</div>'
        f'<div class="m3-hands">{_hands_html(state, trick.hands, names)}</div></div>',
        unsafe_allow_html=True,
    )


def _hand_label(line: HandLine) -> str:
    return (
        f"{line.finished_at:%d %b %H:%M} · room {line.room_code} "
        f"game {line.game_number} hand {line.round_number} · {', '.join(line.names)}"
    )


#: Spades' part of the replay: a hand, trick by trick.
REPLAY = replay.Replay(GAME, "spades", replay.TRICKS, _replayed, look.CSS + look.REPLAY_CSS)

"""The Stats page's Thirteen figures, and a replay of any stored hand.

Every figure comes from the stats service (:mod:`core.stats`, aggregated in
SQL) as the values of :mod:`core.thirteen.figures`; the layout follows the
other games': filters (table size, dates), metrics at a glance, a chart with
its table and a CSV of each table, a leaderboard to sort. The
replay steps through a hand one move at a time with every hand face up: in
a stored hand nothing is secret any more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from core.figures import Filters
from core.stats import Stats
from core.thirteen import cards, record, rules
from core.thirteen.actions import PASS, Action
from core.thirteen.config import HAND, MAX_PLAYERS
from core.thirteen.figures import SIZES, HandLine, Overview, Player
from core.thirteen.game import GAME as DECLARED
from core.thirteen.record import HandRecord
from core.thirteen.state import Phase, State
from ui import charts, escape, figures, look, replay
from ui.figures import Metric, counted, pct, table
from ui.filters import dates, panel
from ui.thirteen.table import face, what

GAME = DECLARED.name
#: At most this many players in a chart; the table and CSV keep going.
CHART_ROWS = 15
PLACE_WORDS = ("1st", "2nd", "3rd", "4th")
#: A colour per place in the places chart, 1st first.
PLACE_COLOURS = (charts.GREEN, charts.BLUE, charts.GOLD, charts.RED)

STYLE = """
<style>
.ths-replay { background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 16px; padding: 0.7rem 0.6rem; margin: 0.3rem 0 0.6rem; color: #fdfbf3;
  box-shadow: inset 0 0 24px rgba(0,0,0,0.35); font-size: 0.85rem; }
.ths-facts { display: flex; flex-wrap: wrap; gap: 0.3rem 1.1rem; justify-content: center;
  font-size: 0.78rem; }
.ths-facts b { font-size: 0.9rem; }
.ths-say { text-align: center; margin: 0.5rem 0.2rem 0.4rem; font-size: 0.9rem;
  min-height: 2.4em; }
.ths-trick { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem 0.8rem;
  min-height: 4.6rem; align-items: flex-end; }
.ths-move { display: flex; flex-direction: column; align-items: center; gap: 0.15rem;
  font-size: 0.72rem; max-width: 100%; }
.ths-move > span:last-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  max-width: 8rem; }
.ths-move.ths-top .ths-cards { outline: 3px solid #f3d77a; outline-offset: 3px;
  border-radius: 6px; }
.ths-move.ths-top > span:last-child { color: #f3d77a; font-weight: 700; }
.ths-pass { display: inline-flex; align-items: center; justify-content: center;
  height: var(--m3-small-h); padding: 0 0.55rem; border-radius: 8px;
  border: 2px dashed rgba(253,251,243,0.45); font-size: 0.75rem; opacity: 0.85; }
.ths-cards { display: flex; flex-wrap: nowrap; }
/* Cards overlap, the corners showing, so a long play or a whole hand stays narrow. */
.ths-cards .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.42); }
.ths-hand .ths-cards .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.3); }
/* A card already played stays in its place in the hand, dark. */
.ths-cards .m3-card.ths-gone { filter: grayscale(0.8) brightness(0.42); box-shadow: none; }
.ths-hands { display: grid; gap: 0.4rem; margin-top: 0.6rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 27rem), 1fr)); }
.ths-hand { background: rgba(0,0,0,0.22); border-radius: 10px; padding: 0.35rem 0.5rem;
  min-width: 0; }
.ths-hand.ths-turn { box-shadow: 0 0 0 2px #f3d77a; }
.ths-who { display: flex; gap: 0.5rem; align-items: baseline; min-width: 0; }
.ths-who b { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 0 1 auto; }
.ths-who span { opacity: 0.9; white-space: nowrap; }
.ths-who .ths-left { margin-left: auto; }
.ths-tag { display: inline-block; border-radius: 6px; padding: 0 0.3rem; font-size: 0.7rem;
  font-weight: 700; background: #f3d77a; color: #3a2c00; }
.ths-tag.ths-passed { background: rgba(253,251,243,0.2); color: #fdfbf3; }
.ths-hand .ths-cards { margin-top: 0.3rem; flex-wrap: wrap; row-gap: 0.25rem; }
@media (max-width: 640px) {
  .ths-hand .ths-cards .m3-card + .m3-card { margin-left: calc(var(--m3-small-w) * -0.4); }
}
</style>
"""


#: A table's header and rows, as the page shows it and its CSV holds it.
Table = tuple[list[str], list[list[object]]]


def _place(average: float) -> str:
    return f"{average:.2f}" if average else "–"


def _hands(count: int) -> str:
    return counted(count, "hand")


def _face(card: int, gone: bool = False) -> str:
    """A Thirteen card as the shared card face (its pieces id found by name)."""
    shown = face(card)
    return shown.replace('class="m3-card', 'class="m3-card ths-gone', 1) if gone else shown


def _play_html(played: Sequence[int]) -> str:
    return f'<span class="ths-cards">{"".join(_face(c) for c in played)}</span>'


def _table(label: str, shown: Table, name: str) -> None:
    """A table on the page (names escaped), and its CSV to download (no formula runs)."""
    header, rows = shown
    table(header, rows, f"thirteen-{name}.csv", label)


# ---------------------------------------------------------------- filters


def filter_controls(span: tuple[datetime, datetime]) -> Filters:
    """Table size and dates, in one expander whose label says what is chosen."""
    size = st.session_state.get("th-f-players")
    with panel([f"{size} players" if size else ""]):
        players = st.selectbox(
            "Table size",
            [None, *SIZES],
            format_func=lambda n: "Any number of players" if n is None else f"{n} players",
            key="th-f-players",
            help="Places and points mean more side by side at one table size.",
        )
        since, until = dates(span, key="th-f-dates")
    return Filters(players=players, since=since, until=until)


# ---------------------------------------------------------------- the figures


def draw(stats: Stats) -> None:
    """Thirteen's figures: places, first leads, bombs, the leaderboard, replays."""
    span = stats.date_range(GAME)
    if span is None:
        st.info(
            "No Thirteen hand has been played to the end yet. Start one from Create Room or "
            "a Quick game (choose Thirteen): every finished hand is kept and counted here.",
            icon=":material/bar_chart:",
        )
        return
    st.markdown(look.CSS + STYLE, unsafe_allow_html=True)
    filters = filter_controls(span)
    found: Overview = stats.overview(GAME, filters)
    if found.hands == 0:
        st.info("No Thirteen hand matches these filters.", icon=":material/filter_list_off:")
        return
    figures.headline(
        "th-headline",
        [
            Metric("Hands played", f"{found.hands:,}"),
            Metric("Games finished", f"{found.games:,}"),
            Metric(
                "Won from the first lead",
                pct(found.first_lead_wins, found.hands),
                f"{found.first_lead_wins:,} of {_hands(found.hands)}: the player who "
                "led the first trick went out first",
            ),
            Metric(
                "Bombs played",
                f"{found.bombs:,}",
                f"In {_hands(found.bomb_hands)}: a quad or a double sequence on 2s, or "
                "a higher one on such a bomb",
            ),
        ],
    )
    places, lead = st.columns(2, gap="large")
    with places:
        _places(found)
    with lead:
        _first_lead(found)
    _bombs(found)
    _leaderboard(found)
    st.subheader("Replay a hand")
    replay.replay(
        stats,
        REPLAY,
        stats.hands(GAME, filters),
        _hand_label,
        key="th-hand",
        help="The latest 50 hands, newest first.",
    )


def places_table(found: Overview) -> Table:
    """Each player's places, the best average first."""
    rows: list[list[object]] = [
        [p.name, p.hands, *p.places, _place(p.average_place)]
        for p in sorted(found.leaderboard, key=by_place)
        if p.hands
    ]
    return ["Player", "Hands", *PLACE_WORDS, "Average place"], rows


def first_lead_table(found: Overview) -> Table:
    """Per table size and overall, then per player: hands led first, and won."""
    rows: list[list[object]] = [
        [
            f"{line.players} players",
            line.hands,
            line.first_lead_wins,
            pct(line.first_lead_wins, line.hands),
        ]
        for line in found.by_size
        if line.hands
    ]
    rows.append(
        [
            "All tables",
            found.hands,
            found.first_lead_wins,
            pct(found.first_lead_wins, found.hands),
        ]
    )
    return ["Table", "Hands", "Won from the first lead", "Rate"], rows


def first_lead_players(found: Overview) -> Table:
    """Each player's hands led first, and how many of them the player won."""
    rows: list[list[object]] = [
        [p.name, p.led_first, p.first_lead_wins, pct(p.first_lead_wins, p.led_first)]
        for p in sorted(found.leaderboard, key=lambda p: (-p.first_lead_rate, -p.led_first, p.name))
        if p.led_first
    ]
    return ["Player", "Led first", "Won", "Rate"], rows


def bombs_table(found: Overview) -> Table:
    """Everyone who has played a bomb, the most first."""
    rows: list[list[object]] = [
        [p.name, p.bombs, p.hands]
        for p in sorted(found.leaderboard, key=lambda p: (-p.bombs, p.hands, p.name))
        if p.bombs
    ]
    return ["Player", "Bombs", "Hands"], rows


#: A player is ranked by average place from this many hands on (A10): one lucky hand never
#: tops the ranking; players with fewer hands follow, most hands first.
RANKED_FROM = 5


def by_place(p: Player) -> tuple[bool, float, int, str]:
    """The ranking by average place: the best first among players of ``RANKED_FROM`` hands or
    more, then the rest."""
    return (p.hands < RANKED_FROM, p.average_place or 9, -p.hands, p.name)


#: The leaderboard's orders: a label, and the key a player is sorted by.
ORDERS: dict[str, Callable[[Player], Any]] = {
    "Games won": lambda p: (-p.games_won, -p.points, p.average_place or 9, p.name),
    "Average place": by_place,
    "Points": lambda p: (-p.points, p.average_place or 9, p.name),
    "Hands won": lambda p: (-p.hands_won, p.average_place or 9, p.name),
    "Won from the first lead": lambda p: (-p.first_lead_wins, -p.first_lead_rate, p.name),
    "Bombs": lambda p: (-p.bombs, p.name),
    "Name": lambda p: (p.name.casefold(), p.name),
}


def leaderboard_table(found: Overview, order: str = "Games won") -> Table:
    """The leaderboard, in the order chosen (games won first unless asked)."""
    rows: list[list[object]] = [
        [
            p.name,
            p.games,
            p.games_won,
            p.hands,
            p.hands_won,
            _place(p.average_place),
            p.points,
            p.bombs,
            p.led_first,
            p.first_lead_wins,
        ]
        for p in sorted(found.leaderboard, key=ORDERS[order])
    ]
    header = [
        "Player",
        "Games",
        "Games won",
        "Hands",
        "Hands won",
        "Average place",
        "Points",
        "Bombs",
        "Led first",
        "Won from the first lead",
    ]
    return header, rows


def places_chart(found: Overview) -> go.Figure:
    """Each player's hands by place, as shares of the player's hands, the best average on top."""
    shown = [p for p in sorted(found.leaderboard, key=by_place) if p.hands][:CHART_ROWS]
    labels = [escape.chart(p.name) for p in shown]
    fig = go.Figure(
        [
            go.Bar(
                y=labels,
                x=[p.places[place] / p.hands * 100 for p in shown],
                name=PLACE_WORDS[place],
                orientation="h",
                marker_color=PLACE_COLOURS[place],
                text=[str(p.places[place]) if p.places[place] else "" for p in shown],
                textposition="inside",
                insidetextanchor="middle",
                textangle=0,
                customdata=[
                    f"{p.places[place]} of {_hands(p.hands)}, average place "
                    f"{_place(p.average_place)}"
                    for p in shown
                ],
                hovertemplate=f"%{{y}} {PLACE_WORDS[place]}: %{{customdata}}<extra></extra>",
            )
            for place in range(MAX_PLAYERS)
            if any(p.places[place] for p in shown)
        ]
    )
    fig.update_layout(
        height=max(170, 34 * len(shown) + 70),
        margin={"l": 8, "r": 8, "t": 30, "b": 8},
        barmode="stack",
        bargap=0.25,
        dragmode=False,
        showlegend=True,
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0, "traceorder": "normal"},
        xaxis={"range": [0, 100], "ticksuffix": "%", "fixedrange": True},
        yaxis={"type": "category", "autorange": "reversed", "fixedrange": True},
    )
    return fig


def first_lead_chart(found: Overview) -> go.Figure:
    """The first leader's win rate per table size and overall, a tick at the fair share."""
    played = [line for line in found.by_size if line.hands]
    labels = [f"{line.players} players" for line in played] + ["All"]
    fig = charts.rate_bars(
        labels,
        [line.first_lead_rate for line in played] + [found.first_lead_rate],
        [f"{line.first_lead_wins} of {line.hands}" for line in played]
        + [f"{found.first_lead_wins} of {found.hands}"],
    )
    fig.add_trace(
        go.Scatter(
            x=labels[:-1],
            y=[line.fair_share * 100 for line in played],
            mode="markers",
            marker={"symbol": "line-ew", "size": 46, "line": {"width": 3, "color": "#222"}},
            hovertemplate="%{x}: 1 in " + "%{customdata} is a fair share<extra></extra>",
            customdata=[line.players for line in played],
        )
    )
    return fig


def _places(found: Overview) -> None:
    figures.charted(
        "Places",
        "Each player's hands by the place they finished, as a share of their hands (the count "
        "on each bar); the best average place on top, among players of "
        f"{RANKED_FROM} hands or more (those with fewer follow). Compare within one table "
        "size (Filters): a 2nd of two is last.",
        places_chart(found),
        "th-places",
    )
    _table("Places CSV", places_table(found), "places")


def _first_lead(found: Overview) -> None:
    figures.charted(
        "Won from the first lead",
        "How often the player who led the hand's first trick (the lowest card's holder in a "
        "game's first hand, the last winner later) went out first. The black tick is a fair "
        "share: one hand in as many as there are players.",
        first_lead_chart(found),
        "th-lead",
    )
    _table("First lead CSV", first_lead_table(found), "first-lead")
    _table("First lead by player CSV", first_lead_players(found), "first-lead-players")


def _bombs(found: Overview) -> None:
    st.subheader("Bombs")
    header, rows = bombs_table(found)
    if not rows:
        st.caption(
            "No bomb has been played yet: a quad or a double sequence of three pairs on a "
            "single 2, four pairs on a pair of 2s, five pairs on three 2s."
        )
        return
    st.caption(
        f"{figures.counted(found.bombs, 'bomb')} in {_hands(found.bomb_hands)} of "
        f"{_hands(found.hands)}: "
        "a quad or a double sequence played on 2s, or a higher one on such a bomb."
    )
    chart, table = st.columns(2, gap="large")
    with chart:
        shown = rows[:CHART_ROWS]
        fig = charts.count_rows([str(r[0]) for r in shown], [int(str(r[1])) for r in shown])
        fig.update_xaxes(tick0=0, dtick=max(1, int(str(shown[0][1])) // 5))  # whole bombs
        figures.chart(fig, "th-bombs")
    with table:
        _table("Bombs CSV", (header, rows), "bombs")


def _leaderboard(found: Overview) -> None:
    st.subheader("Leaderboard")
    order = st.selectbox("Sort by", list(ORDERS), key="th-order", width=320)
    _table("Leaderboard CSV", leaderboard_table(found, order), "leaderboard")
    st.caption(
        "Games: finished games played and won (a tie for the top shares the win). Hands won: "
        "hands the player went out first. Points: every hand's score added up (n−1 for 1st "
        "down to 0 for last). Led first: hands the player led the first trick of, and won "
        "from there. Sorted by average place, players of fewer than "
        f"{RANKED_FROM} hands come last."
    )


# ---------------------------------------------------------------- the replay


@dataclass
class Step:
    """A hand after some of its moves, and what the last move did to the trick."""

    state: State
    #: The trick the last move ended, if it ended one: its moves in order, (seat, cards),
    #: an empty tuple for a pass; and the seat whose play went unbeaten.
    ended: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    ended_by: int | None = None
    #: Whether the last move was a play on an empty table, and whether it was a bomb.
    led: bool = False
    bombed: bool = False


def after(hand: HandRecord, moves: int) -> Step:
    """The hand after its first ``moves`` actions (the record was checked whole already)."""
    state = record.start(hand)
    step = Step(state)
    for raw in hand.actions[:moves]:
        trick, tricks, bombs = state.trick[:], state.tricks, sum(state.bombs)
        standing = state.standing_seat
        action = Action.from_json(raw)
        rules.apply_unchecked(state, action)
        step = Step(state, led=not trick, bombed=sum(state.bombs) > bombs)
        if state.tricks > tricks:
            step.ended = [*trick, (action.seat, action.cards)]
            step.ended_by = standing if action.kind == PASS else action.seat
    return step


def _name(names: Sequence[str], seat: int) -> str:
    return f"<b>{escape.html(names[seat])}</b>"


def _said(step: Step, names: Sequence[str]) -> str:
    """What the last move did, in words (HTML, names escaped)."""
    state = step.state
    if not state.history:
        leader = _name(names, state.first_leader)
        if state.opening:
            why = f"holds the lowest card, {cards.label(state.lowest)}, and must play it"
        else:
            why = "won the hand before and leads freely"
        return f"As dealt: {HAND} cards each, every hand face up. {leader} {why}."
    last = state.history[-1]
    who = _name(names, last.seat)
    if last.kind == PASS:
        said = f"{who} passes."
    else:
        said = f"{who} {'leads' if step.led else 'plays'} <b>{what(last.cards)}</b>."
        if step.bombed:
            said = said[:-1] + ": a bomb!"
        if not state.hands[last.seat]:
            said += f" {who} is out: <b>{PLACE_WORDS[state.places.index(last.seat)]}</b>."
    if step.ended_by is not None and state.to_act is not None:
        if step.ended_by == state.to_act:
            said += f" Nobody beats it: {_name(names, state.to_act)} leads afresh."
        else:
            said += (
                f" Nobody beats {_name(names, step.ended_by)}, who is out: "
                f"{_name(names, state.to_act)}, next still holding cards, leads."
            )
    score = rules.score(state)
    if score is not None:
        loser = state.places[-1]
        left = state.hands[loser].bit_count()
        said += (
            f" Hand over: {_name(names, loser)} is last, holding {left} "
            f"card{'s' * (left != 1)}. Points: "
            + ", ".join(f"{escape.html(names[s])} +{score[s]}" for s in state.places)
            + "."
        )
    return said


def _facts_html(state: State, names: Sequence[str]) -> str:
    """The trick number, who has passed, the places so far, and the totals once over."""
    passed = [s for s in range(state.config.players) if state.passed >> s & 1]
    places = " · ".join(
        f"{PLACE_WORDS[i]} {escape.html(names[s])}" for i, s in enumerate(state.places)
    )
    facts = [
        ("trick", str(state.tricks + (state.phase is Phase.PLAYING))),
        ("passed", ", ".join(escape.html(names[s]) for s in passed) or "–"),
        ("places", places or "–"),
    ]
    totals = record.totals(state)
    if totals is not None and any(state.before):
        facts.append(
            ("totals", ", ".join(f"{escape.html(names[s])} {t}" for s, t in enumerate(totals)))
        )
    return (
        '<div class="ths-facts">'
        + "".join(f"<div><span>{k}</span> <b>{v}</b></div>" for k, v in facts)
        + "</div>"
    )


def _trick_html(step: Step, names: Sequence[str]) -> str:
    """The trick on the table, move by move: the one under way, or the one just ended."""
    moves = step.ended or step.state.trick
    # The last play is the one to beat (or, once the trick or hand is over, the one unbeaten).
    top = max((i for i, (_, played) in enumerate(moves) if played), default=-1)
    cells = []
    for index, (seat, played) in enumerate(moves):
        if played:
            shown = _play_html(played)
            kind = "ths-move ths-top" if index == top else "ths-move"
        else:
            shown, kind = '<span class="ths-pass">pass</span>', "ths-move"
        cells.append(f'<div class="{kind}">{shown}<span>{escape.html(names[seat])}</span></div>')
    return f'<div class="ths-trick">{"".join(cells)}</div>'


def _hands_html(state: State, names: Sequence[str]) -> str:
    """Each seat's thirteen cards as dealt, the ones played faded, with its count and tags."""
    out = []
    for seat in range(state.config.players):
        held = state.hands[seat]
        shown = "".join(_face(c, gone=not held >> c & 1) for c in cards.bits(state.dealt[seat]))
        left = held.bit_count()
        tags = ""
        if seat in state.places:
            tags += f'<span class="ths-tag">{PLACE_WORDS[state.places.index(seat)]}</span>'
        if state.passed >> seat & 1:
            tags += '<span class="ths-tag ths-passed">passed</span>'
        turn = ""
        if state.to_act == seat:
            turn = " ths-turn"
            tags += "<span>to play</span>"
        out.append(
            f'<div class="ths-hand{turn}"><div class="ths-who">{_name(names, seat)}{tags}'
            f'<span class="ths-left">{left} card{"s" * (left != 1)} left</span></div>'
            f'<div class="ths-cards">{shown}</div></div>'
        )
    return f'<div class="ths-hands">{"".join(out)}</div>'


def replay_html(step: Step, names: Sequence[str]) -> str:
    """The whole replay panel at one step (names escaped)."""
    return (
        f'<div class="ths-replay">{_facts_html(step.state, names)}'
        f'<div class="ths-say">{_said(step, names)}</div>'
        f"{_trick_html(step, names)}{_hands_html(step.state, names)}</div>"
    )


def _hand_label(line: HandLine) -> str:
    winner = line.names[line.winner] if 0 <= line.winner < len(line.names) else "?"
    lead = " from the first lead" if line.won_from_lead else ""
    bombs = f", {line.bombs} bomb{'s' * (line.bombs != 1)}" if line.bombs else ""
    return (
        f"{line.finished_at:%d %b %H:%M} · {winner} out first{lead}{bombs} · "
        f"{line.players} players · room {line.room_code} game {line.game_number} "
        f"hand {line.round_number}"
    )


def _replayed(data: Any) -> replay.Hand:
    """A stored hand, checked by replaying it whole, to show one play or pass at a time."""
    hand = record.load(data)
    record.replay(hand)

    def move(moves: int, names: list[str]) -> None:
        st.markdown(replay_html(after(hand, moves), names), unsafe_allow_html=True)

    return replay.Hand(len(hand.actions), hand.config.players, move)


#: Thirteen's part of the replay: a hand, one play or pass at a time.
REPLAY = replay.Replay(
    GAME, "thirteen", replay.moves("one play or pass"), _replayed, look.CSS + STYLE
)

"""The Stats page's Three-Player Moon figures, and a replay of any stored hand.

Every figure comes from the stats service (:mod:`core.stats`, aggregated in
SQL) as the values of :mod:`core.moon_dominoes.figures`; the layout follows the
other games': metrics at a glance, a chart with its table and a CSV of each
table. The replay steps through a hand one move at a time
with every tile face up, the widow and the discard included (M3): in a
stored hand nothing is secret any more.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.moon_dominoes import record, rules, tiles
from core.moon_dominoes.actions import BID, DISCARD, PASS, PLAY, TRUMP, Action
from core.moon_dominoes.config import HAND, MOON, PLAYERS
from core.moon_dominoes.figures import HandLine, Overview
from core.moon_dominoes.game import GAME as DECLARED
from core.moon_dominoes.record import HandRecord
from core.moon_dominoes.state import Phase, State
from core.stats import Stats
from ui import charts, escape, figures, look, replay
from ui.figures import Metric, pct, table
from ui.moon_dominoes import tiles as faces
from ui.moon_dominoes.table import trump_arg, trump_text

#: Tile sizes here are fixed (the table's own scale with the screen); a hand of eight
#: upright tiles fits a 390 px phone.
STYLE = """
<style>
.mds-t { display: inline-block; width: 1.9rem; height: 3.8rem; line-height: 0;
  vertical-align: middle; flex: none; }
.mds-t svg { width: 100%; height: 100%; display: block; }
.mds-t.mds-big { width: 2.3rem; height: 4.6rem; }
.mds-t.mds-side { width: 3rem; height: 1.5rem; }
.mds-t.mds-gone { opacity: 0.22; }
.mds-t.mds-out { opacity: 0.55; outline: 2px dashed #f3a0a0; outline-offset: 1px;
  border-radius: 4px; }
.mds-t.mds-widow { outline: 2px dashed #f3d77a; outline-offset: 1px; border-radius: 4px; }
.mds-empty { display: inline-block; width: 1.9rem; height: 3.8rem; border-radius: 6px;
  border: 2px dashed rgba(253,251,243,0.35); }
.mds-replay { background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 16px; padding: 0.7rem 0.6rem; margin: 0.3rem 0 0.6rem; color: #fdfbf3;
  box-shadow: inset 0 0 24px rgba(0,0,0,0.35); font-size: 0.85rem; }
.mds-top { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; justify-content: center;
  align-items: flex-end; }
.mds-slot { display: flex; flex-direction: column; align-items: center; gap: 0.15rem;
  font-size: 0.72rem; }
.mds-fact { display: flex; flex-direction: column; align-items: center; font-size: 0.72rem;
  min-width: 4.2rem; }
.mds-fact b { font-size: 0.95rem; }
.mds-say { text-align: center; margin: 0.55rem 0.2rem 0.35rem; font-size: 0.9rem;
  min-height: 2.4em; }
.mds-trick { display: flex; justify-content: center; gap: 0.9rem; min-height: 5.6rem;
  align-items: flex-end; }
.mds-play { display: flex; flex-direction: column; align-items: center; gap: 0.15rem;
  max-width: 5.5rem; font-size: 0.72rem; }
.mds-play span, .mds-who b { overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  max-width: 100%; }
.mds-win .mds-t { outline: 3px solid #f3d77a; outline-offset: 2px; border-radius: 5px; }
.mds-win span { color: #f3d77a; font-weight: 700; }
.mds-hands { display: grid; gap: 0.4rem; margin-top: 0.6rem;
  grid-template-columns: repeat(auto-fit, minmax(19rem, 1fr)); }
@media (max-width: 640px) { .mds-hands { grid-template-columns: 1fr; } }
.mds-hand { background: rgba(0,0,0,0.22); border-radius: 10px; padding: 0.35rem 0.5rem; }
.mds-hand.mds-turn { box-shadow: 0 0 0 2px #f3d77a; }
.mds-who { display: flex; gap: 0.5rem; align-items: baseline; min-width: 0; }
.mds-who b { flex: 0 1 auto; }
.mds-who span { opacity: 0.85; white-space: nowrap; }
.mds-who .mds-took { margin-left: auto; }
.mds-tiles { display: flex; flex-wrap: wrap; gap: 0.2rem; margin-top: 0.25rem; }
.mds-done { display: grid; gap: 0.35rem; margin-top: 0.6rem;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.mds-done > div { display: flex; align-items: center; gap: 0.45rem;
  background: rgba(0,0,0,0.16); border-radius: 8px; padding: 0.3rem 0.45rem; }
.mds-done .mds-n { font-weight: 700; min-width: 1.1rem; }
.mds-done .mds-play { flex: 1 1 0; min-width: 0; }
</style>
"""


GAME = DECLARED.name

#: A table's header and rows, as the page shows it and its CSV holds it.
Table = tuple[list[str], list[list[object]]]


#: What the seat to act is about to do, by phase.
TO_DO = {
    Phase.BIDDING: "bid",
    Phase.DISCARD: "discard",
    Phase.TRUMP: "name trump",
    Phase.PLAYING: "play",
}


def _signed(points: int) -> str:
    return f"{points:+d}".replace("-", "−")


def _tricks(count: int) -> str:
    return f"{count} trick{'s' * (count != 1)}"


def _tile(tile: int, trump: int | None, kind: str = "") -> str:
    """One tile face up, in a box of the size ``kind`` names (and marked as trump if it is)."""
    upright = "mds-side" not in kind
    face = faces.svg(tiles.NAME[tile], trump_arg(trump), upright=upright)
    return f'<span class="mds-t {kind}">{face}</span>'


def _table(label: str, shown: Table, name: str) -> None:
    """A table on the page (names escaped), and its CSV to download (no formula runs)."""
    header, rows = shown
    table(header, rows, f"three-player-moon-{name}.csv", label)


def draw(stats: Stats) -> None:
    """Three-Player Moon's figures: bids, trumps, 21s, defence, the leaderboard, replays."""
    found: Overview = stats.overview(GAME)
    if found.hands == 0:
        st.info(
            "No Three-Player Moon hand has been played to the end yet. Start one from Create "
            "Room or a Quick game (choose Three-Player Moon): every finished hand is kept and "
            "counted here. Deals that everyone passed are not counted.",
            icon=":material/bar_chart:",
        )
        return
    st.markdown(look.CSS + STYLE, unsafe_allow_html=True)
    moon = found.moon
    figures.headline(
        "md-headline",
        [
            Metric("Hands played", f"{found.hands:,}"),
            figures.share("Bids made", found.made, found.hands, "bid"),
            Metric(
                "21s made", f"{moon.made} of {moon.tried}", f"Bids of {MOON}: all {HAND} tricks"
            ),
            Metric(
                "Tricks a defender takes",
                f"{found.defender_average:.2f}",
                f"In a hand, on average: {figures.counted(found.defender_hands, 'hand')} defended",
            ),
        ],
    )
    bids, trumps = st.columns(2, gap="large")
    with bids:
        _bids(found)
    with trumps:
        _trumps(found)
    moons, defence = st.columns(2, gap="large")
    with moons:
        _moons(found)
    with defence:
        _defence(found)
    _leaderboard(found)
    st.subheader("Replay a hand")
    replay.replay(
        stats,
        REPLAY,
        stats.hands(GAME),
        _hand_label,
        key="md-hand",
        help="The latest hands, newest first.",
    )


def bid_table(found: Overview) -> Table:
    """Bids tried and made, per amount."""
    rows: list[list[object]] = [
        [line.key, line.tried, line.made, pct(line.made, line.tried)] for line in found.by_bid
    ]
    return ["Bid", "Tried", "Made", "Success"], rows


def trump_table(found: Overview) -> Table:
    """How often each trump was named, and its bids made."""
    rows: list[list[object]] = [
        [
            trump_text(line.key),
            line.tried,
            pct(line.tried, found.hands),
            line.made,
            pct(line.made, line.tried),
        ]
        for line in found.by_trump
    ]
    return ["Trump", "Chosen", "Share", "Made", "Success"], rows


def moon_table(found: Overview) -> Table:
    """Everyone who has bid 21, the most made first."""
    rows: list[list[object]] = [
        [p.name, p.moons, p.moons_made]
        for p in sorted(found.leaderboard, key=lambda p: (-p.moons_made, -p.moons, p.name))
        if p.moons
    ]
    return ["Player", f"{MOON}s bid", "Made"], rows


def defence_table(found: Overview) -> Table:
    """Each player's tricks as a defender, the most a hand first."""
    rows: list[list[object]] = [
        [p.name, p.defended, p.defender_tricks, f"{p.defender_average:.2f}"]
        for p in sorted(found.leaderboard, key=lambda p: (-p.defender_average, p.name))
        if p.defended
    ]
    return ["Player", "Hands defending", "Tricks", "A hand"], rows


def leaderboard_table(found: Overview) -> Table:
    """The leaderboard: games won first, then points."""
    rows: list[list[object]] = [
        [
            p.name,
            p.games,
            p.games_won,
            p.hands,
            p.bids,
            p.bids_made,
            p.points,
            f"{p.defender_average:.2f}",
        ]
        for p in found.leaderboard
    ]
    return ["Player", "Games", "Won", "Hands", "Bids", "Made", "Points", "Defending"], rows


def _bids(found: Overview) -> None:
    tried = [line for line in found.by_bid if line.tried]
    figures.charted(
        "Bids made, by bid",
        f"Made means the bidder took at least the tricks bid ({MOON}: all {HAND}).",
        charts.rate_bars(
            [str(line.key) for line in tried],
            [line.rate for line in tried],
            [f"{line.made} of {line.tried}" for line in tried],
        ),
        "md-bids",
    )
    _table("Bids CSV", bid_table(found), "bids")


def _trumps(found: Overview) -> None:
    figures.charted(
        "Trump chosen",
        "What the bidder named after taking the widow, and how often the bid was made.",
        charts.stacked_columns(
            [trump_text(line.key) for line in found.by_trump],
            [
                ("Made", [line.made for line in found.by_trump], charts.GREEN),
                ("Set", [line.tried - line.made for line in found.by_trump], charts.RED),
            ],
            "trump",
        ),
        "md-trumps",
    )
    _table("Trumps CSV", trump_table(found), "trumps")


def _moons(found: Overview) -> None:
    moon = found.moon
    st.subheader(f"Bids of {MOON}")
    if not moon.tried:
        st.caption(f"Nobody has bid {MOON} yet: all {HAND} tricks, for the game at once if made.")
        return
    st.caption(
        f"{MOON} asks for all {HAND} tricks and wins the game at once if made; set, it costs "
        f"{MOON}. Bid {figures.counted(moon.tried, 'time')}, made {moon.made} "
        f"({pct(moon.made, moon.tried)})."
    )
    _table(f"{MOON}s CSV", moon_table(found), "21s")


def _defence(found: Overview) -> None:
    spread = found.defender_spread
    last = max((t for t, n in enumerate(spread) if n), default=0)
    figures.charted(
        "Tricks a defender takes",
        f"The two players against the bidder score a point a trick. On average a defender "
        f"takes {found.defender_average:.2f} of the {HAND} tricks in a hand.",
        charts.count_rows(
            [f"{t} trick{'s' * (t != 1)}" for t in range(last + 1)],
            spread[: last + 1],
            charts.BLUE,
        ),
        "md-defence",
    )
    _table("Defence CSV", defence_table(found), "defence")


def _leaderboard(found: Overview) -> None:
    st.subheader("Leaderboard")
    _table("Leaderboard CSV", leaderboard_table(found), "leaderboard")
    st.caption(
        "Games: finished games played and won. Bids: auctions won, and made. Points: every "
        "hand's score added up. Defending: tricks a hand when not the bidder."
    )


# ---------------------------------------------------------------- the replay


def _hand_label(line: HandLine) -> str:
    bidder = line.names[line.bidder] if 0 <= line.bidder < len(line.names) else "?"
    return (
        f"{line.finished_at:%d %b %H:%M} · {bidder} bid {line.bid}, {trump_text(line.trump)}, "
        f"{'made' if line.made else 'set'} · room {line.room_code} game {line.game_number} "
        f"hand {line.round_number}"
    )


def _after(hand: HandRecord, moves: int) -> State:
    """The hand after its first ``moves`` actions (the record was checked whole already)."""
    state = record.start(hand)
    for raw in hand.actions[:moves]:
        rules.apply_unchecked(state, Action.from_json(raw))
    return state


def _said(state: State, names: list[str]) -> str:
    """What the last move did, in words (HTML, names escaped)."""
    if not state.history:
        return (
            f"As dealt: {HAND} tiles each and the widow, every tile face up. "
            f"<b>{escape.html(names[state.first_bidder])}</b> bids first."
        )
    seat, kind, value = state.history[-1]
    who = f"<b>{escape.html(names[seat])}</b>"
    if kind == PASS:
        said = f"{who} passes."
    elif kind == BID:
        said = f"{who} bids <b>{value}</b>."
    elif kind == DISCARD:
        said = f"{who} discards <b>{tiles.NAME[value]}</b> face down."
    elif kind == TRUMP:
        said = f"{who} names <b>{trump_text(value)}</b> as trump and leads."
    elif state.trick_tiles:
        verb = "leads" if len(state.trick_tiles) == 1 else "plays"
        said = f"{who} {verb} <b>{tiles.NAME[value]}</b>."
    else:
        winner = escape.html(names[state.trick_winners[-1]])
        said = (
            f"{who} plays <b>{tiles.NAME[value]}</b>: trick {len(state.tricks)} to <b>{winner}</b>."
        )
    if kind in (PASS, BID) and state.phase is Phase.DISCARD:
        assert state.bidder is not None
        said += (
            f" <b>{escape.html(names[state.bidder])}</b> wins the auction at {state.bid} and "
            f"takes the widow, <b>{tiles.NAME[state.widow]}</b>."
        )
    done = record.result(state)
    if done is not None:
        assert state.bidder is not None
        scores = ", ".join(
            f"{escape.html(names[s])} {_signed(done.score[s])}" for s in range(PLAYERS)
        )
        said += f" Bid {'made' if done.made else 'set'}: {scores}."
    return said


def _trick_html(state: State, names: list[str]) -> str:
    """The trick on the table: the one under way, or the one just won."""
    if state.trick_tiles:
        leader, played, winner = state.leader, tuple(state.trick_tiles), None
    elif state.history and state.history[-1].kind == PLAY:
        (leader, played), winner = state.tricks[-1], state.trick_winners[-1]
    else:
        return ""
    cells = "".join(
        f'<div class="mds-play{" mds-win" if seat == winner else ""}">'
        f"{_tile(tile, state.trump, 'mds-big')}<span>{escape.html(names[seat])}</span></div>"
        for seat, tile in zip(rules.trick_seats(leader, len(played)), played, strict=True)
    )
    return f'<div class="mds-trick">{cells}</div>'


def _hands_html(state: State, names: list[str]) -> str:
    """Each seat's tiles as dealt (the bidder's with the widow), the ones gone faded."""
    out = []
    widow_taken = state.phase is not Phase.BIDDING and state.bidder is not None
    for seat in range(PLAYERS):
        held = tiles.bits(state.dealt[seat])
        if widow_taken and seat == state.bidder:
            held = sorted([*held, state.widow])
        shown = []
        for tile in held:
            kind = ""
            if tile == state.discard and seat == state.bidder:
                kind = "mds-out"
            elif not state.hands[seat] >> tile & 1:
                kind = "mds-gone"
            elif tile == state.widow:
                kind = "mds-widow"
            shown.append(_tile(tile, state.trump, kind))
        said = state.bids[seat]
        if widow_taken and seat == state.bidder:
            role = f"bid {state.bid}"
        elif widow_taken:
            role = "defender"
        else:
            role = "" if said is None else ("pass" if said == 0 else f"bid {said}")
        turn = ""
        if state.to_act == seat:
            turn = " mds-turn"
            role = f"{role} · to {TO_DO[state.phase]}" if role else f"to {TO_DO[state.phase]}"
        out.append(
            f'<div class="mds-hand{turn}"><div class="mds-who"><b>{escape.html(names[seat])}</b>'
            f'<span>{role}</span><span class="mds-took">{_tricks(state.taken[seat])}</span></div>'
            f'<div class="mds-tiles">{"".join(shown)}</div></div>'
        )
    return f'<div class="mds-hands">{"".join(out)}</div>'


def _done_html(state: State, names: list[str]) -> str:
    """Every trick finished so far: who played what, the winner marked."""
    rows = []
    for number, ((leader, played), winner) in enumerate(
        zip(state.tricks, state.trick_winners, strict=True), start=1
    ):
        cells = "".join(
            f'<div class="mds-play{" mds-win" if seat == winner else ""}">'
            f"{_tile(tile, state.trump, 'mds-side')}<span>{escape.html(names[seat])}</span></div>"
            for seat, tile in zip(rules.trick_seats(leader, len(played)), played, strict=True)
        )
        rows.append(f'<div><span class="mds-n">{number}</span>{cells}</div>')
    return f'<div class="mds-done">{"".join(rows)}</div>' if rows else ""


def _top_html(state: State, names: list[str]) -> str:
    """The widow and the discard face up, the bid and the trump."""
    widow = _tile(state.widow, state.trump)
    discard = (
        _tile(state.discard, state.trump)
        if state.discard is not None
        else '<span class="mds-empty"></span>'
    )
    bid = (
        f"{escape.html(names[state.bidder])} · {state.bid}"
        if state.bidder is not None and state.phase is not Phase.BIDDING
        else (f"high {state.bid}" if state.bid else "–")
    )
    trump = trump_text(state.trump) if state.trump is not None else "–"
    return (
        f'<div class="mds-top"><div class="mds-slot">{widow}<span>widow</span></div>'
        f'<div class="mds-slot">{discard}<span>discard</span></div>'
        f'<div class="mds-fact"><span>bid</span><b>{bid}</b></div>'
        f'<div class="mds-fact"><span>trump</span><b>{trump}</b></div></div>'
    )


def _replayed(data: Any) -> replay.Hand:
    """A stored hand, checked by replaying it whole, to show one move at a time."""
    hand = record.load(data)
    record.replay(hand)
    return replay.Hand(len(hand.actions), PLAYERS, lambda moves, names: _move(hand, moves, names))


def _move(hand: HandRecord, moves: int, names: list[str]) -> None:
    """The hand after ``moves`` moves: the widow, the discard, what was said, the trick, the
    hands and the tricks done."""
    state = _after(hand, moves)
    st.markdown(
        f'<div class="mds-replay">{_top_html(state, names)}'
        f'<div class="mds-say">{_said(state, names)}</div>'
        f"{_trick_html(state, names)}{_hands_html(state, names)}{_done_html(state, names)}</div>",
        unsafe_allow_html=True,
    )


#: Three-Player Moon's part of the replay: a hand, one move at a time.
REPLAY = replay.Replay(
    GAME,
    "three-player-moon",
    replay.moves("one bid, pass, discard, trump or tile played"),
    _replayed,
    look.CSS + STYLE,
)

"""Moon 3 of Spades' Stats: bid success, Kali Tidi captures, the leaderboard, partnerships,
any round replayed, and a group's history imported (H4, H5).

Every figure comes from ``core.store.moon3.stats`` (aggregated in SQL); this module
only lays them out: a Plotly chart, the table under it and its CSV. The
aggregations are cached per filter set until another round or game is stored.
Rounds kept in a scorebook or imported have no cards: the figures that need
the cards leave them out, and the page says how many.
"""

from __future__ import annotations

import json
import zoneinfo
from datetime import UTC, date, datetime, time, timedelta

import streamlit as st
from sqlalchemy.exc import IntegrityError
from streamlit.runtime.uploaded_file_manager import UploadedFile

from core import importing
from core.moon3 import cards, facts, record, rules
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, MODE_LABELS, Mode
from core.moon3.imports import FIRST_DAY, LAST_DAY, MAX_BYTES, History
from core.moon3.state import State
from core.records import ActionError, RecordError
from core.store import history
from core.store.moon3 import stats
from ui import charts, escape, look, numbers, session
from ui.moon3 import faces

#: At most this many rows in a chart; the table and CSV keep going.
CHART_ROWS = 15
#: At most this many rows in a table on the page; the CSV has them all.
TABLE_ROWS = 50
#: The bid the headline quotes the success of.
HEADLINE_BID = 150
#: Pairs or trios in each ranking of the Partnerships tab.
RANKED = 5
#: At most this many problems of an imported file listed on the page; the CSV has them all.
PROBLEMS_SHOWN = 100
#: The largest history file the page takes, in MB (the reader refuses larger ones too).
MAX_UPLOAD_MB = MAX_BYTES // 1_000_000
#: The time zones an import may count days in (the tz database's names).
ZONES = sorted(zoneinfo.available_timezones())
#: How a game kept without cards is described (``GameLine.source``).
KEPT = {facts.SCOREBOOK: "kept in a scorebook", facts.IMPORTED: "imported"}

STYLE = """
<style>
.m3-scroll { overflow: auto; max-width: 100%; max-height: 26rem; }
.m3-scroll .m3-table { font-size: 0.9rem; white-space: nowrap; }
.m3-scroll .m3-table th { position: sticky; top: 0; background: #f7f5ef; }
.m3-note { color: #555; font-size: 0.85rem; }
</style>
"""


@st.cache_resource(show_spinner=False)
def backfilled(url: str) -> int:
    """Per-seat facts for rounds stored before they existed, once per server process (the
    Recap asks too)."""
    store = session.rooms().store
    try:
        with store.write() as db:
            done = history.backfill(db)
            db.commit()
    except IntegrityError:  # another server filled them at the same moment
        return 0
    return done


@st.cache_data(max_entries=64, show_spinner=False)
def _overview(filters: stats.Filters, mark: tuple[int, int, int]) -> stats.Overview:
    """The page's figures; ``mark`` changes whenever a round is stored, refreshing them."""
    return stats.overview(session.rooms().store, filters)


@st.cache_data(max_entries=64, show_spinner=False)
def _games(filters: stats.Filters, mark: tuple[int, int, int]) -> list[stats.GameLine]:
    """The history list, kept like the figures so a replay step does not query it again."""
    return stats.history_games(session.rooms().store, filters)


@st.cache_data(max_entries=64, show_spinner=False)
def _groups(
    filters: stats.Filters, mark: tuple[int, int, int]
) -> tuple[list[stats.Group], list[stats.Group]]:
    """Every pair and every trio together on one side (read side by side), cached like the
    figures; each player's own figures are the leaderboard's, already read."""
    store = session.rooms().store
    pairs, trios = stats.together(
        lambda: stats.groups(store, filters, 2), lambda: stats.groups(store, filters, 3)
    )
    return pairs, trios


@st.cache_data(max_entries=4, show_spinner=False)
def _players(mark: tuple[int, int, int]) -> list[str]:
    return stats.players(session.rooms().store)


def _pct(made: int, played: int) -> str:
    return f"{made / played:.0%}" if played else "–"


def _table(header: list[str], rows: list[list[object]], name: str) -> None:
    """The table under a chart (first rows) and the CSV of all of it."""
    st.markdown(
        f'<div class="m3-scroll">{look.table_html(header, rows[:TABLE_ROWS])}</div>',
        unsafe_allow_html=True,
    )
    if len(rows) > TABLE_ROWS:
        st.caption(f"The first {TABLE_ROWS} of {len(rows)} rows; the CSV has them all.")
    st.download_button(
        "Download CSV",
        charts.csv_text(header, rows),
        file_name=f"moon3-{name}.csv",
        mime="text/csv",
        key=f"csv-{name}",
        icon=":material/download:",
    )


def _chart(fig: object, name: str) -> None:
    st.plotly_chart(fig, config=charts.CONFIG, key=f"chart-{name}")


def empty_state() -> None:
    st.info(
        "No round has been played to the end yet. Every finished round is kept, and this "
        "page then charts how often bids succeed, who captures Kali Tidi (the 3♠, worth 30) "
        "and who leads the table, and replays any round trick by trick.",
        icon=":material/bar_chart:",
    )
    st.markdown(
        "Play a round to fill it: a **Quick game** against bots from the home page takes a "
        "few minutes. A host can also fill it with bot-played games at once: `make demo`. "
        "A group that keeps score on paper can bring its history: **Import a history** below."
    )
    st.page_link("screens/home.py", label="Play a Quick game", icon=":material/playing_cards:")


def filter_controls(store: stats.Store, mark: tuple[int, int, int]) -> stats.Filters:
    """Mode, players, decks, dates and a player, in one expander."""
    picked = st.session_state
    active = [
        MODE_LABELS[Mode(picked["f-mode"])] if picked.get("f-mode") else "",
        f"{picked['f-players']} players" if picked.get("f-players") else "",
        f"{picked['f-decks']} deck(s)" if picked.get("f-decks") else "",
        escape.markdown(picked["f-player"]) if picked.get("f-player") else "",
    ]
    label = "Filters" + "".join(f" · {a}" for a in active if a)
    with st.expander(label, icon=":material/filter_list:"):
        left, middle, right = st.columns(3)
        mode = left.selectbox(
            "Mode",
            [None, *(m.value for m in Mode)],
            format_func=lambda m: "All modes" if m is None else MODE_LABELS[Mode(m)],
            key="f-mode",
        )
        players = middle.selectbox(
            "Players",
            [None, *range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            format_func=lambda n: "Any number" if n is None else f"{n} players",
            key="f-players",
        )
        decks = right.selectbox(
            "Decks",
            [None, 1, 2],
            format_func=lambda n: "One or two" if n is None else f"{n} deck{'s' * (n > 1)}",
            key="f-decks",
        )
        since = until = None
        span = stats.date_range(store)
        if span is not None:
            first, last = span[0].date(), span[1].date()
            chosen = st.date_input(
                "Dates", value=(first, last), min_value=first, max_value=last, format="YYYY-MM-DD"
            )
            days = [d for d in (chosen if isinstance(chosen, tuple) else (chosen,)) if d]
            if days and (days[0] > first or days[-1] < last):
                since = _midnight(days[0])
                until = _midnight(days[-1]) + timedelta(days=1)
        player = st.selectbox(
            "Player",
            [None, *_players(mark)],
            format_func=lambda n: "Everyone" if n is None else n,
            key="f-player",
            help="Only the rounds this player sat in.",
        )
    return stats.Filters(mode, players, decks, since, until, player)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _rounds(count: int) -> str:
    return f"{count:,} round{'s' * (count != 1)}"


def cardless_note(count: int, effect: str) -> None:
    """Say how many rounds kept without cards a figure leaves out; nothing when there are none.

    ``effect`` says what the figure does with them: ``{they}``, ``{them}`` and ``{are}``
    stand for the rounds, in the singular for one.
    """
    if count:
        one = count == 1
        words = {
            "they": "it" if one else "they",
            "them": "it" if one else "them",
            "are": "is" if one else "are",
        }
        st.caption(
            f"{_rounds(count)} kept in a scorebook or imported {'has' if one else 'have'} no "
            f"cards: {effect.format(**words)}."
        )


def headline(view: stats.Overview) -> None:
    """The answers people come for, at a glance."""
    big = view.rate_from(HEADLINE_BID)
    kali = view.kali
    top = view.kali_by_player[0] if view.kali_by_player else None
    with st.container(horizontal=True, key="m3-headline"):
        st.metric("Rounds played", f"{view.overall.rounds:,}", border=True)
        st.metric(
            "Bids made",
            _pct(view.overall.made, view.overall.rounds),
            help=f"{view.overall.made:,} of {view.overall.rounds:,} bids",
            border=True,
        )
        st.metric(
            f"Bids of {HEADLINE_BID}+ made",
            _pct(big.made, big.rounds),
            help=f"{big.made:,} of {big.rounds:,} bids of {HEADLINE_BID} or more",
            border=True,
        )
        st.metric(
            "Kali Tidi to the bidders",
            _pct(kali.to_bidders, kali.rounds),
            help="Dealt rounds in which the bidding side captured the 3♠",
            border=True,
        )
        if top is not None and top.captures:
            st.metric(
                "Most Kali Tidi",
                escape.markdown(top.name),
                help=f"{top.captures} captures in {top.rounds} rounds",
                border=True,
            )
    if top is not None and top.captures:
        st.caption(
            f"**{escape.markdown(top.name)}** has captured Kali Tidi most: {top.captures} times in "
            f"{top.rounds} rounds. Bids of {HEADLINE_BID} or more were made "
            f"{_pct(big.made, big.rounds)} of the time ({big.made} of {big.rounds})."
        )
    cardless_note(view.cardless, "the Kali Tidi figures leave {them} out")


def _rate_table(rates: list[stats.Rate], labels: list[str]) -> list[list[object]]:
    return [
        [label, r.rounds, r.made, _pct(r.made, r.rounds)]
        for label, r in zip(labels, rates, strict=True)
    ]


def rate_section(
    title: str, rates: list[stats.Rate], labels: list[str], first: str, name: str, rows: bool
) -> None:
    """A success-rate chart (bars, or rows for long labels), its table and CSV."""
    st.subheader(title)
    shown = rates[:CHART_ROWS]
    draw = charts.rate_rows if rows else charts.rate_bars
    _chart(
        draw(
            labels[:CHART_ROWS],
            [r.rate for r in shown],
            [f"{r.made} of {r.rounds}" for r in shown],
        ),
        name,
    )
    if len(rates) > CHART_ROWS:
        st.caption(f"The first {CHART_ROWS} in the chart; the table has them all.")
    _table([first, "Played", "Made", "Success"], _rate_table(rates, labels), f"bid-{name}")


def bids_tab(view: stats.Overview) -> None:
    left, right = st.columns(2, gap="large")
    with left:
        bands = [stats.band_label(r.group) for r in view.bands]
        rate_section("Success by bid", view.bands, bands, "Bid", "bands", rows=False)
    with right:
        counts = [f"{r.group} players" for r in view.by_players]
        rate_section(
            "Success by number of players", view.by_players, counts, "Players", "players", False
        )
    left, right = st.columns(2, gap="large")
    with left:
        tables = [
            f"{MODE_LABELS[Mode(m)]} · {d} deck{'s' * (d > 1)}"
            for m, d in (r.group for r in view.by_table)
        ]
        rate_section("Success by mode and decks", view.by_table, tables, "Table", "tables", True)
    with right:
        # The players who bid most come first.
        bidders = sorted(view.by_bidder, key=lambda r: (-r.rounds, -r.rate, str(r.group)))
        names = [str(r.group) for r in bidders]
        rate_section("Success by bidder", bidders, names, "Bidder", "bidders", rows=True)

    st.subheader("Points against the bid")
    st.caption(
        "How far the bidding side finished above (made, green) or below (failed, red) its bid."
    )
    uncounted = view.overall.rounds - sum(n for _, n in view.margins)
    if uncounted:
        st.caption(
            f"{_rounds(uncounted)} kept in a scorebook or imported say only made or failed, "
            "not the points taken: they are not counted here."
        )
    width = stats.MARGIN_WIDTH
    _chart(
        charts.margin_bars([b for b, _ in view.margins], [n for _, n in view.margins], width),
        "margins",
    )
    _table(
        ["Points less the bid", "Rounds", "Result"],
        [[f"{b} to {b + width - 1}", n, "made" if b >= 0 else "failed"] for b, n in view.margins],
        "margins",
    )


def kali_tab(view: stats.Overview) -> None:
    kali = view.kali
    cardless_note(view.cardless, "{they} {are} not counted here")
    if not kali.rounds:
        st.info("Kali Tidi needs the cards, and none of these rounds was dealt here.")
        return
    st.markdown(
        f"The bidding side captured Kali Tidi in **{_pct(kali.to_bidders, kali.rounds)}** of "
        f"rounds ({kali.to_bidders} of {kali.rounds})."
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.subheader("Who captures Kali Tidi")
        players = view.kali_by_player
        shown = players[:CHART_ROWS]
        _chart(
            charts.count_rows([p.name for p in shown], [p.captures for p in shown]), "kali-players"
        )
        _table(
            ["Player", "Rounds", "Rounds with it", "Captures", "Share"],
            [
                [p.name, p.rounds, p.rounds_captured, p.captures, _pct(p.rounds_captured, p.rounds)]
                for p in players
            ],
            "kali-players",
        )

    with right:
        st.subheader("The trick it fell in")
        tricks = view.kali_by_trick
        _chart(
            charts.stacked_columns(
                [str(t) for t, _, _ in tricks],
                [
                    ("Bidding side", [a for _, a, _ in tricks], charts.GREEN),
                    ("Defenders", [b for _, _, b in tricks], charts.RED),
                ],
                "trick",
            ),
            "kali-tricks",
        )
        _table(
            ["Trick", "Bidding side", "Defenders"],
            [[t, a, b] for t, a, b in tricks],
            "kali-tricks",
        )

    st.subheader("Did it decide the round?")
    st.caption(
        "Made with it: the bid would have failed without the 30 points of the 3♠ the bidding "
        "side took. Failed without it: the bid would have been made had the bidding side "
        "taken the 3♠ the defenders captured."
    )
    rows: list[list[object]] = [
        ["Made with it", kali.made_with_it, _pct(kali.made_with_it, kali.rounds)],
        ["Failed without it", kali.failed_without_it, _pct(kali.failed_without_it, kali.rounds)],
        [
            "Not decisive",
            kali.rounds - kali.decided,
            _pct(kali.rounds - kali.decided, kali.rounds),
        ],
    ]
    _chart(
        charts.count_rows(
            [str(r[0]) for r in rows],
            [int(str(r[1])) for r in rows],
            charts.BLUE,
        ),
        "kali-decided",
    )
    _table(["", "Rounds", "Share"], rows, "kali-decided")


def leaderboard_tab(view: stats.Overview) -> None:
    board = view.leaderboard
    st.subheader("Leaderboard")
    st.caption(
        "Every member of a winning side is credited: partners of a made bid win with the "
        "bidder, and every defender wins when the bid fails. Ordered by games won, then rounds "
        'won. "As partner" counts the rounds on the bidder\'s side without bidding (called as '
        "a teammate, in Card-Based). Points are card points captured in the player's own "
        "tricks; the score is what the player's team (or, in Card-Based, the player) scored."
    )
    cardless_note(view.cardless, "the card points leave {them} out")
    shown = board[:CHART_ROWS]
    _chart(
        charts.count_rows([s.name for s in shown], [s.games_won for s in shown], charts.GREEN),
        "leaders",
    )
    _table(
        [
            "Player",
            "Games",
            "Games won",
            "Rounds",
            "Rounds won",
            "Win rate",
            "Bids won",
            "Bids made",
            "Average bid",
            f"{stats.BIG_BID}+ made",
            "As partner",
            "Won as partner",
            "Partner win rate",
            "Won as defender",
            "Card points",
            "Score",
        ],
        [
            [
                s.name,
                s.games,
                s.games_won,
                s.rounds,
                s.rounds_won,
                _pct(s.rounds_won, s.rounds),
                s.bids,
                s.bids_made,
                s.average_bid if s.bids else "–",
                s.big_bids_made,
                s.partner_rounds,
                s.partner_wins,
                _pct(s.partner_wins, s.partner_rounds),
                s.defender_wins,
                s.points,
                s.score,
            ]
            for s in board
        ],
        "leaderboard",
    )


def _group_label(group: stats.Group) -> str:
    return " & ".join(group.names)


def _group_rows(found: list[stats.Group]) -> list[list[object]]:
    return [[_group_label(g), g.together, g.won, _pct(g.won, g.together)] for g in found]


def _ranking(title: str, found: list[stats.Group], first: str, name: str, empty: str) -> None:
    """One ranking of pairs or trios: rounds won and lost together, and its table."""
    st.subheader(title)
    if not found:
        st.caption(empty)
        return
    _chart(
        charts.split_rows(
            [_group_label(g) for g in found],
            [g.won for g in found],
            [g.together - g.won for g in found],
        ),
        name,
    )
    _table([first, "Together", "Won", "Win rate"], _group_rows(found), name)


def partnerships_tab(
    view: stats.Overview, filters: stats.Filters, mark: tuple[int, int, int]
) -> None:
    """H5: each player's bids and partners, and the pairs and trios that win together."""
    st.subheader("Each player")
    st.caption(
        "A teammate is on the bidder's side without bidding (called as a teammate in "
        "Card-Based, the bidder's team in Team-wise and Random); defending is playing "
        "against the bid. Every round played counts, dealt, kept in a scorebook or imported."
    )
    players = sorted(view.leaderboard, key=lambda s: (-s.rounds, s.name))
    _table(
        [
            "Player",
            "Rounds",
            "Won",
            "Win rate",
            "Bids",
            "Made",
            "Success",
            "Average bid",
            f"{stats.BIG_BID}+ made",
            "Called as teammate",
            "Won as teammate",
            "Teammate win rate",
            "Defending",
            "Won defending",
        ],
        [
            [
                s.name,
                s.rounds,
                s.rounds_won,
                _pct(s.rounds_won, s.rounds),
                s.bids,
                s.bids_made,
                _pct(s.bids_made, s.bids),
                s.average_bid if s.bids else "–",
                s.big_bids_made,
                s.partner_rounds,
                s.partner_wins,
                _pct(s.partner_wins, s.partner_rounds),
                s.defender_rounds,
                s.defender_wins,
            ]
            for s in players
        ],
        "partners-players",
    )

    pairs, trios = _groups(filters, mark)
    st.subheader("Pairs and trios")
    whose = f" with {escape.markdown(filters.player)}" if filters.player else ""
    st.caption(
        f"Players are together{whose} when they are on one side of a round: the bidder with "
        "their partners, in every mode, and in Team-wise and Random the defending team too. "
        "In Card-Based the defenders are simply everyone else, so they form no partnership. "
        "Favourites are the pairs most often together; best and worst rank the win rate of "
        "those together at least the rounds chosen here."
    )
    box = numbers.field(
        "Rank groups together at least N rounds",
        1,
        10_000,
        key="p-least",
        value=stats.MIN_TOGETHER,
        width=260,
    )
    # Best and worst rank by the number in the box, so none while it is out of range.
    least = box.value if box.fits and box.value is not None else None
    fewer = (
        f"No group has been together {_rounds(least)} yet."
        if least is not None
        else "Waiting for a number of rounds in range."
    )
    left, middle, right = st.columns(3, gap="large")
    with left:
        _ranking(
            "Favourite partnerships",
            stats.favourites(pairs, RANKED),
            "Pair",
            "favourite-pairs",
            "No two players have been on one side yet.",
        )
    best = stats.best(trios, least, RANKED) if least is not None else []
    worst = stats.worst(pairs, least, RANKED) if least is not None else []
    with middle:
        _ranking("Best trios", best, "Trio", "best-trios", fewer)
    with right:
        _ranking("Worst pairs", worst, "Pair", "worst-pairs", fewer)

    left, right = st.columns(2, gap="large")
    with left:
        st.subheader("Every pair")
        _table(
            ["Pair", "Together", "Won", "Win rate"],
            _group_rows(stats.favourites(pairs, len(pairs))),
            "pairs",
        )
    with right:
        st.subheader("Every trio")
        _table(
            ["Trio", "Together", "Won", "Win rate"],
            _group_rows(stats.favourites(trios, len(trios))),
            "trios",
        )


def _game_label(game: stats.GameLine) -> str:
    imported = game.source == facts.IMPORTED
    # An imported game is shown by its day only: a game dated without a time is filed under
    # an evening made up on import.
    when = game.last_played.strftime("%d %b %Y" if imported else "%d %b %Y %H:%M")
    table = f"{MODE_LABELS[Mode(game.mode)]}, {game.players} players"
    result = (
        "won by " + " & ".join(game.winners)
        if game.winners
        else ("no winner" if game.over else "in progress")
    )
    if imported:
        place = "imported"
    else:
        kind = "scorebook" if game.source == facts.SCOREBOOK else "room"
        place = f"{kind} {game.room_code} game {game.game_number}"
    return f"{when} · {place} · {table} · {result}"


def history_tab(store: stats.Store, filters: stats.Filters, mark: tuple[int, int, int]) -> None:
    games = _games(filters, mark)
    st.subheader("Games")
    if not games:
        st.info("No game matches these filters.")
        return
    game = st.selectbox(
        "Game",
        games,
        format_func=_game_label,
        key="h-game",
        help=f"The latest {len(games)} games, newest first.",
    )
    if game is None:
        return
    rounds = stats.history_rounds(store, game.room_code, game.game_number)
    kept = KEPT.get(game.source)
    kali_text = {
        r.id: ", ".join(f"{game.names[k['seat']]} (trick {k['trick']})" for k in r.kali) or "–"
        for r in rounds
    }
    look_rows: list[list[object]] = [
        [
            r.round_number,
            r.bidder_name,
            r.bid,
            cards.SUIT_SYMBOLS[cards.SUITS.index(r.trump)] if r.trump else "–",
            "made" if r.made else "failed",
            r.bidding_points if r.points_known else "–",
            kali_text[r.id],
        ]
        for r in rounds
    ]
    st.markdown(
        '<div class="m3-scroll">'
        + look.table_html(
            ["Round", "Bidder", "Bid", "Trump", "Result", "Bidding side", "Kali Tidi"], look_rows
        )
        + "</div>",
        unsafe_allow_html=True,
    )
    if not rounds:
        return
    if kept:
        st.info(
            f"This game was {kept}, without its cards: there is nothing to replay. Its rounds "
            "keep the bidder, the bid, the partners and whether the bid was made.",
            icon=":material/style:",
        )
        return
    chosen = st.selectbox(
        "Replay a round",
        rounds,
        format_func=lambda r: f"Round {r.round_number}: {r.bidder_name} bid {r.bid}",
        key=f"h-round-{game.room_code}-{game.game_number}",
    )
    if chosen is not None:
        replay(store, game, chosen)


def _roles(hand: record.HandRecord, state: State, players: int) -> list[str]:
    side = set(rules.bidding_side(state))
    tags = []
    for seat in range(players):
        parts = []
        if hand.config.teams:
            parts.append(f"team {'AB'[hand.config.teams[seat]]}")
        if seat == state.bidder:
            parts.append("bidder")
        elif seat in side and hand.config.mode is Mode.PARTNERS:
            parts.append("partner")
        tags.append(" · ".join(parts))
    return tags


def _step(key: str, delta: int, last: int) -> None:
    st.session_state[key] = min(max(st.session_state.get(key, 0) + delta, 0), last)


def replay(store: stats.Store, game: stats.GameLine, line: stats.RoundLine) -> None:
    """One stored round, trick by trick, with every hand face up."""
    text = stats.hand_record(store, line.id)
    if text is None:
        st.warning("That round is no longer stored.")
        return
    try:
        hand = record.load(json.loads(text))
        state = record.replay(hand)
    except (ValueError, RecordError, ActionError) as exc:
        st.error(f"This round's hand record does not replay: {escape.markdown(exc)}")
        return
    players = hand.config.players
    names = hand.meta.get("names") or game.names
    if not isinstance(names, list) or len(names) != players:
        names = [f"Seat {s + 1}" for s in range(players)]
    names = [str(n) for n in names]
    steps = record.trick_steps(state)
    sides = rules.side_points(state)
    made = rules.made(state)
    assert state.bidder is not None and state.trump is not None
    facts = [
        f"Bid <b>{state.bid}</b> by {escape.html(names[state.bidder])}",
        f"Trump <b>{cards.SUIT_SYMBOLS[state.trump]} {cards.SUIT_NAMES[state.trump]}</b>",
    ]
    if state.called:
        facts.append("Called " + " ".join(cards.label(c) for c in state.called))
    partners = [names[p] for p in state.partners if hand.config.mode is Mode.PARTNERS]
    if partners:
        facts.append("Partners " + escape.html(", ".join(partners)))
    facts.append(
        f"Bidding side <b>{sides['bidding']}</b> · Defenders <b>{sides['defending']}</b> · "
        f"<b>{'made' if made else 'failed'}</b>"
    )
    auction = [
        escape.markdown(names[a["seat"]])
        + (f" bid {a['amount']}" if a.get("type") == "bid" else " passed")
        for a in hand.actions
        if isinstance(a, dict) and a.get("type") in ("bid", "pass")
    ]
    st.markdown(
        '<div class="m3-facts" style="color:inherit">'
        + "".join(f"<span>{f}</span>" for f in facts)
        + "</div>",
        unsafe_allow_html=True,
    )
    st.caption("Bidding: " + ", ".join(auction))
    key = f"replay-{line.id}"
    last = len(steps)
    st.session_state.setdefault(key, 0)
    with st.container(horizontal=True, vertical_alignment="center", key="m3-replay-nav"):
        st.button(
            "Previous",
            icon=":material/chevron_left:",
            on_click=_step,
            args=(key, -1, last),
            disabled=st.session_state[key] <= 0,
            key=f"{key}-back",
        )
        st.button(
            "Next trick",
            icon=":material/chevron_right:",
            on_click=_step,
            args=(key, 1, last),
            disabled=st.session_state[key] >= last,
            key=f"{key}-next",
        )
        st.download_button(
            "Hand record (JSON)",
            json.dumps(json.loads(text), indent=2),
            file_name=f"moon3-{game.room_code}-game{game.game_number}-round{line.round_number}.json",
            mime="application/json",
            icon=":material/download:",
            key=f"{key}-json",
        )
    at = st.slider(
        "Trick",
        0,
        last,
        key=key,
        help="0 is the deal; each step plays one trick.",
    )
    roles = _roles(hand, state, players)
    if at == 0:
        st.caption(f"The deal, after the auction: every hand face up. {last} tricks follow.")
        html = faces.replay_html(None, state.dealt, names, roles, [0] * players)
    else:
        step = steps[at - 1]
        st.caption(f"Trick {at} of {last}: the cards played are outlined in each hand.")
        html = faces.replay_html(step, step.hands, names, roles, step.points)
    st.markdown(html, unsafe_allow_html=True)


def _browser_zone() -> str:
    """The browser's time zone when it tells one of the tz database, else UTC."""
    told = st.context.timezone
    return told if told in ZONES else "UTC"


def _checked(
    store: stats.Store,
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
        data, name = upload.getvalue(), upload.name
        found = importing.check(store, stats.GAME, data, name, zone, undated)
        kept = (key, found)
        st.session_state["imp-checked"] = kept
    found: History = kept[1]
    return found


def _import(store: stats.Store, found: History, clean_only: bool, file_id: str) -> None:
    """Store the checked file (a button's callback: it runs before the page draws its figures,
    so they include what was just stored)."""
    added = importing.store_history(store, stats.GAME, found, clean_only)
    st.session_state["imp-said"] = (
        file_id,
        f"Imported {added.games} game{'s' * (added.games != 1)} ({_rounds(added.rounds)}); "
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
    _table(
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
        "import-preview",
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
    st.download_button(
        "Download the problems (CSV)",
        charts.csv_text(["Line", "Problem"], [[p.line, p.message] for p in found.problems]),
        file_name="moon3-import-problems.csv",
        mime="text/csv",
        key="csv-import-problems",
        icon=":material/download:",
    )


def import_history(store: stats.Store, mark: tuple[int, int, int]) -> None:
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
        found = _checked(store, upload, mark, zone, undated)
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
                args=(store, found, False, upload.file_id),
                key="imp-all",
                icon=":material/upload:",
            )
            if found.problems and clean_part:
                st.button(
                    "Import the clean lines only",
                    on_click=_import,
                    args=(store, found, True, upload.file_id),
                    key="imp-clean",
                )


def recap_link(filters: stats.Filters) -> None:
    """The Recap of the dates chosen here (of its own default year without them)."""
    query = None
    if filters.since is not None and filters.until is not None:
        last = filters.until - timedelta(days=1)
        query = {"from": filters.since.date().isoformat(), "to": last.date().isoformat()}
    st.page_link(
        "screens/recap.py",
        label="Recap: one card per player, to share",
        icon=":material/auto_stories:",
        query_params=query,
    )


def draw(store: stats.Store) -> None:
    """Moon 3 of Spades' figures: filters, headline, bids, Kali Tidi, leaderboard, partnerships,
    history, and importing a history."""
    st.markdown(look.CSS + STYLE, unsafe_allow_html=True)
    backfilled(store.url)
    mark = stats.fingerprint(store)
    # The import stays in one place whether the store is empty or not, so that it stays open
    # when the first import fills the page.
    head = st.container()
    import_history(store, mark)
    if mark[0] == 0:
        with head:
            empty_state()
        return
    with head:
        filters = filter_controls(store, mark)
    view = _overview(filters, mark)
    if view.overall.rounds == 0:
        st.info("No finished round matches these filters. Widen them to see more.")
        return
    headline(view)
    recap_link(filters)
    bids, kali, board, partners, past = st.tabs(
        ["Bids", "Kali Tidi", "Leaderboard", "Partnerships", "History"]
    )
    with bids:
        bids_tab(view)
    with kali:
        kali_tab(view)
    with board:
        leaderboard_tab(view)
    with partners:
        partnerships_tab(view, filters, mark)
    with past:
        history_tab(store, filters, mark)

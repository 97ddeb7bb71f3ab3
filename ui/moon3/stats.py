"""Moon 3 of Spades' Stats: bid success, Kali Tidi captures, the leaderboard, partnerships,
any round replayed, and a group's history imported (H4, H5: :mod:`ui.moon3.imports`).

Every figure comes from the stats service (:mod:`core.stats`, aggregated in
SQL) as the values of :mod:`core.moon3.figures`; this module only lays them
out: a Plotly chart, the table under it and its CSV. The aggregations are
cached per filter set until another round or game is stored. Rounds kept in a
scorebook or imported have no cards: the figures that need the cards leave
them out, and the page says how many.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from core.moon3 import cards, facts, record, rules
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, MODE_LABELS, Mode
from core.moon3.figures import (
    BIG_ABOVE,
    HIGH_ABOVE,
    LEAST_SHARE,
    MARGIN_WIDTH,
    MIN_TOGETHER,
    TOP_PLACES,
    Filters,
    GameLine,
    Group,
    Matchups,
    Overview,
    Rate,
    RoundLine,
    Standing,
    band_label,
    best,
    big_label,
    favourites,
    from_lowest,
    least_together,
    preferred,
    worst,
)
from core.moon3.game import GAME as DECLARED
from core.moon3.record import HandRecord, TrickStep
from core.moon3.state import State
from core.stats import Stats
from ui import charts, escape, figures, look, numbers, replay, session
from ui.figures import Metric, pct
from ui.filters import dates, panel
from ui.moon3 import faces
from ui.moon3.imports import import_history

GAME = DECLARED.name
#: At most this many rows in a chart; the table and CSV keep going.
CHART_ROWS = 15
#: Pairs or trios in each ranking of the Partnerships tab.
RANKED = 5
#: How a game kept without cards is described (``GameLine.source``).
KEPT = {facts.SCOREBOOK: "kept in a scorebook", facts.IMPORTED: "imported"}


@st.cache_data(max_entries=64, show_spinner=False)
def _overview(filters: Filters, mark: tuple[int, int, int], seen: str | None) -> Overview:
    """The page's figures; ``mark`` changes whenever a round is stored, refreshing them, and
    ``seen`` is the group whose figures they are (each group's are kept apart)."""
    found: Overview = session.stats().overview(GAME, filters)
    return found


@st.cache_data(max_entries=64, show_spinner=False)
def _games(filters: Filters, mark: tuple[int, int, int], seen: str | None) -> list[GameLine]:
    """The history list, kept like the figures so a replay step does not query it again."""
    return session.stats().history_games(GAME, filters)


@st.cache_data(max_entries=64, show_spinner=False)
def _groups(
    filters: Filters, mark: tuple[int, int, int], seen: str | None
) -> tuple[list[Group], list[Group]]:
    """Every pair and every trio together on one side (read side by side), cached like the
    figures; each player's own figures are the leaderboard's, already read."""
    return session.stats().pairs_and_trios(GAME, filters)


@st.cache_data(max_entries=64, show_spinner=False)
def _matchups(filters: Filters, mark: tuple[int, int, int], seen: str | None) -> Matchups:
    """Who calls whom, who beats whom, and each player's lead, big bids and top finishes,
    cached like the figures."""
    found: Matchups = session.stats().matchups(GAME, filters)
    return found


@st.cache_data(max_entries=4, show_spinner=False)
def _players(mark: tuple[int, int, int], seen: str | None) -> list[str]:
    return session.stats().players(GAME)


def _table(header: list[str], rows: list[list[object]], name: str) -> None:
    """The table under a chart (first rows) and the CSV of all of it."""
    figures.table(header, rows, f"moon3-{name}.csv", shown=figures.SHOWN)


def _chart(fig: go.Figure, name: str) -> None:
    figures.chart(fig, f"chart-{name}")


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


def filter_controls(stats: Stats, mark: tuple[int, int, int]) -> Filters:
    """Mode, players, decks, dates and a player, in one expander."""
    picked = st.session_state
    active = [
        MODE_LABELS[Mode(picked["f-mode"])] if picked.get("f-mode") else "",
        f"{picked['f-players']} players" if picked.get("f-players") else "",
        f"{picked['f-decks']} deck(s)" if picked.get("f-decks") else "",
        escape.markdown(picked["f-player"]) if picked.get("f-player") else "",
    ]
    with panel(active):
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
        span = stats.date_range(GAME)
        since, until = dates(span) if span is not None else (None, None)
        player = st.selectbox(
            "Player",
            [None, *_players(mark, session.seen_group())],
            format_func=lambda n: "Everyone" if n is None else n,
            key="f-player",
            help="Only the rounds this player sat in.",
        )
    return Filters(players=players, since=since, until=until, mode=mode, decks=decks, player=player)


def _rounds(count: int) -> str:
    return figures.counted(count, "round")


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


def at_least(above: int, decks: int | None) -> str:
    """Bids ``above`` the lowest bid of the tables shown: "275+" with two decks, "150+ (275+
    two decks)" with one or two (the range of bids grows with the decks: A10)."""
    if decks:
        return f"{from_lowest(above, decks)}+"
    return f"{from_lowest(above, 1)}+ ({from_lowest(above, 2)}+ two decks)"


def headline(view: Overview, decks: int | None) -> None:
    """The answers people come for, at a glance; ``decks`` those of the rounds shown, if one
    number."""
    big = view.high
    high = at_least(HIGH_ABOVE, decks)
    kali = view.kali
    top = view.kali_by_player[0] if view.kali_by_player else None
    metrics = [
        Metric("Rounds played", f"{view.overall.rounds:,}"),
        figures.share("Bids made", view.overall.made, view.overall.rounds, "bid"),
        figures.share(f"Bids of {high} made", big.made, big.rounds, "bid", f" of {high}"),
        Metric(
            "Kali Tidi to the bidders",
            pct(kali.to_bidders, kali.rounds),
            "Dealt rounds in which the bidding side captured the 3♠",
        ),
    ]
    if top is not None and top.captures:
        metrics.append(
            Metric(
                "Most Kali Tidi",
                escape.markdown(top.name),
                f"{figures.counted(top.captures, 'capture')} in "
                f"{figures.counted(top.rounds, 'round')}",
            )
        )
    figures.headline("m3-headline", metrics)
    if top is not None and top.captures:
        st.caption(
            f"**{escape.markdown(top.name)}** has captured Kali Tidi most: "
            f"{figures.counted(top.captures, 'time')} in {figures.counted(top.rounds, 'round')}. "
            f"Bids of {high} were made "
            f"{pct(big.made, big.rounds)} of the time ({big.made} of {big.rounds})."
        )
    cardless_note(view.cardless, "the Kali Tidi figures leave {them} out")


def _rate_table(rates: list[Rate], labels: list[str]) -> list[list[object]]:
    return [
        [label, r.rounds, r.made, pct(r.made, r.rounds)]
        for label, r in zip(labels, rates, strict=True)
    ]


def rate_section(
    title: str, rates: list[Rate], labels: list[str], first: str, name: str, rows: bool
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


def bids_tab(view: Overview) -> None:
    left, right = st.columns(2, gap="large")
    with left:
        bands = [band_label(r.group) for r in view.bands]
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
    width = MARGIN_WIDTH
    _chart(
        charts.margin_bars([b for b, _ in view.margins], [n for _, n in view.margins], width),
        "margins",
    )
    _table(
        ["Points less the bid", "Rounds", "Result"],
        [[f"{b} to {b + width - 1}", n, "made" if b >= 0 else "failed"] for b, n in view.margins],
        "margins",
    )


def kali_tab(view: Overview) -> None:
    kali = view.kali
    cardless_note(view.cardless, "{they} {are} not counted here")
    if not kali.rounds:
        st.info("Kali Tidi needs the cards, and none of these rounds was dealt here.")
        return
    st.markdown(
        f"The bidding side captured Kali Tidi in **{pct(kali.to_bidders, kali.rounds)}** of "
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
                [
                    p.name,
                    p.rounds,
                    p.rounds_captured,
                    p.captures,
                    pct(p.rounds_captured, p.rounds),
                ]
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
        ["Made with it", kali.made_with_it, pct(kali.made_with_it, kali.rounds)],
        [
            "Failed without it",
            kali.failed_without_it,
            pct(kali.failed_without_it, kali.rounds),
        ],
        [
            "Not decisive",
            kali.rounds - kali.decided,
            pct(kali.rounds - kali.decided, kali.rounds),
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


def _teamwork(s: Standing) -> list[object]:
    """A player's average bid, big bids made, and rounds and wins on the bidder's side without
    bidding, with their rate (H5): the leaderboard and the Partnerships tab both show them."""
    return [
        s.average_bid if s.bids else "–",
        s.big_bids_made,
        s.partner_rounds,
        s.partner_wins,
        pct(s.partner_wins, s.partner_rounds),
    ]


def leaderboard_tab(view: Overview, decks: int | None) -> None:
    board = view.leaderboard
    st.subheader("Leaderboard")
    st.caption(
        "Every member of a winning side is credited: partners of a made bid win with the "
        "bidder, and every defender wins when the bid fails. Ordered by games won, then rounds "
        'won. "As partner" counts the rounds on the bidder\'s side without bidding (called as '
        "a teammate, in Card-Based). Points are card points captured in the player's own "
        "tricks; the score is what the player's team (or, in Card-Based, the player) scored. "
        f"Big bids follow the bids allowed: {from_lowest(BIG_ABOVE, 1)} or more with one deck, "
        f"{from_lowest(BIG_ABOVE, 2)} or more with two, where the lowest bid is "
        f"{from_lowest(0, 2)}."
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
            f"{at_least(BIG_ABOVE, decks)} made",
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
                pct(s.rounds_won, s.rounds),
                s.bids,
                s.bids_made,
                *_teamwork(s),
                s.defender_wins,
                s.points,
                s.score,
            ]
            for s in board
        ],
        "leaderboard",
    )


def _group_label(group: Group) -> str:
    return " & ".join(group.names)


def _group_rows(found: list[Group]) -> list[list[object]]:
    return [[_group_label(g), g.together, g.won, pct(g.won, g.together)] for g in found]


def _ranking(title: str, found: list[Group], first: str, name: str, empty: str) -> None:
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


def _others(group: Group | None, name: str) -> str:
    return " & ".join(n for n in group.names if n != name) if group is not None else "–"


def _player_rows(
    players: list[Standing], found: Matchups, pairs: list[Group]
) -> list[list[object]]:
    """Each player's line of the Partnerships tab: the leaderboard's H5 figures, then the lead,
    big bids, top finishes, whom they call most, their preferred partner and their nemesis."""
    lines: list[list[object]] = []
    for s in players:
        habits = found.habits.get(s.name)
        called = found.most_called(s.name)
        rival = found.nemesis(s.name)
        partner = preferred(pairs, s.name)
        lines.append(
            [
                s.name,
                s.rounds,
                s.rounds_won,
                pct(s.rounds_won, s.rounds),
                s.bids,
                s.bids_made,
                pct(s.bids_made, s.bids),
                *_teamwork(s),
                s.defender_rounds,
                s.defender_wins,
                pct(habits.leads, habits.rounds) if habits else "–",
                pct(habits.big_bids, habits.bids) if habits else "–",
                f"{habits.top_finishes} of {habits.placed_games}"
                if habits and habits.placed_games
                else "–",
                f"{called.partner} ({called.times} of {called.bids})" if called else "–",
                f"{_others(partner, s.name)} ({partner.won} of {partner.together})"
                if partner
                else "–",
                f"{rival.opponent} ({rival.lost} of {rival.against})" if rival else "–",
            ]
        )
    return lines


def _calls_section(found: Matchups) -> None:
    """Directed calls: whom each Card-Based bidder's called cards made their partner."""
    st.subheader("Who calls whom")
    if not found.calls:
        st.caption("No Card-Based bidder has called a partner yet.")
        return
    st.caption(
        "In Card-Based the bidder calls cards and their holders become the bidder's partners: "
        '"Asha calls Ben 4 times" counts Asha\'s bids in which Ben turned out to be her partner '
        "(Ben calling Asha is another line). Team-wise and Random partners are a team, called "
        "by nobody."
    )
    # The most frequent calls first: "Yogesh calls Pinkey 43 times" heads the table.
    ordered = sorted(found.calls, key=lambda c: (-c.times, c.bidder, c.partner))
    _table(
        ["Bidder", "Calls", "Times", "Of Card-Based bids", "Share"],
        [[c.bidder, c.partner, c.times, c.bids, pct(c.times, c.bids)] for c in ordered],
        "calls",
    )


def partnerships_tab(view: Overview, filters: Filters, mark: tuple[int, int, int]) -> None:
    """H5: each player's bids and partners, whom they call and lose to, and the pairs and
    trios that win together, ranked from a minimum that grows with the group (A10)."""
    seen = session.seen_group()
    pairs, trios = _groups(filters, mark, seen)
    found = _matchups(filters, mark, seen)
    st.subheader("Each player")
    st.caption(
        "A teammate is on the bidder's side without bidding (called as a teammate in "
        "Card-Based, the bidder's team in Team-wise and Random); defending is playing "
        "against the bid. Every round played counts, dealt, kept in a scorebook or imported. "
        "**Leading**: the share of their rounds after which they had the top running score of "
        "the game (players tied at the top all lead). **Big bids**: the share of their bids of "
        f"{big_label(found.decks)}. **Top {TOP_PLACES}**: Card-Based games they finished in the "
        "top three by final total (ties share a place). **Calls most**: whom their called cards "
        "made their partner most often, of their Card-Based bids. **Preferred partner**: the "
        "one they won the most rounds with on one side. **Nemesis**: the opponent they lost the "
        "most rounds to (on opposite sides, their side lost)."
    )
    players = sorted(view.leaderboard, key=lambda s: (-s.rounds, s.name))
    decks = filters.decks
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
            f"{at_least(BIG_ABOVE, decks)} made",
            "Called as teammate",
            "Won as teammate",
            "Teammate win rate",
            "Defending",
            "Won defending",
            "Leading",
            "Big bids",
            f"Top {TOP_PLACES}",
            "Calls most",
            "Preferred partner",
            "Nemesis",
        ],
        _player_rows(players, found, pairs),
        "partners-players",
    )
    _calls_section(found)

    suggested = least_together(view.leaderboard)
    st.subheader("Pairs and trios")
    whose = f" with {escape.markdown(filters.player)}" if filters.player else ""
    st.caption(
        f"Players are together{whose} when they are on one side of a round: the bidder with "
        "their partners, in every mode, and in Team-wise and Random the defending team too. "
        "In Card-Based the defenders are simply everyone else, so they form no partnership. "
        "Favourites are the pairs most often together; best and worst rank the win rate of "
        "those together at least the rounds chosen here (best: those that won at least half; "
        "worst: those that lost at least half). It starts at "
        f"{LEAST_SHARE.numerator} in {LEAST_SHARE.denominator} of a regular's median rounds, "
        f"at least {MIN_TOGETHER}: here {_rounds(suggested)}."
    )
    box = numbers.field(
        "Rank groups together at least N rounds",
        1,
        10_000,
        key="p-least",
        value=suggested,
        width=260,
    )
    # Best and worst rank by the number in the box, so none while it is out of range.
    least = box.value if box.fits and box.value is not None else None
    fewer = (
        f"No group together at least {_rounds(least)} qualifies yet."
        if least is not None
        else "Waiting for a number of rounds in range."
    )
    if least is not None:
        st.caption(f"Ranked: pairs and trios with at least {_rounds(least)} together.")
    left, middle, right = st.columns(3, gap="large")
    with left:
        _ranking(
            "Favourite partnerships",
            favourites(pairs, RANKED),
            "Pair",
            "favourite-pairs",
            "No two players have been on one side yet.",
        )
    best_trios = best(trios, least, RANKED) if least is not None else []
    worst_pairs = worst(pairs, least, RANKED) if least is not None else []
    with middle:
        _ranking("Best trios", best_trios, "Trio", "best-trios", fewer)
    with right:
        _ranking("Worst pairs", worst_pairs, "Pair", "worst-pairs", fewer)

    every = (("Pair", pairs), ("Trio", trios))
    for column, (kind, found_groups) in zip(st.columns(2, gap="large"), every, strict=True):
        with column:
            st.subheader(f"Every {kind.lower()}")
            _table(
                [kind, "Together", "Won", "Win rate"],
                _group_rows(favourites(found_groups, len(found_groups))),
                f"{kind.lower()}s",
            )


def _game_label(game: GameLine) -> str:
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


def history_tab(stats: Stats, filters: Filters, mark: tuple[int, int, int]) -> None:
    games = _games(filters, mark, session.seen_group())
    st.subheader("Games")
    if not games:
        st.info("No game matches these filters.")
        return
    game = st.selectbox(
        "Game",
        games,
        format_func=_game_label,
        key="h-game",
        help=f"The latest {figures.counted(len(games), 'game')}, newest first.",
    )
    if game is None:
        return
    rounds: list[RoundLine] = stats.history_rounds(GAME, game.room_code, game.game_number)
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
    header = ["Round", "Bidder", "Bid", "Trump", "Result", "Bidding side", "Kali Tidi"]
    st.markdown(figures.box(header, look_rows), unsafe_allow_html=True)
    if not rounds:
        return
    if kept:
        st.info(
            f"This game was {kept}, without its cards: there is nothing to replay. Its rounds "
            "keep the bidder, the bid, the partners and whether the bid was made.",
            icon=":material/style:",
        )
        return
    replay.replay(
        stats,
        REPLAY,
        rounds,
        lambda r: f"Round {r.round_number}: {r.bidder_name} bid {r.bid}",
        key=f"h-round-{game.room_code}-{game.game_number}",
        label="Replay a round",
    )


# ---------------------------------------------------------------- the replay


def _replayed(data: Any) -> replay.Hand:
    """A stored round replayed, to show trick by trick under its auction."""
    hand = record.load(data)
    state = record.replay(hand)
    steps = record.trick_steps(state)
    return replay.Hand(
        len(steps),
        hand.config.players,
        lambda at, names: _trick(hand, state, steps, at, names),
        lambda names: _auction(hand, state, names),
    )


def _roles(hand: HandRecord, state: State, players: int) -> list[str]:
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


def _auction(hand: HandRecord, state: State, names: list[str]) -> None:
    """The bid, trump, calls, partners and result above the replay, and every bid in order."""
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


def _trick(
    hand: HandRecord, state: State, steps: list[TrickStep], at: int, names: list[str]
) -> None:
    """The deal (0), or the hands around trick ``at``, every card face up."""
    players = hand.config.players
    roles = _roles(hand, state, players)
    last = len(steps)
    if at == 0:
        st.caption(
            "The deal, after the auction: every hand face up. "
            f"{figures.counted(last, 'trick')} follow."
        )
        html = faces.replay_html(None, state.dealt, names, roles, [0] * players)
    else:
        step = steps[at - 1]
        st.caption(f"Trick {at} of {last}: the cards played are outlined in each hand.")
        html = faces.replay_html(step, step.hands, names, roles, step.points)
    st.markdown(html, unsafe_allow_html=True)


#: Moon 3 of Spades' part of the replay: a round, trick by trick.
REPLAY = replay.Replay(
    GAME, "moon3", replay.TRICKS, _replayed, look.CSS + look.REPLAY_CSS, hand="round"
)


def recap_link(filters: Filters) -> None:
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


def draw(stats: Stats) -> None:
    """Moon 3 of Spades' figures: filters, headline, bids, Kali Tidi, leaderboard, partnerships,
    history, and importing a history."""
    st.markdown(look.CSS, unsafe_allow_html=True)
    mark = stats.fingerprint(GAME)
    # The import stays in one place whether the store is empty or not, so that it stays open
    # when the first import fills the page.
    head = st.container()
    import_history(stats, mark)
    if mark[0] == 0:
        with head:
            empty_state()
        return
    with head:
        filters = filter_controls(stats, mark)
    view = _overview(filters, mark, session.seen_group())
    if view.overall.rounds == 0:
        st.info("No finished round matches these filters. Widen them to see more.")
        return
    headline(view, filters.decks)
    recap_link(filters)
    bids, kali, board, partners, past = st.tabs(
        ["Bids", "Kali Tidi", "Leaderboard", "Partnerships", "History"]
    )
    with bids:
        bids_tab(view)
    with kali:
        kali_tab(view)
    with board:
        leaderboard_tab(view, filters.decks)
    with partners:
        partnerships_tab(view, filters, mark)
    with past:
        history_tab(stats, filters, mark)

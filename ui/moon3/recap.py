"""Moon 3 of Spades' Recap (H5): a date range told as one card per player, to read on a phone
and to share as a picture or as a link.

The range comes from the URL (``?from=YYYY-MM-DD&to=YYYY-MM-DD``, both optional, so
a link opens the same recap); without it, the calendar year of the latest round (the
last 365 days on an empty store). A value that is not such a date, or a start after
the end, is said plainly and the default range shown instead. Every figure comes from
the stats service's recap (aggregated in SQL); this module words the figures once and draws
those words twice: as HTML cards, and as a PNG per card drawn with Pillow only when
its "Download PNG" is tapped. Names are text everywhere: escaped in the HTML, drawn as
glyphs in the picture.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st
from PIL import Image, ImageDraw, ImageFont

from core.moon3.figures import (
    BOT,
    GUEST,
    LEAST_SHARE,
    MIN_TOGETHER,
    REGULAR,
    REGULAR_SHARE,
    TOP_PLACES,
    Filters,
    Group,
    Matchups,
    RecapCard,
    big_label,
    kinds,
    least_together,
    preferred,
)
from core.moon3.game import GAME as DECLARED
from core.stats import Stats
from ui import escape, session, share

GAME = DECLARED.name
#: Dates the range may take (a date input needs bounds; nothing sensible lies outside them).
EARLIEST, LATEST = date(1970, 1, 1), date(2100, 12, 31)
#: At most this much of a bad URL value is quoted back.
QUOTED = 40
#: Cards to a row on a laptop; Streamlit stacks the columns on a phone.
PER_ROW = 3
#: The picture of a card: portrait, the size social apps show whole.
PNG_SIZE = (1080, 1350)
FELT, FELT_DARK, CREAM, GOLD, INK = "#1f6f43", "#165634", "#fdfbf3", "#f3d77a", "#1d2521"
FONTS = Path("/usr/share/fonts/truetype/dejavu")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")

CSS = """
<style>
.m3-recap { border-radius: 16px; overflow: hidden; background: #fdfbf3;
  border: 1px solid #d7d2c4; box-shadow: 0 2px 8px rgba(0,0,0,0.12); margin-bottom: 0.4rem; }
.m3-recap-head { background: radial-gradient(ellipse at top left, #2a8554 0%, #1f6f43 55%,
  #165634 100%); color: #fdfbf3; padding: 0.85rem 1.1rem 0.8rem; }
.m3-recap-name { font: 700 1.75rem/1.15 system-ui, sans-serif; overflow-wrap: anywhere; }
.m3-recap-sum { margin-top: 0.2rem; color: #f3d77a; font-weight: 600; font-size: 0.95rem; }
.m3-recap-lines { list-style: none; margin: 0; padding: 0.45rem 1.1rem 0.7rem; }
.m3-recap-lines li { margin: 0; padding: 0.42rem 0; border-bottom: 1px dashed #e0d9c6;
  color: #1d2521; font-size: 0.98rem; line-height: 1.35; overflow-wrap: anywhere; }
.m3-recap-lines li:last-child { border-bottom: none; }
</style>
"""

# ---------------------------------------------------------------- the range


@dataclass(frozen=True)
class Span:
    """The days a recap tells, both included."""

    first: date
    last: date

    def filters(self, stored: tuple[datetime, datetime] | None) -> Filters:
        """The rounds of the range; no date filter when it holds every ``stored`` round (the
        same figures, without looking up the rounds of the range for every seat and pair row)."""
        since = datetime.combine(self.first, time(), tzinfo=UTC)
        until = datetime.combine(self.last + timedelta(days=1), time(), tzinfo=UTC)
        if stored is not None and since <= _utc(stored[0]) and _utc(stored[1]) < until:
            return Filters()
        return Filters(since=since, until=until)

    def query(self) -> dict[str, str]:
        """The URL parameters that open this range."""
        return {"from": self.first.isoformat(), "to": self.last.isoformat()}

    @property
    def label(self) -> str:
        """``2025`` for a calendar year, else ``1 Mar 2025 – 31 May 2025``."""
        year = self.first.year
        if (self.first, self.last) == (date(year, 1, 1), date(year, 12, 31)):
            return str(year)
        return f"{_day_label(self.first)} – {_day_label(self.last)}"


def _utc(moment: datetime) -> datetime:
    """A stored time (SQLite gives it back without its zone, which is UTC) with its zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _day_label(day: date) -> str:
    return f"{day.day} {day.strftime('%b %Y')}"


def default_span(latest: datetime | None, today: date) -> Span:
    """The calendar year of the latest round; the last 365 days up to today without rounds."""
    if latest is None:
        return Span(today - timedelta(days=364), today)
    return Span(date(latest.year, 1, 1), date(latest.year, 12, 31))


def _day(text: str) -> date | None:
    """``YYYY-MM-DD`` as a date within the bounds, else ``None``."""
    if not _DAY.fullmatch(text):
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return None
    return day if EARLIEST <= day <= LATEST else None


def _quoted(text: str) -> str:
    shown = text if len(text) <= QUOTED else text[:QUOTED] + "…"
    return f"“{shown}”"


def span_from(params: Mapping[str, str], default: Span) -> tuple[Span, str | None]:
    """The range the URL asks for, and what was wrong with it (then the default range).

    A start alone runs a year from it; an end alone, the year up to it.
    """
    given = {name: params.get(name) for name in ("from", "to")}
    days = {name: _day(text) if text is not None else None for name, text in given.items()}
    wrong = [
        f"“{name}” should be a date written YYYY-MM-DD, not {_quoted(text)}"
        for name, text in given.items()
        if text is not None and days[name] is None
    ]
    if wrong:
        return default, "; ".join(wrong)
    first, last = days["from"], days["to"]
    if first is None and last is None:
        return default, None
    if first is None:
        assert last is not None
        first = max(last - timedelta(days=364), EARLIEST)
    if last is None:
        last = min(first + timedelta(days=364), LATEST)
    if first > last:
        return default, f"the range starts on {first} after it ends on {last}"
    return Span(first, last), None


def _moved() -> None:
    """A date input changed: the URL follows, so the link shared opens this range."""
    first, last = st.session_state.get("recap-from"), st.session_state.get("recap-to")
    if isinstance(first, date) and isinstance(last, date):
        st.query_params.update({"from": first.isoformat(), "to": last.isoformat()})


# ---------------------------------------------------------------- the words of a card


@dataclass(frozen=True)
class Told:
    """One player's card in words: the same words on the page and in the picture."""

    name: str
    summary: str
    lines: tuple[str, ...]


def _times(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


def _others(group: Group, name: str) -> str:
    return " & ".join(n for n in group.names if n != name)


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "–"


def _partners(card: RecapCard, pairs: list[Group]) -> list[str]:
    """One line per partner: the favourite (most rounds together), the preferred (most rounds
    won together) and the best (highest win rate at the minimum), merged when one person."""
    name = card.name
    roles = (
        ("Favourite", card.favourite),
        ("Preferred", preferred(pairs, name)),
        ("Best", card.best),
    )
    titles: dict[tuple[str, ...], list[str]] = {}
    groups: dict[tuple[str, ...], Group] = {}
    for title, group in roles:
        if group is not None:
            titles.setdefault(group.names, []).append(title)
            groups[group.names] = group
    lines = []
    for names, said in titles.items():
        group = groups[names]
        words = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1].lower()}"
        together = f"{_times(group.together, 'round', 'rounds')} together, {group.won:,} won"
        lines.append(f"{words.capitalize()} partner: {_others(group, name)} ({together})")
    return lines


def told(card: RecapCard, found: Matchups | None = None, pairs: list[Group] | None = None) -> Told:
    """A player's headline facts, as sentences; with ``found`` (and the ``pairs`` with them),
    their lead, big bids, calls, preferred partner, nemesis and top finishes too."""
    me = card.standing
    habits = found.habits.get(me.name) if found is not None else None
    lines = [
        f"Played {_times(me.rounds, 'round', 'rounds')}, won {me.rounds_won:,} ({me.win_rate:.0%})"
    ]
    if habits is not None and habits.rounds:
        lines.append(
            f"Top of the running score after {habits.leads:,} of "
            f"{_times(habits.rounds, 'round', 'rounds')} ({_share(habits.leads, habits.rounds)})"
        )
    if me.bids:
        bids = f"Bid {_times(me.bids, 'time', 'times')}, made {me.bids_made:,}"
        if card.boldest is not None:
            if card.boldest_made == card.boldest:
                bids += f" — boldest: {card.boldest}, made"
            else:
                bids += f" — boldest: {card.boldest}, failed"
                if card.boldest_made is not None:
                    bids += f"; best made {card.boldest_made}"
        lines.append(bids)
    else:
        lines.append("Never the bidder")
    if found is not None and habits is not None and habits.bids:
        lines.append(
            f"Big bids ({big_label(found.decks)}): {habits.big_bids:,} of "
            f"{habits.bids:,} ({_share(habits.big_bids, habits.bids)})"
        )
    called = found.most_called(me.name) if found is not None else None
    if called is not None:
        lines.append(
            f"Calls {called.partner} most: {_times(called.times, 'time', 'times')} "
            f"in {_times(called.bids, 'Card-Based bid', 'Card-Based bids')}"
        )
    if me.partner_rounds:
        lines.append(
            f"Called as a teammate {_times(me.partner_rounds, 'time', 'times')}, "
            f"won {me.partner_wins:,}"
        )
    lines.extend(_partners(card, pairs or []))
    if card.best_trio is not None:
        trio = card.best_trio
        lines.append(f"Best trio: with {_others(trio, me.name)} ({trio.won} of {trio.together})")
    rival = found.nemesis(me.name) if found is not None else None
    if rival is not None:
        lines.append(
            f"Nemesis: {rival.opponent} (lost {rival.lost:,} of "
            f"{_times(rival.against, 'round', 'rounds')} against them)"
        )
    if me.games:
        lines.append(f"Won {me.games_won:,} of {_times(me.games, 'game', 'games')}")
    if habits is not None and habits.placed_games:
        lines.append(
            f"Top {TOP_PLACES} in {habits.top_finishes:,} of "
            f"{_times(habits.placed_games, 'Card-Based game', 'Card-Based games')}"
        )
    # How the rounds were played: the lines below tell how they went.
    summary = (
        f"{me.bids:,} bidding · {me.partner_rounds:,} as teammate · "
        f"{me.defender_rounds:,} defending"
    )
    return Told(me.name, summary, tuple(lines))


def card_html(card: Told) -> str:
    """A card for the page; every word escaped (names among them)."""
    items = "".join(f"<li>{escape.html(line)}</li>" for line in card.lines)
    return (
        '<div class="m3-recap">'
        f'<div class="m3-recap-head"><div class="m3-recap-name">{escape.html(card.name)}</div>'
        f'<div class="m3-recap-sum">{escape.html(card.summary)}</div></div>'
        f'<ul class="m3-recap-lines">{items}</ul></div>'
    )


# ---------------------------------------------------------------- the picture of a card

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans where the system has it; Pillow's own font otherwise (Community Cloud)."""
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _wrapped(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width``; a word too long for a line is cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        attempt = f"{line} {word}" if line else word
        if draw.textlength(attempt, font=font) <= width:
            line = attempt
            continue
        if line:
            lines.append(line)
        while draw.textlength(word, font=font) > width:
            cut = len(word) - 1
            while cut > 1 and draw.textlength(word[:cut], font=font) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def _fitted(draw: ImageDraw.ImageDraw, text: str, width: int, largest: int, least: int) -> Font:
    """The largest bold font from ``largest`` down to ``least`` that fits ``text`` on a line."""
    size = largest
    font = _font(size, bold=True)
    while size > least and draw.textlength(text, font=font) > width:
        size -= 4
        font = _font(size, bold=True)
    return font


def card_png(card: Told, span_label: str) -> bytes:
    """A card as a PNG: the felt, the name large, the summary, then the lines on cream."""
    width, height = PNG_SIZE
    margin = 80
    image = Image.new("RGB", PNG_SIZE, FELT)
    draw = ImageDraw.Draw(image)
    # A darker rim, as on the table's felt.
    draw.rectangle((0, 0, width - 1, height - 1), outline=FELT_DARK, width=12)
    draw.text((margin, 80), "MOON 3 OF SPADES · RECAP", font=_font(30, bold=True), fill=GOLD)
    draw.text((margin, 124), span_label, font=_font(34), fill=CREAM)
    top = 210
    name_font = _fitted(draw, card.name, width - 2 * margin, 120, 48)
    name_lines = _wrapped(draw, card.name, name_font, width - 2 * margin)[:2]
    name_height = int(draw.textbbox((0, 0), "Hg", font=name_font)[3])
    for line in name_lines:
        draw.text((margin, top), line, font=name_font, fill=CREAM)
        top += name_height + 12
    top += 8
    summary_font = _font(38, bold=True)
    for line in _wrapped(draw, card.summary, summary_font, width - 2 * margin):
        draw.text((margin, top), line, font=summary_font, fill=GOLD)
        top += 50
    panel = (margin - 24, top + 34, width - margin + 24, height - margin)
    draw.rounded_rectangle(panel, radius=36, fill=CREAM)
    inner = panel[2] - panel[0] - 2 * 44 - 30
    # The largest text size at which every line fits the panel.
    for size in (42, 38, 34, 30, 26, 22):
        font = _font(size)
        wrapped = [_wrapped(draw, line, font, inner) for line in card.lines]
        step = int(size * 1.3)
        needed = sum(len(w) * step + 26 for w in wrapped)
        if needed <= panel[3] - panel[1] - 60:
            break
    y = panel[1] + 40
    for lines in wrapped:
        dot = y + step // 2 - 7
        draw.ellipse((panel[0] + 44, dot, panel[0] + 58, dot + 14), fill=FELT)
        for line in lines:
            draw.text((panel[0] + 44 + 30, y), line, font=font, fill=INK)
            y += step
        y += 26
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _png(card: Told, span_label: str) -> Callable[[], bytes]:
    """What "Download PNG" runs when tapped (on its own thread): the card drawn then."""
    return lambda: card_png(card, span_label)


def _file_name(card: Told, span: Span, index: int) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", card.name).strip("-").lower() or f"player-{index + 1}"
    return f"moon3-recap-{span.first}-{span.last}-{slug}.png"


# ---------------------------------------------------------------- the page


@st.cache_data(max_entries=32, show_spinner=False)
def _cards(
    span: Span,
    stored: tuple[datetime, datetime] | None,
    mark: tuple[int, int, int],
    seen: str | None,
) -> list[RecapCard]:
    """The range's cards; ``mark`` changes whenever a round is stored, refreshing them, and
    ``seen`` is the group whose cards they are (each group's are kept apart)."""
    return session.stats().recap(GAME, span.filters(stored))


@st.cache_data(max_entries=32, show_spinner=False)
def _matchups(
    span: Span,
    stored: tuple[datetime, datetime] | None,
    mark: tuple[int, int, int],
    seen: str | None,
) -> tuple[Matchups, list[Group]]:
    """Who calls whom and beats whom in the range, and every pair, cached like the cards."""
    stats = session.stats()
    filters = span.filters(stored)
    pairs, _ = stats.pairs_and_trios(GAME, filters)
    return stats.matchups(GAME, filters), pairs


def _range_inputs(span: Span) -> None:
    with st.container(horizontal=True, key="recap-range"):
        for label, key, value in (
            ("From", "recap-from", span.first),
            ("To", "recap-to", span.last),
        ):
            st.date_input(
                label,
                value=value,
                min_value=EARLIEST,
                max_value=LATEST,
                format="YYYY-MM-DD",
                key=key,
                on_change=_moved,
                width=165,
            )


def _share_link(span: Span) -> None:
    link = f"{session.public_base()}/recap?{urlencode(session.with_group(span.query()))}"
    share.button("m3-recap-share", "Copy recap link", link, "Our recap")


def draw(stats: Stats) -> None:
    """The Recap of the range in the URL: one card per player, most rounds first."""
    st.markdown(CSS, unsafe_allow_html=True)
    mark = stats.fingerprint(GAME)
    found = stats.date_range(GAME)
    default = default_span(found[1] if found else None, datetime.now(UTC).date())
    span, wrong = span_from(st.query_params, default)
    if wrong is not None:
        st.warning(
            f"Those dates do not work: {escape.markdown(wrong)}. "
            f"Showing {escape.markdown(default.label)} instead.",
            icon=":material/event_busy:",
        )
    st.subheader(f"{span.label} at the table")
    _range_inputs(span)
    cards = _cards(span, found, mark, session.seen_group()) if mark[0] else []
    if not cards:
        kept = "No round was played then." if mark[0] else "No round is kept yet."
        st.info(
            f"{kept} The Stats page shows every game kept, and imports a group's history "
            "played with real cards.",
            icon=":material/auto_stories:",
        )
        st.page_link("screens/stats.py", label="Open Stats", icon=":material/bar_chart:")
        return
    _share_link(span)
    matched, pairs = _matchups(span, found, mark, session.seen_group())
    least = least_together([c.standing for c in cards])
    st.caption(
        f"{_times(len(cards), 'player', 'players')}, the regulars first, most rounds first. "
        "Every round counts: dealt here, kept in a scorebook or imported."
    )
    st.caption(_meanings(least))
    kind = kinds([c.standing for c in cards])
    parts = [
        (None, [c for c in cards if kind[c.name] == REGULAR]),
        ("Guests", [c for c in cards if kind[c.name] == GUEST]),
        ("Bots", [c for c in cards if kind[c.name] == BOT]),
    ]
    index = 0
    for title, chosen in parts:
        if not chosen:
            continue
        if title is not None:
            st.subheader(title)
            st.caption(GUESTS if title == "Guests" else BOTS)
        index = _draw_cards([told(c, matched, pairs) for c in chosen], span, index)


#: What the Guests and Bots headings say of the cards under them.
GUESTS = (
    f"Players with fewer than {REGULAR_SHARE.numerator} in {REGULAR_SHARE.denominator} of the "
    "busiest player's rounds."
)
BOTS = "The computer players: their figures, apart from the people's."


def _meanings(least: int) -> str:
    """What the figures on the cards mean, the minimum for a best partner among them (A10)."""
    return (
        "**Top of the running score**: leading the game's running score after a round (players "
        "tied at the top all lead). **Calls**: in Card-Based, whom the bidder's called cards "
        "made their partner. **Favourite partner**: the one they were most often on one side "
        "with; **preferred partner**: the one they won the most rounds with. **Nemesis**: the "
        "opponent they lost the most rounds to (on opposite sides, their side lost). **Best "
        "partner** and **best trio**: the highest win rate of those at least "
        f"{_times(least, 'round', 'rounds')} together ({LEAST_SHARE.numerator} in "
        f"{LEAST_SHARE.denominator} of a regular's median rounds, at least {MIN_TOGETHER}) that "
        f"won at least half. **Top {TOP_PLACES}**: by the final totals of a Card-Based game, "
        "ties sharing a place."
    )


def _draw_cards(words: list[Told], span: Span, first: int) -> int:
    """The cards in rows of :data:`PER_ROW`, each with its PNG; the index after the last."""
    for start in range(0, len(words), PER_ROW):
        columns = st.columns(PER_ROW, gap="medium")
        for offset, card in enumerate(words[start : start + PER_ROW]):
            index = first + start + offset
            with columns[offset]:
                st.markdown(card_html(card), unsafe_allow_html=True)
                st.download_button(
                    "Download PNG",
                    _png(card, span.label),
                    file_name=_file_name(card, span, index),
                    mime="image/png",
                    key=f"recap-png-{index}",
                    on_click="ignore",
                    icon=":material/image:",
                )
    return first + len(words)

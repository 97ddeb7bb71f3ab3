"""HTML and CSS of the card table: card faces, seats around the felt, the trick.

Everything here is plain HTML built from player views (never the game state),
so a page shows only what its seat may see. Every piece of user text (names)
goes through ``escape.html``.
"""

from __future__ import annotations

from collections.abc import Sequence

from core import cards
from core.moon3.record import TrickStep
from core.moon3.view import PlayerView, TrickView
from ui import escape

FELT = "#1f6f43"

CSS = """
<style>
.m3-felt { background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 18px; padding: 0.9rem 0.7rem; margin: 0.3rem 0 0.6rem;
  box-shadow: inset 0 0 24px rgba(0,0,0,0.35); color: #fdfbf3; }
.m3-row { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.6rem 0.5rem; }
.m3-slot { display: flex; flex-direction: column; align-items: center; }
.m3-card { position: relative; width: 4.6rem; height: 6.5rem; background: #fff;
  border-radius: 0.5rem; border: 1px solid #d7d2c4; flex: none;
  box-shadow: 0 3px 8px rgba(0,0,0,0.35); font-family: Georgia, "Times New Roman", serif; }
.m3-card.m3-small { width: 3.4rem; height: 4.8rem; }
.m3-card.m3-dim { filter: grayscale(0.6) brightness(0.8); }
.m3-corner { position: absolute; top: 0.25rem; left: 0.35rem; display: flex;
  flex-direction: column; align-items: center; line-height: 1; font-weight: 700; }
.m3-corner .m3-rank { font-size: 1.05rem; }
.m3-corner .m3-suit { font-size: 0.9rem; }
.m3-corner.m3-flip { top: auto; left: auto; bottom: 0.25rem; right: 0.35rem;
  transform: rotate(180deg); }
.m3-pip { position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; font-size: 2.4rem; line-height: 1; }
.m3-small .m3-pip { font-size: 1.7rem; }
.m3-small .m3-corner .m3-rank { font-size: 0.85rem; }
.m3-small .m3-corner.m3-flip { display: none; }
.m3-badge { position: absolute; top: -0.4rem; right: -0.4rem; min-width: 1.5rem;
  height: 1.5rem; padding: 0 0.25rem; border-radius: 0.75rem; background: #1f6f43;
  color: #fff; font: 700 0.72rem/1.5rem system-ui, sans-serif; text-align: center;
  border: 2px solid #fff; box-shadow: 0 1px 3px rgba(0,0,0,0.4); }
.m3-badge.m3-kali { background: #b8860b; }
.m3-caption { margin-top: 0.3rem; color: #fdfbf3; font-size: 0.75rem; text-align: center; }
.m3-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr));
  gap: 0.45rem; margin-bottom: 0.7rem; }
.m3-seat { background: rgba(0,0,0,0.22); border-radius: 10px; padding: 0.4rem 0.55rem;
  font-size: 0.82rem; line-height: 1.35; border: 2px solid transparent; }
.m3-seat.m3-turn { border-color: #f3d77a; box-shadow: 0 0 10px rgba(243,215,122,0.6); }
.m3-seat.m3-me { background: rgba(255,255,255,0.16); }
.m3-seat b { font-size: 0.9rem; }
.m3-tag { display: inline-block; border-radius: 6px; padding: 0 0.3rem; margin-left: 0.2rem;
  font-size: 0.7rem; font-weight: 700; background: #f3d77a; color: #3a2c00; }
.m3-tag.m3-b { background: #9ec5ff; color: #0b2a55; }
.m3-tag.m3-bid { background: #fff; color: #1f6f43; }
.m3-trick { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem;
  min-height: 5.8rem; align-items: flex-end; }
.m3-played { display: flex; flex-direction: column; align-items: center; font-size: 0.72rem; }
.m3-played.m3-win .m3-card { outline: 3px solid #f3d77a; }
.m3-facts { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; justify-content: center;
  font-size: 0.85rem; margin: 0.2rem 0 0.5rem; }
.m3-now { background: #fff8dc; border-left: 5px solid #b8860b; border-radius: 8px;
  padding: 0.5rem 0.8rem; margin: 0.3rem 0 0.6rem; color: #3a2c00; }
.m3-now.m3-yours { background: #e3f6e9; border-left-color: #1f6f43; color: #123d25;
  font-weight: 600; }
.m3-table { border-collapse: collapse; margin: 0.2rem 0 0.8rem; min-width: 14rem; }
.m3-table th, .m3-table td { padding: 0.3rem 0.9rem 0.3rem 0; border-bottom: 1px solid #d7d2c4;
  text-align: left; }
.m3-table td.m3-num, .m3-table th.m3-num { text-align: right; font-variant-numeric: tabular-nums; }
@media (max-width: 640px) {
  .m3-card { width: 3.6rem; height: 5.1rem; }
  .m3-pip { font-size: 1.9rem; }
  .m3-card.m3-small { width: 2.9rem; height: 4.1rem; }
  .m3-seats { grid-template-columns: repeat(2, 1fr); }
}
</style>
"""


def card_face(c: int, small: bool = False, dim: bool = False, marked: bool = False) -> str:
    """One white card: rank and suit corners, a big suit, a point badge if it scores."""
    text = cards.label(c)
    if c == cards.JOKER:
        symbol, rank, colour = "★", "JK", cards.JOKER_COLOUR
    else:
        symbol = cards.SUIT_SYMBOLS[cards.SUIT[c]]
        rank = text.removesuffix(symbol)
        colour = cards.SUIT_COLOURS[cards.SUIT[c]]
    worth = cards.POINTS[c]
    corner = (
        f'<span class="m3-rank">{escape.html(rank)}</span><span class="m3-suit">{symbol}</span>'
    )
    badge = ""
    if worth:
        kind = " m3-kali" if c == cards.KALI_TIDI else ""
        badge = f'<span class="m3-badge{kind}">{worth}</span>'
    classes = (
        "m3-card"
        + (" m3-small" if small else "")
        + (" m3-dim" if dim else "")
        + (" m3-out" if marked else "")
    )
    return (
        f'<div class="{classes}" role="img" aria-label="{escape.html(text)}, {worth} points" '
        f'data-card="{cards.NAME[c]}" data-points="{worth}" style="color:{colour}">'
        f'<div class="m3-corner">{corner}</div>'
        f'<div class="m3-pip">{symbol}</div>'
        f'<div class="m3-corner m3-flip">{corner}</div>'
        f"{badge}</div>"
    )


def card_row(ids: Sequence[int], small: bool = False) -> str:
    return '<div class="m3-row">' + "".join(card_face(c, small) for c in ids) + "</div>"


def _team_tag(view: PlayerView, seat: int) -> str:
    if view.teams:
        team = view.teams[seat]
        return f'<span class="m3-tag{" m3-b" if team else ""}">{"AB"[team]}</span>'
    if view.bidder == seat:
        return '<span class="m3-tag m3-bid">bidder</span>'
    if seat in view.partners:
        return '<span class="m3-tag">partner</span>'
    return ""


def seats_html(view: PlayerView, names: Sequence[str]) -> str:
    """Every seat: name, team or role, cards left, points and tricks taken, whose turn."""
    tiles = []
    for seat, name in enumerate(names):
        classes = "m3-seat"
        if seat == view.to_act:
            classes += " m3-turn"
        if seat == view.seat:
            classes += " m3-me"
        marks = []
        if seat == view.first_bidder:
            marks.append("opened the bidding")
        if view.bidder == seat and view.bid is not None and view.phase != "bidding":
            marks.append(f"bid {view.bid}")
        last = [amount for s, amount in view.auction if s == seat]
        if view.phase == "bidding" and last:
            marks.append("passed" if last[-1] is None else f"bid {last[-1]}")
        you = " (you)" if seat == view.seat else ""
        tiles.append(
            f'<div class="{classes}" data-seat="{seat}"><b>{escape.html(name)}</b>{you}'
            f"{_team_tag(view, seat)}<br>"
            f"{view.hand_counts[seat]} cards · {view.points[seat]} pts · "
            f"{view.tricks_taken[seat]} tricks"
            + (f"<br><i>{escape.html(', '.join(marks))}</i>" if marks else "")
            + "</div>"
        )
    return '<div class="m3-seats">' + "".join(tiles) + "</div>"


def trick_html(trick: TrickView, names: Sequence[str], final: bool = False) -> str:
    """A trick laid out in play order with who played each card."""
    if not trick.cards:
        return '<div class="m3-trick"><i>The table is clear.</i></div>'
    parts = []
    for seat, c in zip(trick.seats, trick.cards, strict=True):
        win = " m3-win" if trick.winner == seat else ""
        parts.append(
            f'<div class="m3-played{win}">{card_face(c, small=True)}'
            f"<span>{escape.html(names[seat])}</span></div>"
        )
    label = "won" if final else "winning"
    winner = (
        f'<div class="m3-caption">{escape.html(names[trick.winner])} {label} · '
        f"{trick.points} pts</div>"
        if trick.winner is not None
        else ""
    )
    return f'<div class="m3-trick">{"".join(parts)}</div>{winner}'


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A small static table (names escaped); numbers line up on the right."""

    def cell(tag: str, value: object) -> str:
        numeric = isinstance(value, int | float) or (tag == "th" and value != header[0])
        css = ' class="m3-num"' if numeric else ""
        return f"<{tag}{css}>{escape.html(str(value))}</{tag}>"

    head = "".join(cell("th", h) for h in header)
    body = "".join("<tr>" + "".join(cell("td", v) for v in row) + "</tr>" for row in rows)
    return f'<table class="m3-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def facts_html(view: PlayerView, names: Sequence[str]) -> str:
    """Trump, bid and bidder, the call, the points of each side and points still out."""
    facts = []
    if view.trump is not None:
        suit = view.trump
        facts.append(
            f"Trump <b style='color:#fff'>{cards.SUIT_SYMBOLS[suit]} "
            f"{cards.SUIT_NAMES[suit].title()}</b>"
        )
    if view.bid is not None and view.bidder is not None:
        facts.append(f"Bid <b>{view.bid}</b> by {escape.html(names[view.bidder])}")
    elif view.high_bid is not None and view.high_bidder is not None:
        facts.append(f"High bid <b>{view.high_bid}</b> by {escape.html(names[view.high_bidder])}")
    if view.called:
        facts.append("Called " + " ".join(cards.label(c) for c in view.called))
    if view.bidding_side:
        facts.append(
            f"Bidding side <b>{view.side_points[0]}</b> · Defenders <b>{view.side_points[1]}</b>"
        )
    facts.append(f"Points still out <b>{view.points_out}</b>")
    return '<div class="m3-facts">' + "".join(f"<span>{f}</span>" for f in facts) + "</div>"


REPLAY_CSS = """
<style>
.m3-hands { display: grid; gap: 0.45rem; margin-top: 0.7rem;
  grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); }
@media (max-width: 640px) { .m3-hands { grid-template-columns: 1fr; } }
.m3-hand { background: rgba(0,0,0,0.22); border-radius: 10px; padding: 0.35rem 0.5rem; }
.m3-hand .m3-row { justify-content: flex-start; gap: 0.25rem; margin-top: 0.25rem; }
.m3-hand .m3-card.m3-small { width: 2.6rem; height: 3.7rem; }
.m3-hand .m3-small .m3-pip { font-size: 1.3rem; }
.m3-hand .m3-card.m3-out { outline: 3px solid #f3d77a; transform: translateY(-0.2rem); }
.m3-hand.m3-won { border: 2px solid #f3d77a; }
</style>
"""


def replay_html(
    step: TrickStep | None,
    hands: Sequence[Sequence[int]],
    names: Sequence[str],
    roles: Sequence[str],
    points: Sequence[int],
) -> str:
    """One moment of a replayed round, every hand face up: before ``step``'s trick, with it.

    ``roles`` tags each seat (bidder, partner, team...); ``step`` is ``None`` for the deal.
    """
    played = dict(zip(step.seats, step.cards, strict=True)) if step else {}
    tiles = []
    for seat, hand in enumerate(hands):
        faces = []
        marked = False
        for c in hand:
            out = not marked and played.get(seat) == c
            marked = marked or out
            faces.append(card_face(c, small=True, marked=out))
        won = " m3-won" if step is not None and step.winner == seat else ""
        tag = f'<span class="m3-tag">{escape.html(roles[seat])}</span>' if roles[seat] else ""
        tiles.append(
            f'<div class="m3-hand{won}" data-seat="{seat}"><b>{escape.html(names[seat])}</b>{tag}'
            f" · {points[seat]} pts"
            f'<div class="m3-row">{"".join(faces) or "<i>no cards</i>"}</div></div>'
        )
    trick = ""
    if step is not None:
        parts = [
            f'<div class="m3-played{" m3-win" if seat == step.winner else ""}">'
            f"{card_face(c, small=True)}<span>{escape.html(names[seat])}</span></div>"
            for seat, c in zip(step.seats, step.cards, strict=True)
        ]
        trick = (
            f'<div class="m3-trick">{"".join(parts)}</div><div class="m3-caption">'
            f"Trick {step.number}: {escape.html(names[step.winner])} won · "
            f"{cards.points(step.cards)} pts</div>"
        )
    return (
        f'{REPLAY_CSS}<div class="m3-felt">{trick}<div class="m3-hands">{"".join(tiles)}</div>'
        f"</div>"
    )

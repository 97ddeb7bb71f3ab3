"""Card faces and small tables, in HTML and CSS, the same on every screen.

A card looks the same wherever it appears: in front of a seat on the felt, in
the replay, on the home page, and in the player's hand, where each card is a
Streamlit button whose label block is drawn as the very same face (rank over
suit in the top-left corner, the suit large in the middle, a point badge
under the corner so it still shows when cards overlap). The button is the
still click area; only the face inside it lifts under the pointer.

Everything here is plain HTML built from player views (never the game state),
so a page shows only what its seat may see. User text goes through
``escape.html``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from core.pieces import cards as pieces
from ui import escape

FELT = "#1f6f43"
#: Suit letters used in widget keys (``J`` for a joker), so CSS can colour a card button.
KEY_SUIT = (*pieces.SUITS, "J")
#: Each suit's colour (R4) through a variable a player's two-colour choice sets (SPEC A5).
_COLOURS = (
    *(f"var(--m3-suit-{s}, {c})" for s, c in zip(pieces.SUITS, pieces.SUIT_COLOURS, strict=True)),
    pieces.JOKER_COLOUR,
)
_SYMBOLS = (*pieces.SUIT_SYMBOLS, "★")
#: A hand's card button: live (key ``play-…``) or dimmed (``dim-…``, a card that may not be
#: played now but still taps, so the rules can say why); both draw the same face.
_LIVE = 'div[class*="st-key-play-"]'
_DIM = "div:is(" + ", ".join(f'[class*="st-key-dim-{s}-p"]' for s in KEY_SUIT) + ")"
_CARD = (
    "div:is("
    + ", ".join(['[class*="st-key-play-"]', *(f'[class*="st-key-dim-{s}-p"]' for s in KEY_SUIT)])
    + ")"
)
_BUTTONS = (_CARD, 'div[class*="st-key-pick-"]')
_FACE = " button [data-testid='stMarkdownContainer']"

CARD_CSS = (
    (
        """
<style>
:root { --m3-cw: 4.4rem; --m3-ch: 6.2rem; --m3-small-w: 2.9rem; --m3-small-h: 4.1rem; }
@media (max-width: 640px) {
  :root { --m3-cw: 3.5rem; --m3-ch: 4.9rem; --m3-small-w: 2.35rem; --m3-small-h: 3.3rem; }
}
.m3-card { position: relative; flex: none; box-sizing: border-box;
  width: var(--m3-cw); height: var(--m3-ch); }
.m3-card.m3-small { width: var(--m3-small-w); height: var(--m3-small-h); }
.m3-card, %CARD% button [data-testid="stMarkdownContainer"],
div[class*="st-key-pick-"] button [data-testid="stMarkdownContainer"] {
  background: #fffdf7; border: 1px solid #cfc7b2; border-radius: 0.45rem;
  box-shadow: 0 2px 6px rgba(0,0,0,0.35); color: var(--m3-suit, #111);
  font-family: Georgia, "Times New Roman", serif; }
.m3-corner { position: absolute; top: 0.2rem; left: 0.25rem; width: 1.2em;
  text-align: center; font-weight: 700; line-height: 1.02; font-size: 1rem; }
.m3-pip { position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; font-size: calc(var(--m3-cw) * 0.5); line-height: 1;
  padding-left: 0.6rem; }
.m3-small .m3-corner { font-size: 0.78rem; top: 0.12rem; left: 0.15rem; }
.m3-small .m3-pip { font-size: calc(var(--m3-small-w) * 0.5); }
.m3-badge, %CARD% button [data-testid="stMarkdownContainer"]::after {
  position: absolute; left: 0.22rem; top: 2.35rem; min-width: 1.15rem; height: 1.15rem;
  padding: 0 0.16rem; box-sizing: border-box; border-radius: 0.6rem; background: #1f6f43;
  color: #fff; font: 700 0.62rem/1.15rem system-ui, sans-serif; text-align: center;
  box-shadow: 0 0 0 1.5px #fff; }
.m3-small .m3-badge { top: auto; bottom: 0.18rem; left: auto; right: 0.18rem;
  min-width: 1rem; height: 1rem; font-size: 0.55rem; line-height: 1rem; }
.m3-badge.m3-gold { background: #b8860b; }
.m3-card.m3-dim { filter: grayscale(0.6) brightness(0.8); }
.m3-card.m3-out { outline: 3px solid #f3d77a; }
@media (max-width: 640px) {
  .m3-corner { font-size: 0.88rem; }
  .m3-badge, %CARD% button [data-testid="stMarkdownContainer"]::after {
    top: 1.95rem; left: 0.16rem; }
}

/* A card button: a still click area the size of the card; its label block is the face. */
%CARD% button, div[class*="st-key-pick-"] button {
  position: relative; width: var(--m3-cw); height: var(--m3-ch); min-height: 0;
  padding: 0; margin: 0; border: none; background: transparent; box-shadow: none;
  display: block; }
%CARD% button [data-testid="stMarkdownContainer"],
div[class*="st-key-pick-"] button [data-testid="stMarkdownContainer"] {
  position: absolute; inset: 0; pointer-events: none; transition: transform 0.12s ease-out; }
%CARD% button p {
  position: absolute; top: 0.2rem; left: 0.25rem; width: 1.2em; margin: 0;
  white-space: normal; word-spacing: 100vw; text-align: center; font-weight: 700;
  line-height: 1.02; font-size: 1rem; font-family: Georgia, "Times New Roman", serif; }
%CARD% button [data-testid="stMarkdownContainer"]::before {
  position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
  padding-left: 0.6rem; font-size: calc(var(--m3-cw) * 0.5); line-height: 1; }
%LIVE% button:not(:disabled):hover [data-testid="stMarkdownContainer"],
%LIVE% button:not(:disabled):focus-visible [data-testid="stMarkdownContainer"] {
  transform: translateY(-0.45rem); border-color: #1f6f43;
  box-shadow: 0 6px 12px rgba(0,0,0,0.35); }
%CARD% button:disabled { cursor: default; opacity: 1; }
/* A card that may not be played now: dimmed, yet a tap asks the rules why. */
%DIM% button [data-testid="stMarkdownContainer"] { filter: grayscale(0.55) brightness(0.78); }
@media (max-width: 640px) {
  %CARD% button p { font-size: 0.88rem; }
}

/* A card to pick in a grid (a choice of cards): rank and suit in the middle. */
div[class*="st-key-pick-"] button { width: 100%; height: 2.6rem; }
div[class*="st-key-pick-"] button p { margin: 0; font: 700 0.95rem/1 Georgia, serif;
  color: var(--m3-suit); white-space: nowrap; }
div[class*="st-key-pick-"] button [data-testid="stMarkdownContainer"] {
  display: flex; align-items: center; justify-content: center; border-radius: 0.35rem; }
div[class*="st-key-pick-"][class*="-on"] button [data-testid="stMarkdownContainer"] {
  background: #f3d77a; border-color: #b8860b; box-shadow: 0 0 0 2px #b8860b; }
div[class*="st-key-pick-"] button:disabled [data-testid="stMarkdownContainer"] {
  opacity: 0.4; }
"""
        + "".join(
            f'{sel}[class*="-{KEY_SUIT[i]}-p"] {{ --m3-suit: {colour}; }}'
            f'div:is([class*="st-key-play-{KEY_SUIT[i]}-"], [class*="st-key-dim-{KEY_SUIT[i]}-p"])'
            f'{_FACE}::before {{ content: "{symbol}"; }}'
            for i, (colour, symbol) in enumerate(zip(_COLOURS, _SYMBOLS, strict=True))
            for sel in _BUTTONS
        )
        + "</style>"
    )
    .replace("%LIVE%", _LIVE)
    .replace("%DIM%", _DIM)
    .replace("%CARD%", _CARD)
)


def badge_css(points: Iterable[int], gold: int | None = None) -> str:
    """The point badges of a game's card buttons (the widget key carries ``-p<points>-``).

    A game whose cards score draws these with its hand; ``gold`` marks its special card.
    """
    return (
        "<style>"
        + "".join(
            f'{_CARD}[class*="-p{p}-"]{_FACE}::after '
            f'{{ content: "{p}";{" background: #b8860b;" if p == gold else ""} }}'
            for p in sorted(set(points) - {0})
        )
        + "</style>"
    )


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]], box: str = "m3-fit") -> str:
    """A static table (names escaped) in a box of class ``box`` that scrolls sideways when the
    table is wider than the page, so the page never does (A9); numbers line up on the right."""

    def cell(tag: str, value: object) -> str:
        numeric = isinstance(value, int | float) or (tag == "th" and value != header[0])
        css = ' class="m3-num"' if numeric else ""
        return f"<{tag}{css}>{escape.html(str(value))}</{tag}>"

    head = "".join(cell("th", h) for h in header)
    body = "".join("<tr>" + "".join(cell("td", v) for v in row) + "</tr>" for row in rows)
    return (
        f'<div class="{box}"><table class="m3-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def result_html(title: str, body: str, kind: str = "") -> str:
    """A finished round's box: its ``title`` (plain text) over ``body`` (trusted HTML), in
    every game's look; ``kind`` adds classes of the game's own."""
    css = f"m3-result {kind}" if kind else "m3-result"
    return f'<div class="{css}"><h3>{escape.html(title)}</h3>{body}</div>'


CSS = (
    CARD_CSS
    + """
<style>
.m3-row { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.6rem 0.5rem; }
.m3-trick { display: flex; flex-wrap: wrap; justify-content: center; gap: 0.5rem;
  min-height: 4.5rem; align-items: flex-end; }
.m3-played { display: flex; flex-direction: column; align-items: center; font-size: 0.72rem; }
.m3-played.m3-win .m3-card { outline: 3px solid #f3d77a; }
.m3-caption { margin-top: 0.3rem; color: #fdfbf3; font-size: 0.75rem; text-align: center; }
.m3-tag { display: inline-block; border-radius: 6px; padding: 0 0.3rem; margin-left: 0.2rem;
  font-size: 0.7rem; font-weight: 700; background: #f3d77a; color: #3a2c00; }
.m3-facts { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; justify-content: center;
  font-size: 0.85rem; margin: 0.2rem 0 0.5rem; }
.m3-fit { overflow-x: auto; max-width: 100%; }
.m3-table { border-collapse: collapse; margin: 0.2rem 0 0.8rem; min-width: min(14rem, 100%); }
.m3-table th, .m3-table td { padding: 0.3rem 0.9rem 0.3rem 0; border-bottom: 1px solid #d7d2c4;
  text-align: left; }
.m3-table td.m3-num, .m3-table th.m3-num { text-align: right; font-variant-numeric: tabular-nums; }
/* A table of figures in a box of its own: a wide or long one scrolls inside it, the page never
   sideways (A9); the header and the first column stay in view. */
.m3-scroll { overflow: auto; max-width: 100%; max-height: 26rem; }
.m3-scroll .m3-table { font-size: 0.9rem; white-space: nowrap; }
.m3-scroll .m3-table th { position: sticky; top: 0; background: #f7f5ef; white-space: normal;
  vertical-align: bottom; line-height: 1.2; }
.m3-scroll .m3-table th, .m3-scroll .m3-table td { padding-right: 0.7rem; }
.m3-scroll .m3-table th:first-child, .m3-scroll .m3-table td:first-child { position: sticky;
  left: 0; background: #f7f5ef; }
.m3-scroll .m3-table th:first-child { z-index: 1; }
@media (max-width: 640px) {
  .m3-scroll .m3-table { font-size: 0.82rem; }
  .m3-scroll .m3-table th, .m3-scroll .m3-table td { padding-right: 0.45rem; }
  .m3-scroll .m3-table th:first-child, .m3-scroll .m3-table td:first-child { max-width: 9rem;
    overflow: hidden; text-overflow: ellipsis; }
}
</style>
"""
)

REPLAY_CSS = """
<style>
.m3-replay { background: radial-gradient(ellipse at center, #2a8554 0%, #1f6f43 60%, #165634 100%);
  border-radius: 18px; padding: 0.9rem 0.7rem; margin: 0.3rem 0 0.6rem; color: #fdfbf3;
  box-shadow: inset 0 0 24px rgba(0,0,0,0.35); }
.m3-hands { display: grid; gap: 0.45rem; margin-top: 0.7rem;
  grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); }
@media (max-width: 640px) { .m3-hands { grid-template-columns: 1fr; } }
.m3-hand { background: rgba(0,0,0,0.22); border-radius: 10px; padding: 0.35rem 0.5rem; }
.m3-hand .m3-row { justify-content: flex-start; gap: 0.25rem; margin-top: 0.25rem; }
.m3-hand .m3-card.m3-out { transform: translateY(-0.2rem); }
.m3-hand.m3-won { border: 2px solid #f3d77a; }
</style>
"""


# ---------------------------------------------------------------- cards as pieces (any game)


def _piece_parts(c: int) -> tuple[str, str, str, str]:
    """(rank text, symbol, key suit letter, colour) of a piece card (``core.pieces.cards``)."""
    if c in pieces.JOKERS:
        rank = {pieces.BIG_JOKER: "BJ", pieces.LITTLE_JOKER: "LJ"}.get(c, "JK")
        return rank, "★", "J", pieces.JOKER_COLOUR
    suit = pieces.SUIT[c]
    rank = pieces.RANKS[pieces.RANK[c]]
    shown = "10" if rank == "T" else rank
    return shown, pieces.SUIT_SYMBOLS[suit], pieces.SUITS[suit], _COLOURS[suit]


def piece_label(c: int) -> str:
    """A hand button's label for a card (the corner stacks rank over suit)."""
    rank, symbol, _, _ = _piece_parts(c)
    return f"{rank} {symbol}"


def piece_key(prefix: str, c: int, index: int, points: int = 0) -> str:
    """A widget key the card CSS draws a face from: suit, point badge (0: none), name."""
    _, _, suit, _ = _piece_parts(c)
    return f"{prefix}-{suit}-p{points}-{pieces.NAME[c]}-{index}"


def piece_face(
    c: int,
    small: bool = False,
    dim: bool = False,
    marked: bool = False,
    points: int | None = None,
    gold: bool = False,
) -> str:
    """One card: rank over suit in the corner, the suit large, a point badge if it scores.

    ``points`` is what the card is worth in a game that counts them (said in its
    label, badged when not 0, ``gold`` for a special card). A screen reader hears the
    card's name in words ("King of hearts", SPEC A5).
    """
    rank, symbol, _, colour = _piece_parts(c)
    classes = (
        "m3-card"
        + (" m3-small" if small else "")
        + (" m3-dim" if dim else "")
        + (" m3-out" if marked else "")
    )
    said = escape.html(pieces.words(c))
    worth = badge = ""
    if points is not None:
        said += f", {points} points"
        worth = f' data-points="{points}"'
        if points:
            badge = f'<span class="m3-badge{" m3-gold" if gold else ""}">{points}</span>'
    return (
        f'<div class="{classes}" role="img" aria-label="{said}" data-card="{pieces.NAME[c]}"'
        f'{worth} style="--m3-suit:{colour}">'
        f'<span class="m3-corner">{rank}<br>{symbol}</span>'
        f'<span class="m3-pip">{symbol}</span>{badge}</div>'
    )

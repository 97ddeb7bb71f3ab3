"""Domino tiles drawn as SVG: pips on an ivory face, never digits, readable on a phone.

The set is double-six without blanks except the double blank: 22 tiles named
``"a-b"`` with the high end first (``"6-4"``, ``"5-5"``, ``"0-0"``). A tile is
drawn in a 100 x 200 viewBox (upright, high end on top) and turned a quarter
counter-clockwise to lie on its side (high end left), so it scales to whatever
box CSS gives it. A trump tile gets a gold border, an amber tint on the half
(or halves) showing the trump number, and a gold star on its divider, so it
stands out at hand size without reading a single pip.

In a hand each tile is a Streamlit button: ``button_css`` draws the tile as
the button's picture and keeps its label for screen readers; ``TILE_CSS``
holds the sizes. Both are plain CSS for the caller to put in one ``<style>``.
No element ids are used, so any number of tiles can share a page. The ``<svg>``
carries class ``md-face`` (plus ``md-trump`` or ``md-back``), pips ``md-pip``:
names apart from the ``md-tile`` box a page sizes around it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from urllib.parse import quote

from core.pieces import dominoes

#: Every tile of the set, high end first, doubles before the tiles they head.
TILES: tuple[str, ...] = (
    *(f"{high}-{low}" for high in range(6, 0, -1) for low in range(high, 0, -1)),
    "0-0",
)
_ENDS: dict[str, tuple[int, int]] = {name: (int(name[0]), int(name[2])) for name in TILES}

#: Hand tile sizes (upright) and the smaller tiles shown on the table; plain CSS.
TILE_CSS = """
:root { --md-tw: 2.9rem; --md-th: 5.8rem; --md-small-w: 2.1rem; --md-small-h: 4.2rem; }
@media (max-width: 640px) {
  :root { --md-tw: 2.5rem; --md-th: 5rem; --md-small-w: 1.8rem; --md-small-h: 3.6rem; }
}
"""

_FACE = "#fbf6e6"
_EDGE = "#2a2520"
_PIP = "#141210"
_GOLD = "#d39200"
_TINT = "#ffd766"
_BACK = "#1f2d4a"
_BACK_MARK = "#3b5683"

# Pip centres in one 100 x 100 half, in the standard layouts (upright: a six is
# two columns of three, a two and a three run corner to corner).
_NEAR, _MID, _FAR = 26, 50, 74
_LAYOUTS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((_MID, _MID),),
    ((_FAR, _NEAR), (_NEAR, _FAR)),
    ((_FAR, _NEAR), (_MID, _MID), (_NEAR, _FAR)),
    ((_NEAR, _NEAR), (_FAR, _NEAR), (_NEAR, _FAR), (_FAR, _FAR)),
    ((_NEAR, _NEAR), (_FAR, _NEAR), (_MID, _MID), (_NEAR, _FAR), (_FAR, _FAR)),
    tuple((x, y) for y in (_NEAR, _MID, _FAR) for x in (_NEAR, _FAR)),
)
_PIP_R = 9.5


def _star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    """The points of a five-pointed star standing on two legs."""
    corners = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / 5 - math.pi / 2
        corners.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(corners)


# The star sits on the divider, where no layout puts a pip, so it never hides one.
_STAR = (
    f'<circle class="md-star" cx="50" cy="100" r="17" fill="{_GOLD}" stroke="{_EDGE}" '
    f'stroke-width="2.5"/><polygon points="{_star_points(50, 100.8, 12.5, 5.2)}" fill="#fff"/>'
)


def _ends(name: str) -> tuple[int, int]:
    """The (high, low) ends of a tile name, refusing anything not in the set."""
    if not isinstance(name, str) or name not in _ENDS:
        raise ValueError(f"not a tile of the set: {name!r}")
    return _ENDS[name]


def _trump_halves(high: int, low: int, trump: int | str | None) -> tuple[bool, bool]:
    """Which halves (top, bottom) show trump under the hand's trump."""
    if trump is None or trump == "none":
        return False, False
    if trump == "doubles":
        return (high == low,) * 2
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump <= 6:
        return high == trump, low == trump
    raise ValueError(f"trump must be 0-6, 'doubles', 'none' or None, not {trump!r}")


def _outline(fill: str, stroke: str, width: float) -> str:
    """The tile's rounded body, inset by half its border so the border is never clipped."""
    inset = width / 2 + 0.5
    return (
        f'<rect x="{inset}" y="{inset}" width="{100 - 2 * inset}" height="{200 - 2 * inset}" '
        f'rx="13" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
    )


def _frame(body: str, classes: str, label: str | None, upright: bool) -> str:
    """The outer ``<svg>``: turned on its side unless upright; titled or hidden from readers."""
    if upright:
        box = "0 0 100 200"
    else:
        box = "0 0 200 100"
        body = f'<g transform="translate(0 100) rotate(-90)">{body}</g>'
    named = 'role="img"' if label is not None else 'aria-hidden="true"'
    title = f"<title>{label}</title>" if label is not None else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}" viewBox="{box}" '
        f'width="100%" height="100%" {named}>{title}{body}</svg>'
    )


def svg(
    name: str, trump: int | str | None = None, *, upright: bool = True, title: bool = True
) -> str:
    """One tile face as an inline ``<svg>``; trump tiles are marked, the rest plain.

    ``trump`` is the hand's trump: a number 0-6 (tiles bearing it), ``"doubles"``
    (the seven doubles) or ``"none"``/``None``. Raises ``ValueError`` for a name
    or trump outside the set, so nothing unchecked reaches the page.
    """
    high, low = _ends(name)
    halves = _trump_halves(high, low, trump)
    is_trump = any(halves)
    edge, edge_width = (_GOLD, 8) if is_trump else (_EDGE, 4)
    parts = [_outline(_FACE, edge, edge_width)]
    parts += [
        f'<rect class="md-trump-half" x="11" y="{top + 11}" width="78" height="78" '
        f'rx="7" fill="{_TINT}"/>'
        for top, marked in ((0, halves[0]), (100, halves[1]))
        if marked
    ]
    parts.append(f'<line x1="12" y1="100" x2="88" y2="100" stroke="{_EDGE}" stroke-width="3"/>')
    for top, pips in ((0, high), (100, low)):
        parts += [
            f'<circle class="md-pip" cx="{x}" cy="{top + y}" r="{_PIP_R}" fill="{_PIP}"/>'
            for x, y in _LAYOUTS[pips]
        ]
    if is_trump:
        parts.append(_STAR)
    label = (dominoes.words(high, low) + (", trump" if is_trump else "")) if title else None
    classes = "md-face md-trump" if is_trump else "md-face"
    return _frame("".join(parts), classes, label, upright)


def back_svg(upright: bool = True) -> str:
    """A face-down tile (the widow, another seat's hand): a dark back with a diamond lattice."""
    diamonds = "".join(
        f'<polygon points="{x},{y - 6} {x + 6},{y} {x},{y + 6} {x - 6},{y}" fill="{_BACK_MARK}"/>'
        for row, y in enumerate(range(20, 181, 16))
        for x in range(26 if row % 2 else 18, 83, 16)
    )
    body = (
        _outline(_BACK, "#0c1322", 4)
        + f'<rect x="9" y="9" width="82" height="182" rx="9" fill="none" '
        f'stroke="{_BACK_MARK}" stroke-width="2"/>{diamonds}'
    )
    return _frame(body, "md-face md-back", "face-down tile", upright)


def data_uri(svg_text: str) -> str:
    """An SVG as a CSS ``url(...)`` value, percent-encoded so it survives a ``<style>`` block."""
    return f'url("data:image/svg+xml,{quote(svg_text, safe=" /:=;,.()")}")'


_KEY = re.compile(r"[A-Za-z0-9_-]+")


def button_css(keys: Mapping[str, str], trump: int | str | None) -> str:
    """CSS drawing each keyed Streamlit button (key -> tile name) as its tile; no ``<style>``.

        The tile is painted on the button's ``::before`` layer, and only that layer
        lifts under the pointer: the button stays a still click area, so its edge
        never slides out from under a hovering finger. The label stays in the page
        for screen readers but is hidden from view. A key starting ``dim-`` is a tile
    that may not be played now: drawn dimmed like a disabled one, but still a
    button. The button's own box is cleared
        with ``!important``: Streamlit paints pressed and disabled buttons from
        state rules (``:active``, ``:disabled:hover``) that outrank any plain
        selector, and would flash a coloured box behind the tile. Raises ``ValueError`` for a key
        Streamlit would rename or a tile outside the set.
    """
    if not keys:
        return ""
    bad = [key for key in keys if not _KEY.fullmatch(key)]
    if bad:
        raise ValueError(f"widget keys must be letters, digits, '-' or '_': {bad!r}")
    by_tile: dict[str, list[str]] = {}
    for key, name in keys.items():
        by_tile.setdefault(name, []).append(f"div.st-key-{key} button")
    buttons = [button for group in by_tile.values() for button in group]

    # A dimmed tile (key ``dim-…``) taps to hear why it may not be played; it never lifts.
    dimmed = [f"div.st-key-{key} button" for key in keys if key.startswith("dim-")]
    lifting = [button for button in buttons if button not in dimmed]

    def every(suffix: str, group: list[str] = buttons) -> str:
        return ", ".join(button + suffix for button in group)

    rules = [
        f"{every('')} {{ position: relative; width: var(--md-tw); height: var(--md-th); "
        "min-height: 0; padding: 0; margin: 0; border: none !important; "
        "background: transparent !important; box-shadow: none !important; }",
        f"{every('::before')} {{ content: ''; position: absolute; inset: 0; "
        "background: center / contain no-repeat; pointer-events: none; "
        "filter: drop-shadow(0 2px 3px rgba(0,0,0,0.35)); transition: transform 0.12s ease-out; }",
        f"{every(' p')} {{ position: absolute; width: 1px; height: 1px; margin: -1px; "
        "padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }",
        f"{every(':not(:disabled):hover::before', lifting)}, "
        f"{every(':focus-visible::before', lifting)} {{ transform: translateY(-0.35rem); }}",
        f"{every(':focus-visible')} {{ outline: 2px solid #f3d77a; outline-offset: 2px; }}",
        f"{every(':disabled')} {{ opacity: 0.45; cursor: default; }}",
    ]
    if dimmed:
        rules.append(f"{every('', dimmed)} {{ opacity: 0.45; }}")
    rules += [
        f"{every('::before', group)} {{ background-image: "
        f"{data_uri(svg(name, trump, title=False))}; }}"
        for name, group in by_tile.items()
    ]
    return "\n".join(rules) + "\n"

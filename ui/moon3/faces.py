"""Moon 3 of Spades' card faces: the shared faces with each card's points and Kali Tidi's gold.

Moon 3 numbers its cards its own way (``core.moon3.cards``); every face here is
the shared one (``ui.look``) of the card it stands for, with its point badge.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.moon3 import cards
from core.moon3.record import TrickStep
from ui import escape, look
from ui.look import REPLAY_CSS

#: The point badges of Moon 3's card buttons (Kali Tidi's in gold), drawn with its hand.
CSS = look.badge_css(cards.POINTS, gold=cards.POINTS[cards.KALI_TIDI])


def button_label(c: int) -> str:
    """A card button's label: rank and suit with a space, so the corner stacks them."""
    return look.piece_label(cards.piece(c))


def card_key(prefix: str, c: int, index: int) -> str:
    """A widget key that lets the CSS draw a card button's face (suit, points, name)."""
    return look.piece_key(prefix, cards.piece(c), index, cards.POINTS[c])


def card_face(c: int, small: bool = False, dim: bool = False, marked: bool = False) -> str:
    """One card with its point badge (Kali Tidi's in gold)."""
    return look.piece_face(
        cards.piece(c),
        small=small,
        dim=dim,
        marked=marked,
        points=cards.POINTS[c],
        gold=c == cards.KALI_TIDI,
    )


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
        f'{REPLAY_CSS}<div class="m3-replay">{trick}<div class="m3-hands">{"".join(tiles)}</div>'
        f"</div>"
    )

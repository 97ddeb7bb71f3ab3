"""Sets of pieces as bit masks: bit ``i`` is set while the set holds piece ``i``.

Games that deal cards or tiles as masks (Spades, Three-Player Moon, Thirteen)
follow suit, count and copy hands with a few integer operations; this lists a
mask's pieces when a record, a view or a bot needs them one by one.
"""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The piece ids of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

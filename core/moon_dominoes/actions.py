"""Three-Player Moon actions (SPEC M8): pass, bid, discard, trump and play.

Record forms: ``{"seat": 0, "type": "pass"}``, ``{"seat": 1, "type": "bid",
"amount": 5}``, ``{"seat": 1, "type": "discard", "tile": "3-1"}``,
``{"seat": 1, "type": "trump", "suit": 4}`` (or ``"doubles"``, ``"none"``)
and ``{"seat": 2, "type": "play", "tile": "6-4"}``. The actions the rules
offer are interned values, so offering them allocates nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from core import records
from core.games import Field, Moves
from core.moon_dominoes import tiles

PASS, BID, DISCARD, TRUMP, PLAY = "pass", "bid", "discard", "trump", "play"
SEATS = 3
#: A tile as a page sends it, high end first: ``"6-4"``.
_TILE = Field(text=3)
#: The moves a page sends (SPEC P8): a bid (4 to 7, or 21), a tile to discard or play, and
#: trump as a number 0–6, ``"doubles"`` or ``"none"``.
MOVES: Moves = {
    PASS: {},
    BID: {"amount": Field(number=(0, 21))},
    DISCARD: {"tile": _TILE},
    TRUMP: {"suit": Field(number=(0, 6), text=len("doubles"))},
    PLAY: {"tile": _TILE},
}


class BadAction(ValueError):
    """JSON that is not a Three-Player Moon action at all."""


class Action(NamedTuple):
    """One move: ``value`` is the bid, the tile id or the trump id (0 for a pass)."""

    seat: int
    kind: str
    value: int = 0

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat, "type": self.kind}
        if self.kind == BID:
            out["amount"] = self.value
        elif self.kind == TRUMP:
            out["suit"] = tiles.trump_name(self.value)
        elif self.kind in (DISCARD, PLAY):
            out["tile"] = tiles.NAME[self.value]
        return out

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Parse the record form; :class:`BadAction` says what is wrong."""
        data, seat, kind = records.action_opened(data, BadAction)
        if kind == PASS:
            return cls(seat, PASS)
        if kind == BID:
            amount = records.bid_amount(data, BadAction)
            return cls(seat, BID, amount)
        if kind in (DISCARD, PLAY):
            tile = records.named(tiles.parse, data.get("tile"), tiles.UnknownTile, BadAction)
            return cls(seat, str(kind), tile)
        if kind == TRUMP:
            trump = records.named(tiles.parse_trump, data.get("suit"), ValueError, BadAction)
            return cls(seat, TRUMP, trump)
        raise records.unknown_type(kind, BadAction)


PASSES = tuple(Action(s, PASS) for s in range(SEATS))
BIDS = tuple({amount: Action(s, BID, amount) for amount in (4, 5, 6, 7, 21)} for s in range(SEATS))
DISCARDS = tuple(tuple(Action(s, DISCARD, t) for t in range(tiles.COUNT)) for s in range(SEATS))
TRUMPS = tuple(tuple(Action(s, TRUMP, t) for t in tiles.TRUMPS) for s in range(SEATS))
PLAYS = tuple(tuple(Action(s, PLAY, t) for t in range(tiles.COUNT)) for s in range(SEATS))

#: The tiles of a mask are listed as actions half a mask at a time: ids below ``HALF``, then
#: the rest (see :class:`Listed`).
HALF = tiles.COUNT // 2


class Listed(dict[int, tuple[Action, ...]]):
    """The actions of every set of tiles in one half of a mask, made when first asked for and
    kept: at most 2,048 sets, so listing a hand's plays is two look-ups and one join."""

    def __init__(self, actions: tuple[Action, ...], low: int) -> None:
        super().__init__()
        self.actions = actions
        self.low = low

    def __missing__(self, half: int) -> tuple[Action, ...]:
        actions, low = self.actions, self.low
        ids = range(half.bit_length())
        found = self[half] = tuple([actions[low + t] for t in ids if half >> t & 1])
        return found


#: PLAY_SETS[seat]: the plays of the tiles of a mask ``m`` are ``low[m & LOW] + high[m >> HALF]``.
PLAY_SETS = tuple((Listed(PLAYS[s], 0), Listed(PLAYS[s], HALF)) for s in range(SEATS))
DISCARD_SETS = tuple((Listed(DISCARDS[s], 0), Listed(DISCARDS[s], HALF)) for s in range(SEATS))
LOW = (1 << HALF) - 1
#: BID_LISTS[seat][standing]: the pass, then every bid above ``standing`` (0 before a bid).
BID_LISTS = tuple(
    {high: (PASSES[s], *(BIDS[s][a] for a in BIDS[s] if a > high)) for high in (0, *BIDS[s])}
    for s in range(SEATS)
)

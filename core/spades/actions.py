"""Spades actions: a bid (0 is nil; blind nil is a bid of 0 marked blind) and a play.

Hand-record forms (SPEC S8): ``{"seat": 1, "type": "bid", "amount": 4}``,
``{"seat": 2, "type": "bid", "amount": 0, "blind": true}``,
``{"seat": 3, "type": "play", "card": "QH"}``. Actions offered by the rules
are interned values, so offering them allocates nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from core import records
from core.games import Field, Moves
from core.pieces import cards

BID = "bid"
PLAY = "play"
#: The most players and the largest hand of any Spades table (3 players, jokers: 18).
SEATS, MOST_CARDS = 5, 18
#: The moves a page sends (SPEC P8): a bid of 0 (nil) to a whole hand, blind where S4 allows
#: it, and a card by name (``"QH"``, ``"BJ"``; ``"10H"`` is read too).
MOVES: Moves = {
    BID: {"amount": Field(number=(0, MOST_CARDS)), "blind": Field(flag=True, optional=True)},
    PLAY: {"card": Field(text=3)},
}


class BadAction(ValueError):
    """JSON that is not a Spades action at all."""


class Action(NamedTuple):
    """One move: ``value`` is the bid amount or the card id."""

    seat: int
    kind: str
    value: int
    blind: bool = False

    def to_json(self) -> dict[str, object]:
        if self.kind == BID:
            out: dict[str, object] = {"seat": self.seat, "type": BID, "amount": self.value}
            if self.blind:
                out["blind"] = True
            return out
        return {"seat": self.seat, "type": PLAY, "card": cards.NAME[self.value]}

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Parse the hand-record form; :class:`BadAction` says what is wrong."""
        data, seat, kind = records.action_opened(data, BadAction)
        if kind == BID:
            amount = records.bid_amount(data, BadAction)
            blind = data.get("blind", False)
            if not isinstance(blind, bool):
                raise BadAction("blind must be true or false")
            if blind and amount != 0:
                raise BadAction("only a nil bid can be blind")
            return cls(seat, BID, amount, blind)
        if kind == PLAY:
            card = records.named(cards.parse, data.get("card"), cards.UnknownCard, BadAction)
            return cls(seat, PLAY, card)
        raise records.unknown_type(kind, BadAction)


BIDS = tuple(
    tuple(Action(s, BID, amount) for amount in range(MOST_CARDS + 1)) for s in range(SEATS)
)
BLIND_NILS = tuple(Action(s, BID, 0, True) for s in range(SEATS))
PLAYS = tuple(tuple(Action(s, PLAY, c) for c in range(len(cards.NAME))) for s in range(SEATS))

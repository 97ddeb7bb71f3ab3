"""Actions of a round: bid, pass, call, trump, play.

An action is an immutable value with two text forms: the hand-record JSON
object (``{"seat": 2, "type": "play", "card": "KH"}``) and a compact string
(``"2 play KH"``) for logs. The value of an action is the bid amount, the card
id, the suit index, a tuple of called card ids, or ``None`` for a pass.
Actions offered by ``legal_actions`` are interned, so offering one allocates
nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from core import records
from core.echo import echo
from core.games import Field, Moves
from core.moon3 import cards
from core.moon3.config import MAX_CALLS, MAX_PLAYERS

BID = "bid"
PASS = "pass"
CALL = "call"
TRUMP = "trump"
PLAY = "play"
KINDS = (BID, PASS, CALL, TRUMP, PLAY)

ActionValue = int | tuple[int, ...] | None

#: A card's name as a page sends it: ``"KH"``, ``"JK"`` (``"10H"`` is read too).
_CARD = Field(text=3)
#: The moves a page sends (SPEC P8): a bid's amount (two decks hold 500 points), the called
#: cards (H2: at most three), a suit letter, a card.
MOVES: Moves = {
    BID: {"amount": Field(number=(0, 2 * cards.POINTS_PER_DECK))},
    PASS: {},
    CALL: {"cards": Field(texts=(MAX_CALLS, _CARD.text))},
    TRUMP: {"suit": Field(text=1)},
    PLAY: {"card": _CARD},
}


class BadAction(ValueError):
    """Text or JSON that is not an action at all."""


class Action(NamedTuple):
    """One move of one seat."""

    seat: int
    kind: str
    value: ActionValue = None

    def to_json(self) -> dict[str, object]:
        """The hand-record form."""
        out: dict[str, object] = {"seat": self.seat, "type": self.kind}
        v = self.value
        if self.kind == BID:
            out["amount"] = v
        elif self.kind == CALL:
            assert isinstance(v, tuple)
            out["cards"] = cards.names(v)
        elif self.kind == TRUMP:
            assert isinstance(v, int)
            out["suit"] = cards.SUITS[v]
        elif self.kind == PLAY:
            assert isinstance(v, int)
            out["card"] = cards.NAME[v]
        return out

    def __str__(self) -> str:
        data = self.to_json()
        rest = [str(x) for k, x in data.items() if k not in ("seat", "type")]
        if self.kind == CALL:
            rest = [",".join(cards.names(self.value))] if isinstance(self.value, tuple) else []
        return " ".join([str(self.seat), self.kind, *rest])

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Parse the hand-record form; raises :class:`BadAction` saying what is wrong."""
        if not isinstance(data, dict):
            raise BadAction("an action must be a JSON object")
        kind = data.get("type")
        if kind not in KINDS:
            raise records.unknown_type(kind, BadAction)
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise BadAction("an action needs an integer seat")
        try:
            if kind == BID:
                return cls(seat, BID, records.bid_amount(data, BadAction))
            if kind == PASS:
                return cls(seat, PASS)
            if kind == CALL:
                called = data.get("cards")
                if not isinstance(called, list):
                    raise BadAction("a call needs a list of cards")
                return cls(seat, CALL, tuple(cards.parse(c) for c in called))
            if kind == TRUMP:
                suit = data.get("suit")
                if not isinstance(suit, str) or suit.strip().upper() not in tuple(cards.SUITS):
                    raise BadAction(f"unknown suit {echo(suit, 8)}: use S, H, C or D")
                return cls(seat, TRUMP, cards.SUITS.index(suit.strip().upper()))
            if "card" not in data:
                raise BadAction("a play needs a card")
            return cls(seat, PLAY, cards.parse(data["card"]))
        except cards.UnknownCard as exc:
            raise BadAction(str(exc)) from None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the compact string form (``"0 bid 130"``, ``"1 call AH,KD"``)."""
        parts = text.split()
        if len(parts) < 2 or not parts[0].isdigit():
            raise BadAction(f"not an action: {echo(text)}")
        data: dict[str, object] = {"seat": int(parts[0]), "type": parts[1]}
        arg = parts[2] if len(parts) > 2 else None
        if parts[1] == BID:
            data["amount"] = int(arg) if arg and arg.isdigit() else arg
        elif parts[1] == CALL:
            data["cards"] = arg.split(",") if arg else []
        elif parts[1] == TRUMP:
            data["suit"] = arg
        elif parts[1] == PLAY:
            data["card"] = arg
        return cls.from_json(data)


def _table(kind: str, values: range) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(s, kind, v) for v in values) for s in range(MAX_PLAYERS))


PASS_ACTIONS = tuple(Action(s, PASS) for s in range(MAX_PLAYERS))
#: BID_ACTIONS[seat][amount // 5]
BID_ACTIONS = _table(BID, range(0, 501, 5))
PLAY_ACTIONS = _table(PLAY, range(len(cards.ALL_IDS)))
TRUMP_ACTIONS = _table(TRUMP, range(4))

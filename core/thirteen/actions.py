"""Thirteen actions (SPEC T7): ``{"seat": 1, "type": "play", "cards": ["9D", "9H"]}`` and
``{"seat": 2, "type": "pass"}``. A play's cards are kept as ascending ids."""

from __future__ import annotations

from typing import NamedTuple

from core import records
from core.games import Field, Moves
from core.thirteen import cards
from core.thirteen.config import MAX_PLAYERS

PASS, PLAY = "pass", "play"
#: The moves a page sends (SPEC P8): a pass, or the cards played (a whole hand at most), each
#: by name (``"9D"``; ``"10H"`` is read too).
MOVES: Moves = {PASS: {}, PLAY: {"cards": Field(texts=(13, 3))}}


class BadAction(ValueError):
    """JSON that is not a Thirteen action at all."""


class Action(NamedTuple):
    """One move: a pass, or the cards played (ascending ids)."""

    seat: int
    kind: str
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat, "type": self.kind}
        if self.kind == PLAY:
            out["cards"] = cards.names(self.cards)
        return out

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Parse the record form; :class:`BadAction` says what is wrong."""
        data, seat, kind = records.action_opened(data, BadAction)
        if kind == PASS:
            return cls(seat, PASS)
        if kind != PLAY:
            raise records.unknown_type(kind, BadAction)
        raw = data.get("cards")
        if not isinstance(raw, list) or not raw:
            raise BadAction("a play needs a non-empty list of cards")
        if len(raw) > cards.COUNT:
            raise BadAction("a play cannot hold that many cards")
        try:
            ids = sorted(cards.parse(name) for name in raw)
        except cards.UnknownCard as exc:
            raise BadAction(str(exc)) from None
        if len(set(ids)) != len(ids):
            raise BadAction(
                f"{cards.NAME[next(c for c in ids if ids.count(c) > 1)]} is played twice"
            )
        return cls(seat, PLAY, tuple(ids))


PASSES = tuple(Action(s, PASS) for s in range(MAX_PLAYERS))

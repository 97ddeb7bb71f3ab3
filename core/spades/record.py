"""Spades hand records and their replay (SPEC S8).

``{"game": "spades", "config": {...}, "dealer", "removed", "hands", "actions",
"before", "seed", "meta"}``: options default as S1, ``dealer`` 0, ``before``
(each side's ``[score, bags]`` before the hand) zeros, ``removed`` the cards
S2 takes out (given, it must be exactly those). The replay prints where the
hand stands and, once it is over, the score, bags, totals and winner.
Errors follow section 5: ``bad record: …`` or ``action N {…}: …``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import records
from core.pieces import cards
from core.records import RecordError
from core.spades import rules, scoring
from core.spades.actions import Action, BadAction
from core.spades.config import Config, ConfigError
from core.spades.state import Phase, State


@dataclass(frozen=True, slots=True)
class HandRecord(records.Logged):
    """A parsed record: the hand's start, and its actions still as JSON."""

    config: Config
    dealer: int
    hands: list[list[int]]
    before: tuple[tuple[int, int], ...]


def load(data: object) -> HandRecord:
    """Check a record's config, deal and scores before; :class:`RecordError` if wrong."""
    data, config = records.opened(data, Config.make, ConfigError)
    dealer = records.seat(data, "dealer", config.players)
    removed = config.removed
    if "removed" in data:
        given = data["removed"]
        if not isinstance(given, list):
            raise RecordError("removed must be a list of cards")
        try:
            ids = sorted(cards.parse(c) for c in given)
        except cards.UnknownCard as exc:
            raise RecordError(str(exc)) from None
        if ids != sorted(removed):
            shown = " ".join(cards.NAME[c] for c in removed) or "nothing"
            raise RecordError(f"this table removes {shown}")
    hands = records.hands(
        data.get("hands"), config.players, config.hand_size, "cards", cards.parse, rules.order
    )
    dealt = sorted(c for hand in hands for c in hand)
    if dealt != sorted(config.deck):
        extra = [c for c in set(dealt) if dealt.count(c) > 1]
        if extra:
            raise RecordError(f"{cards.NAME[extra[0]]} is dealt twice")
        raise RecordError("the hands and the removed cards must make exactly the deck")
    return HandRecord(
        config,
        dealer,
        hands,
        _before(data.get("before"), config),
        actions=records.actions(data),
        seed=records.seed(data),
        meta=records.meta(data),
    )


def _before(raw: object, config: Config) -> tuple[tuple[int, int], ...]:
    sides = len(config.sides)
    if raw is None:
        return ((0, 0),) * sides
    if not isinstance(raw, list) or len(raw) != sides:
        raise RecordError(f"before must list {sides} sides' [score, bags]")
    out = []
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(records.whole(v) for v in pair)
            or pair[1] < 0
        ):
            raise RecordError("each side's before is [score, bags], bags 0 or more")
        out.append((int(pair[0]), int(pair[1])))
    return tuple(out)


def start(record: HandRecord) -> State:
    return rules.start(record.config, record.dealer, record.hands, record.before, record.seed)


def replay(record: HandRecord) -> State:
    """Apply every action, checked; :class:`ActionError` names the first that fails."""
    refused = (BadAction, rules.IllegalAction)
    return records.played(start(record), record.actions, Action.from_json, rules.apply, refused)


def result(state: State) -> scoring.HandScore | None:
    """The hand's score once every trick is played."""
    if state.phase is not Phase.HAND_OVER:
        return None
    bids = [b if b is not None else 0 for b in state.bids]
    return scoring.hand_score(state.config, bids, state.blind, state.taken, state.before)


def describe(state: State) -> dict[str, object]:
    """The replay's answer (SPEC S8) for a hand as it stands."""
    done = result(state)
    return {
        "phase": state.phase.label,
        "to_act": state.to_act,
        "legal": [a.to_json() for a in rules.legal_actions(state)],
        "bids": list(state.bids),
        "tricks": list(state.taken),
        "trick_winners": list(state.trick_winners),
        "spades_broken": state.broken,
        "sides": [list(side) for side in state.config.sides],
        "score": list(done.score) if done else None,
        "bags": list(done.bags) if done else None,
        "totals": list(done.totals) if done else None,
        "winner": scoring.winner(state.config, done.totals) if done else None,
    }


def replay_result(data: object) -> dict[str, object]:
    """Load, replay and describe a record (the ``replay`` command for Spades)."""
    return describe(replay(load(data)))


def dump(state: State, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a hand as dealt and played so far."""
    deal = {
        "dealer": state.dealer,
        "removed": cards.names(state.config.removed),
        "hands": [cards.names(rules.cards_of(mask)) for mask in state.dealt],
    }
    return records.dumped("spades", state, deal, [list(pair) for pair in state.before], meta)

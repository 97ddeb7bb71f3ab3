"""Three-Player Moon hand records and their replay (SPEC M8).

``{"game": "moon_dominoes", "config": {}, "first_bidder", "hands", "widow",
"actions", "before", "seed", "meta"}``: ``first_bidder`` defaults to 0 and
``before`` (each seat's total before the hand) to zeros; the hands and the
widow are exactly the 22 tiles, named high end first. Errors follow section
5: ``bad record: …`` or ``action N {…}: …``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import records
from core.moon_dominoes import rules, scoring, tiles
from core.moon_dominoes.actions import Action, BadAction
from core.moon_dominoes.config import HAND, PLAYERS, Config, ConfigError
from core.moon_dominoes.state import Phase, State
from core.records import RecordError


@dataclass(frozen=True, slots=True)
class HandRecord(records.Logged):
    """A parsed record: the hand's start, and its actions still as JSON."""

    config: Config
    first_bidder: int
    hands: list[list[int]]
    widow: int
    before: tuple[int, ...]


def load(data: object) -> HandRecord:
    """Check a record's config, deal and totals before; :class:`RecordError` if wrong."""
    data, config = records.opened(data, Config.make, ConfigError)
    first = records.seat(data, "first_bidder", PLAYERS)
    hands = records.hands(data.get("hands"), PLAYERS, HAND, "tiles", tiles.parse)
    try:
        widow = tiles.parse(data.get("widow"))
    except tiles.UnknownTile as exc:
        raise RecordError(f"widow: {exc}") from None
    dealt = sorted([t for hand in hands for t in hand] + [widow])
    if dealt != list(range(tiles.COUNT)):
        twice = sorted({t for t in dealt if dealt.count(t) > 1})
        if twice:
            raise RecordError(f"{tiles.NAME[twice[0]]} is dealt twice")
        raise RecordError("the hands and the widow must be exactly the 22 tiles")
    return HandRecord(
        config,
        first,
        hands,
        widow,
        records.totals_before(data, PLAYERS),
        actions=records.actions(data),
        seed=records.seed(data),
        meta=records.meta(data),
    )


def start(record: HandRecord) -> State:
    return rules.start(
        record.config, record.first_bidder, record.hands, record.widow, record.before, record.seed
    )


def replay(record: HandRecord) -> State:
    """Apply every action, checked; :class:`ActionError` names the first that fails."""
    refused = (BadAction, rules.IllegalAction)
    return records.played(start(record), record.actions, Action.from_json, rules.apply, refused)


def result(state: State) -> scoring.HandScore | None:
    """The hand's score once all seven tricks are played (none after a redeal)."""
    if state.phase is not Phase.HAND_OVER:
        return None
    assert state.bidder is not None and state.bid is not None
    return scoring.hand_score(state.bidder, state.bid, state.taken, state.before)


def describe(state: State) -> dict[str, object]:
    """The replay's answer (SPEC M8) for a hand as it stands."""
    done = result(state)
    return {
        "phase": state.phase.label,
        "to_act": state.to_act,
        "legal": [a.to_json() for a in rules.legal_actions(state)],
        "bidder": state.bidder,
        "bid": state.bid,
        "trump": tiles.trump_name(state.trump),
        "trick_winners": list(state.trick_winners),
        "tricks": list(state.taken),
        "made": done.made if done else None,
        "score": list(done.score) if done else None,
        "totals": list(done.totals) if done else None,
        "winner": done.winner if done else None,
    }


def replay_result(data: object) -> dict[str, object]:
    """Load, replay and describe a record (the ``replay`` command for Three-Player Moon)."""
    return describe(replay(load(data)))


def dump(state: State, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a hand as dealt and played so far."""
    deal = {
        "first_bidder": state.first_bidder,
        "hands": [tiles.names(tiles.bits(mask)) for mask in state.dealt],
        "widow": tiles.NAME[state.widow],
    }
    return records.dumped("moon_dominoes", state, deal, list(state.before), meta)

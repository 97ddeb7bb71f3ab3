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

from core.moon_dominoes import rules, scoring, tiles
from core.moon_dominoes.actions import Action, BadAction
from core.moon_dominoes.config import HAND, PLAYERS, Config, ConfigError
from core.moon_dominoes.state import Phase, State
from core.records import ActionError, RecordError


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A parsed record: the hand's start, and its actions still as JSON."""

    config: Config
    first_bidder: int
    hands: list[list[int]]
    widow: int
    before: tuple[int, ...]
    actions: list[Any]
    seed: int
    meta: dict[str, Any]


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load(data: object) -> HandRecord:
    """Check a record's config, deal and totals before; :class:`RecordError` if wrong."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    raw = data.get("config", {})
    if not isinstance(raw, dict):
        raise RecordError("config must be an object")
    try:
        config = Config.make(**raw)
    except (ConfigError, TypeError) as exc:
        raise RecordError(str(exc)) from None
    first = data.get("first_bidder", 0)
    if not _int(first) or not 0 <= first < PLAYERS:
        raise RecordError("first_bidder must be a seat from 0 to 2")
    hands = _hands(data.get("hands"))
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
    before = data.get("before", [0, 0, 0])
    if not isinstance(before, list) or len(before) != PLAYERS or not all(map(_int, before)):
        raise RecordError("before must list the 3 seats' totals as integers")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    seed = data.get("seed", 0)
    meta = data.get("meta", {})
    return HandRecord(
        config,
        int(first),
        hands,
        widow,
        tuple(int(b) for b in before),
        actions,
        seed if _int(seed) else 0,
        meta if isinstance(meta, dict) else {},
    )


def _hands(raw: object) -> list[list[int]]:
    if not isinstance(raw, list) or len(raw) != PLAYERS:
        raise RecordError("hands must list 3 hands")
    hands = []
    for seat, hand in enumerate(raw):
        if not isinstance(hand, list) or len(hand) != HAND:
            raise RecordError(f"seat {seat} must hold {HAND} tiles")
        try:
            hands.append(sorted(tiles.parse(t) for t in hand))
        except tiles.UnknownTile as exc:
            raise RecordError(str(exc)) from None
    return hands


def start(record: HandRecord) -> State:
    return rules.start(
        record.config, record.first_bidder, record.hands, record.widow, record.before, record.seed
    )


def replay(record: HandRecord) -> State:
    """Apply every action, checked; :class:`ActionError` names the first that fails."""
    state = start(record)
    for index, raw in enumerate(record.actions):
        try:
            rules.apply(state, Action.from_json(raw))
        except (BadAction, rules.IllegalAction) as exc:
            raise ActionError(index, raw, str(exc)) from None
    return state


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
    return {
        "game": "moon_dominoes",
        "config": state.config.to_json(),
        "first_bidder": state.first_bidder,
        "hands": [tiles.names(tiles.bits(mask)) for mask in state.dealt],
        "widow": tiles.NAME[state.widow],
        "actions": [a.to_json() for a in state.history],
        "before": list(state.before),
        "seed": state.seed,
        "meta": meta or {},
    }

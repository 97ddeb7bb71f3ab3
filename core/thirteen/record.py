"""Thirteen hand records and their replay (SPEC T7).

``{"game": "thirteen", "config": {"players", "hands"}, "first_leader",
"hands", "actions", "before", "seed", "meta"}``. Without ``first_leader`` the
record is a game's first hand: the holder of the lowest card dealt leads and
must play it (T2); with it, that seat leads freely, as the winner of the
hand before does. ``before`` (each seat's total before the hand) defaults to
zeros. Errors follow section 5: ``bad record: …`` or ``action N {…}: …``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core import records
from core.thirteen import cards, rules
from core.thirteen.actions import Action, BadAction
from core.thirteen.config import HAND, Config, ConfigError
from core.thirteen.state import Phase, State


@dataclass(frozen=True, slots=True)
class HandRecord(records.Logged):
    """A parsed record: the hand's start, and its actions still as JSON."""

    config: Config
    first_leader: int | None
    hands: list[list[int]]
    before: tuple[int, ...]


def load(data: object) -> HandRecord:
    """Check a record's config, deal and totals before; :class:`RecordError` if wrong."""
    data, config = records.opened(data, Config.make, ConfigError)
    players = config.players
    first = None
    if data.get("first_leader") is not None:
        first = records.seat(data, "first_leader", players)
    return HandRecord(
        config,
        first,
        records.hands(data.get("hands"), players, HAND, "cards", cards.parse, once=cards.NAME),
        records.totals_before(data, players),
        actions=records.actions(data),
        seed=records.seed(data),
        meta=records.meta(data),
    )


def start(record: HandRecord) -> State:
    return rules.start(record.config, record.hands, record.first_leader, record.before, record.seed)


def replay(record: HandRecord) -> State:
    """Apply every action, checked; :class:`ActionError` names the first that fails."""
    refused = (BadAction, rules.IllegalAction)
    return records.played(start(record), record.actions, Action.from_json, rules.apply, refused)


def totals(state: State) -> list[int] | None:
    """Each seat's total after the hand (``before`` plus T6's points); None until it is over."""
    score = rules.score(state)
    if score is None:
        return None
    return [b + s for b, s in zip(state.before, score, strict=True)]


def describe(state: State) -> dict[str, object]:
    """The replay's answer (SPEC T7) for a hand as it stands."""
    standing = None
    if state.standing is not None:
        standing = {
            "seat": state.standing_seat,
            "type": "play",
            "cards": cards.names(state.standing_cards),
        }
    return {
        "phase": state.phase.label,
        "to_act": state.to_act,
        "legal": [a.to_json() for a in rules.legal_actions(state)],
        "standing": standing,
        "passed": [s for s in range(state.config.players) if state.passed >> s & 1],
        "cards_left": [m.bit_count() for m in state.hands],
        "places": list(state.places),
        "score": rules.score(state),
        "totals": totals(state),
    }


def replay_result(data: object) -> dict[str, object]:
    """Load, replay and describe a record (the ``replay`` command for Thirteen)."""
    return describe(replay(load(data)))


def dump(state: State, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a hand as dealt and played so far."""
    deal: dict[str, Any] = {} if state.opening else {"first_leader": state.first_leader}
    deal["hands"] = [cards.names(cards.bits(mask)) for mask in state.dealt]
    return records.dumped("thirteen", state, deal, list(state.before), meta)


def is_over(state: State) -> bool:
    return state.phase is Phase.HAND_OVER

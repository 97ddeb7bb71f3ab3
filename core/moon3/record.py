"""Moon 3 of Spades hand records (SPEC section 5): load, dump and replay.

A record is the deal (config, first bidder, removed cards, hands) and the
action log of one round, plus ``seed`` and ``meta`` which replay ignores.
:func:`replay_result` applies the actions and returns the object that
``python -m core replay`` prints. Anything wrong with the config, removed
cards or hands raises :class:`RecordError`; anything wrong inside an action
raises :class:`ActionError` naming its index.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from core import records
from core.moon3 import cards, rules
from core.moon3.actions import Action, BadAction
from core.moon3.config import MAX_PLAYERS, MIN_PLAYERS, Config, ConfigError, Mode, default_decks
from core.moon3.state import Phase, State
from core.records import RecordError

GAME = "moon3"


@dataclass(slots=True)
class HandRecord:
    """A validated record: the deal as card ids and the raw action objects."""

    config: Config
    first_bidder: int
    removed: list[int]
    hands: list[list[int]]
    actions: list[Any] = field(default_factory=list)
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be an integer, not {json.dumps(value)}")
    return value


def _cards(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of cards")
    try:
        return [cards.parse(c) for c in value]
    except cards.UnknownCard as exc:
        raise RecordError(f"{exc} in {what}") from None


def _teams(value: object, players: int) -> list[int]:
    """Team labels per seat from ``[[0, 2], [1, 3]]`` or ``[0, 1, 0, 1]``."""
    if not isinstance(value, list):
        raise RecordError("teams must be a list")
    if len(value) == 2 and all(isinstance(t, list) for t in value):
        labels: list[int | None] = [None] * players
        for team, members in enumerate(value):
            for seat in members:
                s = _int(seat, "a seat in teams")
                if not 0 <= s < players:
                    raise RecordError(f"teams names seat {s}; seats are 0 to {players - 1}")
                if labels[s] is not None:
                    raise RecordError(f"seat {s} is in teams twice")
                labels[s] = team
        missing = [s for s, t in enumerate(labels) if t is None]
        if missing:
            raise RecordError(f"teams leaves out seat {missing[0]}")
        return [t for t in labels if t is not None]
    if len(value) == players and all(t in (0, 1) and not isinstance(t, bool) for t in value):
        return list(value)
    raise RecordError("teams must be two lists of seats, e.g. [[0, 2], [1, 3]]")


def load(data: object) -> HandRecord:
    """Validate a parsed record; raise :class:`RecordError` saying what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    game = data.get("game", GAME)
    if game != GAME:
        raise RecordError(f"unknown game {json.dumps(game)}")
    conf = data.get("config")
    if not isinstance(conf, dict):
        raise RecordError("config must be an object")
    if "players" not in conf:
        raise RecordError("config.players is required")
    players = _int(conf["players"], "config.players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    if "mode" not in conf:
        raise RecordError("config.mode is required")
    mode = conf["mode"]
    if mode not in tuple(Mode):
        raise RecordError(f"unknown mode {json.dumps(mode)}: use teams, random or partners")
    decks = _int(conf.get("decks", default_decks(players)), "config.decks")
    min_bid = _int(conf.get("min_bid", 125 * decks), "config.min_bid")
    jokers = conf.get("jokers", False)
    if not isinstance(jokers, bool):
        raise RecordError("config.jokers must be true or false")
    teams = None
    if mode != Mode.PARTNERS:
        raw_teams = conf.get("teams", data.get("teams"))
        if raw_teams is None:
            raise RecordError(f"mode {mode} needs teams, e.g. [[0, 2], [1, 3]]")
        teams = _teams(raw_teams, players)
    try:
        config = Config.make(
            players,
            mode,
            decks,
            min_bid,
            jokers,
            conf.get("partner_rule", "first"),
            teams,
            None if conf.get("calls") is None else _int(conf["calls"], "config.calls"),
        )
    except ConfigError as exc:
        raise RecordError(str(exc)) from None
    first_bidder = _int(data.get("first_bidder", 0), "first_bidder")
    removed = _cards(data.get("removed", []), "removed")
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list):
        raise RecordError("hands must be a list of hands, one per seat")
    hands = [_cards(h, f"the hand of seat {s}") for s, h in enumerate(hands_raw)]
    seed = data.get("seed")
    record = HandRecord(
        config,
        first_bidder,
        removed,
        hands,
        records.actions(data),
        seed if records.whole(seed) else None,
        records.meta(data),
    )
    start(record)  # the deal itself must be valid even with no actions
    return record


def start(record: HandRecord) -> State:
    """The round at the start of its auction."""
    try:
        return rules.new_round(
            record.config, record.first_bidder, record.hands, record.removed, record.seed
        )
    except rules.BadRound as exc:
        raise RecordError(str(exc)) from None


def replay(record: HandRecord) -> State:
    """Apply every action in order; raise :class:`ActionError` at the first refused one."""
    refused = (BadAction, rules.IllegalAction)
    return records.played(start(record), record.actions, Action.from_json, rules.apply, refused)


def legal_json(state: State) -> list[dict[str, object]]:
    """The ``legal`` list of the replay output."""
    if state.phase is Phase.CALLING:
        assert state.bidder is not None
        return [
            {
                "seat": state.bidder,
                "type": "call",
                "count": state.config.call_count,
                "callable": cards.names(rules.callable_cards(state)),
            }
        ]
    return [a.to_json() for a in rules.legal_actions(state)]


def result(state: State) -> dict[str, object]:
    """The replay output object, with exactly SPEC section 5's keys."""
    return {
        "phase": state.phase.label,
        "to_act": state.to_act,
        "legal": legal_json(state),
        "bidder": state.bidder if state.bidder is not None else state.high_bidder,
        "bid": state.bid if state.bid is not None else state.high_bid,
        "trump": cards.SUITS[state.trump] if state.trump is not None else None,
        "called": cards.names(state.called) if state.called is not None else None,
        "partners": list(state.partners),
        "bidding_side": rules.bidding_side(state),
        "defending_side": rules.defending_side(state),
        "trick_winners": list(state.trick_winners),
        "points": list(state.points),
        "side_points": rules.side_points(state),
        "made": rules.made(state),
        "kali_tidi": sorted(state.kali),
    }


def replay_result(data: object) -> dict[str, object]:
    """Load, replay and describe a record (the ``replay`` command's work)."""
    return result(replay(load(data)))


def dump(state: State, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The hand record of a round so far (it replays to ``state``)."""
    out: dict[str, Any] = {
        "game": GAME,
        "config": state.config.to_json(),
        "first_bidder": state.first_bidder,
        "removed": cards.names(state.removed),
        "hands": [cards.names(h) for h in state.dealt],
        "actions": [a.to_json() for a in state.history],
    }
    if state.seed is not None:
        out["seed"] = state.seed
    if meta:
        out["meta"] = dict(meta)
    return out


@dataclass(frozen=True, slots=True)
class TrickStep:
    """One trick of a finished round, as a replay shows it with every hand face up."""

    #: Trick number, counted from 1.
    number: int
    #: Every seat's hand before this trick.
    hands: tuple[tuple[int, ...], ...]
    #: Who played, in order, and what.
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int
    #: Card points each seat has captured once this trick is taken.
    points: tuple[int, ...]


def trick_steps(state: State) -> list[TrickStep]:
    """The tricks of a replayed round in order, with the hands and points around each."""
    hands = [list(h) for h in state.dealt]
    points = [0] * state.config.players
    steps = []
    for number, ((seats, played), winner) in enumerate(
        zip(state.tricks, state.trick_winners, strict=False), start=1
    ):
        before = tuple(tuple(h) for h in hands)
        for seat, card in zip(seats, played, strict=True):
            hands[seat].remove(card)
        points[winner] += cards.points(played)
        steps.append(TrickStep(number, before, seats, played, winner, tuple(points)))
    return steps

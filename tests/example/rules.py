"""Plain Tricks, the example game of ``docs/adding-a-game.md``: a plain trick-taking game.

Rules. Two to four players; each is dealt five cards from one deck. The seat
after the leader of the previous hand leads (seat 0 in a game's first hand).
You must follow the suit led if you can; the highest card of the led suit
wins the trick (aces high, no trump) and its winner leads the next. Each
trick is a point; after five tricks the hand is over. A game is a number of
hands (three unless the host says otherwise); the highest total wins, ties
share the win.

Actions. ``{"seat": 1, "type": "play", "card": "KH"}`` (cards as in SPEC
section 5). Legal plays are listed in card order: spades, hearts, clubs,
diamonds, each ace down to two.

Record. ``{"game": "plain_tricks", "config": {"players", "hands"}, "leader",
"hands", "actions", "before", "seed", "meta"}``; replay prints ``phase``
(``playing`` or ``hand_over``), ``to_act``, ``legal``, ``trick_winners``,
``taken`` (per seat) and, once the hand is over, ``totals``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from core import seats
from core.games import Field, Moves
from core.pieces import cards
from core.records import ActionError, RecordError

NAME = "plain_tricks"
HAND = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAY = "play"
#: What a page may send: a card by name.
MOVES: Moves = {PLAY: {"card": Field(text=3)}}


class IllegalAction(ValueError):
    """A move the rules refuse, saying why."""


@dataclass(frozen=True, slots=True)
class Config:
    """Seats at the table and hands in a game."""

    players: int = 2
    hands: int = 3

    @classmethod
    def make(cls, **options: object) -> Config:
        players, hands = options.pop("players", 2), options.pop("hands", 3)
        if options:
            raise ValueError(f"unknown option {sorted(options)[0][:20]}")
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be from {MIN_PLAYERS} to {MAX_PLAYERS}")
        if not isinstance(hands, int) or not 1 <= hands <= 9:
            raise ValueError("hands must be from 1 to 9")
        return cls(players, hands)

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "hands": self.hands}


class Action(NamedTuple):
    """A card played by a seat."""

    seat: int
    card: int

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "type": PLAY, "card": cards.NAME[self.card]}

    @classmethod
    def from_json(cls, data: object) -> Action:
        if not isinstance(data, dict) or data.get("type") != PLAY:
            raise IllegalAction("a move is a card played")
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction("a move needs its seat")
        try:
            return cls(seat, cards.parse(data.get("card")))
        except cards.UnknownCard as exc:
            raise IllegalAction(str(exc)) from None


@dataclass(slots=True)
class State:
    """A hand in play: who holds what, the trick on the table, the tricks taken."""

    config: Config
    seed: int
    leader: int
    dealt: tuple[tuple[int, ...], ...]
    before: tuple[int, ...]
    hands: list[list[int]] = field(default_factory=list)
    to_act: int | None = None
    trick: list[tuple[int, int]] = field(default_factory=list)
    trick_winners: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    history: list[Action] = field(default_factory=list)

    def clone(self) -> State:
        return State(
            self.config,
            self.seed,
            self.leader,
            self.dealt,
            self.before,
            [list(h) for h in self.hands],
            self.to_act,
            list(self.trick),
            list(self.trick_winners),
            list(self.taken),
            list(self.history),
        )

    @property
    def over(self) -> bool:
        return len(self.trick_winners) == HAND


def deal(config: Config, leader: int, seed: int, before: Sequence[int] = ()) -> State:
    """A hand dealt from ``seed``: five cards each; ``leader`` leads."""
    deck = list(cards.SUITED)
    random.Random(seed).shuffle(deck)
    dealt = tuple(tuple(sorted(deck[s * HAND : (s + 1) * HAND])) for s in range(config.players))
    return start(config, leader, dealt, seed, tuple(before) or (0,) * config.players)


def start(
    config: Config,
    leader: int,
    dealt: tuple[tuple[int, ...], ...],
    seed: int,
    before: tuple[int, ...],
) -> State:
    return State(
        config,
        seed,
        leader,
        dealt,
        before,
        [list(h) for h in dealt],
        leader,
        taken=[0] * config.players,
    )


def legal_actions(state: State) -> tuple[Action, ...]:
    """The cards the seat to act may play, in card order."""
    if state.to_act is None:
        return ()
    hand = state.hands[state.to_act]
    if state.trick:
        led = cards.SUIT[state.trick[0][1]]
        following = [c for c in hand if cards.SUIT[c] == led]
        hand = following or hand
    return tuple(Action(state.to_act, c) for c in sorted(hand))


def apply(state: State, action: Action) -> None:
    """Check the move against the rules, then make it."""
    if state.to_act is None:
        raise IllegalAction("the hand is over")
    if action.seat != state.to_act:
        raise IllegalAction(f"seat {state.to_act} is to play, not seat {action.seat}")
    if action.card not in state.hands[action.seat]:
        raise IllegalAction(f"{cards.NAME[action.card]} is not in that hand")
    if action not in legal_actions(state):
        led = cards.SUIT_NAMES[cards.SUIT[state.trick[0][1]]]
        raise IllegalAction(f"you must follow {led}")
    apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> None:
    """Make a legal move: the card joins the trick; a full trick goes to its winner."""
    state.hands[action.seat].remove(action.card)
    state.trick.append((action.seat, action.card))
    state.history.append(action)
    players = state.config.players
    if len(state.trick) < players:
        state.to_act = seats.next_seat(action.seat, players)
        return
    led = cards.SUIT[state.trick[0][1]]
    winner = min((c, s) for s, c in state.trick if cards.SUIT[c] == led)[1]
    state.trick_winners.append(winner)
    state.taken[winner] += 1
    state.trick = []
    state.to_act = None if state.over else winner


def totals(state: State) -> list[int] | None:
    """Each seat's total after the hand, once it is over."""
    if not state.over:
        return None
    return [b + t for b, t in zip(state.before, state.taken, strict=True)]


@dataclass(frozen=True, slots=True)
class View:
    """What one seat (or a spectator) sees: its own cards only."""

    seat: int | None
    phase: str
    to_act: int | None
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    taken: tuple[int, ...]
    before: tuple[int, ...]
    legal: tuple[Action, ...]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.to_act


def player_view(state: State, seat: int | None) -> View:
    mine = seat is not None and seat == state.to_act
    return View(
        seat,
        "hand_over" if state.over else "playing",
        state.to_act,
        tuple(state.hands[seat]) if seat is not None else (),
        tuple(len(h) for h in state.hands),
        tuple(state.trick),
        tuple(state.trick_winners),
        tuple(state.taken),
        state.before,
        legal_actions(state) if mine else (),
    )


# ---------------------------------------------------------------- pieces (for the tests)


def action_order(action: Action) -> int:
    """Legal plays are listed in card order."""
    return action.card


def full_set(config: Config) -> Counter[int]:
    """The 52 cards, those nobody was dealt included."""
    return Counter(cards.SUITED)


def pieces(state: State) -> dict[str, Counter[int]]:
    """Each hand, the cards played (tricks and the one on the table) and those not dealt."""
    dealt = {c for hand in state.dealt for c in hand}
    places = {f"hand {s}": Counter(hand) for s, hand in enumerate(state.hands)}
    places["played"] = Counter(a.card for a in state.history)
    places["not dealt"] = Counter(c for c in cards.SUITED if c not in dealt)
    return places


def redeal_unseen(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy with the other hands and the cards not dealt dealt again among themselves."""
    hidden = [s for s in range(state.config.players) if s != seat]
    dealt = {c for hand in state.dealt for c in hand}
    pool = [c for s in hidden for c in state.hands[s]] + [c for c in cards.SUITED if c not in dealt]
    shuffled = rng.sample(pool, len(pool))
    copy = state.clone()
    for s in hidden:
        copy.hands[s], shuffled = (
            sorted(shuffled[: len(state.hands[s])]),
            shuffled[len(state.hands[s]) :],
        )
    return copy


def points_shared(state: State) -> tuple[list[int], int]:
    """Tricks taken: five a hand."""
    return list(state.taken), HAND


# ---------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class HandRecord:
    config: Config
    leader: int
    hands: tuple[tuple[int, ...], ...]
    before: tuple[int, ...]
    seed: int
    actions: list[object]


def dump(state: State, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "game": NAME,
        "config": state.config.to_json(),
        "leader": state.leader,
        "hands": [cards.names(h) for h in state.dealt],
        "actions": [a.to_json() for a in state.history],
        "before": list(state.before),
        "seed": state.seed,
        "meta": dict(meta or {}),
    }


def load(data: object) -> HandRecord:
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    try:
        config = Config.make(**dict(data.get("config", {})))
        hands = tuple(tuple(sorted(cards.parse(c) for c in h)) for h in data["hands"])
    except (ValueError, KeyError, TypeError) as exc:
        raise RecordError(str(exc)) from None
    every = [c for h in hands for c in h]
    if len(hands) != config.players or any(len(h) != HAND for h in hands):
        raise RecordError(f"each of the {config.players} hands holds {HAND} cards")
    if len(set(every)) != len(every):
        raise RecordError("a card is dealt twice")
    leader = data.get("leader", 0)
    before = tuple(data.get("before", [0] * config.players))
    if not isinstance(leader, int) or not 0 <= leader < config.players:
        raise RecordError("leader is a seat")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions is a list")
    return HandRecord(config, leader, hands, before, int(data.get("seed", 0)), actions)


def start_record(rec: HandRecord) -> State:
    return start(rec.config, rec.leader, rec.hands, rec.seed, rec.before)


def describe(state: State) -> dict[str, object]:
    return {
        "phase": "hand_over" if state.over else "playing",
        "to_act": state.to_act,
        "legal": [a.to_json() for a in legal_actions(state)],
        "trick_winners": list(state.trick_winners),
        "taken": list(state.taken),
        "totals": totals(state),
    }


def replay_result(data: object) -> dict[str, object]:
    rec = load(data)
    state = start_record(rec)
    for index, raw in enumerate(rec.actions):
        try:
            apply(state, Action.from_json(raw))
        except IllegalAction as exc:
            raise ActionError(index, raw, str(exc)) from None
    return describe(state)


class Codec:
    """The record codec the hosting base reads (``load``, ``start``, ``dump``)."""

    load = staticmethod(load)
    start = staticmethod(start_record)
    dump = staticmethod(dump)


# ---------------------------------------------------------------- the match and bots


@dataclass(slots=True)
class Match:
    """Totals across hands, who leads the next, and the winners once over."""

    config: Config
    totals: list[int] = field(default_factory=list)
    hands: int = 0
    leader: int = 0
    winners: list[int] = field(default_factory=list)
    over: bool = False
    ended_early: bool = False

    def __post_init__(self) -> None:
        self.totals = self.totals or [0] * self.config.players

    @property
    def target(self) -> None:
        return None

    @property
    def length_rounds(self) -> int:
        return self.config.hands

    def deal(self, seed: int) -> State:
        return deal(self.config, self.leader, seed, self.totals)

    def settle(self, state: State) -> list[int]:
        """Score a finished hand; the game ends after its last hand."""
        after = totals(state)
        assert after is not None
        self.totals = after
        self.hands += 1
        self.leader = seats.next_seat(self.leader, self.config.players)
        if self.hands >= self.config.hands:
            self._close()
        return list(state.taken)

    def _close(self) -> None:
        best = max(self.totals)
        self.winners = [s for s, t in enumerate(self.totals) if t == best]
        self.over = True

    def end_early(self) -> None:
        """The host ends the game between hands: the highest total wins, ties share."""
        self._close()
        self.ended_early = True

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "totals": self.totals,
            "hands": self.hands,
            "leader": self.leader,
            "winners": self.winners,
            "over": self.over,
            "ended_early": self.ended_early,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Match:
        return cls(
            Config.make(**data["config"]),
            list(data["totals"]),
            int(data["hands"]),
            int(data["leader"]),
            list(data["winners"]),
            bool(data["over"]),
            bool(data["ended_early"]),
        )


class Bot:
    """Random plays any legal card; Rules (and Expert) takes the trick with its lowest winning
    card, else throws its lowest card."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: View, rng: random.Random) -> Action:
        legal = list(view.legal)
        if self.level == "random" or not view.trick:
            return rng.choice(legal) if self.level == "random" else legal[-1]
        led = cards.SUIT[view.trick[0][1]]
        best = min(c for _, c in view.trick if cards.SUIT[c] == led)
        winning = [a for a in legal if cards.SUIT[a.card] == led and a.card < best]
        return winning[-1] if winning else legal[-1]


def replay_state(data: object) -> State:
    """The hand a record reaches."""
    rec = load(data)
    state = start_record(rec)
    for raw in rec.actions:
        apply(state, Action.from_json(raw))
    return state

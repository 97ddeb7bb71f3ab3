"""The Expert level: determinised Monte-Carlo search over the Rules policy.

For a decision the Expert deals the cards it cannot see into the other hands
at random, consistent with everything public: the cards played and removed,
each hand's size, the suits a player has shown out of, and that the bidder
holds no copy of a called card that still hides its holder. In each such world
it tries every candidate action and plays the round out with the Rules policy
at every seat, scoring the result for its own side. The best average wins.
Bidding and trump are judged by playing the hand out as bidder under each
trump. A budget of counted work bounds every decision (:class:`core.bots.Thinking`:
a card held when a playout starts), not the clock, so a busy host decides as
an idle one does.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from core.bots import SampledExpert, Thinking
from core.moon3 import cards, rules
from core.moon3.actions import Action
from core.moon3.bots import knowledge, rulebot
from core.moon3.config import Config
from core.moon3.scoring import round_score
from core.moon3.state import State
from core.moon3.view import PlayerView, player_view

DEFAULT_BUDGET_MS = 100.0
#: Units of work (a world's cards played out) a millisecond: measured on an idle machine as
#: the worlds this search dealt within its default budget, so that budget keeps its strength.
WORK_PER_MS = 50.0
#: The most worlds one decision deals.
MOST_WORLDS = 1000
#: Weight of captured card points next to the R27 score when judging a playout.
POINT_WEIGHT = 0.25


@lru_cache(maxsize=64)
def _config(
    players: int,
    mode: str,
    decks: int,
    min_bid: int,
    jokers: bool,
    partner_rule: str,
    teams: tuple[int, ...],
    calls: int,
) -> Config:
    return Config.make(
        players, mode, decks, min_bid, jokers, partner_rule, teams or None, calls or None
    )


def config_of(view: PlayerView) -> Config:
    """The round's rules, as the view states them (the teammate count included, H2)."""
    return _config(
        view.players,
        view.mode,
        view.decks,
        view.min_bid,
        view.jokers,
        view.partner_rule,
        tuple(view.teams),
        view.call_count,
    )


def public_history(view: PlayerView) -> list[Action]:
    """Every action so far, rebuilt from the public table in order."""
    history = [
        Action(seat, "pass", None) if amount is None else Action(seat, "bid", amount)
        for seat, amount in view.auction
    ]
    if view.called is not None and view.bidder is not None:
        history.append(Action(view.bidder, "call", tuple(view.called)))
    if view.trump is not None and view.bidder is not None:
        history.append(Action(view.bidder, "trump", view.trump))
    for trick in (*view.tricks, view.trick):
        history.extend(Action(s, "play", c) for s, c in zip(trick.seats, trick.cards, strict=True))
    return history


def sample_hands(view: PlayerView, rng: random.Random, tries: int = 20) -> list[list[int]] | None:
    """Current hands of every seat: the view's own, the rest drawn to fit the public table."""
    assert view.seat is not None
    played: Counter[int] = Counter()
    for trick in (*view.tricks, view.trick):
        played.update(trick.cards)
    unseen = Counter(cards.deck(view.decks, view.jokers))
    unseen.subtract(view.removed)
    unseen.subtract(view.hand)
    unseen.subtract(played)
    pool = list((+unseen).elements())
    voids: list[set[int]] = [set() for _ in range(view.players)]
    if view.trump is not None:
        tricks = [(t.seats, t.cards) for t in (*view.tricks, view.trick)]
        for seats_, cards_ in tricks:
            if cards_:
                led = rules.EFF_SUIT[view.trump][cards_[0]]
                for s, c in zip(seats_[1:], cards_[1:], strict=True):
                    if rules.EFF_SUIT[view.trump][c] != led:
                        voids[s].add(led)
    hidden_calls: set[int] = set()
    if view.called is not None and not view.partners and view.decks == 1:
        hidden_calls = set(view.called) - set(played)

    def allowed(seat: int, c: int) -> bool:
        if seat == view.bidder and c in hidden_calls:
            return False
        return view.trump is None or rules.EFF_SUIT[view.trump][c] not in voids[seat]

    others = [s for s in range(view.players) if s != view.seat]
    for attempt in range(tries):
        rng.shuffle(pool)
        # Most constrained cards first, so voids rarely leave a card nowhere to go.
        if attempt:
            pool.sort(key=lambda c: sum(allowed(s, c) for s in others))
        room = {s: view.hand_counts[s] for s in others}
        hands: dict[int, list[int]] = {s: [] for s in others}
        ok = True
        for c in pool:
            fits = [s for s in others if room[s] and allowed(s, c)]
            if not fits:
                ok = False
                break
            seat = rng.choices(fits, weights=[room[s] for s in fits])[0]
            hands[seat].append(c)
            room[seat] -= 1
        if ok:
            return [list(view.hand) if s == view.seat else hands[s] for s in range(view.players)]
    return None


def world(view: PlayerView, hands: Sequence[Sequence[int]]) -> State:
    """The round as it would stand if the hidden cards were ``hands``."""
    history = public_history(view)
    dealt = [list(h) for h in hands]
    for action in history:
        if action.kind == "play":
            dealt[action.seat].append(action.value)  # type: ignore[arg-type]
    state = rules.new_round(config_of(view), view.first_bidder, dealt, view.removed)
    for action in history:
        rules.apply_unchecked(state, action)
    return state


def rollout(state: State) -> State:
    """Play the round out with the Rules policy at every seat (the state changes)."""
    tracker: knowledge.Tracker | None = None
    while state.to_act is not None:
        seat = state.to_act
        legal = rules.legal_actions(state)
        if state.phase.label == "playing":
            if tracker is None:
                tracker = knowledge.Tracker(state)
            plays: list[int] = [a.value for a in legal]  # type: ignore[misc]
            card = rulebot.choose_card(tracker.knowledge(state, seat, plays))
            tracker.played(state, seat, card)
            rules.apply_unchecked(state, rulebot.play(legal, card))
        else:
            rules.apply_unchecked(state, legal[0])
    return state


def value_for(state: State, seat: int) -> float:
    """How good a finished round is for ``seat``'s side: R27 score plus some card points."""
    config = state.config
    assert state.bidder is not None and state.bid is not None
    made = bool(rules.made(state))
    scores = round_score(config, state.bidder, state.partners, state.bid, made)
    if config.teams:
        team = config.teams[seat]
        mine = [s for s in range(config.players) if config.teams[s] == team]
        return scores[team] + POINT_WEIGHT * sum(state.points[s] for s in mine)
    side = {state.bidder, *state.partners}
    mine = sorted(side) if seat in side else [s for s in range(config.players) if s not in side]
    return scores[seat] + POINT_WEIGHT * sum(state.points[s] for s in mine)


@dataclass(frozen=True)
class ExpertBot(SampledExpert[PlayerView, Action]):
    """Search on sampled worlds, a budget of cards played out a decision."""

    budget_ms: float = DEFAULT_BUDGET_MS
    worlds: int = MOST_WORLDS
    work_per_ms: ClassVar[float] = WORK_PER_MS

    def weigh(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase == "bidding":
            return bid_from(view, _estimates(view, rng, self.thinking()))
        if view.phase == "calling":
            return rulebot.RulesBot().call(view)
        if view.phase == "trump":
            values = _estimates(view, rng, self.thinking())
            suit = max(range(4), key=lambda t: values[t])
            return next(a for a in view.legal if a.value == suit)
        return self._play(view, rng)

    def _play(self, view: PlayerView, rng: random.Random) -> Action:
        candidates = sorted({a.value for a in view.legal})  # type: ignore[type-var]
        if len(candidates) == 1:
            return rulebot.play(view.legal, candidates[0])  # type: ignore[arg-type]
        fallback = rulebot.choose_card(knowledge.from_view(view))
        values = _play_values(view, rng, self.thinking())
        if not values:
            return rulebot.play(view.legal, fallback)
        # Ties go to the Rules choice, so thin evidence never overturns sound habits.
        best = max(values, key=lambda c: (values[c][0], c == fallback))
        return rulebot.play(view.legal, best)


def within(deadline: float, worlds: int | None = None) -> Thinking:
    """The counted work of a budget that ends at ``deadline`` (a hint's)."""
    budget_ms = max(1.0, (deadline - time.perf_counter()) * 1000)
    return ExpertBot(budget_ms, worlds or MOST_WORLDS).thinking()


def play_values(
    view: PlayerView, rng: random.Random, deadline: float, worlds: int | None = None
) -> dict[int, tuple[float, int]]:
    """Each legal card's mean playout value for the seat's side, and how many playouts, with
    the work of a budget that ends at ``deadline``."""
    return _play_values(view, rng, within(deadline, worlds))


def _play_values(
    view: PlayerView, rng: random.Random, thinking: Thinking
) -> dict[int, tuple[float, int]]:
    assert view.seat is not None
    candidates: list[int] = sorted({a.value for a in view.legal})  # type: ignore[misc]
    totals = dict.fromkeys(candidates, 0.0)
    counts = dict.fromkeys(candidates, 0)
    # A world's work: every candidate played out over the cards still held.
    units = len(candidates) * sum(view.hand_counts)
    while True:
        hands = sample_hands(view, rng)
        if hands is None:
            break
        base = world(view, hands)
        for c in candidates:
            trial = base.clone()
            rules.apply_unchecked(trial, rulebot.play(rules.legal_actions(trial), c))
            totals[c] += value_for(rollout(trial), view.seat)
            counts[c] += 1
        if not thinking.another(units):
            break
    return {c: (totals[c] / counts[c], counts[c]) for c in candidates if counts[c]}


def bid_from(view: PlayerView, values: Sequence[float]) -> Action:
    """Raise by the smallest step while the best trump's estimate covers it, else pass."""
    return rulebot.raise_or_pass(view, max(values))


def estimates(
    view: PlayerView, rng: random.Random, deadline: float, worlds: int | None = None
) -> list[float]:
    """The points this hand's side captures as bidder under each trump (♠ ♥ ♣ ♦), by playouts,
    with the work of a budget that ends at ``deadline``."""
    return _estimates(view, rng, within(deadline, worlds))


def _estimates(view: PlayerView, rng: random.Random, thinking: Thinking) -> list[float]:
    assert view.seat is not None
    config = config_of(view)
    sums = [0.0] * 4
    others = [s for s in range(view.players) if s != view.seat]
    rest = Counter(cards.deck(view.decks, view.jokers)) - Counter(view.hand) - Counter(view.removed)
    pool = list(rest.elements())
    amount = config.min_bid
    # A world's work: the hand played out under each trump.
    units = 4 * sum(view.hand_counts)
    while True:
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        at = 0
        for s in others:
            size = view.hand_counts[s]
            hands[s] = pool[at : at + size]
            at += size
        for trump in range(4):
            state = rules.new_round(config, view.seat, hands, view.removed)
            rules.apply_unchecked(state, Action(view.seat, "bid", amount))
            while state.phase.label == "bidding":
                rules.apply_unchecked(state, Action(state.to_act, "pass", None))  # type: ignore[arg-type]
            if state.phase.label == "calling":
                rules.apply_unchecked(state, rulebot.RulesBot().call(player_view(state, view.seat)))
            rules.apply_unchecked(state, Action(view.seat, "trump", trump))
            rollout(state)
            sums[trump] += rules.side_points(state)["bidding"]
        if not thinking.another(units):
            break
    return [total / thinking.worlds for total in sums]

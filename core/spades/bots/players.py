"""The three Spades levels: Random, Rules and Expert, each deciding from a player view.

- Random: uniform over the legal actions.
- Rules: the habits of :mod:`core.spades.bots.policy`.
- Expert: determinised Monte-Carlo (:mod:`core.bots.montecarlo`): worlds
  dealt to fit the table (:mod:`core.spades.bots.knowledge`), every
  candidate played out to the end of the hand with the Rules policy at every
  seat, judged by the hand's score for its side against the others (the
  bags carried in, so a side near its limit counts the 100 it would lose).
  It weighs its bid the same way among the Rules bid, one either side and,
  where the hand is close to a nil hand, nil. Blind nil is decided as the
  Rules bot does: the cards are unseen, so there is nothing to weigh.
  Its budget is counted in cards played out (:class:`core.bots.Thinking`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from core.bots import Levels, SampledExpert, montecarlo
from core.spades import record, rules
from core.spades.actions import BID, BIDS, Action
from core.spades.bots import knowledge, policy
from core.spades.state import Phase, State
from core.spades.view import PlayerView

DEFAULT_BUDGET_MS = 60.0
#: Units of work (a world's cards played out) a millisecond: measured on an idle machine as
#: the worlds this search dealt within its default budget, so that budget keeps its strength.
WORK_PER_MS = 172.0
#: The most worlds one decision deals.
MOST_WORLDS = 400
#: Nil risk (:func:`policy.nil_risk`) up to which the Expert weighs a nil bid.
NIL_WEIGHED = 2.0


def _blind_bid(view: PlayerView) -> Action:
    """A bid without seeing the cards (the view hides them while blind nil is open): blind
    nil where it pays (:func:`policy.blind_nil_pays`), else an average hand's tricks."""
    assert view.seat is not None
    bids = list(view.bids)
    for action in view.legal:
        if action.blind and policy.blind_nil_pays(view.config, view.before, bids, view.seat):
            return action
    return BIDS[view.seat][max(1, view.hand_size // view.players)]


def _own_table(view: PlayerView) -> State:
    """The table with only the seat's own cards filled in: all the Rules policy reads."""
    assert view.seat is not None
    masks = [0] * view.players
    masks[view.seat] = sum(1 << c for c in view.hand)
    return knowledge.rebuild(view, masks)


class RulesBot:
    """A sound player: counts its tricks, keeps or busts nils, ducks bags once made."""

    level = "rules"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        assert view.seat is not None and view.legal
        if view.hand_hidden:
            return _blind_bid(view)
        return policy.choose(_own_table(view), view.seat)


def judge(state: State, seat: int) -> float:
    """A finished hand from ``seat``'s side: its score less the others' average."""
    done = record.result(state)
    assert done is not None
    side = state.config.side_of[seat]
    others = [s for i, s in enumerate(done.score) if i != side]
    return done.score[side] - sum(others) / len(others)


def play_out(state: State) -> None:
    """Finish the hand with the Rules policy at every seat."""
    choose, apply = policy.choose, rules.apply_unchecked
    while state.to_act is not None:
        apply(state, choose(state, state.to_act))


@dataclass(frozen=True)
class ExpertBot(SampledExpert[PlayerView, Action]):
    """Monte-Carlo over sampled deals, a budget of cards played out a decision."""

    budget_ms: float = DEFAULT_BUDGET_MS
    worlds: int = MOST_WORLDS
    work_per_ms: ClassVar[float] = WORK_PER_MS

    def candidates(self, view: PlayerView, table: State) -> list[Action]:
        """The actions worth weighing: every play; while bidding, the Rules bid and one either
        side, and nil where the hand is close to a nil hand."""
        assert view.seat is not None
        if view.phase != "bidding":
            return list(view.legal)
        base = policy.bid(table, view.seat)
        near = {base.value - 1, base.value, base.value + 1}
        if base.value != 0 and policy.nil_risk(table.hands[view.seat]) > NIL_WEIGHED:
            near.discard(0)
        else:
            near.add(0)
        offered = [a for a in view.legal if a.kind == BID and not a.blind]
        picked = [a for a in offered if a.value in near]
        return picked or [base]

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        assert view.seat is not None and view.legal
        if view.hand_hidden:
            return _blind_bid(view)
        return super().choose(view, rng)

    def weigh(self, view: PlayerView, rng: random.Random) -> Action:
        assert view.seat is not None
        seat = view.seat
        options = self.candidates(view, _own_table(view))
        if len(options) == 1:
            return options[0]

        def world() -> State:
            return knowledge.rebuild(view, knowledge.sample(view, rng))

        def outcome(start: State, action: Action) -> float:
            state = start.clone()
            rules.apply_unchecked(state, action)
            if state.phase is Phase.BIDDING:
                while state.phase is Phase.BIDDING and state.to_act is not None:
                    rules.apply_unchecked(state, policy.bid(state, state.to_act))
            play_out(state)
            return judge(state, seat)

        # A world's work: every candidate played out over the cards still held.
        units = len(options) * sum(view.hand_counts)
        return montecarlo.best(options, world, outcome, self.thinking(), units)


#: The Spades bot of a level (the Expert with ``budget_ms`` a decision, if given).
get = Levels(RulesBot(), ExpertBot())

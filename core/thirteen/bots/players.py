"""The three Thirteen levels: Random, Rules and Expert, each deciding from a player view.

- Random: uniform over the legal actions.
- Rules: the habits of :mod:`core.thirteen.bots.policy`.
- Expert: determinised playouts. It deals the cards it cannot see to the
  other seats in many ways that fit their counts
  (:mod:`core.thirteen.bots.knowledge`), and in each world tries its
  candidates: the Rules play, the pass, and the other plays the Rules
  policy likes best (one of each set of ranks: the cheapest suits). Each is
  played out with the Rules policy at every seat and scored by the seat's
  place points (T6); when only it and one other seat still hold cards and
  few enough are left, the world is solved exactly instead
  (:class:`core.thirteen.bots.search.Endgame`). It plays the candidate best
  on average over the same worlds, but leaves the Rules play only when the
  gain over it on those worlds is clear (``CONFIDENCE`` standard errors):
  with a few dozen worlds of coarse place points a lucky draw often looks
  better (against Rules, at 50 ms a decision, this caution turned an even
  match into a clear lead).

Every decision keeps to a budget of counted work (:class:`core.bots.Thinking`:
a card held when a candidate is played out), and the search stops once a
candidate has been best in every world of the first few. A lone legal
action is taken without thought.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import ClassVar

from core.bots import Levels, SampledExpert
from core.thirteen import cards, rules
from core.thirteen.actions import PASS, PASSES, PLAY, Action
from core.thirteen.bots import knowledge, policy, search
from core.thirteen.state import State
from core.thirteen.view import PlayerView

DEFAULT_BUDGET_MS = 250.0
#: Units of work (a world's cards played out) a millisecond: measured on an idle machine as
#: the worlds this search dealt within its default budget, so that budget keeps its strength.
WORK_PER_MS = 58.0
#: The most worlds one decision deals.
MOST_WORLDS = 200
#: Worlds after which a candidate best in every one so far ends the search.
SURE_AFTER = 12
#: The most candidates weighed: the Rules play, the pass and the Rules policy's next best.
CANDIDATES = 8
#: The Expert leaves the Rules play only for a candidate better over the same worlds by
#: this many standard errors: with few worlds a lucky draw is no reason to.
CONFIDENCE = 2.0
#: Two-seat endings with at most this many cards between them are solved exactly …
ENDGAME_CARDS = 12
#: … unless the search of one world visits more positions than this.
ENDGAME_NODES = 3_000


def rules_play(view: PlayerView) -> Action:
    """The Rules policy's action for the seat to act."""
    seat = view.seat
    assert seat is not None
    others = knowledge.others_of(view)
    play = policy.choose(
        cards.mask_of(view.hand),
        view.standing,
        knowledge.unseen(view),
        [view.hand_counts[s] for s in others],
        view.must_play,
    )
    return Action(seat, PLAY, play) if play else PASSES[seat]


class RulesBot:
    """A sound player: splits its hand into the fewest plays, sheds the weakest, keeps 2s."""

    level = "rules"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        return rules_play(view)


def shortlist(view: PlayerView) -> list[Action]:
    """The candidates worth weighing: the Rules play first, then the pass, then one play of
    each set of ranks (its cheapest suits), those leaving the fewest plays first."""
    first = rules_play(view)
    hand = cards.mask_of(view.hand)
    out = [first]
    seen = {tuple(c >> 2 for c in first.cards)}
    ranked: list[tuple[int, int, Action]] = []
    for action in view.legal:
        if action.kind == PASS:
            if first.kind != PASS:
                out.append(action)
            continue
        ranks = tuple(c >> 2 for c in action.cards)
        if ranks in seen:
            continue  # the legal plays come cheapest suits first (T7 order)
        seen.add(ranks)
        left = policy.plays_needed(hand & ~cards.mask_of(action.cards))
        ranked.append((left, action.cards[-1], action))
    ranked.sort(key=lambda r: r[:2])
    out.extend(r[2] for r in ranked)
    return out[:CANDIDATES]


def outcome(world: State, seat: int, endgame: search.Endgame) -> int:
    """The seat's place points in a world after its candidate: solved exactly in a small
    two-seat ending, else played out by the Rules policy."""
    hands = world.hands
    holders = [s for s, h in enumerate(hands) if h]
    if len(holders) == 2 and seat in holders and sum(h.bit_count() for h in hands) <= ENDGAME_CARDS:
        try:
            first = endgame.solve(world, seat)
        except search.TooDeep:
            pass
        else:
            return world.config.players - len(world.places) - (1 if first else 2)
    return search.playout(world, seat)


def margin(gains: list[int], worlds: int) -> float:
    """How far a candidate beats the Rules play over the same worlds, in standard errors
    (infinite when it is better in every world by the same amount)."""
    total, squares = gains
    mean = total / worlds
    spread = squares / worlds - mean * mean
    if mean <= 0:
        return 0.0
    return mean / math.sqrt(spread / worlds) if spread > 0 else math.inf


@dataclass(frozen=True)
class ExpertBot(SampledExpert[PlayerView, Action]):
    """Rules playouts (and exact endings) over sampled worlds, a budget of work a decision."""

    budget_ms: float = DEFAULT_BUDGET_MS
    worlds: int = MOST_WORLDS
    work_per_ms: ClassVar[float] = WORK_PER_MS

    def weigh(self, view: PlayerView, rng: random.Random) -> Action:
        seat = view.seat
        assert seat is not None
        options = shortlist(view)
        if len(options) == 1:
            return options[0]
        thinking = self.thinking()
        # A world's work: every candidate played out over the cards still held.
        units = len(options) * sum(view.hand_counts)
        endgame = search.Endgame(ENDGAME_NODES)
        total = [0] * len(options)
        # Per candidate: the sum of its points less the Rules play's, and of their squares.
        gains = [[0, 0] for _ in options]
        always = [True] * len(options)
        while True:
            root = knowledge.rebuild(view, knowledge.deal(view, rng))
            values = []
            for action in options:
                world = root.clone()
                rules.apply_unchecked(world, action)
                values.append(outcome(world, seat, endgame))
            best = max(values)
            for i, v in enumerate(values):
                total[i] += v
                gains[i][0] += v - values[0]
                gains[i][1] += (v - values[0]) ** 2
                always[i] = always[i] and v == best
            if not thinking.another(units) or (thinking.worlds >= SURE_AFTER and any(always)):
                break
        # Ties go to the earlier candidate: the Rules play, then the Rules policy's order.
        chosen = max(range(len(options)), key=lambda i: (total[i], -i))
        if margin(gains[chosen], thinking.worlds) < CONFIDENCE:
            return options[0]
        return options[chosen]


#: The Thirteen bot of a level (the Expert with ``budget_ms`` a decision).
get = Levels(RulesBot(), ExpertBot())

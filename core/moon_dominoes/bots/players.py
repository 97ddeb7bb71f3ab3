"""The three Three-Player Moon levels: Random, Rules and Expert, each deciding from a player view.

- Random: uniform over the legal actions.
- Rules: the habits of :mod:`core.moon_dominoes.bots.policy`.
- Expert: determinised search. It deals the tiles it cannot see in many ways
  that fit the table (:mod:`core.moon_dominoes.bots.knowledge`), solves each
  world exactly (:mod:`core.moon_dominoes.bots.solver`) for every candidate
  and takes the best over the worlds: the bidder the best chance of making
  the bid, then the most tricks; a defender the least chance, then the
  fewest tricks for the bidder. With the widow, it weighs each discard and
  trump worth trying the same way. In the auction it deals the widow too,
  takes it, discards by the Rules habit and solves under every trump, which
  gives the chance of making each bid; it bids the amount worth most under
  M6 (made: +bid, set: −bid) against what passing is worth, 21 only when all
  seven tricks are all but sure.

Every decision keeps to a budget of counted work (:class:`core.bots.Thinking`:
a position the exact search stores), and a candidate best in every world of
the first few is taken at once. A lone legal action is taken without
thought.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from core.bots import Levels, SampledExpert, Thinking
from core.moon_dominoes import tiles
from core.moon_dominoes.actions import BID, DISCARDS, PASSES, PLAYS, TRUMPS, Action
from core.moon_dominoes.bots import knowledge, policy
from core.moon_dominoes.bots.solver import Solver
from core.moon_dominoes.config import BIDS as AMOUNTS
from core.moon_dominoes.config import HAND, MOON
from core.moon_dominoes.scoring import tricks_needed
from core.moon_dominoes.view import PlayerView

DEFAULT_BUDGET_MS = 250.0
#: Units of work (a world's positions searched) a millisecond: measured on an idle machine as
#: the worlds this search dealt within its default budget, so that budget keeps its strength.
WORK_PER_MS = 100.0
#: The most worlds one decision deals.
MOST_WORLDS = 300
#: Worlds after which a candidate best in every one so far is taken.
SURE_AFTER = 12
#: What passing is worth to a seat: about a defender's tricks; less when both others have
#: passed (the deal is then dealt again and nobody scores).
PASS_VALUE = 1.0
REDEAL_VALUE = 0.5
#: The chance of all seven tricks a bid of 21 asks for.
MOON_CHANCE = 0.9
#: In the auction: worlds under every trump before keeping only the trumps within
#: ``TRUMP_SPREAD`` tricks on average of the best (at most ``TRUMPS_KEPT``).
WORLDS_FOR_ALL_TRUMPS = 4
TRUMP_SPREAD = 1.0
TRUMPS_KEPT = 3
#: With the widow: the trumps (best by the Rules count) and discards (weakest) weighed.
DISCARD_TRUMPS = 4
DISCARDS_TRIED = 3


class RulesBot:
    """A sound player: counts its tricks, draws trumps, wins cheaply, ducks low."""

    level = "rules"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if not view.legal:
            raise ValueError("the bot has nothing to do: it is not its turn")
        return policy.choose(view)


@dataclass(frozen=True)
class ExpertBot(SampledExpert[PlayerView, Action]):
    """Exact solutions of sampled worlds, a budget of searched positions a decision."""

    budget_ms: float = DEFAULT_BUDGET_MS
    worlds: int = MOST_WORLDS
    work_per_ms: ClassVar[float] = WORK_PER_MS

    def weigh(self, view: PlayerView, rng: random.Random) -> Action:
        thinking = self.thinking()
        if view.phase == "bidding":
            return auction(view, rng, thinking, every_trump=False)[0]
        if view.phase == "discard":
            return discard(view, rng, thinking)
        if view.phase == "trump":
            return name_trump(view, rng, thinking)
        return play(view, rng, thinking)


def searched(solvers: list[Solver]) -> int:
    """A world's work: the positions its exact searches stored, and one a search."""
    return sum(len(solver.tt) + 1 for solver in solvers)


def play(view: PlayerView, rng: random.Random, thinking: Thinking) -> Action:
    """The tile whose worlds come out best for the seat's side."""
    seat, trump, bidder, bid = view.seat, view.trump, view.bidder, view.bid
    assert seat is not None and trump is not None and bidder is not None and bid is not None
    known = knowledge.read(view)
    options = [a.value for a in view.legal]
    need = tricks_needed(bid)
    base = view.taken[bidder]
    trick = view.trick
    leader = trick.seats[0] if trick.tiles else seat
    maxing = seat == bidder
    made = [0] * len(options)
    total = [0] * len(options)
    always = [True] * len(options)
    while True:
        world = knowledge.deal(known, rng)
        solver = Solver(world[: len(view.hand_counts)], trump, bidder)
        values = [base + solver.after(seat, t, leader, trick.tiles) for t in options]
        best = max(values) if maxing else min(values)
        for i, v in enumerate(values):
            made[i] += v >= need
            total[i] += v
            always[i] = always[i] and v == best
        if not thinking.another(searched([solver])) or (
            thinking.worlds >= SURE_AFTER and any(always)
        ):
            break
    sign = 1 if maxing else -1

    def merit(i: int) -> tuple[int, int, int]:
        # Equal worlds: keep the stronger tiles for the play the worlds cannot see.
        return (sign * made[i], sign * total[i], -policy.worth(options[i], trump))

    return PLAYS[seat][options[max(range(len(options)), key=merit)]]


def _discards(hand: int, trump: int) -> list[int]:
    """The tiles worth trying to discard under ``trump``: the weakest non-trumps."""
    order = sorted(
        tiles.bits(hand), key=lambda t: (tiles.is_trump(t, trump), policy.worth(t, trump))
    )
    return order[:DISCARDS_TRIED]


def discard(view: PlayerView, rng: random.Random, thinking: Thinking) -> Action:
    """The discard that, with its best trump, makes the bid in the most worlds."""
    seat, bid = view.seat, view.bid
    assert seat is not None and bid is not None
    known = knowledge.read(view)
    hand = known.hand
    need = tricks_needed(bid)
    ranked = sorted(tiles.TRUMPS, key=lambda t: -policy.kept(hand, t))[:DISCARD_TRUMPS]
    pairs = [(d, trump) for trump in ranked for d in _discards(hand, trump)]
    made = [0] * len(pairs)
    while True:
        world = knowledge.deal(known, rng)[: len(view.hand_counts)]
        index = 0
        solvers = []
        for trump in ranked:
            solver = Solver(world, trump, seat)
            solvers.append(solver)
            for d in _discards(hand, trump):
                made[index] += solver.opening(d, need - 1, need) >= need
                index += 1
        if not thinking.another(searched(solvers)):
            break
    # Ties go to the first: the trump the Rules count likes best, its weakest tile.
    best = max(range(len(pairs)), key=lambda i: (made[i], -i))
    return DISCARDS[seat][pairs[best][0]]


def name_trump(view: PlayerView, rng: random.Random, thinking: Thinking) -> Action:
    """The trump that makes the bid in the most worlds."""
    seat, bid = view.seat, view.bid
    assert seat is not None and bid is not None
    known = knowledge.read(view)
    need = tricks_needed(bid)
    ranked = sorted(tiles.TRUMPS, key=lambda t: -policy.estimate(known.hand, t))
    made = [0] * len(ranked)
    while True:
        world = knowledge.deal(known, rng)[: len(view.hand_counts)]
        solvers = [Solver(world, trump, seat) for trump in ranked]
        for i, solver in enumerate(solvers):
            made[i] += solver.opening(None, need - 1, need) >= need
        if not thinking.another(searched(solvers)):
            break
    best = max(range(len(ranked)), key=lambda i: (made[i], -i))
    return TRUMPS[seat][ranked[best]]


def auction(
    view: PlayerView, rng: random.Random, thinking: Thinking, every_trump: bool
) -> tuple[Action, tuple[int, ...]]:
    """The Expert's bid, and per trump its chance in % of making that bid (4 on a pass).

    Each world deals the widow and the other hands; the seat takes the widow,
    discards by the Rules habit and plays every trump still weighed as bidder.
    ``every_trump``: weigh all nine to the end (the hint), else only the best few.
    """
    seat = view.seat
    assert seat is not None
    known = knowledge.read(view)
    hand = known.hand
    results: list[list[int]] = [[] for _ in tiles.TRUMPS]
    weighed = list(tiles.TRUMPS)
    while True:
        world = knowledge.deal(known, rng)
        eight = hand | world[knowledge.OUT]
        hands = world[: len(view.hand_counts)]
        solvers = []
        for trump in weighed:
            hands[seat] = eight & ~(1 << policy.discard_for(eight, trump))
            solver = Solver(hands, trump, seat)
            solvers.append(solver)
            # Below four tricks no bid is made: the window need only tell four and up.
            results[trump].append(solver.opening(None, 3, HAND + 1))
        if not thinking.another(searched(solvers)):
            break
        if not every_trump and thinking.worlds == WORLDS_FOR_ALL_TRUMPS:
            means = {t: sum(results[t]) / len(results[t]) for t in weighed}
            top = max(means.values())
            close = [t for t in weighed if means[t] >= top - TRUMP_SPREAD]
            weighed = sorted(close, key=lambda t: -means[t])[:TRUMPS_KEPT]

    def chance(trump: int, need: int) -> float:
        runs = results[trump]
        return sum(v >= need for v in runs) / len(runs) if runs else 0.0

    def best_chance(amount: int) -> float:
        # Only the trumps weighed to the end: a trump dropped after a few worlds may have
        # been lucky in them.
        return max(chance(t, tricks_needed(amount)) for t in weighed)

    others_passed = all(b == 0 for s, b in enumerate(view.bids) if s != seat)
    choice = PASSES[seat]
    value = REDEAL_VALUE if others_passed else PASS_VALUE
    for action in view.legal:
        if action.kind != BID:
            continue
        p = best_chance(action.value)
        if action.value == MOON and p < MOON_CHANCE:
            continue
        worth = (2 * p - 1) * action.value
        if worth > value:
            choice, value = action, worth
    need = tricks_needed(choice.value if choice.kind == BID else AMOUNTS[0])
    return choice, tuple(round(100 * chance(t, need)) for t in tiles.TRUMPS)


def estimates(
    view: PlayerView, rng: random.Random, budget_ms: float
) -> tuple[Action, tuple[int, ...]]:
    """The room's hint while bidding: the Expert's bid and, for each trump (0–6, doubles,
    none), its chance in whole percent of making that bid (of making 4 on a pass)."""
    return auction(view, rng, ExpertBot(budget_ms).thinking(), every_trump=True)


#: The Three-Player Moon bot of a level (the Expert with ``budget_ms`` a decision).
get = Levels(RulesBot(), ExpertBot())

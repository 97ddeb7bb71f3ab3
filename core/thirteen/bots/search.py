"""The Expert's look-ahead in one dealt world: Rules playouts, and an exact two-seat endgame.

- :func:`playout` plays a hand on with the Rules policy at every seat until
  the seat that asks has gone out (its place is then settled) and returns
  that seat's place points (T6: n−1 for first … 0 for last). Each seat
  judges which plays nobody can beat from what its own view would leave
  unseen, as the Rules bot does at the table, so the playouts play the way
  Rules opponents would.
- :class:`Endgame` solves a position where only two seats still hold cards
  exactly: whoever goes out first takes the better of the two places left.
  With two holders a pass ends the trick and the other leads, so the game
  is a plain win-or-lose search over (mover's cards, other's cards, play to
  beat), remembered across the worlds of a decision. Positions the table
  reaches before that is so (the play to beat was made by a seat that has
  since gone out, or one holder has passed) are searched move by move with
  the engine's own rules.
"""

from __future__ import annotations

from core.thirteen import cards, combos, rules
from core.thirteen.actions import PASSES, PLAY, Action
from core.thirteen.bots import knowledge, policy
from core.thirteen.combos import Combo
from core.thirteen.state import Phase, State

PLAYING = Phase.PLAYING


def points(state: State, seat: int) -> int:
    """T6: the place points of a seat that has gone out (or was left last)."""
    return state.config.players - 1 - state.places.index(seat)


def rules_action(state: State, seat: int) -> Action:
    """What the Rules policy plays for ``seat`` in a dealt world."""
    hands = state.hands
    threats = [h.bit_count() for s, h in enumerate(hands) if h and s != seat]
    # What the seat's own view would leave unseen: the Rules bot's picture at a real table.
    others = knowledge.DECK & ~hands[seat]
    for _, played in state.trick:
        others &= ~cards.mask_of(played)
    must = state.lowest if rules.first_play(state) else None
    play = policy.choose(hands[seat], state.standing, others, threats, must)
    return Action(seat, PLAY, play) if play else PASSES[seat]


def playout(state: State, seat: int) -> int:
    """Play on with the Rules policy everywhere until ``seat``'s place is settled; its points.

    ``state`` is played forward in place.
    """
    hands = state.hands
    while state.phase is PLAYING and hands[seat]:
        mover = state.to_act
        assert mover is not None
        rules.apply_unchecked(state, rules_action(state, mover))
    return points(state, seat)


class TooDeep(Exception):
    """The endgame search ran past its node limit; the caller plays it out instead."""


class Endgame:
    """Exact win-or-lose search of two-seat endings, its results kept between calls."""

    def __init__(self, node_limit: int) -> None:
        self.node_limit = node_limit
        self.nodes = 0
        self.known: dict[tuple[int, int, Combo | None], bool] = {}

    def solve(self, state: State, seat: int) -> bool:
        """Whether ``seat`` goes out before the only other seat holding cards, both playing
        their best; :class:`TooDeep` when that takes more than the node limit."""
        self.nodes = 0
        return self.first_out(state, seat)

    def first_out(self, state: State, seat: int) -> bool:
        """Whether ``seat`` goes out before the only other seat holding cards, both playing
        their best; :class:`TooDeep` when that takes more than the node limit."""
        hands = state.hands
        if not hands[seat]:
            return True
        if state.phase is not PLAYING:
            return False
        mover = state.to_act
        assert mover is not None
        standing = state.standing
        if standing is None:
            other = next(s for s, h in enumerate(hands) if h and s != mover)
            won = self.wins(hands[mover], hands[other], None)
            return won if mover == seat else not won
        if not state.passed and hands[state.standing_seat]:
            won = self.wins(hands[mover], hands[state.standing_seat], standing)
            return won if mover == seat else not won
        for action in rules.legal_actions(state):
            after = state.clone()
            rules.apply_unchecked(after, action)
            if self.first_out(after, seat) == (mover == seat):
                return mover == seat
        return mover != seat

    def wins(self, mover: int, other: int, standing: Combo | None) -> bool:
        """Whether the seat holding ``mover`` to play goes out before ``other``'s holder."""
        key = (mover, other, standing)
        known = self.known.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TooDeep
        won = False
        # The longest plays first: they most often win at once.
        for play, combo in reversed(combos.plays(mover)):
            if standing is not None and not combos.beats(combo, standing):
                continue
            rest = mover & ~cards.mask_of(play)
            if not rest or not self.wins(other, rest, combo):
                won = True
                break
        if not won and standing is not None:
            won = not self.wins(other, mover, None)
        self.known[key] = won
        return won

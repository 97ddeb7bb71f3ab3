"""The rules of one Thirteen hand: deal, the first play, beating, passing and places (T1–T6).

- T1 deal: the 52 cards shuffled from the hand's seed; thirteen to each
  seat, the rest set aside unseen.
- T2 the holder of the lowest card dealt leads a game's first hand and that
  card is in the first play; later hands, the last hand's winner leads freely.
- T4, T5 each turn: beat the standing play or pass (never on a fresh lead);
  a pass keeps that seat out until the trick resets; when every other seat
  still holding cards has passed, the last to play leads afresh, or if that
  player has gone out, the next seat clockwise still holding cards.
- T6 a seat that plays its last card takes the next place; the hand ends when
  one seat is left holding cards.

:func:`apply` checks an action and raises :class:`IllegalAction` saying why;
:func:`apply_unchecked` trusts its caller (bots, simulation). Legal actions
come in the record order of T7.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Sequence
from functools import lru_cache

from core import seats
from core.thirteen import cards, combos, listing
from core.thirteen.actions import PASS, PLAY, Action
from core.thirteen.combos import Combo
from core.thirteen.config import HAND, Config
from core.thirteen.state import Phase, State

PLAYING, HAND_OVER = Phase.PLAYING, Phase.HAND_OVER


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why."""


def shuffle(seed: int) -> list[int]:
    """T1: the deck in the order dealt; the same seed always gives the same order."""
    keys = struct.unpack(f"{cards.COUNT}I", random.Random(seed).randbytes(4 * cards.COUNT))
    return [c for _, c in sorted(zip(keys, range(cards.COUNT), strict=True))]


def deal(
    config: Config,
    seed: int,
    first_leader: int | None = None,
    before: tuple[int, ...] | None = None,
) -> State:
    """T1: thirteen cards to each seat from the shuffle; the rest are set aside."""
    order = shuffle(seed)
    hands = tuple(cards.mask_of(order[HAND * s : HAND * s + HAND]) for s in range(config.players))
    return State(config, hands, first_leader, before or (0,) * config.players, seed)


def start(
    config: Config,
    hands: list[list[int]],
    first_leader: int | None = None,
    before: tuple[int, ...] | None = None,
    seed: int = 0,
) -> State:
    """A hand about to be played, from given hands (a record's)."""
    masks = tuple(cards.mask_of(hand) for hand in hands)
    return State(config, masks, first_leader, before or (0,) * config.players, seed)


# ---------------------------------------------------------------- what may be done


def first_play(state: State) -> bool:
    """Whether the next play is a game's very first, which must hold the lowest card (T2)."""
    return state.opening and not state.history


def playable(state: State, seat: int) -> tuple[combos.Play, ...]:
    """Every play ``seat`` could make now (T2, T4), in T7 order, without the pass."""
    standing = state.standing
    if standing is not None:
        return combos.beating(state.hands[seat], standing)
    if first_play(state):
        return _holding(state.hands[seat], state.lowest)
    return combos.plays(state.hands[seat])


@lru_cache(maxsize=combos.CACHE)
def _holding(hand: int, card: int) -> tuple[combos.Play, ...]:
    return tuple(item for item in combos.plays(hand) if card in item[0])


def legal_actions(state: State) -> Sequence[Action]:
    """The seat to act's actions in T7 order: the pass (unless leading), then every play."""
    seat = state.to_act
    if state.phase is not PLAYING or seat is None:
        return ()
    standing = state.standing
    if standing is not None:
        return listing.beating(seat, state.hands[seat], standing)
    lowest = state.lowest if state.opening and not state.history else -1
    return listing.leading(seat, state.hands[seat], lowest)


# ---------------------------------------------------------------- doing it


def apply(state: State, action: Action) -> None:
    """Check ``action`` against the rules, then apply it; :class:`IllegalAction` says why."""
    seat = action.seat
    if state.phase is PLAYING and seat == state.to_act:
        # The common moves, checked at once: a pass on a standing play, a single card held
        # that leads or beats a standing single. Anything else takes the full check.
        standing = state.standing
        played = action.cards
        if action.kind == PASS:
            if standing is not None:
                _pass(state, action)
                return
        elif len(played) == 1 and action.kind == PLAY:
            card = played[0]
            if state.hands[seat] >> card & 1:
                if standing is None:
                    if card == state.lowest or not state.opening or state.history:
                        _play(state, action, combos.SINGLES[card])
                        return
                elif standing.kind == combos.SINGLE and card > standing.top:
                    _play(state, action, combos.SINGLES[card])
                    return
    _refuse(state, action)
    if action.kind == PASS:
        _pass(state, action)
    else:
        _play(state, action, _check_play(state, action))


def _refuse(state: State, action: Action) -> None:
    """Raise :class:`IllegalAction` if ``action`` is out of turn or a pass on a lead."""
    if state.phase is not PLAYING:
        raise IllegalAction("The hand is over")
    if action.seat != state.to_act:
        if not 0 <= action.seat < state.config.players:
            raise IllegalAction(f"There is no seat {action.seat}")
        if state.passed >> action.seat & 1:
            raise IllegalAction("You passed: you are out until the trick ends")
        if not state.hands[action.seat]:
            raise IllegalAction("You have played out every card")
        raise IllegalAction("It is not your turn")
    if action.kind == PASS and state.standing is None:
        raise IllegalAction("You lead: you must play, there is nothing to pass on")


def _check_play(state: State, action: Action) -> Combo:
    """What a play makes, if the rules allow it; :class:`IllegalAction` says why not."""
    held = state.hands[action.seat]
    for card in action.cards:
        if not held >> card & 1:
            raise IllegalAction(f"You don't hold {cards.label(card)}")
    combo = combos.classify(action.cards)
    if combo is None:
        raise IllegalAction(f"Not a combination: {' '.join(cards.label(c) for c in action.cards)}")
    if first_play(state) and state.lowest not in action.cards:
        lowest = cards.label(state.lowest)
        raise IllegalAction(f"{lowest} must start: your first play must include it")
    standing = state.standing
    if standing is not None and not combos.beats(combo, standing):
        said, beaten = combos.describe(combo), combos.describe(standing)
        raise IllegalAction(f"Your {said} does not beat the {beaten}")
    return combo


def apply_unchecked(state: State, action: Action) -> None:
    """Apply an action known to be legal."""
    if action.kind == PASS:
        _pass(state, action)
    else:
        combo = combos.classify(action.cards)
        assert combo is not None
        _play(state, action, combo)


def _pass(state: State, action: Action) -> None:
    seat = action.seat
    state.history.append(action)
    state.passed |= 1 << seat
    state.trick.append((seat, ()))
    _advance(state, seat)


def _play(state: State, action: Action, combo: Combo) -> None:
    """Play ``action``'s cards, which make ``combo``."""
    seat = action.seat
    state.history.append(action)
    played = action.cards
    standing = state.standing
    if standing is not None:
        bomb = state.bomb_standing or combos.is_bomb_over(combo, standing)
    else:
        bomb = False
    if bomb:
        state.bombs[seat] += 1
    state.bomb_standing = bomb
    state.standing = combo
    state.standing_cards = played
    state.standing_seat = seat
    state.trick.append((seat, played))
    gone = 0
    for card in played:
        gone |= 1 << card
    hands = state.hands
    hands[seat] &= ~gone
    state.played |= gone
    if not hands[seat]:
        state.places.append(seat)
        holding = [s for s in range(state.config.players) if hands[s]]
        if len(holding) == 1:
            _finish(state, holding[0])
            return
    _advance(state, seat)


def _advance(state: State, seat: int) -> None:
    """T5: the next seat clockwise still holding cards and not passed; or a fresh lead."""
    players = state.config.players
    hands, passed, last = state.hands, state.passed, state.standing_seat
    for nxt in seats.CLOCKWISE[players][seats.NEXT[players][seat]]:
        if nxt == last:
            if hands[nxt]:
                _reset(state, nxt)
                return
        elif hands[nxt] and not passed >> nxt & 1:
            state.to_act = nxt
            return
    # The last to play has gone out and everyone else has passed.
    for nxt in seats.CLOCKWISE[players][seats.NEXT[players][last]]:
        if hands[nxt]:
            _reset(state, nxt)
            return


def _reset(state: State, leader: int) -> None:
    state.standing = None
    state.standing_cards = ()
    state.standing_seat = -1
    state.bomb_standing = False
    state.passed = 0
    state.previous = state.trick
    state.trick = []
    state.tricks += 1
    state.to_act = leader


def _finish(state: State, last: int) -> None:
    state.places.append(last)
    state.phase = HAND_OVER
    state.to_act = None
    state.standing = None
    state.standing_cards = ()
    state.standing_seat = -1
    state.bomb_standing = False
    state.passed = 0


def score(state: State) -> list[int] | None:
    """T6: n−1 points for the first out down to 0 for the last; None until the hand is over."""
    if state.phase is not HAND_OVER:
        return None
    players = state.config.players
    out = [0] * players
    for place, seat in enumerate(state.places):
        out[seat] = players - 1 - place
    return out


def action_order(action: Action) -> tuple[int, int, tuple[int, ...]]:
    """The key that sorts legal actions into the T7 order: the pass, then plays by length,
    then by their cards' places in the card order, first card first."""
    if action.kind == PASS:
        return (0, 0, ())
    return (1, len(action.cards), action.cards)
